// Every table action by key, keyboard only: the host seats and removes a bot (F, Shift+F),
// mutes someone's talk and removes a person (Shift+W), starts the game (N); the sounds (0, -,
// =); leaving asks first (Shift+J) and J takes the seat back. In the lobby: N to the form, [ and
// ] through the tables, J to take a seat, W to watch.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

// Bots that wait before rolling: a game with a bot in our seat is not over before J.
const env = h.setup({ botDelayMs: 400 });

const focused = (page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || "");

test("the host's keys, muting and removing someone, the sounds and leaving, by keyboard alone", async () => {
  const ana = await env.browser.newPage();
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "3", bots: "0" });
  await ana.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(ana);
  assert.equal(await h.press(ana, "f", /a bot, took seat/), "Bot 1, a bot, took seat 2.");
  assert.equal(await h.press(ana, "Shift+F", /a bot, left/), "Bot 1, a bot, left the table.");

  const bo = await h.joinAs(env.browser, env.server.url, table, "Bo");
  await h.recordLive(bo);
  await bo.keyboard.press("Slash");
  await bo.keyboard.type("hi all");
  await bo.keyboard.press("Enter");
  assert.equal(await h.heard(ana, /hi all/), "Bo says: hi all");

  // Shift+W: the people here; Bo first, muted with Enter, for this page alone.
  await ana.focus("#roll");
  await ana.keyboard.press("Shift+W");
  assert.equal(await focused(ana), "Mute Bo");
  assert.equal(await ana.evaluate(() => document.activeElement.getAttribute("aria-pressed")), "false");
  let from = await ana.evaluate(() => window.__live.length);
  await ana.keyboard.press("Enter");
  assert.equal(await h.heard(ana, /not hear/, from), "You will not hear what Bo says.");
  assert.equal(await ana.evaluate(() => document.activeElement.getAttribute("aria-pressed")), "true");
  await bo.keyboard.press("Slash");
  await bo.keyboard.type("can you hear me");
  await bo.keyboard.press("Enter");
  await h.heard(bo, /You say: can you hear me/);
  // What Bo said reached Ana's page before the answer to her T: she did not hear it.
  await ana.keyboard.press("Escape");
  assert.equal(await focused(ana), "roll");
  from = await ana.evaluate(() => window.__live.length);
  await ana.keyboard.press("t");
  await h.heard(ana, /not started/, from);
  assert.ok(!(await ana.evaluate(() => window.__live.some((t) => /can you hear me/.test(t)))));
  assert.ok(!(await ana.$$eval("#history li", (li) => li.some((l) => /can you hear me/.test(l.textContent)))));

  // The host removes Bo: both hear it; Bo's seat is free again.
  await ana.keyboard.press("Shift+W");
  await ana.keyboard.press("Tab");
  assert.equal(await focused(ana), "Remove Bo from the table");
  await ana.keyboard.press("Enter");
  assert.equal(await h.heard(ana, /removed/), "The host removed Bo from the table.");
  assert.equal(await h.heard(bo, /removed/), "The host removed you from the table.");
  await bo.waitForSelector("#j-name", { state: "visible" });

  // A bot, then N starts the game.
  await ana.focus("#roll");
  await h.press(ana, "f", /a bot, took seat/);
  assert.match(await h.press(ana, "n", /has started/), /^The game has started with 2 players\. (You go|Bot 1 goes) first\.$/);

  // The sounds: 0 off and on again, - and = the volume, as the settings show them.
  const sounds = await ana.isChecked("#sounds");
  assert.equal(await h.press(ana, "0", /^Sounds/), sounds ? "Sounds off." : "Sounds on.");
  assert.equal(await ana.isChecked("#sounds"), !sounds);
  await h.press(ana, "0", /^Sounds/);
  const volume = Number(await ana.inputValue("#volume"));
  assert.equal(await h.press(ana, "Equal", /^Volume/), `Volume ${Math.min(100, volume + 10)}.`);
  assert.equal(await h.press(ana, "Minus", /^Volume/), `Volume ${Math.min(100, volume + 10) - 10}.`);
  assert.equal(Number(await ana.inputValue("#volume")), Math.min(100, volume + 10) - 10);

  // Shift+J asks first, Stay focused; Shift+Tab to Leave and Enter leave; J takes the seat back.
  await ana.focus("#roll");
  await ana.keyboard.press("Shift+J");
  assert.equal(await focused(ana), "leave-no");
  await ana.keyboard.press("Shift+Tab");
  assert.equal(await focused(ana), "leave-yes");
  from = await ana.evaluate(() => window.__live.length);
  await ana.keyboard.press("Enter");
  assert.match(await h.heard(ana, /^You left/, from), /take your seat back with J/);
  assert.equal(await h.press(ana, "j", /back and play/), "You are back and play again.");
  await ana.close();
  await bo.close();
});

test("the lobby by keys: the form, the tables one by one, a seat, watching", async () => {
  const host = await env.browser.newPage();
  const table = await h.createTable(host, env.server.url, { name: "Di", seats: "2", bots: "0" });
  const page = await env.browser.newPage();
  await page.goto(env.server.url + "/");
  await page.waitForSelector(`#tables a[data-table="${table}"]`);
  await page.evaluate(() => {
    window.__lobby = [];
    const live = document.getElementById("lobby-live");
    new MutationObserver(() => window.__lobby.push((live.lastElementChild?.textContent ?? "").trim())).observe(live, { childList: true, subtree: true });
  });
  // J before choosing says how to choose.
  await page.keyboard.press("j");
  await page.waitForFunction(() => window.__lobby.includes("Choose a table first, with [ and ]."));
  // N: the form's first field; a name typed there is the one J takes a seat with.
  await page.keyboard.press("n");
  assert.equal(await focused(page), "c-name");
  await page.keyboard.type("Eli");
  await page.evaluate(() => document.activeElement?.blur());
  // ]: the newest table first (the list is newest first), said as its row, its link focused.
  await page.keyboard.press("BracketRight");
  const row = await (await page.waitForFunction(() => window.__lobby.find((t) => /^Table \d+: /.test(t)))).jsonValue();
  assert.match(row, new RegExp(`^Table ${table}: Waiting: one seat free\\. Classic board of 100 squares\\. Di \\(host\\), free seat\\.$`));
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.table), String(table));
  // J: a seat there, with the name the page has.
  await page.keyboard.press("j");
  await page.waitForURL(new RegExp(`#/table/${table}$`));
  await page.waitForFunction(() => [...document.querySelectorAll("#seats th")].some((th) => th.textContent.includes("Eli (you")));
  // W from the lobby watches: a spectator's page.
  const watcher = await env.browser.newPage();
  await watcher.goto(env.server.url + "/");
  await watcher.waitForSelector(`#tables a[data-table="${table}"]`);
  await watcher.keyboard.press("BracketRight");
  await watcher.keyboard.press("w");
  await watcher.waitForURL(new RegExp(`#/table/${table}$`));
  await watcher.waitForSelector("#board-drawing svg");
  for (const p of [host, page, watcher]) await p.close();
});
