// Talking, by keyboard alone: two players and a spectator at a table, each in a language of
// their own, and two people in the lobby. Slash opens the message field from the game's
// buttons, Enter sends and goes back to them (the single-letter keys act again at once), Escape
// goes back without sending; each listener hears the message in its frame in their words, with
// the talk's own sound, and keeps it in their history.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup();

/** A page at `path` in language `lang`, with what its live regions show recorded. */
async function open(path, lang) {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}/?lang=${lang}${path}`);
  return page;
}

/** Records the lobby's live region as `window.__lobbyLive`. */
async function recordLobby(page) {
  await page.evaluate(() => {
    window.__lobbyLive = [];
    const live = document.getElementById("lobby-live");
    new MutationObserver(() => window.__lobbyLive.push((live.lastElementChild?.textContent ?? "").trim()))
      .observe(live, { childList: true, subtree: true });
  });
}

const focused = (page) => page.evaluate(() => document.activeElement?.id ?? "");

test("two players and a spectator talk at a table by keyboard alone, each in their language", async () => {
  const ana = await env.browser.newPage();
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "3", bots: "0" });
  await ana.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(ana);
  await h.recordCues(ana);

  const bo = await open(`#/table/${table}`, "es");
  await bo.waitForSelector("#j-name", { state: "visible" });
  await bo.fill("#j-name", "Bo");
  await bo.press("#j-name", "Enter");
  await bo.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(bo);
  await h.recordCues(bo);
  // Sounds play from the first key press on.
  await bo.keyboard.press("Shift");

  const cy = await open(`#/table/${table}`, "ko");
  await cy.waitForSelector("#board-drawing svg");
  await h.recordLive(cy);

  // Ana: slash from the game's buttons, a message, Enter: the field empties as it is sent, and
  // the focus is back on Roll, where the next key is the game's.
  await ana.keyboard.press("Slash");
  assert.equal(await focused(ana), "talk-input");
  await ana.keyboard.type("good luck");
  await ana.keyboard.press("Enter");
  assert.equal(await focused(ana), "roll");
  assert.equal(await h.heard(ana, /good luck/), "You say: good luck");
  assert.equal(await h.heard(bo, /good luck/), "Ana dice: good luck");
  assert.equal(await h.heard(cy, /good luck/), "Ana 님의 말: good luck");
  await ana.waitForFunction(() => document.getElementById("talk-input").value === "");
  // The talk's own sound, on the listener's page.
  await bo.waitForFunction(() => window.__cues.some((c) => c.name === "chat"));
  // The history keeps the line as it was said.
  assert.ok(await bo.$$eval("#history li.said-chat", (lis) => lis.some((li) => li.textContent === "Ana dice: good luck")));
  const from = await ana.evaluate(() => window.__live.length);
  await ana.keyboard.press("t");
  assert.equal(await h.heard(ana, /not started/, from), "The game has not started yet.");

  // Escape goes back without sending; what was typed waits in the field.
  const sent = await ana.evaluate(() => window.__sent.length);
  await ana.keyboard.press("Slash");
  await ana.keyboard.type("a draft");
  await ana.keyboard.press("Escape");
  assert.equal(await focused(ana), "roll");
  await ana.keyboard.press("t");
  await ana.waitForFunction((n) => window.__sent.length > n, sent);
  const after = await ana.evaluate((n) => window.__sent.slice(n).map((s) => JSON.parse(s).type), sent);
  assert.deepEqual(after, ["query"], "Escape sent nothing; T asked its question");
  assert.equal(await ana.inputValue("#talk-input"), "a draft");

  // Bo answers in Spanish from the game's buttons.
  await bo.keyboard.press("Slash");
  await bo.keyboard.type("¡gracias!");
  await bo.keyboard.press("Enter");
  assert.equal(await focused(bo), "roll");
  assert.equal(await h.heard(ana, /gracias/), "Bo says: ¡gracias!");
  assert.equal(await h.heard(cy, /gracias/), "Bo 님의 말: ¡gracias!");

  // Cy watches with no name: slash asks for one first, Enter goes on to the message.
  await cy.focus("#table-heading");
  await cy.keyboard.press("Slash");
  assert.equal(await focused(cy), "talk-name");
  await cy.keyboard.type("Cy");
  await cy.keyboard.press("Enter");
  assert.equal(await focused(cy), "talk-input");
  await cy.keyboard.type("재미있네요");
  await cy.keyboard.press("Enter");
  assert.equal(await focused(cy), "table-heading");
  assert.equal(await h.heard(ana, /재미있네요/), "Cy, watching, says: 재미있네요");
  assert.equal(await h.heard(bo, /재미있네요/), "Cy, que está mirando, dice: 재미있네요");
  assert.equal(await h.heard(cy, /재미있네요/), "내 말: 재미있네요");

  // A message the server refuses: the reason under the field, which takes the focus back with
  // the text to mend.
  await bo.keyboard.press("Slash");
  await bo.keyboard.type("vale. Ana says: me rindo");
  await bo.keyboard.press("Enter");
  await bo.waitForFunction(() => document.getElementById("talk-error").textContent.includes("sonaría"));
  await bo.waitForFunction(() => document.activeElement?.id === "talk-input");
  assert.equal(await bo.inputValue("#talk-input"), "vale. Ana says: me rindo");
  // A paste longer than a message may be is not cut without a word: the server says how long a
  // message may be, and the whole text stays in the field to shorten.
  const long = "x".repeat(290) + " y".repeat(30);
  await bo.fill("#talk-input", long);
  await bo.keyboard.press("Enter");
  await bo.waitForFunction(() => document.getElementById("talk-error").textContent.includes("300"));
  await bo.waitForFunction(() => document.activeElement?.id === "talk-input");
  assert.equal(await bo.inputValue("#talk-input"), long);

  for (const p of [ana, bo, cy]) await p.close();
});

