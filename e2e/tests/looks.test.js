// The page for eyes and thumbs, measured in a real browser rather than compared with pictures:
// the lobby's cards, the turn's token, the die and the log, the winner's banner and Play again;
// on phones upright (320 x 640 to 768 x 1024) the board, the die and Roll and the last
// announcement on one screen; on their side the board beside the game; every target at least
// 44 x 44 CSS px; no sideways scrolling at 320 px, nor at 200 % and 400 % zoom of a 1280 px
// window, where nothing is cut or overlaps; the contrast of text and tokens computed from the
// colours as rendered, on a light page, a dark one and under forced colours.
//
// Zoom is a window of 1280 x 800 CSS px seen at 200 % or 400 %: a viewport of 640 x 400 or
// 320 x 200 CSS px at 2 or 4 device pixels each, which is what the page's layout sees.
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

/**
 * Resolves once nothing moves: no token on its way, the die landed (it turns as it shows a roll,
 * and a box measured meanwhile is the turning one's).
 */
function still(page) {
  return page.waitForFunction(() => [...document.querySelectorAll("#board-tokens .token, #die")].every((t) => t.getAnimations().length === 0));
}

/** A game of three (two bots) at its first table, started, one roll made, our turn said. */
async function aGame(page) {
  const table = await h.createTable(page, env.server.url, { name: "Ana", seats: "3", bots: "2" });
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  await page.keyboard.press("r");
  await h.turnSaid(page);
  await still(page);
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
  // On a laptop's screen (1280 x 800 and 1366 x 768) the whole board, its bottom row and the start
  // under it, is on the first screen.
  for (const size of [[1280, 800], [1366, 768]]) {
    await resize(page, size);
    const board = await box(page, "#board-drawing");
    assert.ok(board.bottom <= size[1], `at ${size.join(" x ")} the board is ${show(board)}`);
  }
  await resize(page, [1280, 900]);
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
  // What the end brings (Play again, "Verify the dice") is as easy to hit as the rest.
  // "Verify the dice" sits in a sentence, which `targets` passes over, but is a target of its own.
  await page.waitForSelector("#dice-line a");
  // Under it, the dice's commitment and, from the start, the game's: two hashes, not the same.
  const hashes = await page.$$eval("#dice-line code", (c) => c.map((x) => x.textContent));
  assert.equal(hashes.length, 2, hashes.join(" "));
  assert.ok(hashes.every((h) => /^[0-9a-f]{64}$/.test(h)) && hashes[0] !== hashes[1], hashes.join(" "));
  assert.deepEqual((await targets(page)).filter((t) => t.w < 44 || t.h < 44), [], "targets under 44 x 44 at the end");
  const verify = await box(page, "#dice-line a");
  assert.ok(verify.width >= 44 && verify.height >= 44, `Verify the dice is ${show(verify)}`);
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
  await still(page);
  const [banner, again, roll] = await Promise.all([box(page, ".status-box"), box(page, "#play-again"), box(page, "#roll")]);
  assert.ok(again.top >= banner.bottom && again.bottom <= roll.top, `Play again (${show(again)}) sits between the banner and Roll`);
  assert.ok(again.height >= 52 && again.width >= roll.width, `Play again is ${again.width} x ${again.height}`);
  // Nothing of it is said: once the win is heard (the live region is paced, and may still be
  // saying a bot's last move), the live region's last words are the game's.
  await h.heard(page, /won the game/);
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

// ---- phones -----------------------------------------------------------------------------------

const PHONES = [[320, 568], [320, 640], [375, 812], [390, 844], [430, 932], [768, 1024]];
const LANDSCAPES = [[640, 360], [844, 390], [932, 430]];

const inView = (b, [w, hh]) => b.left >= -0.5 && b.top >= -0.5 && b.right <= w + 0.5 && b.bottom <= hh + 0.5;

/** Sets the page's size and scrolls it to its top. */
async function resize(page, [w, hh]) {
  await page.setViewportSize({ width: w, height: hh });
  await page.evaluate(() => window.scrollTo(0, 0));
  // The layout of the new size, drawn.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

test("phones upright: the board, the die and Roll and the last announcement on one screen, apart, nothing sideways", async () => {
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  await aGame(page);
  for (const size of PHONES) {
    await resize(page, size);
    const [w] = size;
    const [board, die, roll, said] = await Promise.all(["#board-drawing svg", "#die", "#roll", "#live p:last-child"].map((s) => box(page, s)));
    const where = `at ${size.join(" x ")}: board ${show(board)}, die ${show(die)}, Roll ${show(roll)}, last announcement ${show(said)}`;
    for (const b of [board, die, roll, said]) assert.ok(inView(b, size), "all on the first screen " + where);
    for (const [a, b] of [[board, die], [board, roll], [board, said], [die, roll], [die, said], [roll, said]]) assert.ok(!overlap(a, b), "apart " + where);
    // The board nearly as wide as the screen (a tablet's, as its height allows; on the
    // smallest phone, 568 px tall, the height leaves it 60 %), the announcement under it, the
    // die and Roll at the bottom, within the thumb's reach.
    assert.ok(board.width >= Math.min(w * (size[1] < 600 ? 0.6 : 0.85), 640), "the board fills the width " + where);
    assert.ok(said.top >= board.bottom && roll.top >= said.bottom, "board, announcement, then Roll " + where);
    assert.ok(roll.top >= size[1] / 2, "Roll in the lower half " + where);
    assert.ok(roll.width >= w / 2, "Roll is wide " + where);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), w, "no sideways scrolling " + where);
    // Room for three lines of it: Roll does not move whatever is said.
    assert.ok(await page.$eval("#live", (l) => l.getBoundingClientRect().height >= 3 * parseFloat(getComputedStyle(l.lastElementChild).lineHeight)), "three lines' room " + where);
    // Only the newest announcement shows.
    assert.ok(await page.$$eval("#live p", (ps) => ps.every((p, i) => p.checkVisibility() === (i === ps.length - 1))), "only the newest announcement shows " + where);
  }
  await page.close();
});

