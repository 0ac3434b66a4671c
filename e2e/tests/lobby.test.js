// The lobby as people meet it: a word of introduction, the list keeping itself up to date, a
// form that explains every rule and cannot ask for what the server refuses, refusals that say
// why, and pages that fit a phone down to 320 px wide.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 100 });

test("the lobby's list updates itself when a table is created elsewhere, pushed by the server", async () => {
  const lobby = await env.browser.newPage();
  await lobby.goto(env.server.url + "/");
  await lobby.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent));
  await h.recordLive(lobby);
  assert.match(await lobby.textContent(".intro"), /Open a table below to join or watch it/);
  const before = await lobby.$$eval("#tables tr", (rows) => rows.length);
  // Someone else, in another browser, creates a table.
  const other = await env.browser.newContext();
  const creator = await other.newPage();
  const table = await h.createTable(creator, env.server.url, { name: "Chen", seats: "3", bots: "1" });
  await lobby.waitForFunction((n) => document.querySelectorAll("#tables tr").length > n, before);
  // Without asking: the page sent nothing for it.
  assert.deepEqual(await lobby.evaluate(() => window.__sent), []);
  const row = await lobby.$eval(`#tables a[data-table="${table}"]`, (a) => a.closest("tr").textContent);
  assert.match(row, new RegExp(`Table ${table}`));
  assert.match(row, /Waiting: one seat free/);
  assert.match(row, /Chen \(host\), Bot 1 \(bot\), free seat/);
  // Its start shows too, and the link now watches; the focus stays on the link it was on.
  await lobby.focus(`#tables a[data-table="${table}"]`);
  await h.startGame(creator);
  await lobby.waitForFunction((t) => document.querySelector(`#tables a[data-table="${t}"]`)?.textContent === `Watch table ${t}`, table);
  assert.equal(await lobby.evaluate(() => document.activeElement.dataset.table), String(table));
  assert.deepEqual(await lobby.evaluate(() => window.__sent), []);
  await other.close();
  await lobby.close();
});

test("the form explains every rule, allows no more bots than seats, and refusals say why", async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#r-six");
  // Every value says what it means, the defaults too ("Entry: any-roll", "Six: normal").
  const options = (id) => page.$$eval(`#${id} option`, (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual((await options("r-entry"))[0], ["any-roll", "Any roll enters, landing on the square it counts"]);
  assert.deepEqual((await options("r-six"))[0], ["normal", "Nothing more: the turn passes as after any roll"]);
  assert.equal(await page.textContent("#r-six-hint"), "What rolling a six (the die's top face) does");
  assert.match(await page.getAttribute("#r-six", "aria-describedby"), /r-six-hint/);

  // At most seats - 1 bots: the creator keeps a seat.
  await page.selectOption("#c-seats", "2");
  assert.deepEqual(await options("c-bots"), [["0", "0"], ["1", "1"]]);
  await page.selectOption("#c-seats", "4");
  assert.deepEqual((await options("c-bots")).map(([v]) => v), ["0", "1", "2", "3"]);

  // A long name is refused with the reason, not cut.
  await page.fill("#c-name", "A".repeat(100));
  assert.equal((await page.inputValue("#c-name")).length, 100);
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => document.getElementById("c-name-error").textContent !== "");
  assert.equal(await page.textContent("#c-name-error"), "That name cannot be used: a name has at most 24 characters");

  // The server's answer to too many bots names the problem (the form cannot ask it).
  const reply = await page.evaluate(async () => {
    const r = await fetch("/api/tables", { method: "POST", body: JSON.stringify({ name: "Ana", seats: 2, bots: 2 }) });
    return r.json();
  });
  assert.equal(reply.code, "bad_seats");
  assert.equal(reply.detail.kind, "too_many_bots");
  assert.equal(reply.message, "That table cannot be set up: 2 bots leave no seat for you at a table of 2 seats.");

  // The pasted board's box sits under the board menu, not beside it.
  await page.selectOption("#c-board-kind", "custom");
  await page.waitForFunction(() => document.activeElement?.id === "c-board");
  const [menu, box] = await Promise.all(["#c-board-kind", "#c-board"].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
  assert.ok(box.top >= menu.bottom, `the box (top ${box.top}) is under the menu (bottom ${menu.bottom})`);
  assert.ok(Math.abs(box.left - menu.left) < 2, "and starts where the menu starts");
  assert.equal(await page.getAttribute("#c-board", "aria-describedby"), "c-board-hint c-board-error");
  await page.close();
});

test("a phone: no sideways scrolling at 320 px, and the lobby's links in view at 390 x 844", async () => {
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  const table = await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await page.goto(env.server.url + "/#/");
  await page.waitForSelector(`#tables a[data-table="${table}"]`);
  const link = await page.$eval(`#tables a[data-table="${table}"]`, (a) => a.getBoundingClientRect().toJSON());
  assert.ok(link.left >= 0 && link.right <= 390, `the link spans ${link.left} to ${link.right}`);
  const scroll = () => page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok((await scroll()) <= 390, "the lobby fits 390 px");
  await page.setViewportSize({ width: 320, height: 640 });
  assert.ok((await scroll()) <= 320, `the lobby is ${await scroll()} px wide at 320`);
  const narrow = await page.$eval(`#tables a[data-table="${table}"]`, (a) => a.getBoundingClientRect().right);
  assert.ok(narrow <= 320, `the link ends at ${narrow}`);
  // The table's page too, in a game, its figures drawn. Opened afresh: the page it was shows
  // its Start button again before the table is heard of anew, and a Start pressed then would
  // carry the last event seen before the lobby and be refused.
  await page.click(`#tables a[data-table="${table}"]`);
  await page.waitForURL(new RegExp(`#/table/${table}$`));
  await page.reload();
  // Drawn (on a phone the figures show as a list, the table hidden).
  await page.waitForSelector("#analysis-figures", { state: "attached" });
  await h.startGame(page);
  await page.keyboard.press("r");
  await page.waitForSelector("#die:not([hidden])");
  assert.ok((await scroll()) <= 320, `the table's page is ${await scroll()} px wide at 320`);
  const roll = await page.$eval("#roll", (b) => b.getBoundingClientRect().toJSON());
  assert.ok(roll.right <= 320 && roll.width > 40, "Roll is there, whole");
  await page.close();
});

test("a name beginning with an emoji shows that emoji, whole, on its token", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "👍🏽 Ana", seats: "2", bots: "1" });
  await h.startGame(page);
  await page.waitForFunction(() => document.querySelectorAll("#board-tokens .token").length === 2);
  const marks = await page.$$eval("#board-tokens .token-letter", (ts) => ts.map((t) => t.textContent));
  assert.ok(marks.includes("👍🏽"), JSON.stringify(marks));
  assert.equal(await page.$eval("#seats .swatch", (s) => s.textContent), "👍🏽");
  await page.close();
});

