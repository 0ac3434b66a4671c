// A game played by keys, as a blind player would: create a table with a bot, start, roll with R,
// ask C, T, S, Shift+S and H, and read every answer from the live region and the history. Then
// reload and keep the seat; check the line under the grid for each ending; the sounds, the die
// and the moves square by square; leaving the seat and taking it back; a whole game's one
// winner sentence; and a player whose page lost its connection.
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
  // The page's title names the table.
  assert.equal(await page.title(), `Table ${table} – Snakes and Ladders`);
  // One Tab stop for the toolbar, and the next one is Start.
  const buttons = await page.evaluate(() => JSON.parse(document.getElementById("keys").textContent).filter((k) => k.button).length);
  assert.deepEqual(await page.$$eval("#controls button", (b) => b.map((x) => x.tabIndex)), [0, ...Array(buttons - 1).fill(-1)]);
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

  // Our turn or the bot's: R waits for ours, since the bot rolls by itself, and for the page
  // to have said so (an announcement comes at most every 150 ms: ours is then not held back).
  await h.turnSaid(page);
  const rolled = await press(page, "r", /You rolled a [1-6]/);
  assert.match(rolled, /^You rolled an? \d+ and (went|climbed|slid) to \d+\.$/);
  // The first roll always enters the board, so our token moves: the words were there while it
  // was still on its way, not after.
  const i = await page.evaluate((t) => window.__live.indexOf(t), rolled);
  assert.equal(await page.evaluate((k) => window.__moving[k], i), true, "the announcement waited for the animation");
  // The bot's move is not spoken on its own: it comes in one line with our turn, and the
  // history holds that line as it was said, one entry, never "Your turn." alone.
  const turn = await (await page.waitForFunction(() => window.__live.find((t) => /Your turn\.$/.test(t) && /^Bot 1 /.test(t)))).jsonValue();
  assert.match(turn, /^Bot 1 (went|climbed|slid|bounced back) to \d+\. Your turn\.$/);
  assert.equal(await page.evaluate(() => window.__live.some((t) => /Bot 1 rolled/.test(t))), false);
  const said = await page.$$eval("#history li", (li) => li.map((l) => l.textContent));
  assert.ok(said.includes(turn), JSON.stringify(said));
  assert.ok(!said.includes("Your turn."), JSON.stringify(said));
  assert.ok(said.some((t) => /^You rolled an? \d+ and (went|climbed|slid) to \d+\.$/.test(t)), JSON.stringify(said));

  assert.match(await press(page, "c", /square|not entered/), /(on square \d+|not entered the board)/);
  assert.match(await press(page, "t", /It is/), /It is (your|.+'s) turn/);
  assert.match(await press(page, "s", /lead|level|Nobody|won/), /(leads?|level|Nobody|won)/);
  const detailed = await press(page, "Shift+S", /to go;.*roll/);
  assert.match(detailed, /You: (square \d+|off the board), \d+ squares? to go; \d+ turns?, \d+ rolls?/);
  // H says the keys of what can be done now first, and how many more there are; every key is
  // a line of the history, which period reads on from the last one said.
  const help = await press(page, "h", /R or Space/);
  assert.match(help, /^R or Space: roll the die\. L: .*\. \d+ more keys, each a line of the history: period reads the next/);
  assert.ok(help.split(" ").length < 60, help);
  assert.match(await press(page, ".", /position/), /^\d+ of \d+: C: everyone's position\.$/);
  // The answers stay in the history, as the moves do.
  const answers = await page.$$eval("#history li.said-answer", (li) => li.map((l) => l.textContent));
  assert.ok(answers.includes("Shift+S: detailed scores."), answers.join(" | "));
  assert.match(answers.at(-1), /Insert\+A in Orca/);
  assert.match(answers[0], /(on square \d+|not entered the board)/);
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
  assert.equal(await page.inputValue("#typing"), "crts R?", "the letters went into the field");
  await page.evaluate(() => document.getElementById("typing").remove());
  // Then T out of the field, answered: whatever the letters had sent would have gone before it.
  await page.focus("#roll");
  await press(page, "t", /It is/);
  const sent = await page.evaluate((n) => window.__sent.slice(n), sentBefore);
  const asked = (m) => m.query ?? (m.type === "act" ? m.action.type : m.type);
  assert.deepEqual(sent.filter((m) => /"type":"(query|roll)"/.test(m)).map((m) => asked(JSON.parse(m))), ["turn"],
    "no key fired while typing");

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
  const bo = await h.joinAs(env.browser, env.server.url, table, "Bo", { viewport: { width: 1200, height: 900 } });
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
  // Under the buttons, why Roll cannot roll: the very words of the refusal it would get; pressed
  // anyway, the server says them, and the history keeps them.
  assert.equal((await page.textContent("#roll-reason")).trim(), "You have no seat at this table.");
  assert.equal(await press(page, "r", /seat/), "You have no seat at this table.");
  assert.equal(await page.$eval("#history li.said-refusal", (li) => li.textContent), "You have no seat at this table.");
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

test("sounds: every kind of event schedules its cue, a real roll its die and steps, and none when switched off", async () => {
  const page = await env.browser.newPage();
  // Before any key press, no sound may play: the switch shows off.
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#r-ending");
  await h.recordCues(page);
  const cues = () => page.evaluate(() => window.__cues.map((c) => c.name));
  assert.equal(await page.evaluate(async () => (await import("/sounds.js")).playing()), false);
  // Creating the table is a key press and a click: sounds are on from then.
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.recordCues(page);
  assert.equal(await page.isChecked("#sounds"), true);
  // Each event its cue, in order: the die, a step per square, the ladder, the snake, the
  // bounce off the last square (steps up to it and back), the win, your turn.
  const batch = await page.evaluate(async () => {
    const sounds = await import("/sounds.js");
    window.__cues = [];
    sounds.cueEvents([
      { type: "rolled", player: 0, roll: 4 }, { type: "moved", player: 0, from: 10, to: 14 },
      { type: "climbed", player: 0, from: 14, to: 35 }, { type: "turn_passed", player: 1 },
      { type: "rolled", player: 1, roll: 2 }, { type: "moved", player: 1, from: 14, to: 16 },
      { type: "slid", player: 1, from: 16, to: 6 },
      { type: "rolled", player: 1, roll: 5 }, { type: "bounced", player: 1, from: 97, turned_at: 100, to: 98 },
      { type: "turn_passed", player: 0 },
      { type: "rolled", player: 0, roll: 3 }, { type: "moved", player: 0, from: 97, to: 100 }, { type: "won", player: 0, square: 100 },
    ], 0);
    return window.__cues;
  });
  assert.deepEqual(batch.map((c) => c.name), [
    "dice", "step", "step", "step", "step", "ladder",
    "dice", "step", "step", "snake",
    "dice", "step", "step", "step", "bounce", "step", "step",
    "turn",
    "dice", "step", "step", "step", "win",
  ]);
  // In time order, steps apart.
  const at = batch.map((c) => c.at);
  assert.deepEqual(at, [...at].sort((a, b) => a - b));
  assert.ok(at[2] - at[1] > 0.05 && at[2] - at[1] < 0.15, "steps are a fraction of a second apart");

  // A real game: our roll's die and steps; a refused key's own sound.
  await page.evaluate(() => { window.__cues = []; });
  await h.recordLive(page);
  await page.keyboard.press("r");
  await h.heard(page, /not started/);
  assert.deepEqual(await cues(), ["refusal"]);
  await h.startGame(page);
  await h.yourTurn(page);
  await page.evaluate(() => {
    window.__cues = [];
    // Each face the die beside Roll shows (the bot's may follow ours at once).
    window.__dice = [];
    const die = document.getElementById("die");
    new MutationObserver(() => window.__dice.push(die.dataset.roll)).observe(die, { attributes: true, attributeFilter: ["data-roll"] });
  });
  const rolled = await press(page, "r", /^You rolled/);
  await page.waitForFunction(() => window.__cues.length > 1);
  const mine = await cues();
  assert.equal(mine[0], "dice");
  const [, roll] = rolled.match(/You rolled an? (\d+)/);
  // The first roll enters: a step for each square from the start to where it landed (up to the
  // bot's die, whose move may already be scheduled too).
  const own = mine.indexOf("dice", 1) === -1 ? mine : mine.slice(0, mine.indexOf("dice", 1));
  assert.equal(own.filter((c) => c === "step").length, Number(roll), `${rolled}: ${mine}`);
  // The die beside Roll shows it.
  assert.equal(await page.evaluate(() => window.__dice[0]), roll);

  // Switched off: nothing scheduled, and the choice is kept. Clicked once the page is still (a
  // bot's move arriving would move the switch under the pointer): our turn again, said.
  await h.turnSaid(page);
  await page.click("#sounds");
  assert.equal(await page.isChecked("#sounds"), false);
  await h.yourTurn(page);
  await page.evaluate(() => { window.__cues = []; });
  await page.focus("#roll");
  await press(page, "r", /^You rolled/);
  await h.yourTurn(page);
  assert.deepEqual(await cues(), []);
  assert.equal(await page.evaluate(() => localStorage.getItem("snakes.sounds")), "0");
  await page.reload();
  await page.waitForSelector("#board-drawing svg");
  await page.keyboard.press("Tab");
  assert.equal(await page.isChecked("#sounds"), false);
  await page.close();
});

test("a token moves square by square, then up or down its jump; not at all under reduced motion", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  const mine = await page.evaluate(() => document.querySelector("#seats tr:has(.swatch)") && [...document.querySelectorAll("#seats tr")].findIndex((r) => /\byou\b/.test(r.textContent)));
  // The animation as the words appear (nothing holds them back now): they do not wait for it.
  const rolled = await press(page, "r", /^You rolled/);
  const frames = await page.evaluate(([t, p]) => window.__frames[window.__live.indexOf(t)][p], [rolled, mine]);
  const [, roll] = rolled.match(/You rolled an? (\d+)/);
  const jumped = /climbed|slid/.test(rolled) ? 1 : 0;
  // From the start strip, one frame per square to the landing, then the jump.
  assert.equal(frames, 1 + Number(roll) + jumped, rolled);

  await h.yourTurn(page);
  await page.waitForFunction(() => [...document.querySelectorAll("#board-tokens .token, #die")].every((t) => t.getAnimations().length === 0));
  await page.emulateMedia({ reducedMotion: "reduce" });
  await press(page, "r", /^You rolled/);
  const moving = await page.evaluate(() => [...document.querySelectorAll("#board-tokens .token, #die")].filter((t) => t.getAnimations().length > 0).map((t) => t.outerHTML.slice(0, 80)));
  assert.deepEqual(moving, []);
  await page.close();
});

test("leaving the seat asks first, is told in the first person, and is undone by taking the seat back", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.recordLive(page);
  await h.startGame(page);
  // Clicked once the page is still (a bot's move arriving would move the button under the
  // pointer): our turn, said.
  await h.turnSaid(page);
  await page.click("#leave");
  assert.equal(await page.isVisible("#leave-confirm"), true);
  assert.match(await page.textContent("#leave-question"), /A bot plays for you until you come back with “Take my seat back” \(J\)/);
  assert.equal(await page.evaluate(() => document.activeElement.id), "leave-no");
  // Staying changes nothing.
  await page.keyboard.press("Enter");
  assert.equal(await page.isVisible("#leave-confirm"), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), "leave");
  // Leaving: a bot plays the seat; the way back takes the focus.
  await page.keyboard.press("Enter");
  await page.click("#leave-yes");
  await page.waitForFunction(() => document.activeElement?.id === "come-back");
  await page.waitForFunction(() => /away, a bot plays/.test(document.getElementById("seats").textContent));
  // Told in the first person, to the one who acted.
  assert.equal(await h.heard(page, /You left/), "You left; your bot plays for you until you take your seat back with J.");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !/away/.test(document.getElementById("seats").textContent));
  assert.equal(await h.heard(page, /are back/), "You are back and play again.");
  assert.equal(await page.isVisible("#leave"), true);
  assert.equal(await page.isVisible("#come-back"), false);
  await page.close();
});

