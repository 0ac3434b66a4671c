// axe-core audits of the lobby and of the board page in a game, with the analysis panel shown:
// no violation of impact serious or critical.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 50 });

const report = (v) => v.map((x) => `${x.impact} ${x.id}: ${x.help} (${x.nodes.slice(0, 3).join(", ")})`).join("\n");

test("the lobby, with a table listed and a form error shown, passes axe", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana" });
  await page.goto(env.server.url + "/#/");
  await page.waitForSelector("#tables tr");
  // An error next to its field is part of the audit.
  await page.fill("#c-name", "");
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => document.getElementById("c-name-error").textContent.trim() !== "");
  assert.equal(await page.getAttribute("#c-name", "aria-describedby"), "c-name-error");
  // The field is marked invalid and has the focus, so the error is heard where it is.
  assert.equal(await page.getAttribute("#c-name", "aria-invalid"), "true");
  assert.equal(await page.evaluate(() => document.activeElement.id), "c-name");
  // Too many bots for the seats: the error sits by the seats.
  await page.fill("#c-name", "Ana");
  await page.selectOption("#c-seats", "2");
  await page.selectOption("#c-bots", "2");
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => document.getElementById("c-seats-error").textContent.trim() !== "");
  assert.equal(await page.textContent("#c-name-error"), "");
  assert.equal(await page.getAttribute("#c-name", "aria-invalid"), null);
  assert.match(await page.getAttribute("#c-bots", "aria-describedby"), /c-seats-error/);
  assert.equal(await page.getAttribute("html", "lang"), "en");
  const violations = await h.axeSerious(page);
  assert.deepEqual(violations, [], report(violations));
  await page.close();
});

test("the board page in a game, with the analysis panel, passes axe", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "3", bots: "2" });
  await h.startGame(page);
  await page.waitForSelector("#analysis-figures");
  await page.click(".chart-data summary");
  const violations = await h.axeSerious(page);
  assert.deepEqual(violations, [], report(violations));
  await page.close();
});

test("the analysis panel shows exact figures for each ending and the strict-rule sentence", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await page.waitForSelector("#analysis-figures");
  const rows = await page.$$eval("#analysis-figures tbody tr", (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 3);
  // The classic board's exact figures (`snakes analyze --compare ending`).
  assert.deepEqual(rows.map((r) => r.slice(1, 4)), [["43.3", "35", "83"], ["39.2", "32", "72"], ["35.8", "29", "66"]]);
  assert.match(rows[0][0], /Strict.*in force/);
  assert.match(await page.textContent("#analysis-sentence"), /strict ending makes a game 20\.9% longer/);
  assert.match(await page.textContent("#analysis-observed"), /No finished games/);
  // One line per ending in the chart, each with its own dash pattern.
  const dashes = await page.$$eval(".chart-svg path.series", (p) => p.map((e) => e.getAttribute("stroke-dasharray")));
  assert.equal(new Set(dashes).size, 3);
  await page.close();
});