test("phones on their side: the board beside the game, Roll and the last announcement in view", async () => {
  const page = await env.browser.newPage({ viewport: { width: 844, height: 390 } });
  await aGame(page);
  for (const size of LANDSCAPES) {
    await resize(page, size);
    const [board, roll, said] = await Promise.all(["#board-drawing svg", "#roll", "#live p:last-child"].map((s) => box(page, s)));
    const where = `at ${size.join(" x ")}: board ${show(board)}, Roll ${show(roll)}, last announcement ${show(said)}`;
    assert.ok(board.right <= roll.left && board.right <= said.left, "the board left of the game " + where);
    for (const b of [board, roll, said]) assert.ok(inView(b, size), "in view " + where);
    assert.ok(board.height >= size[1] * 0.55, "the board as tall as it can be " + where);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), size[0], "no sideways scrolling " + where);
  }
  await page.close();
});

// Every target a person presses, visible now, with its size: buttons, links (but a link inside
// a sentence), fields, menus, sliders, the chart's table's summary; a checkbox by its label.
function targets(page) {
  return page.evaluate(() => {
    const found = [];
    for (const e of document.querySelectorAll("button, a[href], select, input, textarea, summary")) {
      if (!e.checkVisibility()) continue;
      if (e.matches("a") && e.closest("p")) continue;
      const target = e.matches("input[type=checkbox], input[type=radio]") ? e.closest("label") ?? e : e;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (e.matches(".skip-link") && r.right < 0) continue;
      found.push({ what: e.id || e.textContent.trim().slice(0, 30) || e.tagName, w: r.width, h: r.height });
    }
    return found;
  });
}

test("every target is at least 44 x 44 CSS px, on a phone and on a desktop", async () => {
  const page = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
  await aGame(page);
  await page.click(".chart-data summary");
  await page.click("#leave");
  await page.waitForSelector("#leave-confirm:not([hidden])");
  for (const size of [[390, 844], [1280, 900]]) {
    await resize(page, size);
    const small = (await targets(page)).filter((t) => t.w < 44 || t.h < 44);
    assert.deepEqual(small, [], `targets under 44 x 44 at ${size.join(" x ")}`);
  }
  await page.goto(env.server.url + "/#/");
  await page.waitForSelector("#tables a");
  await page.waitForSelector("#r-jumps");
  for (const size of [[320, 640], [1280, 900]]) {
    await resize(page, size);
    const all = await targets(page);
    assert.ok(all.length > 10, JSON.stringify(all));
    assert.deepEqual(all.filter((t) => t.w < 44 || t.h < 44), [], `the lobby's targets under 44 x 44 at ${size.join(" x ")}`);
  }
  await page.close();
});

// ---- reflow and zoom ----------------------------------------------------------------------------

/**
 * What does not fit at this size: the page scrolling sideways, anything scrolling sideways in
 * it, an element reaching past the window's right edge, a control whose text is cut, and the
 * page's blocks (`blocks`, selectors) overlapping each other.
 */
