// No English left on the page in another language: for each language but English, the page is
// walked as a player walks it (the lobby; its form refusing a grid it cannot read, a grid of
// the wrong shape, a layout without its columns and rules it does not know; a table with a bot;
// the game started and played some moves; the answers to C, T, S, Shift+S, L, G and H; the
// question before leaving, and leaving (a bot plays the seat to the end of the game); the analysis with its figures and its chart's table; the lobby again
// with the table listed), and every word it shows (text, labels, titles, the document's title)
// is checked against the English catalogue.
//
// The English words are those of crates/snakes-text/locales/en/*.ftl (outside comments, ids,
// variables and variant keys) that the language's own catalogue does not use as well: a word
// both use is a name or a term kept on purpose (the bot's name "Bot" in Spanish, keys such as
// Shift, option names in key=value). Left out of the check: the players' names (Ana, Bo), the
// rule options' names and values (`ending`, `loose`: data, as `snakes rules` writes them), the
// keys' names (`R`, `Shift+S`: the table of keys gives them to every language), the
// language menu (each language named in its own words), the voices the system offers, and the
// JSON and hex of `<code>` and of the board pasted in.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const h = require("../harness");

const env = h.setup();

const LOCALES = path.join(h.ROOT, "crates", "snakes-text", "locales");

/** The words of the messages of the catalogue `tag`, lower case. */
function catalogueWords(tag) {
  const words = new Set();
  const dir = path.join(LOCALES, tag);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ftl"))) {
    for (const raw of fs.readFileSync(path.join(dir, file), "utf8").split("\n")) {
      if (/^\s*#/.test(raw)) continue;
      const line = raw
        .replace(/^[a-z][\w-]*\s*=/, " ") // the message's id
        .replace(/\$[\w-]+/g, " ") // variables
        .replace(/^\s*\*?\[[\w-]+\]/, " ") // a variant's key
        .replace(/\{\s*-?[a-z][\w-]*\s*\}/g, " "); // another message, by its id
      for (const w of line.split(/[^\p{L}]+/u)) if (w) words.add(w.toLowerCase());
    }
  }
  return words;
}

const ENGLISH = catalogueWords("en");
const TRANSLATIONS = fs.readdirSync(LOCALES).filter((t) => t !== "en" && fs.existsSync(path.join(LOCALES, t, "ui.ftl")));

/** Every word the page shows a person now, with where it was. */
function shownText(page) {
  return page.evaluate(() => {
    const data = "script, style, code, textarea, #lang-menu, #voice-name option:not(:first-child)";
    const skip = (e) => !e || e.closest(data) !== null;
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!skip(n.parentElement) && n.textContent.trim()) texts.push([n.parentElement.id || n.parentElement.tagName, n.textContent]);
    }
    for (const e of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
      if (skip(e)) continue;
      for (const a of ["aria-label", "title", "placeholder", "alt"]) {
        if (e.hasAttribute(a)) texts.push([`${e.id || e.tagName}@${a}`, e.getAttribute(a)]);
      }
    }
    texts.push(["title", document.title]);
    return texts;
  });
}

/** The English words the page shows in the language `tag`, each with where it stood. */
async function englishOn(page, tag, allowed) {
  const own = catalogueWords(tag);
  const found = [];
  for (const [where, text] of await shownText(page)) {
    for (const w of text.split(/[^\p{L}]+/u)) {
      const word = w.toLowerCase();
      if (word && ENGLISH.has(word) && !own.has(word) && !allowed.has(word)) found.push(`${word} (${where}: ${text.trim().slice(0, 120)})`);
    }
  }
  return found;
}

/** Submits the lobby's form and resolves with the error shown under `field`. */
async function refusedAt(page, field) {
  await page.evaluate((id) => { document.getElementById(id).textContent = ""; }, field);
  await page.click("#create button[type=submit]");
  const handle = await page.waitForFunction((id) => document.getElementById(id).textContent.trim() || null, field);
  return handle.jsonValue();
}

/** Rolls once when it is this page's turn, and resolves once the roll is in the history. */
async function rollOnce(page) {
  await page.waitForFunction(() => !document.getElementById("roll").classList.contains("idle"));
  const before = await page.$$eval("#history li", (li) => li.length);
  await page.click("#roll");
  await page.waitForFunction((n) => document.querySelectorAll("#history li").length > n, before);
}

