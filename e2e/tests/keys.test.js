// Every key the one table of keys (snakes-text, keys.rs) gives the page works there: pressed
// anywhere on the table's page, each does what the table says it does (a roll or a question
// sent, the square's field opened, a line of the history read again, the seat asked back), and
// every key with a button has it in the game's toolbar. The terminal's half of the same check
// is `every_key_of_the_table_works_at_the_terminal` (crates/snakes-cli/tests/cli/play.rs).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup({ botDelayMs: 150 });
// The invisible mark that makes a repeated announcement differ from the one before (speech.js).
const MARK = "\u2060";

/** The key Playwright presses for a key as the page names it (aria-keyshortcuts' names). */
function pressable(name) {
  const named = { ",": "Comma", ".": "Period", "<": "Shift+Comma", ">": "Shift+Period", "/": "Slash", "[": "BracketLeft", "]": "BracketRight", "'": "Quote" };
  if (named[name]) return named[name];
  return /^[A-Z]$/.test(name) ? name.toLowerCase() : name;
}

/**
 * Resolves once the page has sent, from its `from`th message on, one of `type` (asking `query`):
 * a message's type, or the action of a table's command (`act`).
 */
async function sent(page, from, type, query = null) {
  await page.waitForFunction(([n, t, q]) => window.__sent.slice(n).map((s) => JSON.parse(s))
    .some((m) => (m.type === "act" ? m.action.type : m.type) === t && (q === null || m.query === q)), [from, type, query]);
}

