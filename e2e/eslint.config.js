// The lint of the page's scripts (ES modules in the browser) and of these tests (CommonJS in
// Node): ESLint's recommended rules, plus a few that catch slips the browser forgives.
// Run from the repository's root: e2e/node_modules/.bin/eslint --config e2e/eslint.config.js
// (./scripts/test does).
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

const rules = {
  ...js.configs.recommended.rules,
  eqeqeq: ["error", "always"],
  "no-var": "error",
  "prefer-const": "error",
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
};

module.exports = [
  {
    files: ["crates/snakes-server/assets/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules,
  },
  {
    files: ["e2e/**/*.js"],
    ignores: ["e2e/node_modules/**"],
    // Callbacks given to `page.evaluate` run in the browser.
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: { ...globals.node, ...globals.browser } },
    rules,
  },
];