test("the lobby comes in pages of 50, newest first, with buttons to older and newer tables", async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + "/");
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent));
  // Enough tables for more than one page, whatever the tests before made.
  const made = await page.evaluate(async () => {
    const ids = [];
    for (let i = 0; i < 55; i++) {
      const r = await fetch("/api/tables", { method: "POST", body: JSON.stringify({ name: "P" + i }) });
      ids.push((await r.json()).table);
    }
    return ids;
  });
  const newest = made[made.length - 1];
  const shown = () => page.$$eval("#tables a", (as) => as.map((a) => Number(a.dataset.table)));
  await page.waitForFunction((t) => document.querySelector(`#tables a[data-table="${t}"]`), newest);
  const first = await shown();
  assert.equal(first.length, 50);
  assert.equal(first[0], newest);
  assert.equal(await page.isVisible("#older-tables"), true);
  assert.equal(await page.isVisible("#newer-tables"), false);
  // Older tables: the next page starts after the last row shown.
  await page.click("#older-tables");
  await page.waitForFunction((t) => !document.querySelector(`#tables a[data-table="${t}"]`), newest);
  const second = await shown();
  assert.equal(second[0], first[49] - 1);
  assert.equal(await page.isVisible("#newer-tables"), true);
  // Newer tables: back to the first page.
  await page.click("#newer-tables");
  await page.waitForFunction((t) => document.querySelector(`#tables a[data-table="${t}"]`), newest);
  assert.deepEqual(await shown(), first);
  assert.equal(await page.isVisible("#newer-tables"), false);
  await page.close();
});

test("the host fills the free seats with bots in one press, and every bot is said", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "4", bots: "0" });
  await h.recordLive(page);
  await page.click("#fill-bots");
  await page.waitForFunction(() => [...document.querySelectorAll("#seats th")].filter((th) => /\(bot\)/.test(th.textContent)).length === 3);
  const seats = await page.$$eval("#seats th", (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(seats.map((s) => s.replace(/^\S+ /, "")), ["Ana (host, you)", "Bot 1 (bot)", "Bot 2 (bot)", "Bot 3 (bot)"]);
  // One message sent, the table's command: the host's token, the last event seen (Ana's seat).
  const sent = await page.evaluate(() => window.__sent.map((m) => JSON.parse(m)));
  assert.deepEqual(sent.map((m) => [m.type, m.action?.type, typeof m.token, m.seq]), [["act", "fill_bots", "string", 1]]);
  // Each bot's seat said.
  for (const bot of ["Bot 1", "Bot 2", "Bot 3"]) await h.heard(page, new RegExp(bot));
  // Full: pressed again, the server says why.
  await page.click("#fill-bots");
  assert.match(await h.heard(page, /full/), /full/);
});