for (const tag of TRANSLATIONS) {
  test(`the page in ${tag} shows no English word, from the lobby to a game and its figures`, async () => {
    const url = env.server.url;
    const page = await env.browser.newPage({ locale: tag });
    const guide = await (await fetch(`${url}/api/rules`)).json();
    const allowed = new Set(["ana", "bo"]);
    for (const o of guide.options) {
      allowed.add(o.key);
      for (const v of o.values) allowed.add(v.value);
    }
    // The keys' names, from the table of keys (the sentences name them by their terms).
    for (const k of await (await fetch(`${url}/api/keys`)).json()) {
      for (const part of k.name.split("+")) allowed.add(part.toLowerCase());
    }
    const english = [];
    const check = async (step) => {
      for (const w of await englishOn(page, tag, allowed)) english.push(`${step}: ${w}`);
    };

    // The lobby and its form.
    await page.goto(`${url}/?lang=${tag}`);
    await page.waitForSelector("#r-ending");
    assert.equal(await page.getAttribute("html", "lang"), tag);
    await check("lobby");
    await page.fill("#c-name", "Ana");
    await page.selectOption("#c-board-kind", "custom");
    const boards = [["[[-1,-1],\n[-1, x]]", "grid syntax"], ["[[-1,-1],[-1]]", "grid shape"], ["rows = 3", "layout"]];
    for (const [board, what] of boards) {
      await page.fill("#c-board", board);
      const said = await refusedAt(page, "c-board-error");
      assert.ok(!/expected|found|cell|without/.test(said), `${what}: ${said}`);
      await check(`bad board (${what})`);
    }
    // Rules the server does not know (the form offers none: a value is added to its menu).
    await page.selectOption("#c-board-kind", "classic");
    await page.evaluate(() => {
      const o = document.createElement("option");
      o.value = "sideways";
      o.textContent = "?";
      document.getElementById("r-ending").append(o);
    });
    await page.selectOption("#r-ending", "sideways");
    const said = await refusedAt(page, "c-rules-error");
    assert.ok(said.includes("sideways") && !/unknown|expected/.test(said), said);
    await check("bad rules");
    await page.selectOption("#r-ending", "bounce");

    // A table with a bot, waiting.
    await page.selectOption("#c-seats", "2");
    await page.selectOption("#c-bots", "1");
    await page.click("#create button[type=submit]");
    await page.waitForURL(/#\/table\/\d+$/);
    await page.waitForSelector("#board-drawing svg");
    await page.waitForFunction(() => [...document.querySelectorAll("#seats th")].filter((th) => th.textContent.trim()).length === 2);
    await check("a waiting table");

    // The game, some moves, every question.
    await page.click("#start");
    await page.waitForFunction(() => document.querySelectorAll("#board-tokens .token").length === 2);
    for (let k = 0; k < 4; k++) await rollOnce(page);
    const answers = () => page.$$eval("#history li.said-answer", (li) => li.length);
    const asked = await answers();
    await page.focus("#roll");
    for (const key of ["c", "t", "s", "Shift+S", "l", "h"]) await page.keyboard.press(key);
    await page.keyboard.press("g");
    await page.waitForSelector("#square-input", { state: "visible" });
    await page.fill("#square-input", "28");
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => document.querySelectorAll("#history li.said-answer").length >= n + 7, asked);
    // The buttons below the live region move as its announcements are written, paced, after
    // the history has them: clicked by the page itself (the words are under test here, not
    // the pointer), so that none is missed.
    await page.$eval("#leave", (b) => b.click());
    await page.waitForSelector("#leave-confirm:not([hidden])");
    await check("a game");
    // Leaving: a bot plays the seat (its moves told as your bot's) against the other bot, to
    // the end of the game (the dice's key is revealed, with the way to verify the record).
    await page.$eval("#leave-yes", (b) => b.click());
    await page.waitForSelector("#dice-line a");
    await check("away, to the end");

    // The analysis: its figures and its chart's table, written as the language writes numbers.
    await page.waitForSelector("#chart-table tbody tr", { state: "attached" });
    await page.click(".chart-data summary");
    await check("the analysis");
    const sentence = await page.textContent("#analysis-sentence");
    const figures = await page.$$eval("#analysis-figures tbody td, #chart-table td, .chart-svg .tick", (c) => c.map((x) => x.textContent));
    const comma = /\d,\d/.test(sentence);
    for (const f of figures.filter((x) => /\d[.,]\d/.test(x))) {
      assert.equal(/\d,\d/.test(f), comma, `"${f}" beside "${sentence}"`);
    }
    assert.ok(figures.some((f) => f.includes(comma ? "43,3" : "43.3")), figures.join(" "));

    // The bot, named in the language, and its token's letter made from that name.
    const bot = await page.evaluate(() => [...document.querySelectorAll("#seats th")].map((th) => th.textContent).find((t) => !t.includes("Ana")));
    const letters = await page.$$eval("#board-tokens .token-letter", (t) => t.map((x) => x.textContent));
    const botWord = fs.readFileSync(path.join(LOCALES, tag, "lifecycle.ftl"), "utf8").match(/^bot-name = (.*?)\{/m)[1].trim();
    assert.ok(bot.includes(botWord), `${bot} / ${botWord}`);
    assert.ok(letters.some((l) => l.startsWith([...botWord][0].toLocaleUpperCase())), `${letters} / ${botWord}`);

    // The lobby again, with the table listed.
    await page.goto(`${url}/?lang=${tag}#/`);
    await page.waitForSelector("#tables tr");
    await check("the lobby with a table");

    assert.deepEqual(english, [], `English words on the ${tag} page`);
    await page.close();
  });
}