test("a message typed while the last one is in flight arrives whole; a refusal brings its text back", async () => {
  const ana = await env.browser.newPage();
  // What the server sends the page is held back on demand, as on a slow connection: the echo
  // of a message (or its refusal) comes after the next one is typed.
  const server = await h.holdServer(ana);
  // Once the server has sent a message matching `pattern`, everything held goes to the page.
  const release = async (pattern) => {
    await server.seen(pattern);
    server.release();
  };
  await h.createTable(ana, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await ana.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(ana);

  // Sent: the field is empty at once, and the next message is typed before the first is echoed.
  server.hold();
  await ana.keyboard.press("Slash");
  await ana.keyboard.type("hello all");
  await ana.keyboard.press("Enter");
  assert.equal(await ana.inputValue("#talk-input"), "");
  await ana.keyboard.press("Slash");
  await ana.keyboard.type("well played");
  await release(/"said"/);
  assert.equal(await h.heard(ana, /hello all/), "You say: hello all");
  assert.equal(await ana.inputValue("#talk-input"), "well played");
  await ana.keyboard.press("Enter");
  assert.equal(await h.heard(ana, /well played/), "You say: well played");

  // Refused while the next is being typed: its text comes back, before what was typed since.
  server.hold();
  await ana.keyboard.press("Slash");
  await ana.keyboard.type("ok. Bo says: I give up");
  await ana.keyboard.press("Enter");
  await ana.keyboard.press("Slash");
  await ana.keyboard.type("sorry");
  await release(/"refused"/);
  await ana.waitForFunction(() => document.getElementById("talk-error").textContent !== "");
  assert.equal(await ana.inputValue("#talk-input"), "ok. Bo says: I give up sorry");

  // The connection lost before the answer came: on the next one, the text is back in the field.
  await ana.fill("#talk-input", "");
  await ana.keyboard.press("Escape");
  server.hold();
  await ana.keyboard.press("Slash");
  await ana.keyboard.type("still there?");
  await ana.keyboard.press("Enter");
  assert.equal(await ana.inputValue("#talk-input"), "");
  await server.seen(/"said"/);
  server.drop();
  await ana.waitForFunction(() => document.getElementById("talk-input").value === "still there?");
  await ana.close();
});

test("two people talk in the lobby, apart from the tables", async () => {
  const fay = await open("", "en");
  await fay.waitForSelector("#create");
  await recordLobby(fay);
  const gus = await open("", "es");
  await gus.waitForSelector("#create");
  await recordLobby(gus);

  await fay.keyboard.press("Slash");
  assert.equal(await focused(fay), "talk-name");
  await fay.keyboard.type("Fay");
  await fay.keyboard.press("Enter");
  await fay.keyboard.type("anyone for a game?");
  await fay.keyboard.press("Enter");
  assert.equal(await focused(fay), "lobby-talk-heading");
  await gus.waitForFunction(() => window.__lobbyLive.includes("Fay dice: anyone for a game?"));
  await fay.waitForFunction(() => window.__lobbyLive.includes("You say: anyone for a game?"));
  assert.deepEqual(await gus.$$eval("#lobby-history li", (lis) => lis.map((li) => li.textContent)), ["Fay dice: anyone for a game?"]);

  // Someone who comes to the lobby later finds it in the lobby's history.
  const hal = await open("", "en");
  await hal.waitForFunction(() => [...document.querySelectorAll("#lobby-history li")].some((li) => li.textContent === "Fay says: anyone for a game?"));
  for (const p of [fay, gus, hal]) await p.close();
});

test("one person talking faster than a listener can follow costs three messages and one line", async () => {
  const ana = await env.browser.newPage();
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "2", bots: "0" });
  await h.recordLive(ana);
  const bo = await h.joinAs(env.browser, env.server.url, table, "Bo");
  await bo.waitForFunction(() => document.activeElement?.id === "roll");
  // Five at once: as many as the server takes from one person in a burst.
  for (const n of [1, 2, 3, 4, 5]) {
    await bo.keyboard.press("Slash");
    await bo.keyboard.type(`message ${n}`);
    await bo.keyboard.press("Enter");
    await bo.waitForFunction((t) => document.getElementById("history").textContent.includes(`You say: ${t}`), `message ${n}`);
  }
  // Once Bo stops, one line for the two Ana was not read.
  assert.equal(await h.heard(ana, /more messages/),
    "Bo said 2 more messages: [ and ] choose the Talk buffer to read them.");
  const said = await ana.evaluate(() => window.__live.filter((t) => t.startsWith("Bo")));
  assert.deepEqual(said, ["Bo took seat 2.", "Bo says: message 1", "Bo says: message 2", "Bo says: message 3",
    "Bo said 2 more messages: [ and ] choose the Talk buffer to read them."]);
  // Every message is in the history, to be read line by line.
  const history = await ana.$$eval("#history li", (lis) => lis.map((li) => li.textContent));
  for (const n of [1, 2, 3, 4, 5]) assert.ok(history.includes(`Bo says: message ${n}`), JSON.stringify(history));
  await bo.close();
  await ana.close();
});
