// The history's buffers, by keyboard alone: the history holds exactly what was said (the others'
// moves and "Your turn" in one line are one entry), [ and ] choose a buffer (all, game, talk,
// answers) said with its last line, comma and period read through the buffer chosen with its
// own numbers, and apostrophe says its last line again; the lobby's history is one.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 150 });

const history = (page) => page.$$eval("#history li", (li) => li.map((l) => [l.dataset.buffer, l.textContent]));

test("the history holds what was said, and its buffers are read by keys", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await page.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  // One roll of ours, then the bot's: its move and our turn come in one line.
  let from = await page.evaluate(() => window.__live.length);
  await page.keyboard.press("r");
  const ours = await h.heard(page, /^You rolled/, from);
  const both = await h.heard(page, /^Bot 1 .*Your turn\.$/, from);
  await h.turnSaid(page);
  // A question, then something said.
  const answer = await h.press(page, "t", /It is your turn/);
  await page.keyboard.press("Slash");
  await page.keyboard.type("nice ladder");
  await page.keyboard.press("Enter");
  await h.heard(page, /^You say: nice ladder$/);
  await page.waitForFunction(() => document.activeElement?.id === "roll");

  // Exactly what was said: the combined line is one entry, "Your turn." never one alone.
  const lines = await history(page);
  const texts = lines.map(([, t]) => t);
  assert.ok(texts.includes(ours) && texts.includes(both), JSON.stringify(texts));
  assert.ok(!texts.includes("Your turn."), JSON.stringify(texts));
  const game = lines.filter(([b]) => b === "game").map(([, t]) => t);
  const talk = lines.filter(([b]) => b === "talk").map(([, t]) => t);
  const answers = lines.filter(([b]) => b === "answers").map(([, t]) => t);
  assert.deepEqual(talk, ["You say: nice ladder"]);
  assert.deepEqual(answers, [answer]);
  assert.equal(game.at(-1), both);
  assert.equal(game.length + talk.length + answers.length, lines.length);

  // ] goes from all to the game, said with its last line; comma reads back through it alone.
  assert.equal(await h.press(page, "BracketRight", /^Game, /), `Game, ${game.length} of ${game.length}: ${both}`);
  assert.equal(await h.press(page, "Comma", /of \d+:/), `${game.length - 1} of ${game.length}: ${game.at(-2)}`);
  assert.equal(await h.press(page, "Shift+Comma", /of \d+:/), `1 of ${game.length}: ${game[0]}`);
  // Talk, and its last line again with apostrophe, as it was said.
  assert.equal(await h.press(page, "BracketRight", /^Talk, /), "Talk, 1 of 1: You say: nice ladder");
  from = await page.evaluate(() => window.__live.length);
  await page.keyboard.press("Quote");
  await page.waitForFunction((n) => window.__live.length > n, from);
  assert.equal((await page.evaluate((n) => window.__live[n], from)).replace("\u2060", ""), "You say: nice ladder");
  assert.equal(await h.press(page, "BracketRight", /^Answers, /), `Answers, 1 of 1: ${answer}`);
  // Round again to all; [ goes back.
  assert.equal(await h.press(page, "BracketRight", /^All, /), `All, ${lines.length} of ${lines.length}: ${texts.at(-1)}`);
  assert.equal(await h.press(page, "BracketLeft", /^Answers, /), `Answers, 1 of 1: ${answer}`);
  // Any other key brings the place back to the buffer's end, and the game's keys still act:
  // C's answer is the answers' buffer's last line now.
  const positions = await h.press(page, "c", /square|not entered/);
  assert.equal(await h.press(page, "Period", /of \d+:/), `2 of 2: ${positions}`);
  await page.close();
});

test("the lobby's history is one: apostrophe says its last line", async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#create");
  await page.evaluate(() => {
    window.__lobbyLive = [];
    const live = document.getElementById("lobby-live");
    new MutationObserver(() => window.__lobbyLive.push((live.lastElementChild?.textContent ?? "").trim()))
      .observe(live, { childList: true, subtree: true });
  });
  const said = async (key, re) => {
    const n = await page.evaluate(() => window.__lobbyLive.length);
    await page.keyboard.press(key);
    return (await page.waitForFunction(([src, k]) => window.__lobbyLive.slice(k).find((t) => new RegExp(src).test(t)), [re.source, n])).jsonValue();
  };
  assert.equal(await said("Quote", /^All/), "All: nothing yet.");
  await page.keyboard.press("Slash");
  await page.keyboard.type("Fay");
  await page.keyboard.press("Enter");
  await page.keyboard.type("hello");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.__lobbyLive.includes("You say: hello"));
  assert.equal((await said("Quote", /hello/)).replace("\u2060", ""), "You say: hello");
  assert.equal(await said("Comma", /of 1:/), "1 of 1: You say: hello");
  await page.close();
});
