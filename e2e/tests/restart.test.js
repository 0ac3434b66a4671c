// The server is killed mid-game (SIGKILL: no goodbye) and started again on the same port and
// database: the page reconnects by itself and the game goes on from where it was.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 100 });

test("a killed server comes back and the page carries on with the same game", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await h.startGame(page);
  await h.yourTurn(page);
  await page.keyboard.press("r");
  // Once it is our turn again, everything so far is stored.
  await page.waitForFunction(() => /You rolled/.test(document.getElementById("history").textContent));
  await h.yourTurn(page);
  const before = await page.$$eval("#seats tr", (rows) => rows.map((r) => r.cells[2].textContent));
  const historyBefore = await page.$$eval("#history li", (li) => li.length);

  await h.stopServer(env.server, true);
  await page.waitForFunction(() => /lost|Reconnecting/i.test(document.getElementById("connection").textContent));
  env.server = await h.startServer({ db: env.tmp.db, port: env.server.port, botDelayMs: 100 });
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent), null, { timeout: 20000 });

  // The same squares, still our turn, nothing lost from the history.
  await h.yourTurn(page);
  const after = await page.$$eval("#seats tr", (rows) => rows.map((r) => r.cells[2].textContent));
  assert.deepEqual(after, before);
  assert.ok((await page.$$eval("#history li", (li) => li.length)) >= historyBefore);
  assert.match(await page.textContent("#seats"), /Ana \([^)]*\byou\b/);

  // And the game goes on.
  await page.keyboard.press("r");
  await page.waitForFunction(
    (n) => [...document.querySelectorAll("#history li")].slice(n).some((li) => /You rolled/.test(li.textContent)),
    historyBefore,
  );
  await page.close();
});