function misfits(page, blocks) {
  return page.evaluate((blocks) => {
    const width = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    const name = (e) => e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : "");
    for (const e of document.body.querySelectorAll("*")) {
      if (!e.checkVisibility() || e.closest("svg")) continue;
      const r = e.getBoundingClientRect();
      // Visually hidden text (one pixel, for screen readers) and what sits off screen on purpose.
      if (r.width <= 1 || r.height <= 1 || r.right <= 0) continue;
      if (r.right > width + 0.5) out.push(`${name(e)} reaches ${Math.round(r.right)}`);
      if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible" && !e.matches("select")) out.push(`${name(e)} scrolls or cuts sideways (${e.scrollWidth} in ${e.clientWidth})`);
    }
    const boxes = blocks.flatMap((s) => [...document.querySelectorAll(s)].filter((e) => e.checkVisibility()).map((e) => [s, e, e.getBoundingClientRect()]));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [sa, ea, a] = boxes[i], [sb, eb, b] = boxes[j];
        if (ea.contains(eb) || eb.contains(ea)) continue;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 0.5 && y > 0.5) out.push(`${sa} overlaps ${sb}`);
      }
    }
    return out;
  }, blocks);
}

// The blocks of each page, which must never overlap.
const TABLE_BLOCKS = [".site-header", "#table-heading", ".status-box", "#board-drawing", ".rules-caption", "#live", ".roll-row", ".roll-reason",
  "#sr-hint", "#host-controls", "section[aria-labelledby=seats-heading]", ".seat-actions", ".settings", ".board-words", ".history", "#analysis-body > *",
  ".game-keys button", ".site-header > *"];
const LOBBY_BLOCKS = [".site-header", ".intro", "#tables-heading", "#tables tr", "#create-heading", "#create > *", "#rule-fields > *", ".site-header > *",
  "#tables tr > *"];

test("reflow: at 320 px, 200 % and 400 % zoom nothing scrolls sideways, is cut or overlaps", async () => {
  const host = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const table = await aGame(host);
  await host.close();
  const sizes = [["320 px", 320, 640, 1], ["200 %", 640, 400, 2], ["400 %", 320, 200, 4]];
  for (const [what, width, height, scale] of sizes) {
    const context = await env.browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/#/table/${table}`);
    await page.waitForSelector("#analysis-figures", { state: "attached" });
    await page.waitForSelector("#die:not([hidden])");
    await still(page);
    assert.deepEqual(await misfits(page, TABLE_BLOCKS), [], `the table's page at ${what}`);
    // The figures: a list, not a table cut in a scrolling box.
    assert.deepEqual(await page.evaluate(() => [document.getElementById("analysis-figures").checkVisibility(), document.querySelector(".figures-list").checkVisibility()]), [false, true]);
    const figures = await page.$$eval(".figures-list li", (li) => li.map((l) => [l.querySelector(".figures-ending").textContent, ...[...l.querySelectorAll("dd")].map((d) => d.textContent)].slice(0, 4)));
    assert.deepEqual(figures, [["Strict in force", "43.3", "35", "83"], ["Exact", "39.2", "32", "72"], ["Loose", "35.8", "29", "66"]]);
    await page.goto(env.server.url + "/#/");
    await page.waitForSelector("#tables a");
    await page.waitForSelector("#r-jumps");
    assert.deepEqual(await misfits(page, LOBBY_BLOCKS), [], `the lobby at ${what}`);
    await context.close();
  }
  // On a desktop, the figures are the table.
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${env.server.url}/#/table/${table}`);
  await page.waitForSelector("#analysis-figures");
  await still(page);
  assert.deepEqual(await page.evaluate(() => [document.getElementById("analysis-figures").checkVisibility(), document.querySelector(".figures-list").checkVisibility()]), [true, false]);
  assert.deepEqual(await misfits(page, TABLE_BLOCKS), [], "the table's page at 1280 px");
  await page.close();
});

// ---- contrast ---------------------------------------------------------------------------------

/**
 * The contrast of everything the page shows, from the colours as rendered: every text against
 * what is behind it (the first background up its ancestors, alpha blended), and on the board,
 * every token against both shades of square (its outline too) and its letter against it, and
 * the squares' numbers. Resolves with what falls short.
 */
