// Takes the documentation's screenshots (docs/*.png) from a real server: the lobby with a table
// waiting, one playing and one finished; a game in progress with two tokens sharing a square;
// the end of a game with its banner; the analysis panel; the game and the lobby on a phone; the
// game on a dark page.
//   cargo build && node e2e/screenshots.js
"use strict";

const path = require("node:path");
const h = require("./harness");

const DOCS = path.join(h.ROOT, "docs");

/** Rolls once our turn has been said, and resolves once the roll is in the history. */
async function roll(page) {
  await h.turnSaid(page);
  const told = await page.$$eval("#history li", (li) => li.length);
  await page.keyboard.press("r");
  await page.waitForFunction((n) => document.querySelectorAll("#history li").length > n, told);
}

/** Resolves once no token is moving and the die has landed. */
async function still(page) {
  await page.waitForFunction(() => [...document.querySelectorAll("#board-tokens .token, #die")].every((t) => t.getAnimations().length === 0));
}

async function main() {
  const tmp = h.tempDb();
  const server = await h.startServer({ db: tmp.db, botDelayMs: 0 });
  const browser = await h.launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // A table waiting for players, for the lobby.
    await h.createTable(page, server.url, { name: "Chen", seats: "4", bots: "1", rules: { ending: "loose", six: "roll-again" } });

    // The end of a game, on a small board, won or lost.
    await h.createTable(page, server.url, { name: "Dana", seats: "2", bots: "1", board: '{"size": 6, "ladders": [[3, 20], [8, 27]], "snakes": [[33, 5], [25, 14]]}' });
    await h.recordLive(page);
    await h.startGame(page);
    for (let i = 0; i < 300; i++) {
      await page.waitForFunction(() => /Your turn|won the game/.test(document.getElementById("status-line").textContent));
      if (/won the game/.test(await page.textContent("#status-line"))) break;
      await roll(page);
    }
    await page.waitForSelector("#play-again", { state: "visible" });
    await page.waitForFunction(() => /won the game/.test(window.__live.at(-1) ?? ""));
    await still(page);
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: path.join(DOCS, "end.png") });

    // A game of three with two tokens sharing a square: played until they do (a game that ends
    // first is played again at a new table).
    let shared = false;
    for (let game = 0; !shared && game < 10; game++) {
      await h.createTable(page, server.url, { name: "Ana", seats: "3", bots: "2" });
      await h.recordLive(page);
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
        await roll(page);
      }
    }
    if (!shared) throw new Error("no two tokens shared a square in ten games");
    await h.turnSaid(page);
    await still(page);
    await page.evaluate(() => document.activeElement?.blur());
    await page.screenshot({ path: path.join(DOCS, "board-page.png") });
    const analysis = await page.$("#analysis");
    await analysis.screenshot({ path: path.join(DOCS, "analysis.png") });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: path.join(DOCS, "dark.png") });
    await page.emulateMedia({ colorScheme: "light" });

    // On a phone, a roll later (the tokens apart again, most likely).
    await roll(page);
    await h.turnSaid(page);
    await still(page);
    await page.evaluate(() => document.activeElement?.blur());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(DOCS, "phone.png") });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(server.url + "/#/");
    await page.waitForFunction(() => document.querySelectorAll("#tables .thumb svg").length === document.querySelectorAll("#tables tr").length);
    await page.waitForSelector("#r-jumps");
    await page.screenshot({ path: path.join(DOCS, "lobby.png") });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(DOCS, "phone-lobby.png") });
  } finally {
    await browser.close();
    await h.stopServer(server);
    tmp.cleanup();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
