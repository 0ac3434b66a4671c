// axe-core audits of the lobby and of the board page, with no violation of any impact: the
// lobby with a table listed and a form error shown; the table page waiting, in a game with the
// analysis panel and its chart's table open, and with "Leave the seat" asking; the analysis
// panel's figures.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 50 });

const report = (v) => v.map((x) => `${x.impact} ${x.id}: ${x.help} (${x.nodes.slice(0, 3).join(", ")})`).join("\n");

async function noViolations(page, where) {
  const violations = await h.axeAudit(page);
  assert.deepEqual(violations, [], where + ":\n" + report(violations));
}

test("the lobby, with a table listed and a form error shown, has no axe violation", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana" });
  await page.goto(env.server.url + "/#/");
  await page.waitForSelector("#tables tr");
  await page.waitForSelector("#r-jumps");
  await noViolations(page, "the lobby");
  // An error next to its field is part of the audit.
  await page.fill("#c-name", "");
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => document.getElementById("c-name-error").textContent.trim() !== "");
  assert.equal(await page.getAttribute("#c-name", "aria-describedby"), "c-name-error");
  // The field is marked invalid and has the focus, so the error is heard where it is.
  assert.equal(await page.getAttribute("#c-name", "aria-invalid"), "true");
  assert.equal(await page.evaluate(() => document.activeElement.id), "c-name");
  // The pasted board's box, open, with its label and hint.
  await page.selectOption("#c-board-kind", "custom");
  assert.equal(await page.getAttribute("html", "lang"), "en");
  await noViolations(page, "the lobby with an error");
  await page.close();
});

test("the board page, waiting, in a game with the analysis panel, and asking before leaving, has no axe violation", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "3", bots: "2" });
  await page.waitForFunction(() => document.querySelector("#live p") !== null);
  await noViolations(page, "a waiting table");
  await h.recordLive(page);
  await h.startGame(page);
  await page.waitForSelector("#analysis-figures");
  // Each click once the page is still (a bot's move arriving would move what is under the
  // pointer): our turn, said.
  await h.turnSaid(page);
  await page.click(".chart-data summary");
  await h.press(page, "r", /^You rolled/);
  await page.waitForSelector("#die:not([hidden])");
  await noViolations(page, "a game");
  await h.turnSaid(page);
  await page.click("#leave");
  await page.waitForSelector("#leave-confirm:not([hidden])");
  await noViolations(page, "leaving the seat");
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
  // Each ending by its name from the rules' catalogue (GET /api/rules).
  assert.deepEqual(rows.map((r) => r[0]), ["Strict in force", "Exact", "Loose"]);
  assert.match(await page.textContent("#analysis-sentence"), /strict ending makes a game 20\.9% longer/);
  assert.match(await page.textContent("#analysis-observed"), /No finished games/);
  // One line per ending in the chart, each with its own dash pattern.
  const dashes = await page.$$eval(".chart-svg path.series", (p) => p.map((e) => e.getAttribute("stroke-dasharray")));
  assert.equal(new Set(dashes).size, 3);
  await page.close();
});
