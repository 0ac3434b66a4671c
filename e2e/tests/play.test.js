// A game played by keys, as a blind player would: create a table with a bot, start, roll with R,
// ask C, T, S, Shift+S and H, and read every answer from the live region. Then reload and keep
// the seat, and check the line under the grid for each ending.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");
const { recordLive, press, startGame } = h;

// A short bot delay so that our own announcement is on screen before the bots move.
const env = h.setup({ botDelayMs: 150 });

test("a game by keys: the focus lands on the game's buttons, R rolls, the others' moves come with your turn, C T S Shift+S H answer, repeats differ", async () => {
  const page = await env.browser.newPage();
  const table = await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  // Creating the table puts the focus on the game's buttons, a toolbar, where a screen reader
  // lets the keys through, and says where we are and what to do next.
  await page.waitForFunction(() => document.activeElement?.id === "roll");
  assert.equal(await page.evaluate(() => document.activeElement.closest("[role=toolbar]")?.getAttribute("aria-label")), "Game");
  await page.waitForFunction(() => document.querySelector("#live p") !== null);
  assert.equal(await page.textContent("#live p"), `Table ${table}: you are the host, seat 1; Tab to Start the game.`);
  // One Tab stop for the toolbar, and the next one is Start.
  assert.deepEqual(await page.$$eval("#controls button", (b) => b.map((x) => x.tabIndex)), [0, -1, -1, -1, -1, -1]);
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Positions (C)");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "start");
  await recordLive(page);
  // Start by the keyboard: the button goes, the focus comes back to the game's buttons.
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
  await page.waitForFunction(() => document.activeElement?.id === "roll");

  // Our turn or the bot's: R waits for ours, since the bot rolls by itself.
  await h.yourTurn(page);
  const rolled = await press(page, "r", /You rolled a [1-6]/);
  assert.match(rolled, /^You rolled an? \d+ and (went|climbed|slid) to \d+\.$/);
  // The first roll always enters the board, so our token moves: the words were there while it
  // was still on its way, not after.
  const i = await page.evaluate((t) => window.__live.indexOf(t), rolled);
  assert.equal(await page.evaluate((k) => window.__moving[k], i), true, "the announcement waited for the animation");
  // The bot's move is not spoken on its own: it comes in one line with our turn, and every
  // line of it is in the history.
  const turn = await page.waitForFunction(() => window.__live.find((t) => /Your turn\.$/.test(t) && /^Bot 1 /.test(t)));
  assert.match(await turn.jsonValue(), /^Bot 1 (went|climbed|slid|bounced back) to \d+\. Your turn\.$/);
  assert.equal(await page.evaluate(() => window.__live.some((t) => /Bot 1 rolled/.test(t))), false);
  await page.waitForFunction(() => /Bot 1 rolled an? \d+/.test(document.getElementById("history").textContent));
  // The history has the whole sentence: the move, with the ladder or snake it ended on.
  assert.match(await page.textContent("#history"), /You rolled an? \d+ and (entered the board on square|moved from \d+ to|climbed the ladder at \d+ to|slid down the snake at \d+ to) \d+\./);

  assert.match(await press(page, "c", /square|not entered/), /(on square \d+|not entered the board)/);
  assert.match(await press(page, "t", /It is/), /It is (your|.+'s) turn/);
  assert.match(await press(page, "s", /lead|level|Nobody|won/), /(leads?|level|Nobody|won)/);
  const detailed = await press(page, "Shift+S", /to go;.*roll/);
  assert.match(detailed, /You: (square \d+|off the board), \d+ squares? to go; \d+ turns?, \d+ rolls?/);
  const help = await press(page, "h", /R or Space/);
  assert.match(help, /R or Space: roll the die\..*Shift\+S: detailed scores.*Insert\+A in Orca/);
  // The same answer twice in a row: the second differs (by an invisible word joiner), so that a
  // screen reader which skips a repeated announcement speaks it, and reads the same.
  const first = await press(page, "c", /square|not entered/);
  const n = await page.evaluate(() => window.__live.length);
  await page.keyboard.press("c");
  const again = await (await page.waitForFunction((k) => window.__live[k], n)).jsonValue();
  assert.notEqual(again, first);
  assert.equal(again.replace("\u2060", ""), first);

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

  // The drawn token of the player to roll is marked, and the players' table says so.
  const current = await page.$$eval("#board-tokens .token.current", (n) => n.length);
  const marked = await page.$$eval('#seats tr[aria-current="true"]', (n) => n.length);
  if (await page.$eval("#status-line", (e) => /Playing/.test(e.textContent))) {
    assert.equal(current, 1);
    assert.equal(marked, 1);
  }

  // Reload: the seat is kept (the page holds its token) and R still rolls for us.
  await page.reload();
  await page.waitForSelector("#board-drawing svg");
  await page.waitForFunction(() => /Ana \([^)]*\byou\b/.test(document.getElementById("seats").textContent));
  await recordLive(page);
  if (await page.$eval("#status-line", (e) => /Playing/.test(e.textContent))) {
    await h.yourTurn(page);
    assert.match(await press(page, " ", /You rolled an? \d+|game is over/), /You rolled an? \d+|game is over/);
  }
  await page.close();
});

test("the table page reads in the game's order: status, buttons, players, then the board; jumps as lists", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  const order = await page.evaluate(() => {
    const ids = ["table-heading", "status-line", "controls", "live", "seats", "board-drawing", "board-words", "history", "analysis"];
    const els = ids.map((id) => document.getElementById(id));
    return ids.filter((id, k) => k === 0 || (els[k - 1].compareDocumentPosition(els[k]) & Node.DOCUMENT_POSITION_FOLLOWING));
  });
  assert.deepEqual(order, ["table-heading", "status-line", "controls", "live", "seats", "board-drawing", "board-words", "history", "analysis"]);
  // Ladders and snakes: one short item each, no table repeating its headers in every row.
  assert.equal(await page.$$eval("#board-jumps table", (t) => t.length), 0);
  const lists = await page.$$eval("#board-jumps ul", (uls) => uls.map((ul) => ({
    name: document.getElementById(ul.getAttribute("aria-labelledby")).textContent,
    items: [...ul.children].map((li) => li.textContent),
  })));
  assert.deepEqual(lists.map((l) => l.name), ["Ladders (9)", "Snakes (10)"]);
  assert.ok(lists[0].items.includes("28 to 84") && lists[1].items.includes("87 to 24"), JSON.stringify(lists));
  await page.close();
});

test("the line under the grid names the ending in force", async () => {
  const expected = {
    bounce: /^Strict ending: you must land on 100 exactly; an overshoot counts back down\./,
    exact: /^Exact ending: you must land on 100 exactly; a roll that would overshoot does not move\./,
    loose: /^Loose ending: any roll that reaches or passes 100 wins\./,
  };
  const page = await env.browser.newPage();
  for (const [ending, re] of Object.entries(expected)) {
    await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1", rules: { ending } });
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
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1", rules: { six: "roll-again" } });
  await page.waitForFunction(() => document.getElementById("rules-line").textContent.trim() !== "");
  assert.match(await page.textContent("#rules-line"), /Strict ending[^]*Rolling a 6 gives another roll\./);
  await page.close();
});

test("two tokens on one square are both visible, side by side", async () => {
  // Two people and no bot, so that nobody moves before we look; under start=square-1 both
  // tokens begin on square 1.
  const ana = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "2", bots: "0", rules: { start: "square-1" } });
  const bo = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await bo.goto(`${env.server.url}/#/table/${table}`);
  await bo.waitForSelector("#j-name", { state: "visible" });
  await bo.fill("#j-name", "Bo");
  await bo.click("#join button[type=submit]");
  await bo.waitForFunction(() => /Bo \(you\)/.test(document.getElementById("seats").textContent));
  // Taking the seat is said, and the focus goes to the game's buttons.
  await bo.waitForFunction((t) => [...document.querySelectorAll("#live p")].some((p) => p.textContent === t),
    `Table ${table}: you took seat 2; the host starts the game.`);
  assert.equal(await bo.evaluate(() => document.activeElement.id), "roll");
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
    const where = await page.$$eval("#seats tr", (rows) => rows.map((r) => r.cells[2].textContent));
    assert.deepEqual(where, ["1", "1"]);
  }
  await ana.close();
  await bo.close();
});

test("a spectator hears the same answers to the keys", async () => {
  const host = await env.browser.newPage();
  const table = await h.createTable(host, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await startGame(host);
  // Another browser profile: no seat held.
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${env.server.url}/#/table/${table}`);
  await page.waitForSelector("#board-drawing svg");
  await page.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
  await recordLive(page);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  assert.match(await press(page, "c", /square|not entered/), /Ana|Bot/);
  assert.match(await press(page, "t", /It is/), /It is .+'s turn/);
  assert.match(await press(page, "Shift+S", /to go;/), /Ana: /);
  assert.match(await press(page, "?", /R or Space/), /C: everyone's position\./);
  // Under the buttons, why Roll cannot roll; pressed anyway, the server says why.
  assert.equal((await page.textContent("#roll-reason")).trim(), "You are watching.");
  assert.equal(await press(page, "r", /seat/), "You have no seat at this table.");
  await context.close();
  await host.close();
});

test("the drawing: squares in boustrophedon order, every jump drawn and titled, any size, print", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
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
