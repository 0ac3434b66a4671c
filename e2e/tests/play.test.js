// A game played by keys, as a blind player would: create a table with a bot, start, roll with R,
// ask C, T, S, Shift+S and H, and read every answer from the live region. Then reload and keep
// the seat, and check the line under the grid for each ending.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

let tmp, server, browser;

before(async () => {
  tmp = h.tempDb();
  // A short bot delay so that our own announcement is on screen before the bot's.
  server = await h.startServer({ db: tmp.db, botDelayMs: 150 });
  browser = await h.launch();
});

after(async () => {
  await browser?.close();
  if (server) await h.stopServer(server);
  tmp?.cleanup();
});

/** Records every text the live region shows, so that none is missed between two reads. */
async function recordLive(page) {
  await page.evaluate(() => {
    window.__live = [];
    const live = document.getElementById("live");
    // With each text, whether a token was still moving when it appeared.
    window.__moving = [];
    new MutationObserver(() => {
      // The newest announcement is the last paragraph of the region.
      window.__live.push((live.lastElementChild?.textContent ?? "").trim());
      window.__moving.push(document.querySelectorAll("#board-tokens .token").length > 0 &&
        [...document.querySelectorAll("#board-tokens .token")].some((t) => t.getAnimations().length > 0));
    }).observe(live, { childList: true, subtree: true, characterData: true });
    // And every message the page sends, to tell what a key did.
    window.__sent = [];
    if (!WebSocket.prototype.__recorded) {
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) { window.__sent.push(String(data)); return send.call(this, data); };
      WebSocket.prototype.__recorded = true;
    }
  });
}

/** Presses `key` and resolves with the first text the live region shows after it matching `re`. */
async function press(page, key, re) {
  const n = await page.evaluate(() => window.__live.length);
  await page.keyboard.press(key);
  const handle = await page.waitForFunction(([src, from]) => {
    const r = new RegExp(src);
    return window.__live.slice(from).find((t) => r.test(t)) || null;
  }, [re.source, n]);
  return handle.jsonValue();
}

async function startGame(page) {
  await page.waitForSelector("#start", { state: "visible" });
  await page.click("#start");
  await page.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
  // Keys go to the page, not to a button.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
}

