// Two people at one table, each in their own language: Ana's browser asks for Korean, Bo's for
// Spanish. The page comes in each one's language (<html lang>, the live region's lang), the same
// roll is told to each in their own words, and choosing another language in the menu opens the
// page again in it, keeping the seat.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup();

const HANGUL = /[\uac00-\ud7a3]/;

/** The page's language and its live region's. */
function langs(page) {
  return page.evaluate(() => [document.documentElement.lang, document.getElementById("live").lang]);
}

/** The lines of the history. */
function history(page) {
  return page.$$eval("#history li", (li) => li.map((l) => l.textContent));
}

test("a Korean and a Spanish player at one table each hear the same roll in their own language", async () => {
  const url = env.server.url;
  const ana = await env.browser.newPage({ locale: "ko-KR" });
  const table = await h.createTable(ana, url, { name: "Ana", seats: "2", bots: "0" });
  assert.deepEqual(await langs(ana), ["ko", "ko"]);
  // The menu names each language in its own words, the page's own chosen.
  assert.deepEqual(await ana.$$eval("#lang-menu option", (o) => o.filter((x) => x.selected).map((x) => x.textContent)), ["한국어"]);
  assert.ok((await ana.$$eval("#lang-menu option", (o) => o.map((x) => x.textContent))).includes("Español"));

  const bo = await env.browser.newPage({ locale: "es-ES" });
  await bo.goto(`${url}/#/table/${table}`);
  assert.deepEqual(await langs(bo), ["es", "es"]);
  await bo.waitForSelector("#j-name", { state: "visible" });
  await bo.fill("#j-name", "Bo");
  await bo.click("#join button[type=submit]");
  await bo.waitForSelector("#j-name", { state: "hidden" });
  await ana.waitForFunction(() => document.querySelectorAll("#seats th").length === 2 &&
    [...document.querySelectorAll("#seats th")].every((th) => th.textContent.trim() !== ""));
  await ana.waitForSelector("#start", { state: "visible" });
  await ana.click("#start");

  // Whoever may roll, rolls; both histories then hold that roll, each in its own language.
  // Each page shows whether its player may roll as soon as it hears of the start.
  const mayRoll = (page) => page.waitForFunction(() => !document.getElementById("roll").classList.contains("idle"))
    .then(() => page, () => null);
  const roller = await Promise.race([mayRoll(ana), mayRoll(bo)]);
  assert.ok(roller, "one of them may roll");
  const before = [(await history(ana)).length, (await history(bo)).length];
  await roller.click("#roll");
  await ana.waitForFunction((n) => document.querySelectorAll("#history li").length > n, before[0]);
  await bo.waitForFunction((n) => document.querySelectorAll("#history li").length > n, before[1]);
  const anaHeard = (await history(ana)).slice(before[0]);
  const boHeard = (await history(bo)).slice(before[1]);
  // The same move, where it ended in both (the history keeps what each was told: the roller
  // their roll, the other the move in the line that gives them the turn).
  const squareOf = (lines) => lines.join(" ").match(/\d+/g)?.at(-1);
  assert.equal(squareOf(anaHeard), squareOf(boHeard), `${anaHeard} / ${boHeard}`);
  assert.ok(anaHeard.every((l) => HANGUL.test(l)), anaHeard.join(" | "));
  assert.ok(boHeard.some((l) => /\b(sac(ó|aste)|toca|hasta|casilla)\b/i.test(l)), boHeard.join(" | "));
  assert.ok(boHeard.every((l) => !HANGUL.test(l) && !/\brolled\b/.test(l)), boHeard.join(" | "));

  // The rules under the grid and the analysis of the board, in each one's language too (the
  // Spanish figures with a decimal comma).
  for (const [page, korean] of [[ana, true], [bo, false]]) {
    await page.waitForSelector("#analysis-sentence");
    for (const id of ["rules-line", "analysis-sentence", "analysis-observed"]) {
      const text = await page.textContent("#" + id);
      assert.equal(HANGUL.test(text), korean, `${id}: ${text}`);
    }
  }
  assert.match(await bo.textContent("#analysis-sentence"), /\d,\d/);

  // Bo picks English in the menu: the page opens again in English, still in Bo's seat, and
  // remembers the choice.
  await Promise.all([bo.waitForNavigation(), bo.selectOption("#lang-menu", "en")]);
  assert.deepEqual(await langs(bo), ["en", "en"]);
  assert.equal(await bo.evaluate(() => localStorage.getItem("snakes.lang")), "en");
  await bo.waitForFunction(() => [...document.querySelectorAll("#seats th")].some((th) => th.textContent.includes("Bo (you")));
  await bo.close();
  await ana.close();
});
