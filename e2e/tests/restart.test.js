// The server is killed mid-game (SIGKILL: no goodbye) and started again on the same port and
// database: the page reconnects by itself and the game goes on from where it was.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

let tmp, server, browser;

before(async () => {
  tmp = h.tempDb();
  server = await h.startServer({ db: tmp.db, botDelayMs: 100 });
  browser = await h.launch();
});

after(async () => {
  await browser?.close();
  if (server) await h.stopServer(server);
  tmp?.cleanup();
});

test("a killed server comes back and the page carries on with the same game", async () => {
  const page = await browser.newPage();
  await h.createTable(page, server.url, { name: "Ana", seats: "2", bots: "1" });
  await page.click("#start");
  await page.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.waitForFunction(() => !document.getElementById("roll").disabled);
  await page.keyboard.press("r");
  // Once it is our turn again, everything so far is stored.
  await page.waitForFunction(() => /You rolled/.test(document.getElementById("history").textContent));
  await page.waitForFunction(() => !document.getElementById("roll").disabled);
  const before = await page.$$eval("#board-where tbody tr", (rows) => rows.map((r) => r.cells[2].textContent));
  const historyBefore = await page.$$eval("#history li", (li) => li.length);

  await h.stopServer(server, true);
  await page.waitForFunction(() => /lost|Reconnecting/i.test(document.getElementById("connection").textContent));
  server = await h.startServer({ db: tmp.db, port: server.port, botDelayMs: 100 });
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent), null, { timeout: 20000 });

  // The same squares, still our turn, nothing lost from the history.
  await page.waitForFunction(() => !document.getElementById("roll").disabled);
  const after = await page.$$eval("#board-where tbody tr", (rows) => rows.map((r) => r.cells[2].textContent));
  assert.deepEqual(after, before);
  assert.ok((await page.$$eval("#history li", (li) => li.length)) >= historyBefore);
  assert.match(await page.textContent("#seats"), /Ana[^]*\(you\)/);

  // And the game goes on.
  await page.keyboard.press("r");
  await page.waitForFunction(
    (n) => [...document.querySelectorAll("#history li")].slice(n).some((li) => /You rolled/.test(li.textContent)),
    historyBefore,
  );
  await page.close();
});