test("every key of the table works on the page, and every button of the table is in the toolbar", async () => {
  const page = await env.browser.newPage();
  await h.createTable(page, env.server.url, { name: "Ana", seats: "2", bots: "1" });
  await page.waitForFunction(() => document.activeElement?.id === "roll");
  await h.recordLive(page);
  await h.startGame(page);
  await h.turnSaid(page);
  const keys = await page.evaluate(() => JSON.parse(document.getElementById("keys").textContent));
  assert.deepEqual(
    keys.filter((k) => k.button).map((k) => [k.name, k.button, k.shortcuts]),
    await page.$$eval("#controls button", (bs) => bs.map((b) => [b.dataset.key, b.textContent, b.getAttribute("aria-keyshortcuts")])),
  );
  const does = new Set(keys.map((k) => k.does));
  assert.deepEqual([...does].sort(), ["account", "add_bot", "ask", "buffer", "buffer_last", "come_back", "join", "leave",
    "moderation", "new_table", "people", "read", "remove_bot", "remove_message", "repeat", "roll", "sounds", "start",
    "table", "talk", "volume", "watch"]);
  const said = (from, re) => page.waitForFunction(([n, src]) => window.__live.slice(n).some((t) => new RegExp(src).test(t)), [from, re.source]);
  // At the table: every key of the table's and of both places.
  for (const k of keys.filter((k) => k.place !== "lobby")) {
    // Anywhere on the page but a field; not on a button, where Space would press it.
    await page.focus("#table-heading");
    const from = await page.evaluate(() => [window.__sent.length, window.__live.length]);
    await page.keyboard.press(pressable(k.name));
    switch (k.does) {
      case "roll":
        await sent(page, from[0], "roll");
        break;
      case "ask":
        if (k.query === "square") {
          await page.waitForSelector("#square-form", { state: "visible" });
          await page.keyboard.press("Escape");
          await page.waitForSelector("#square-form", { state: "hidden" });
        } else {
          await sent(page, from[0], "query", k.query);
        }
        break;
      case "read":
        await said(from[1], /^\d+ of \d+: /);
        break;
      case "come_back":
        await sent(page, from[0], "come_back");
        break;
      case "buffer":
        // Another buffer of the history, said with its name and its last line.
        await said(from[1], /^(All|Game|Talk|Answers)(, \d+ of \d+: |: nothing yet)/);
        break;
      case "buffer_last":
        await page.waitForFunction((n) => window.__live.length > n, from[1]);
        break;
      case "talk":
        // The message field, and back where the key was pressed with Escape.
        await page.waitForFunction(() => document.activeElement?.id === "talk-input");
        await page.keyboard.press("Escape");
        await page.waitForFunction(() => document.activeElement?.id === "table-heading");
        break;
      // The host's keys go to the server, which says why not once the game is on.
      case "start":
      case "add_bot":
      case "remove_bot":
        await sent(page, from[0], k.does);
        await said(from[1], /The game has already started\./);
        break;
      case "leave":
        // Asked first, Stay focused; Stay puts Leave back.
        await page.waitForFunction(() => document.activeElement?.id === "leave-no");
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => document.activeElement?.id === "leave");
        break;
      case "sounds":
        await said(from[1], /^Sounds (on|off)\.$/);
        break;
      case "volume":
        await said(from[1], /^Volume \d+\.$/);
        break;
      case "people":
        // With a bot alone beside us, nobody to mute or remove.
        await said(from[1], /^Nobody else here/);
        break;
      case "moderation":
      case "remove_message":
        // A moderator's keys (tests/moderation.test.js): to anyone else, not the page's at all.
        assert.equal(await page.evaluate(() => window.__sent.length), from[0]);
        assert.equal(await page.evaluate(() => document.querySelector("dialog[open]")), null);
        break;
      case "account":
        // A guest: the dialog to sign in, at the password (the name the page has is filled in);
        // Escape goes back.
        await page.waitForFunction(() => document.getElementById("account-dialog").open && document.activeElement?.id === "account-password");
        assert.equal(await page.inputValue("#account-name"), "Ana");
        await page.keyboard.press("Escape");
        await page.waitForFunction(() => !document.getElementById("account-dialog").open && document.activeElement?.id === "table-heading");
        break;
      case "repeat": {
        // The last announcement again, as it was (but for the mark that makes a repeat heard).
        const last = await page.evaluate((n) => window.__live[n - 1], from[1]);
        await page.waitForFunction((n) => window.__live.length > n, from[1]);
        const again = await page.evaluate((n) => window.__live[n], from[1]);
        assert.equal(again.replace(MARK, ""), last.replace(MARK, ""));
        break;
      }
      default:
        assert.fail(`${k.name}: the page does not know what "${k.does}" does at a table`);
    }
  }

  // In the lobby: the lobby's own keys (those of both places were pressed above).
  const table = await page.evaluate(() => window.__table ?? Number(location.hash.match(/\d+/)[0]));
  await page.goto(env.server.url + "/");
  await page.waitForSelector(`#tables a[data-table="${table}"]`);
  await page.evaluate(() => {
    window.__lobby = [];
    const live = document.getElementById("lobby-live");
    new MutationObserver(() => window.__lobby.push((live.lastElementChild?.textContent ?? "").trim())).observe(live, { childList: true, subtree: true });
  });
  for (const k of keys.filter((k) => k.place === "lobby")) {
    if (!(await page.evaluate(() => location.hash === "" || location.hash === "#/"))) {
      await page.goto(env.server.url + "/");
      await page.waitForSelector(`#tables a[data-table="${table}"]`);
      await page.evaluate(() => {
        window.__lobby = [];
        const live = document.getElementById("lobby-live");
        new MutationObserver(() => window.__lobby.push((live.lastElementChild?.textContent ?? "").trim())).observe(live, { childList: true, subtree: true });
      });
    }
    await page.keyboard.press("Escape");
    if (["join", "watch"].includes(k.does)) {
      // A table chosen first (the page may have opened again since).
      const n = await page.evaluate(() => window.__lobby?.length ?? 0);
      await page.keyboard.press("BracketRight");
      await page.waitForFunction((m) => (window.__lobby?.length ?? 0) > m, n);
    }
    const from = await page.evaluate(() => window.__lobby?.length ?? 0);
    await page.keyboard.press(pressable(k.name));
    switch (k.does) {
      case "new_table":
        await page.waitForFunction(() => document.activeElement?.id === "c-name");
        await page.evaluate(() => document.activeElement.blur());
        break;
      case "table":
        // The table's row said, its link focused.
        await page.waitForFunction((n) => window.__lobby.slice(n).some((t) => /^Table \d+: /.test(t)), from);
        assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ""), /table \d+/i);
        break;
      case "join":
      case "watch":
        // The table chosen (by ] above) opens.
        await page.waitForURL(new RegExp(`#/table/${table}$`));
        await page.waitForSelector("#board-drawing svg");
        break;
      default:
        assert.fail(`${k.name}: the page does not know what "${k.does}" does in the lobby`);
    }
  }
});
