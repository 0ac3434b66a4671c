// Coming back: the server is stopped (SIGTERM: it says it is restarting) or killed mid-game
// (SIGKILL: no goodbye) and started again on the same database, behind the same address (a
// forwarder of the test's own, as a proxy in production: each server binds a port of its own),
// and a page is closed and opened again. Each time the page hears what happened meanwhile and
// whose turn it is; a key pressed while there is no connection is answered at once and never
// sent later.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = { tmp: null, server: null, browser: null, front: null };

/** A server on the file's database, with the forwarder pointed at it. */
async function serve(botDelayMs) {
  env.server = await h.startServer({ db: env.tmp.db, botDelayMs, extra: ["--allow-origin", env.front.url] });
  env.front.to = env.server.port;
}

before(async () => {
  env.tmp = h.tempDb();
  env.front = await h.forwarder();
  await serve(100);
  env.browser = await h.launch();
});

after(async () => {
  await env.browser?.close();
  if (env.server) await h.stopServer(env.server);
  await env.front?.close();
  env.tmp?.cleanup();
});

test("a killed server comes back: the page says what it missed and whose turn it is, and carries on", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.front.url, { name: "Ana", seats: "3", bots: "2" });
  await h.startGame(page);
  await h.yourTurn(page);
  // Our turn: the server is stopped and started again with bots that take a minute, so that
  // after our roll they cannot roll before the server is killed, however slow the machine.
  // Stopped with SIGTERM, the server closes the page's socket with 1012: the page says it is
  // restarting (not a lost connection), and says so until it is connected again.
  await h.stopServer(env.server);
  await page.waitForFunction(() => /restarting/i.test(document.getElementById("connection").textContent));
  assert.equal(await page.textContent("#connection"), "The server is restarting; reconnecting.");
  await serve(60000);
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent), null, { timeout: 20000 });
  await h.yourTurn(page);
  await h.recordLive(page);
  await page.keyboard.press("r");
  // Once our own roll is told, it is stored; the bots are due and roll after the restart.
  await page.waitForFunction(() => /You rolled/.test(document.getElementById("history").textContent));
  const before = await page.$$eval("#seats tr", (rows) => rows.map((r) => r.cells[2].textContent));
  const historyBefore = await page.$$eval("#history li", (li) => li.length);

  await h.stopServer(env.server, true);
  await page.waitForFunction(() => /lost/i.test(document.getElementById("connection").textContent));
  // A key pressed now is answered at once, and no roll waits to be sent later.
  const sent = await page.evaluate(() => window.__sent.length);
  const notice = await h.press(page, "r", /Not connected/);
  assert.equal(notice, "Not connected: reconnecting. Try again in a moment.");
  await h.press(page, "c", /Not connected/);
  const heardBefore = await page.evaluate(() => window.__live.length);

  await serve(100);
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent), null, { timeout: 20000 });
  // What happened while away, then whose turn: into the live region, not only the history.
  // The bots roll 100 ms after the restart: if the page is back before they do, it hears them
  // live, and its turn starts with the one line of what they did ("Bot 1 went to 25. Your turn.");
  // else it hears "While you were away: ..." and whose turn it is.
  const back = await h.heard(page, /your turn/i, heardBefore);
  assert.match(back, /^(While you were away: )?Bot \d .*(It is your turn; you are on square \d+|Your turn)\.$/);
  await h.yourTurn(page);
  const afterSent = await page.evaluate((n) => window.__sent.slice(n), sent);
  assert.deepEqual(afterSent.filter((m) => /"type":"(roll|query)"/.test(m)), [], "nothing sent from before the reconnection");
  // The bots moved during the restart, and the page shows where to.
  const moved = await page.$$eval("#seats tr", (rows) => rows.map((r) => r.cells[2].textContent));
  assert.notDeepEqual(moved, before);
  assert.ok((await page.$$eval("#history li", (li) => li.length)) >= historyBefore);
  assert.match(await page.textContent("#seats"), /Ana \([^)]*\byou\b/);

  // And the game goes on.
  const rolled = await h.press(page, "r", /You rolled|Not connected/);
  assert.match(rolled, /^You rolled/);
  await page.close();
});

test("a page closed and opened again mid-game says what it missed and whose turn it is", async () => {
  // Ana and Bo, each in a browser of their own: Ana closes her page while Bo is to roll.
  const anaContext = await env.browser.newContext();
  let ana = await anaContext.newPage();
  const table = await h.createTable(ana, env.front.url, { name: "Ana", seats: "2", bots: "0" });
  const bo = await h.joinAs(env.browser, env.front.url, table, "Bo");
  await h.startGame(ana);
  // Events 1 and 2 are the two seats taken, 3 the start; Ana's roll, if she goes first, is 4
  // and what follows from it (at least the move and the turn passed).
  let last = 3;
  if (/Your turn/.test(await ana.textContent("#status-line"))) {
    await ana.keyboard.press("r");
    last = 6;
  }
  await h.yourTurn(bo);
  await ana.waitForFunction(() => /Bo to roll/.test(document.getElementById("status-line").textContent));
  // Ana had the time to hear all that before she closed the page (a page closed at once
  // would hear it again when opened: see trust.test.js).
  await ana.waitForFunction(([t, n]) => Number(localStorage.getItem("snakes.heard." + t)) >= n, [table, last]);
  await ana.close();
  await h.recordLive(bo);
  await h.press(bo, "r", /^You rolled/);

  ana = await anaContext.newPage();
  await ana.addInitScript(() => {
    window.__live = [];
    new MutationObserver(() => {
      const live = document.getElementById("live");
      if (live?.lastElementChild) window.__live.push(live.lastElementChild.textContent.trim());
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await ana.goto(`${env.front.url}/#/table/${table}`);
  const said = await h.heard(ana, /your turn/i);
  assert.match(said, /^While you were away: Bo (went|climbed|slid|bounced back)[^.]*\. It is your turn; you (are on square \d+|have not entered the board)\.$/);
  // The table's earlier lines are in the history too, as they were said to this seat: they
  // come after the catch-up, in pages of their own.
  const earlier = "^Bo (went|climbed|slid|bounced back)[^.]*\\. Your turn\\.$";
  await ana.waitForFunction((re) => [...document.querySelectorAll("#history li")].some((l) => new RegExp(re).test(l.textContent)), earlier)
    .catch(async (e) => {
      const lines = await ana.$$eval("#history li", (li) => li.map((l) => l.textContent));
      throw new Error(`no earlier line in the history: ${JSON.stringify(lines)} (${e.message})`);
    });
  await anaContext.close();
  await bo.context().close();
});