test("a game by keys: R rolls, C T S Shift+S H answer in the live region; a reload keeps the seat", async () => {
  const page = await browser.newPage();
  const table = await h.createTable(page, server.url, { name: "Ana", seats: "2", bots: "1" });
  assert.ok(table >= 1);
  await recordLive(page);
  await startGame(page);

  // Our turn or the bot's: R waits for ours, since the bot rolls by itself.
  await page.waitForFunction(() => !document.getElementById("roll").disabled);
  const rolled = await press(page, "r", /You rolled a [1-6]/);
  assert.match(rolled, /You rolled a [1-6]/);
  // The first roll always enters the board, so our token moves: the words were there while it
  // was still on its way, not after.
  const i = await page.evaluate((t) => window.__live.indexOf(t), rolled);
  assert.equal(await page.evaluate((k) => window.__moving[k], i), true, "the announcement waited for the animation");
  // Every announcement is kept in the history too.
  await page.waitForFunction(() => /You rolled a [1-6]/.test(document.getElementById("history").textContent));
  // The bot rolls at once (no delay in tests): its words join ours in the live region instead
  // of replacing them, so a screen reader still speaks ours.
  await page.waitForFunction(() => {
    const said = [...document.querySelectorAll("#live p")].map((p) => p.textContent);
    const ours = said.findIndex((t) => /You rolled a [1-6]/.test(t));
    return ours >= 0 && said.slice(ours + 1).some((t) => /Bot 1 rolled a [1-6]/.test(t));
  });

  assert.match(await press(page, "c", /square|not entered/), /(on square \d+|not entered the board)/);
  assert.match(await press(page, "t", /It is/), /It is (your|.+'s) turn/);
  assert.match(await press(page, "s", /lead|level|Nobody|won/), /(leads?|level|Nobody|won)/);
  const detailed = await press(page, "Shift+S", /to go;.*roll/);
  assert.match(detailed, /You: (square \d+|off the board), \d+ squares? to go; \d+ turns?, \d+ rolls?/);
  assert.match(await press(page, "h", /R or Space/), /R or Space: roll the die\..*Shift\+S: detailed scores/);

  // Keys do nothing while typing in a field: the brief checkbox is not a text field, so use
  // the browser's own address of a text input by adding one to the page.
  const sentBefore = await page.evaluate(() => window.__sent.length);
  await page.evaluate(() => {
    const i = document.createElement("input");
    i.id = "typing";
    i.setAttribute("aria-label", "typing test");
    document.body.appendChild(i);
  });
  await page.focus("#typing");
  await page.keyboard.type("crts R?");
  await page.waitForTimeout(200);
  assert.equal(await page.inputValue("#typing"), "crts R?", "the letters went into the field");
  const sent = await page.evaluate((n) => window.__sent.slice(n), sentBefore);
  assert.deepEqual(sent.filter((m) => /"type":"(query|roll)"/.test(m)), [], "no key fired while typing");
  await page.evaluate(() => document.getElementById("typing").remove());

  // The drawn token of the player to roll is marked, and the table of who is where says so.
  const current = await page.$$eval("#board-tokens .token.current", (n) => n.length);
  const marked = await page.$$eval('#board-where tr[aria-current="true"]', (n) => n.length);
  if (await page.$eval("#status-line", (e) => /Playing/.test(e.textContent))) {
    assert.equal(current, 1);
    assert.equal(marked, 1);
  }

  // Reload: the seat is kept (the page holds its token) and R still rolls for us.
  await page.reload();
  await page.waitForSelector("#board-drawing svg");
  await page.waitForFunction(() => /\(you\)/.test(document.getElementById("seats").textContent));
  const you = await page.$eval("#seats", (e) => e.textContent);
  assert.match(you, /Ana[^]*\(you\)/);
  await recordLive(page);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  if (await page.$eval("#status-line", (e) => /Playing/.test(e.textContent))) {
    await page.waitForFunction(() => !document.getElementById("roll").disabled);
    assert.match(await press(page, " ", /You rolled a [1-6]|game is over/), /You rolled a [1-6]|game is over/);
  }
  await page.close();
});

test("the line under the grid names the ending in force", async () => {
  const expected = {
    bounce: /^Strict ending: you must land on 100 exactly; an overshoot counts back down\./,
    exact: /^Exact ending: you must land on 100 exactly; a roll that would overshoot does not move\./,
    loose: /^Loose ending: any roll that reaches or passes 100 wins\./,
  };
  const page = await browser.newPage();
  for (const [ending, re] of Object.entries(expected)) {
    await h.createTable(page, server.url, { name: "Ana", seats: "2", bots: "1", rules: { ending } });
    await page.waitForFunction(() => document.getElementById("rules-line").textContent.trim() !== "");
    const line = (await page.textContent("#rules-line")).trim();
    assert.match(line, re);
    assert.match(line, /No house rules\./);
    // It sits under the grid.
    const [grid, rule] = await Promise.all([
      page.$eval("#board-drawing svg", (e) => e.getBoundingClientRect().bottom),
      page.$eval("#rules-line", (e) => e.getBoundingClientRect().top),
    ]);
    assert.ok(rule >= grid, `the rule line (top ${rule}) is under the grid (bottom ${grid})`);
  }
  // A house rule is named too.
  await h.createTable(page, server.url, { name: "Ana", seats: "2", bots: "1", rules: { six: "roll-again" } });
  await page.waitForFunction(() => document.getElementById("rules-line").textContent.trim() !== "");
  assert.match(await page.textContent("#rules-line"), /Strict ending[^]*Rolling a 6 gives another roll\./);
  await page.close();
});

test("two tokens on one square are both visible, side by side", async () => {
  // Two people and no bot, so that nobody moves before we look; under start=square-1 both
  // tokens begin on square 1.
  const ana = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const table = await h.createTable(ana, server.url, { name: "Ana", seats: "2", bots: "0", rules: { start: "square-1" } });
  const bo = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await bo.goto(`${server.url}/#/table/${table}`);
  await bo.waitForSelector("#j-name", { state: "visible" });
  await bo.fill("#j-name", "Bo");
  await bo.click("#join button[type=submit]");
  await bo.waitForFunction(() => /Bo[^]*\(you\)/.test(document.getElementById("seats").textContent));
  await startGame(ana);
  for (const page of [ana, bo]) {
    await page.waitForFunction(() => document.querySelectorAll("#board-tokens .token").length === 2);
    const boxes = await page.$$eval("#board-tokens .token", (tokens) => tokens.map((t) => {
      const r = t.querySelector(".token-disc").getBoundingClientRect();
      return { square: t.getAttribute("data-square"), letter: t.querySelector(".token-letter").textContent, x: r.x, y: r.y, w: r.width, h: r.height };
    }));
    assert.deepEqual(boxes.map((b) => b.square), ["1", "1"]);
    assert.deepEqual(boxes.map((b) => b.letter).sort(), ["A", "B"]);
    const [a, b] = boxes;
    const overlapX = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
    const overlapY = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
    assert.equal(overlapX * overlapY, 0, "the two discs do not overlap");
    assert.ok(a.w > 8 && b.w > 8, "both discs are drawn at a visible size");
    const square = await page.$eval('#board-drawing rect[data-square="1"]', (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    });
    for (const t of [a, b]) {
      assert.ok(t.x >= square.x - 1 && t.x + t.w <= square.x + square.w + 1, "the token stays inside its square");
      assert.ok(t.y >= square.y - 1 && t.y + t.h <= square.y + square.h + 1, "the token stays inside its square");
      // Nothing covers it: the topmost element at its centre belongs to the token.
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest(".token")?.querySelector(".token-letter").textContent, [t.x + t.w / 2, t.y + t.h / 2]);
      assert.equal(hit, t.letter);
    }
    // In words too: both on square 1.
    const where = await page.$$eval("#board-where tbody tr", (rows) => rows.map((r) => r.cells[2].textContent));
    assert.deepEqual(where, ["1", "1"]);
  }
  await ana.close();
  await bo.close();
});

test("a spectator hears the same answers to the keys", async () => {
  const host = await browser.newPage();
  const table = await h.createTable(host, server.url, { name: "Ana", seats: "2", bots: "1" });
  await startGame(host);
  // Another browser profile: no seat held.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/#/table/${table}`);
  await page.waitForSelector("#board-drawing svg");
  await page.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
  await recordLive(page);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  assert.match(await press(page, "c", /square|not entered/), /Ana|Bot/);
  assert.match(await press(page, "t", /It is/), /It is .+'s turn/);
  assert.match(await press(page, "Shift+S", /to go;/), /Ana: /);
  assert.match(await press(page, "?", /R or Space/), /C: everyone's position\./);
  // The roll button says why it cannot be pressed.
  assert.equal(await page.$eval("#roll", (b) => b.disabled), true);
  assert.notEqual((await page.textContent("#roll-reason")).trim(), "");
  assert.match(await page.getAttribute("#roll", "aria-describedby"), /roll-reason/);
  await context.close();
  await host.close();
});

test("the drawing: squares in boustrophedon order, every jump drawn and titled, any size, print", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await h.createTable(page, server.url, { name: "Ana", seats: "2", bots: "1" });
  const centre = (sq) => page.$eval(`#board-drawing rect[data-square="${sq}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width };
  });
  const [s1, s10, s11, s20, s91, s100] = await Promise.all([1, 10, 11, 20, 91, 100].map(centre));
  assert.ok(s1.x < s10.x && Math.abs(s1.y - s10.y) < 1, "1 to 10 run left to right along the bottom");
  assert.ok(Math.abs(s11.x - s10.x) < 1 && s11.y < s10.y, "11 sits above 10");
  assert.ok(Math.abs(s20.x - s1.x) < 1 && s20.y < s1.y, "the second row runs back right to left");
  assert.ok(s100.x < s91.x && s100.y < s20.y, "100 is top left on a 10 x 10 board");

  // The classic layout: 9 ladders and 10 snakes, each titled, each from and to the right squares.
  const ladders = await page.$$eval("#board-drawing g.ladder", (g) => g.map((e) => [e.dataset.from, e.dataset.to, e.querySelector("title").textContent]));
  const snakes = await page.$$eval("#board-drawing g.snake", (g) => g.map((e) => [e.dataset.from, e.dataset.to, e.querySelector("title").textContent]));
  assert.equal(ladders.length, 9);
  assert.equal(snakes.length, 10);
  assert.deepEqual(ladders.find((l) => l[0] === "28"), ["28", "84", "Ladder from 28 up to 84"]);
  assert.deepEqual(snakes.find((l) => l[0] === "87"), ["87", "24", "Snake from 87 down to 24"]);
  // The ladder's rails run from the centre of its foot to the centre of its top.
  const rail = await page.$eval('#board-drawing g.ladder[data-from="28"] .rail', (l) => {
    const svg = l.ownerSVGElement;
    const m = svg.getScreenCTM();
    const p = (x, y) => { const q = svg.createSVGPoint(); q.x = x; q.y = y; return q.matrixTransform(m); };
    const a = p(l.x1.baseVal.value, l.y1.baseVal.value), b = p(l.x2.baseVal.value, l.y2.baseVal.value);
    return { a: { x: a.x, y: a.y }, b: { x: b.x, y: b.y } };
  });
  const [s28, s84] = await Promise.all([centre(28), centre(84)]);
  const near = (p, q) => Math.hypot(p.x - q.x, p.y - q.y) < s28.w / 3;
  assert.ok(near(rail.a, s28) && near(rail.b, s84), "the rail joins square 28 to square 84");
  // In words as well.
  const jumpRows = await page.$$eval("#board-jumps tbody tr", (r) => r.map((tr) => [...tr.cells].map((c) => c.textContent).join(" ")));
  assert.ok(jumpRows.includes("28 84 56") && jumpRows.includes("87 24 63"), jumpRows.join(", "));

  // It scales to a phone: no sideways scrolling, the whole board in view across.
  await page.setViewportSize({ width: 360, height: 740 });
  const phone = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    board: document.querySelector("#board-drawing svg").getBoundingClientRect().width,
  }));
  assert.ok(phone.page <= 360, `the page is ${phone.page} px wide on a 360 px screen`);
  assert.ok(phone.board > 250 && phone.board <= 360, `the board is ${phone.board} px wide`);

  // Printed: the board and the rule line, without the buttons.
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.emulateMedia({ media: "print" });
  assert.equal(await page.isVisible("#board-drawing svg"), true);
  assert.equal(await page.isVisible("#rules-line"), true);
  assert.equal(await page.isVisible("#controls"), false);
  await page.close();
});
