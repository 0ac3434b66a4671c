// What the page says is so: a player who left hears their bot's moves as their bot's and takes
// the seat back only by asking (J); arrowing through the language menu changes nothing until
// Enter; a big board is sent whole, and one over the server's limit gets a sentence; a roll the
// page did not get to speak before a reload is spoken after it; joining is said once, in the
// first person; the game's keys work from a settings checkbox; of two tabs on one seat, the one
// whose roll came second hears the roll once and no "nothing was done".
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

// The bots wait 400 ms before rolling: a person's seat played by a bot is heard roll by roll.
const env = h.setup({ botDelayMs: 400 });

test("after leaving, the bot's moves are your bot's, never your turn; R says why not; J takes the seat back", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.recordLive(page);
  await h.startGame(page);
  // Clicked once the page is still (a bot's move arriving would move the button under the
  // pointer): our turn, said.
  await h.turnSaid(page);
  await page.click("#leave");
  await page.click("#leave-yes");
  assert.equal(await h.heard(page, /You left/), "You left; your bot plays for you until you take your seat back with J.");
  // The bot playing Ana's seat rolls: Ana hears it as her bot's.
  const mine = await h.heard(page, /^Your bot rolled/);
  assert.match(mine, /^Your bot rolled an? \d+ and /);
  const from = await page.evaluate(() => window.__live.length);
  // R while the bot plays: refused with the way back, and nothing taken back behind her back.
  await page.focus("#roll");
  const refusal = await h.press(page, "r", /bot plays your seat/);
  assert.equal(refusal, "A bot plays your seat since you left: press J to take it back.");
  assert.match(await page.textContent("#seats"), /away, a bot plays/);
  // H says the way back first.
  assert.match(await h.press(page, "h", /^J: /), /^J: take your seat back from the bot that plays it since you left\./);
  // Nothing said since leaving is in the second person.
  const said = await page.evaluate((n) => window.__live.slice(n), from);
  assert.deepEqual(said.filter((t) => /\bYour turn\b|\bYou rolled\b/.test(t)), [], said.join(" | "));
  // J takes the seat back; from then on it is her turn again, as always.
  assert.equal(await h.press(page, "j", /are back/), "You are back and play again.");
  await page.waitForFunction(() => !/away/.test(document.getElementById("seats").textContent));
  assert.equal(await page.isVisible("#leave"), true);
  if (!/won/.test(await page.textContent("#status-line"))) {
    await h.yourTurn(page);
    assert.match(await h.press(page, "r", /^You rolled/), /^You rolled an? \d+/);
    // J on a seat no bot plays says so.
    assert.equal(await h.press(page, "j", /own seat/), "You are playing your own seat: no bot plays it.");
  }
  await page.close();
});

test("the language menu: arrows move through it and change nothing; Enter changes the language", async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + "/?lang=en");
  await page.waitForSelector("#r-ending");
  let loads = 0;
  page.on("load", () => { loads += 1; });
  // Opening another page starts by unloading this one, at once (beforeunload is dispatched
  // within the very script that asks for the page): had an arrow asked, it is known when the
  // key press is done.
  await page.evaluate(() => {
    window.__leaving = false;
    window.addEventListener("beforeunload", () => { window.__leaving = true; });
  });
  await page.focus("#lang-menu");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => window.__leaving), false, "no language was asked for while arrowing");
  assert.equal(loads, 0, "no language was opened while arrowing");
  assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
  const chosen = await page.$eval("#lang-menu", (s) => s.value);
  assert.notEqual(chosen, "en");
  await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
  await page.waitForSelector("#r-ending");
  assert.equal(await page.evaluate(() => document.documentElement.lang), chosen);
  await page.close();
});

/** A grid of `n` x `n` with no jumps, as JSON pretty-printed one cell a line (8 bytes a cell). */
function prettyGrid(n) {
  const rows = Array.from({ length: n }, () => "  [\n" + Array.from({ length: n }, () => "    -1").join(",\n") + "\n  ]");
  return "[\n" + rows.join(",\n") + "\n]";
}