function contrastFailures(page) {
  return page.evaluate(() => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    };
    const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const background = (e) => {
      const layers = [];
      for (let n = e; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c && c[3] > 0) { layers.push(c); if (c[3] === 1) break; }
      }
      let colour = [255, 255, 255, 1];
      for (const l of layers.reverse()) colour = over(l, colour);
      return colour;
    };
    const failures = [];
    let checked = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement;
      if (!n.textContent.trim() || seen.has(e) || e.closest("svg, script, style, option, select")) continue;
      seen.add(e);
      if (!e.checkVisibility()) continue;
      const r = e.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      const fg = over(parse(getComputedStyle(e).color), background(e));
      const c = ratio(fg, background(e));
      checked += 1;
      if (c < 4.5) failures.push(`${e.id || e.tagName.toLowerCase() + "." + e.className} "${n.textContent.trim().slice(0, 30)}": ${c.toFixed(2)}`);
    }
    for (const e of document.querySelectorAll("select, input:not([type=checkbox]):not([type=range]), button")) {
      if (!e.checkVisibility()) continue;
      const c = ratio(over(parse(getComputedStyle(e).color), background(e)), background(e));
      if (c < 4.5) failures.push(`${e.id || e.tagName}: ${c.toFixed(2)}`);
    }
    const fill = (s) => { const e = document.querySelector(s); return e && parse(getComputedStyle(e).fill); };
    const squares = [fill("#board-drawing rect.sq-a"), fill("#board-drawing rect.sq-b")];
    for (const t of document.querySelectorAll("#board-tokens .token, .token-icon:not(.free)")) {
      const disc = t.querySelector(".token-disc");
      const body = parse(getComputedStyle(disc).fill);
      const edge = parse(getComputedStyle(disc).stroke);
      const letter = t.querySelector(".token-letter");
      const who = t.dataset.player ?? "icon " + t.dataset.seat;
      if (letter?.textContent) {
        const c = ratio(parse(getComputedStyle(letter).fill), body);
        if (c < 4.5) failures.push(`token ${who}'s letter: ${c.toFixed(2)}`);
      }
      if (!t.matches("#board-tokens .token")) continue;
      for (const sq of squares) {
        if (ratio(body, sq) < 4.5) failures.push(`token ${who} on a square: ${ratio(body, sq).toFixed(2)}`);
        if (ratio(edge, sq) < 3 && ratio(body, sq) < 4.5) failures.push(`token ${who}'s outline on a square: ${ratio(edge, sq).toFixed(2)}`);
      }
    }
    for (const s of ["#board-drawing .num", "#board-drawing .jump-mark.ladder", "#board-drawing .jump-mark.snake", "#board-drawing .start-label"]) {
      const f = fill(s);
      for (const sq of s.endsWith("start-label") ? [fill("#board-drawing .start")] : squares) {
        if (ratio(f, sq) < 4.5) failures.push(`${s} on a square: ${ratio(f, sq).toFixed(2)}`);
      }
    }
    return { checked, failures };
  });
}

/** The outlines' contrast on the board (3:1), measured apart: the dark or light edge round each token. */
function outlineContrasts(page) {
  return page.evaluate(() => {
    const parse = (c) => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const squares = ["rect.sq-a", "rect.sq-b"].map((s) => parse(getComputedStyle(document.querySelector("#board-drawing " + s)).fill));
    return [...document.querySelectorAll("#board-tokens .token-disc")].flatMap((d) => squares.map((sq) => ratio(parse(getComputedStyle(d).stroke), sq)));
  });
}

/**
 * The contrast of the label of the element matching `selector` as drawn: a screenshot of the
 * label's box (its text's, less 2 px each side), decoded on the blank page `decoder`; its most
 * common colour (what lies behind the letters, forced colours' backplate included) against the
 * colour that differs most from it. A label drawn in the colour behind it gives 1.
 */
async function drawnContrast(page, selector, decoder) {
  const clip = await page.evaluate((s) => {
    const e = document.querySelector(s);
    e.scrollIntoView({ block: "center" });
    const range = document.createRange();
    range.selectNodeContents(e);
    const r = range.getBoundingClientRect();
    return { x: r.left + 2, y: r.top + 2, width: r.width - 4, height: r.height - 4 };
  }, selector);
  const png = await page.screenshot({ clip });
  return decoder.evaluate(async (b64) => {
    const img = new Image();
    img.src = "data:image/png;base64," + b64;
    await img.decode();
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [img.width, img.height];
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, img.width, img.height).data;
    const count = new Map();
    for (let i = 0; i < d.length; i += 4) {
      const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      count.set(k, (count.get(k) || 0) + 1);
    }
    const lum = (k) => {
      const [r, gr, b] = [(k >> 16) & 255, (k >> 8) & 255, k & 255].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * gr + 0.0722 * b;
    };
    const behind = lum([...count].sort((a, b) => b[1] - a[1])[0][0]);
    return Math.max(...[...count.keys()].map((k) => (Math.max(lum(k), behind) + 0.05) / (Math.min(lum(k), behind) + 0.05)));
  }, png.toString("base64"));
}

