// The page for eyes and thumbs, measured in a real browser rather than compared with pictures:
// the lobby's cards, the turn's token, the die and the log, the winner's banner and Play again.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup();

/** The box of the first element matching `selector`, or null. */
function box(page, selector) {
  return page.evaluate((s) => {
    const e = document.querySelector(s);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  }, selector);
}

const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) > 0.5;
const show = (b) => b && `${Math.round(b.left)},${Math.round(b.top)} to ${Math.round(b.right)},${Math.round(b.bottom)}`;

/** A game of three (two bots) at its first table, started, one roll made, our turn said. */
async function aGame(page) {
  const table = await h.createTable(page, env.server.url, { name: "Ana", seats: "3", bots: "2" });
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  await page.keyboard.press("r");
  await h.turnSaid(page);
  return table;
}

test("the table's page: the turn's token, a big die beside Roll, the announcements as a log; the lobby's cards", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await aGame(page);
  // The token of the player to roll sits beside the line that says so, the same token as on
  // the board: same seat, same letter; hidden from screen readers.
  const turn = await page.evaluate(() => {
    const badge = document.getElementById("turn-token");
    const current = document.querySelector("#board-tokens .token.current");
    return {
      hidden: badge.hidden, ariaHidden: badge.getAttribute("aria-hidden"), seat: badge.querySelector("svg").dataset.seat,
      letter: badge.textContent, boardSeat: current.dataset.player, boardLetter: current.querySelector(".token-letter").textContent,
    };
  });
  assert.deepEqual(turn, { hidden: false, ariaHidden: "true", seat: "0", letter: "A", boardSeat: "0", boardLetter: "A" });
  const [badge, status] = await Promise.all([box(page, "#turn-token"), box(page, "#status-line")]);
  assert.ok(badge.right <= status.left && Math.abs((badge.top + badge.bottom) / 2 - (status.top + status.bottom) / 2) < 8,
    `the token (${show(badge)}) is just left of the turn's line (${show(status)})`);
  // The die: big (80 px), level with Roll, left of it.
  const [die, roll] = await Promise.all([box(page, "#die"), box(page, "#roll")]);
  assert.ok(die.width >= 70 && die.height >= 70, `the die is ${die.width} x ${die.height}`);
  assert.ok(die.right <= roll.left && Math.abs(die.top - roll.top) < 4, `the die (${show(die)}) is beside Roll (${show(roll)})`);
  assert.ok(roll.height >= 52, `Roll is ${roll.height} px tall`);
  // The log: the newest announcement in full, stronger than the ones before it.
  const log = await page.$$eval("#live p", (ps) => ps.map((p) => ({ weight: Number(getComputedStyle(p).fontWeight), size: parseFloat(getComputedStyle(p).fontSize), shown: p.checkVisibility() })));
  assert.ok(log.length >= 2, JSON.stringify(log));
  assert.ok(log.every((p) => p.shown), "on a desktop the last few show");
  assert.ok(log.at(-1).weight > log[0].weight && log.at(-1).size > log[0].size, JSON.stringify(log));
  // Tokens are told apart by shape as well as by letter and colour.
  const shapes = await page.$$eval("#board-tokens .token", (ts) => ts.sort((a, b) => a.dataset.player - b.dataset.player)
    .map((t) => [t.querySelector(".token-disc").getAttribute("d").replace(/[\d.-]+/g, "n"), t.querySelector(".token-letter").textContent]));
  assert.equal(new Set(shapes.map(([d]) => d)).size, 3, JSON.stringify(shapes));
  assert.equal(new Set(shapes.map(([, l]) => l)).size, 3);
  // The players' table shows each token as on the board.
  const rows = await page.$$eval("#seats .swatch svg", (s) => s.map((e) => [e.dataset.seat, e.querySelector("path").getAttribute("d").replace(/[\d.-]+/g, "n")]));
  assert.deepEqual(rows.map(([seat]) => seat), ["0", "1", "2"]);
  assert.deepEqual(rows.map(([, d]) => d), shapes.map(([d]) => d));

  // The lobby: a card per table, side by side on a desktop, each with a thumbnail of its board
  // (its ladders and snakes drawn), a token per seat (a dashed one per free seat) and one action.
  await h.createTable(page, env.server.url, { name: "Bo", seats: "4", bots: "1" });
  await page.goto(env.server.url + "/#/");
  await page.waitForFunction(() => document.querySelectorAll("#tables .thumb svg").length >= 2);
  const cards = await page.$$eval("#tables tr", (trs) => trs.map((tr) => {
    const r = tr.getBoundingClientRect();
    return {
      status: tr.dataset.status, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
      ladders: tr.querySelectorAll(".thumb-ladder").length, snakes: tr.querySelectorAll(".thumb-snake").length,
      tokens: tr.querySelectorAll(".seat-tokens svg").length, free: tr.querySelectorAll(".seat-tokens svg.free").length,
      links: [...tr.querySelectorAll("a")].map((a) => [a.textContent, a.className, a.getBoundingClientRect().height]),
      hidden: [...tr.querySelectorAll(".thumb, .seat-tokens")].every((e) => e.getAttribute("aria-hidden") === "true"),
    };
  }));
  assert.equal(cards.length, 2);
  const [waiting, playing] = cards;
  assert.deepEqual([waiting.status, playing.status], ["waiting", "playing"]);
  for (const c of cards) {
    assert.deepEqual([c.ladders, c.snakes], [9, 10], "the classic board in miniature");
    assert.ok(c.hidden, "the pictures are hidden from screen readers");
    assert.equal(c.links.length, 1, "one action a card");
    assert.ok(c.links[0][2] >= 44, `the action is ${c.links[0][2]} px tall`);
  }
  assert.deepEqual([waiting.tokens, waiting.free], [4, 2]);
  assert.deepEqual([playing.tokens, playing.free], [3, 0]);
  assert.deepEqual(waiting.links[0].slice(0, 2), ["Open table 2", "action-join"]);
  assert.deepEqual(playing.links[0].slice(0, 2), ["Watch table 1", "action-watch"]);
  assert.ok(Math.abs(waiting.top - playing.top) < 1 && !overlap(waiting, playing), "two cards side by side, apart");
  // Still a table to a screen reader: its rows, headers and cells as before.
  const roles = await page.$eval("#tables", (tb) => [getComputedStyle(tb.closest("table")).display, tb.closest("table").querySelectorAll("thead th[scope=col]").length, tb.querySelectorAll("th[scope=row]").length]);
  assert.deepEqual(roles.slice(1), [3, 2]);
  await page.close();
});