test("a 100 x 100 grid pasted pretty-printed (over 64 KB) makes a table; a board over the server's limit is refused in words", async () => {
  const page = await env.browser.newPage();
  const grid = prettyGrid(100);
  assert.ok(grid.length > 64 * 1024, `${grid.length} bytes`);
  // Pasted: the text arrives at once (typing 80 KB key by key is not what a person does).
  const paste = (text) => page.$eval("#c-board", (t, v) => { t.value = v; t.dispatchEvent(new Event("input")); }, text);
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#r-ending");
  await page.fill("#c-name", "Ana");
  await page.selectOption("#c-board-kind", "custom");
  await paste(grid);
  await page.click("#create button[type=submit]");
  await page.waitForURL(/#\/table\/\d+$/);
  await page.waitForSelector("#board-drawing svg");
  assert.match(await page.textContent("#table-heading"), /Table \d+/);
  assert.match(await page.textContent("#rules-line"), /10000|10,000/);

  // Larger than any board this server takes (10,000 squares): said under the board field, and
  // the connection stays.
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#r-ending");
  await page.fill("#c-name", "Ana");
  await page.selectOption("#c-board-kind", "custom");
  await paste("# " + "x".repeat(300 * 1024));
  await page.click("#create button[type=submit]");
  await page.waitForFunction(() => document.getElementById("c-board-error").textContent !== "");
  const refused = await page.textContent("#c-board-error");
  assert.match(refused, /^This board is (\d+) KB as sent; this server takes boards of at most 220 KB\.$/);
  assert.ok(Number(refused.match(/\d+/)[0]) >= 300, refused);
  assert.match(await page.textContent("#connection"), /^Connected/);
  await page.close();
});

test("a roll the page did not get to speak before a reload is spoken after it", async () => {
  const page = await env.browser.newPage();
  // The page's clock is the test's (Playwright's clock): a line counts as spoken once the time
  // a screen reader takes to say it has passed on that clock (state.js, speechMs).
  await page.clock.install();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  // What the page says from its first moment on, after the reload.
  await page.addInitScript(() => {
    window.__live = [];
    new MutationObserver(() => {
      const live = document.getElementById("live");
      if (live?.lastElementChild) window.__live.push(live.lastElementChild.textContent.trim());
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  // The page's time stops: the roll is written the moment it comes (the last words are older
  // than the page's pace), and no time passes for a screen reader to say it before the reload,
  // however slow the machine.
  // pauseAt must lie ahead of the page's clock, which runs meanwhile: a second ahead, further
  // if a loaded machine took longer than that between the two calls.
  for (let ahead = 1000; ; ahead *= 4) {
    try {
      await page.clock.pauseAt(await page.evaluate((a) => Date.now() + a, ahead));
      break;
    } catch (e) {
      if (!/to the past/.test(e.message) || ahead > 60000) throw e;
    }
  }
  const rolled = await h.press(page, "r", /^You rolled/);
  await page.reload();
  await page.clock.resume();
  await page.waitForSelector("#board-drawing svg");
  const again = await h.heard(page, /While you were away/);
  // Where our roll took us, said in the catch-up's short form ("you went to 6").
  const square = rolled.match(/(\d+)\.$/)[1];
  assert.match(again, new RegExp(`While you were away: [^.]*\\byou [^,.]*\\b${square}\\b`), `our roll (${rolled}) in: ${again}`);
  await page.close();
});

test("a roll the page had been saying for a second before a reload is not said again after it", async () => {
  const page = await env.browser.newPage();
  await page.clock.install();
  const table = await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  const key = `snakes.heard.${table}`;
  // What the next page finds stored as heard, before its own scripts run.
  await page.addInitScript((k) => { window.__heardAtStart = Number(localStorage.getItem(k)); }, key);
  const heardBefore = () => page.evaluate((k) => Number(localStorage.getItem(k)), key);
  await h.press(page, "r", /^You rolled/);
  // A second and a half of the page's time: the roll's sentence begun, not finished (a screen
  // reader takes about three seconds for it).
  await page.clock.runFor(1500);
  const before = await heardBefore();
  await page.reload();
  await page.waitForSelector("#board-drawing svg");
  const after = await page.evaluate(() => window.__heardAtStart);
  assert.ok(after > before, `heard ${before} before the reload, ${after} after`);
  await page.close();
});

test("joining is said once, in the first person; the game's keys work from a settings checkbox", async () => {
  const ana = await env.browser.newPage();
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "3", bots: "0" });
  const bo = await env.browser.newPage();
  await bo.goto(`${env.server.url}/#/table/${table}`);
  await bo.waitForSelector("#j-name", { state: "visible" });
  await h.recordLive(bo);
  await bo.fill("#j-name", "Bo");
  await bo.click("#join button[type=submit]");
  await h.heard(bo, /you took seat/);
  const said = await bo.evaluate(() => window.__live.slice());
  assert.deepEqual(said.filter((t) => /Bo took seat/.test(t)), [], said.join(" | "));
  assert.deepEqual(said.filter((t) => /took seat 2/.test(t)), [`Table ${table}: you took seat 2; the host starts the game.`]);

  // R from the sounds checkbox rolls (Space there still ticks the box).
  await h.startGame(ana);
  const [player, other] = /Your turn/.test(await ana.textContent("#status-line")) ? [ana, bo] : [bo, ana];
  await h.recordLive(player);
  await player.focus("#sounds");
  assert.match(await h.press(player, "r", /^You rolled/), /^You rolled an? \d+/);
  await other.close();
  await player.close();
});

test("two tabs on one seat: the tab whose roll came second hears the roll, not that nothing was done", async () => {
  const context = await env.browser.newContext();
  const first = await context.newPage();
  const table = await h.createTable(first, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.startGame(first);
  await h.yourTurn(first);
  // The second tab: what the server sends it is held back on demand, so that its R leaves
  // before it has heard the first tab's roll, as on a slow connection.
  const second = await context.newPage();
  const server = await h.holdServer(second);
  await second.goto(`${env.server.url}/#/table/${table}`);
  await h.yourTurn(second);
  await h.recordLive(second);
  server.hold();
  await first.keyboard.press("r");
  await first.waitForFunction(() => /You rolled/.test(document.getElementById("history").textContent));
  await second.focus("#roll");
  await second.keyboard.press("r");
  // The server refuses the second roll, after sending the first roll's events.
  await second.waitForFunction(() => window.__sent.some((m) => /"type":"roll"/.test(m)));
  assert.match(await server.seen(/"refused"/), /"code":"stale_seq"/);
  // Released, in the order the server sent them; then a question, whose answer comes after.
  server.release();
  await h.heard(second, /^You rolled/);
  await h.press(second, "t", /It is/);
  const said = await second.evaluate(() => window.__live.slice());
  assert.deepEqual(said.filter((t) => /nothing was done/.test(t)), [], said.join(" | "));
  assert.equal(said.filter((t) => /^You rolled/.test(t)).length, 1, said.join(" | "));
  await context.close();
});
