// Every key the one table of keys (snakes-text, keys.rs) gives the page works there: pressed
// anywhere on the table's page, each does what the table says it does (a roll or a question
// sent, the square's field opened, a line of the history read again, the seat asked back), and
// every key with a button has it in the game's toolbar. The terminal's half of the same check
// is `every_key_of_the_table_works_at_the_terminal` (crates/snakes-cli/tests/cli/play.rs).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 150 });
// The invisible mark that makes a repeated announcement differ from the one before (speech.js).
const MARK = "\u2060";

/** The key Playwright presses for a key as the page names it (aria-keyshortcuts' names). */
function pressable(name) {
  const named = { ",": "Comma", ".": "Period", "<": "Shift+Comma", ">": "Shift+Period" };
  if (named[name]) return named[name];
  return /^[A-Z]$/.test(name) ? name.toLowerCase() : name;
}

/** Resolves once the page has sent, from its `from`th message on, one of `type` (asking `query`). */
async function sent(page, from, type, query = null) {
  await page.waitForFunction(([n, t, q]) => window.__sent.slice(n).map((s) => JSON.parse(s))
    .some((m) => m.type === t && (q === null || m.query === q)), [from, type, query]);
}

test("every key of the table works on the page, and every button of the table is in the toolbar", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await page.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  const keys = await page.evaluate(() => JSON.parse(document.getElementById("keys").textContent));
  assert.deepEqual(
    keys.filter((k) => k.button).map((k) => [k.name, k.button, k.shortcuts]),
    await page.$$eval("#controls button", (bs) => bs.map((b) => [b.dataset.key, b.textContent, b.getAttribute("aria-keyshortcuts")])),
  );
  const does = new Set(keys.map((k) => k.does));
  assert.deepEqual([...does].sort(), ["ask", "come_back", "read", "repeat", "roll"]);
  for (const k of keys) {
    // Anywhere on the page but a field; not on a button, where Space would press it.
    await page.focus("#table-heading");
    const from = await page.evaluate(() => [window.__sent.length, window.__live.length]);
    await page.keyboard.press(pressable(k.name));
    switch (k.does) {
      case "roll":
        await sent(page, from[0], "roll");
        break;
      case "ask":
        if (k.query === "square") {
          await page.waitForSelector("#square-form", { state: "visible" });
          await page.keyboard.press("Escape");
          await page.waitForSelector("#square-form", { state: "hidden" });
        } else {
          await sent(page, from[0], "query", k.query);
        }
        break;
      case "read":
        await page.waitForFunction((n) => window.__live.slice(n).some((t) => /^\d+ of \d+: /.test(t)), from[1]);
        break;
      case "come_back":
        await sent(page, from[0], "come_back");
        break;
      case "repeat": {
        // The last announcement again, as it was (but for the mark that makes a repeat heard).
        const last = await page.evaluate((n) => window.__live[n - 1], from[1]);
        await page.waitForFunction((n) => window.__live.length > n, from[1]);
        const again = await page.evaluate((n) => window.__live[n], from[1]);
        assert.equal(again.replace(MARK, ""), last.replace(MARK, ""));
        break;
      }
      default:
        assert.fail(`${k.name}: the page does not know what "${k.does}" does`);
    }
  }
});