test("the end: the winner's banner, and Play again makes a table like this one, yours to host", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  // A small board, played to its end.
  const board = '{"size": 4, "ladders": [[3, 12]], "snakes": [[14, 5]]}';
  const table = await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1", board, rules: { ending: "loose" } });
  await h.recordLive(page);
  await h.startGame(page);
  assert.equal(await page.isVisible("#play-again"), false, "no Play again during the game");
  for (let i = 0; i < 200; i++) {
    await page.waitForFunction(() => /Your turn|won/.test(document.getElementById("status-line").textContent));
    if (/won/.test(await page.textContent("#status-line"))) break;
    await h.turnSaid(page);
    await h.press(page, "r", /^You rolled/);
  }
  await page.waitForSelector("#play-again", { state: "visible" });
  const status = (await page.textContent("#status-line")).trim();
  assert.match(status, /won the game in round \d+/);
  // The banner: the winner's token beside the line, on gold, with Play again under it, wide and
  // tall, above the die and the keys.
  const end = await page.evaluate(() => {
    const v = document.getElementById("table-page").dataset.status;
    const winner = document.querySelector("#turn-token svg").dataset.seat;
    const bg = getComputedStyle(document.querySelector(".status-box")).backgroundColor;
    return { v, winner, bg };
  });
  assert.equal(end.v, "finished");
  assert.equal(end.winner, /^You won/.test(status) ? "0" : "1");
  assert.notEqual(end.bg, "rgba(0, 0, 0, 0)", "the banner has a background of its own");
  const [banner, again, roll] = await Promise.all([box(page, ".status-box"), box(page, "#play-again"), box(page, "#roll")]);
  assert.ok(again.top >= banner.bottom && again.bottom <= roll.top, `Play again (${show(again)}) sits between the banner and Roll`);
  assert.ok(again.height >= 52 && again.width >= roll.width, `Play again is ${again.width} x ${again.height}`);
  // Nothing of it is said: the live region's last words are the game's.
  assert.match(await page.evaluate(() => window.__live.at(-1)), /won the game/);
  // In the focus order, right after the game's buttons.
  await page.focus("#roll");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "play-again");
  // Pressed: a new table, with the same board and rules, as many seats and bots, ours to host.
  const rules = await page.textContent("#rules-line");
  await page.click("#play-again");
  await page.waitForURL((u) => /#\/table\/(\d+)$/.test(u.hash) && Number(u.hash.split("/").pop()) !== table);
  await page.waitForFunction(() => /Waiting for players: start the game/.test(document.getElementById("status-line").textContent));
  assert.equal(await page.textContent("#rules-line"), rules);
  assert.match(await page.textContent("#table-heading"), /custom board/);
  assert.equal(await page.$$eval("#board-drawing rect[data-square]", (r) => r.length), 16);
  assert.deepEqual(await page.$$eval("#board-drawing g.ladder, #board-drawing g.snake", (g) => g.map((e) => `${e.dataset.from}-${e.dataset.to}`)), ["3-12", "14-5"]);
  assert.match(await page.textContent("#seats"), /Ana \(host, you\)[^]*Bot 1 \(bot\)/);
  assert.equal(await page.isVisible("#play-again"), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), "roll", "the focus on the new table's game, as after the lobby's form");
  await page.close();
});