test("under forced colours (light and dark) the labels of the main buttons are drawn readable: Create, Join, Start, Roll, Play again", async () => {
  const decoder = await env.browser.newPage();
  // A small board, so that a game ends in a few rolls.
  const board = '{"size": 4, "ladders": [[3, 12]], "snakes": [[14, 5]]}';
  for (const scheme of ["light", "dark"]) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, forcedColors: "active", colorScheme: scheme });
    const page = await context.newPage();
    const seen = {};
    // A table waiting for a second person, for the lobby's Join.
    const waiting = await context.newPage();
    await h.createTable(waiting, env.server.url, { name: "Bo", seats: "3", bots: "1" });
    await page.goto(env.server.url + "/");
    await page.waitForSelector("#tables a.action-join");
    seen["Create the table"] = await drawnContrast(page, "#create button[type=submit]", decoder);
    seen.Join = await drawnContrast(page, "#tables a.action-join", decoder);
    await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1", board, rules: { ending: "loose" } });
    await h.recordLive(page);
    await page.waitForSelector("#start", { state: "visible" });
    seen.Start = await drawnContrast(page, "#start", decoder);
    await h.startGame(page);
    await h.yourTurn(page);
    await still(page);
    seen.Roll = await drawnContrast(page, "#roll", decoder);
    for (let i = 0; i < 200 && !(await page.isVisible("#play-again")); i++) {
      await page.waitForFunction(() => /Your turn|won/.test(document.getElementById("status-line").textContent));
      if (/won/.test(await page.textContent("#status-line"))) break;
      await h.turnSaid(page);
      await h.press(page, "r", /^You rolled/);
    }
    await page.waitForSelector("#play-again", { state: "visible" });
    await still(page);
    seen["Play again"] = await drawnContrast(page, "#play-again", decoder);
    const unreadable = Object.entries(seen).filter(([, c]) => !(c >= 4.5)).map(([name, c]) => `${name} ${c.toFixed(2)}`);
    assert.deepEqual(unreadable, [], `forced colours, ${scheme}: ${JSON.stringify(seen)}`);
    await context.close();
  }
  await decoder.close();
});

test("contrast from the rendered colours: a light page, a dark one, forced colours; the tokens on the squares", async () => {
  const host = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const table = await aGame(host);
  await host.close();
  const modes = [["light", { colorScheme: "light" }], ["dark", { colorScheme: "dark" }], ["forced colours", { forcedColors: "active" }], ["forced colours, dark", { forcedColors: "active", colorScheme: "dark" }]];
  for (const [mode, options] of modes) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/#/table/${table}`);
    await page.waitForSelector("#analysis-figures");
    await page.waitForFunction(() => document.querySelectorAll("#board-tokens .token").length === 3);
    const onTable = await contrastFailures(page);
    assert.deepEqual(onTable.failures, [], `the table's page, ${mode}`);
    assert.ok(onTable.checked > 60, `${onTable.checked} texts measured`);
    if (!mode.startsWith("forced")) {
      const outlines = await outlineContrasts(page);
      assert.ok(outlines.length === 6 && outlines.every((c) => c >= 3), `the tokens' outlines, ${mode}: ${outlines.map((c) => c.toFixed(2))}`);
    }
    const looks = await page.evaluate(() => {
      const style = (s, p) => getComputedStyle(document.querySelector(s))[p];
      return {
        dark: matchMedia("(prefers-color-scheme: dark)").matches, forced: matchMedia("(forced-colors: active)").matches,
        page: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.body).color,
        square: style("#board-drawing rect.sq-a", "fill"), token: style("#board-tokens .token-disc", "fill"), letter: style("#board-tokens .token-letter", "fill"),
      };
    });
    const lum = (c) => c.match(/\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b, 0) / 3;
    if (mode === "dark") {
      assert.ok(looks.dark && lum(looks.page) < 40 && lum(looks.square) < 70 && lum(looks.token) > 120, JSON.stringify(looks));
    }
    if (mode.startsWith("forced")) {
      // The system's colours, the drawing's too: squares of the page's background, tokens of its
      // text, letters of its background.
      assert.ok(looks.forced, JSON.stringify(looks));
      assert.deepEqual([looks.square, looks.token, looks.letter], [looks.page, looks.text, looks.page], mode);
    }
    await page.goto(env.server.url + "/#/");
    await page.waitForFunction(() => document.querySelectorAll("#tables .thumb svg").length > 0);
    await page.waitForSelector("#r-jumps");
    const inLobby = await contrastFailures(page);
    assert.deepEqual(inLobby.failures, [], `the lobby, ${mode}`);
    assert.ok(inLobby.checked > 30, `${inLobby.checked} texts measured`);
    await context.close();
  }
});