test("a whole game on a small board: one winner sentence, the same on the status line", async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#r-ending");
  await page.fill("#c-name", "Ana");
  await page.selectOption("#c-board-kind", "custom");
  await page.fill("#c-board", '{"size": 3, "ladders": [[2, 7]], "snakes": [[8, 3]]}');
  await page.selectOption("#r-ending", "loose");
  await page.selectOption("#c-seats", "2");
  await page.selectOption("#c-bots", "1");
  await page.click("#create button[type=submit]");
  await page.waitForSelector("#board-drawing svg");
  await h.recordLive(page);
  await h.startGame(page);
  const ended = /won the game/;
  const ours = () => page.evaluate(() => window.__live.filter((t) => /^You rolled/.test(t)).length);
  while (!ended.test(await page.textContent("#status-line"))) {
    await page.waitForFunction(() => /Your turn|won the game/.test(document.getElementById("status-line").textContent));
    if (!/Your turn/.test(await page.textContent("#status-line"))) continue;
    // R, then until the roll is told (or the game is over): however soon the bot answers.
    const before = await ours();
    await page.keyboard.press("r");
    await page.waitForFunction((n) => window.__live.filter((t) => /^You rolled/.test(t)).length > n ||
      /won the game/.test(document.getElementById("status-line").textContent), before);
  }
  const status = await page.textContent("#status-line");
  assert.match(status, /^(You won the game in round \d+!|Bot 1 won the game in round \d+\.)$/);
  await h.heard(page, /won/);
  const won = await page.evaluate(() => window.__live.filter((t) => /\bwon?\b/.test(t)));
  assert.equal(won.length, 1, JSON.stringify(won));
  assert.ok(won[0].includes(status), `${won[0]} / ${status}`);
  // The history holds the announcement as it was said: the win once, in the line that told it.
  const history = await page.$$eval("#history li", (li) => li.map((l) => l.textContent).filter((t) => /\bwon?\b/.test(t)));
  assert.deepEqual(history, won);
  await page.close();
});

test("the others see at once that a player's page lost its connection", async () => {
  const ana = await env.browser.newPage();
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "2", bots: "0" });
  const bo = await h.joinAs(env.browser, env.server.url, table, "Bo");
  await startGame(ana);
  assert.doesNotMatch(await ana.textContent("#seats"), /connection lost/);
  // Bo's browser goes away: Ana's page says so at once, long before a bot takes the seat.
  await bo.context().close();
  await ana.waitForFunction(() => [...document.querySelectorAll("#seats th")].some((th) => /Bo \(connection lost/.test(th.textContent)));
  if (/Bo to roll/.test(await ana.textContent("#status-line"))) {
    assert.match(await ana.textContent("#status-line"), /the connection to Bo is lost: a bot plays for Bo after 30 seconds/);
  }
  await ana.close();
});
