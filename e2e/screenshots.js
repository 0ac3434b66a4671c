// Takes the README's screenshots (docs/*.png) from a real server: the lobby, a game in progress
// with two tokens sharing a square, the analysis panel, and the game and the lobby on a phone.
//   cargo build && node e2e/screenshots.js
"use strict";

const path = require("node:path");
const h = require("./harness");

const DOCS = path.join(h.ROOT, "docs");

async function main() {
  const tmp = h.tempDb();
  const server = await h.startServer({ db: tmp.db, botDelayMs: 0 });
  const browser = await h.launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    // A waiting table and a finished one, for the lobby.
    await h.createTable(page, server.url, { name: "Chen", seats: "4", bots: "1", rules: { ending: "loose", six: "roll-again" } });
    // A game of three with two tokens sharing a square: played until they do (a game that ends
    // first is played again at a new table).
    let shared = false;
    for (let game = 0; !shared && game < 10; game++) {
      await h.createTable(page, server.url, { name: "Ana", seats: "3", bots: "2" });
      await h.startGame(page);
      for (let i = 0; i < 200; i++) {
        await page.waitForFunction(() => /Your turn|won the game/.test(document.getElementById("status-line").textContent));
        if (/won the game/.test(await page.textContent("#status-line"))) break;
        shared = await page.$$eval("#board-tokens .token", (ts) => {
          const squares = ts.map((t) => t.getAttribute("data-square")).filter((s) => s !== "0");
          return squares.length !== new Set(squares).size;
        });
        if (shared && i > 2) break;
        shared = false;
        const told = await page.$$eval("#history li", (li) => li.length);
        await page.keyboard.press("r");
        await page.waitForFunction((n) => document.querySelectorAll("#history li").length > n, told);
      }
    }
    if (!shared) throw new Error("no two tokens shared a square in ten games");
    await page.keyboard.press("c");
    await page.waitForTimeout(1200); // let the tokens settle
    await page.screenshot({ path: path.join(DOCS, "board-page.png") });
    const analysis = await page.$("#analysis");
    await analysis.screenshot({ path: path.join(DOCS, "analysis.png") });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(DOCS, "phone.png") });

    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto(server.url + "/#/");
    await page.waitForSelector("#tables tr");
    await page.waitForSelector("#r-jumps");
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(DOCS, "lobby.png") });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(DOCS, "phone-lobby.png") });
  } finally {
    await browser.close();
    await h.stopServer(server);
    tmp.cleanup();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
