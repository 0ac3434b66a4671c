// Moderation on the page, by keyboard alone, against the real server: the operator makes Mo a
// moderator with `snakes admin grant` (which prints the key), Mo signs in from the page, removes
// what a troll said in the lobby (X), silences the troll from the people here (Shift+W), hears
// the report someone else sends, bans the troll's address, and closes the table (M). The troll
// comes from an address of their own (127.0.0.2, through a forwarder), so that banning it keeps
// nobody else out.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const net = require("node:net");
const h = require("../harness");

const env = { tmp: null, server: null, browser: null, front: null };

/**
 * A TCP forwarder on a port of its own whose connections reach the server from `local`, another
 * loopback address: a page opened through it is, to the server, someone at that address.
 */
async function fromAddress(local) {
  const front = { to: 0, url: "", close: null };
  const sockets = new Set();
  const listener = net.createServer((client) => {
    const upstream = net.connect({ port: front.to, host: "127.0.0.1", localAddress: local });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => { client.destroy(); upstream.destroy(); });
      s.on("close", () => { client.destroy(); upstream.destroy(); sockets.delete(s); });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => listener.listen(0, "127.0.0.1", resolve));
  front.url = `http://127.0.0.1:${listener.address().port}`;
  front.close = () => new Promise((resolve) => {
    for (const s of sockets) s.destroy();
    listener.close(resolve);
  });
  return front;
}

before(async () => {
  env.tmp = h.tempDb();
  env.front = await fromAddress("127.0.0.2");
  // The forwarder's address is another origin for the page's WebSocket: the server allows it.
  env.server = await h.startServer({ db: env.tmp.db, extra: ["--allow-origin", env.front.url] });
  env.front.to = env.server.port;
  env.browser = await h.launch();
});
after(async () => {
  await env.browser?.close();
  await env.front?.close();
  if (env.server) await h.stopServer(env.server);
  env.tmp?.cleanup();
});

/** A new person's page (a browser context of its own) at `url`. */
async function person(url) {
  const page = await env.browser.newPage();
  await h.recordSaid(page);
  await page.goto(url);
  await page.waitForSelector("#lobby-talk-heading");
  return page;
}

const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent ?? "");

/** Presses Tab (or `key`) until the focus is on the element whose text is `text` (at most 20
 * times). */
async function tabTo(page, text, key = "Tab") {
  for (let i = 0; i < 20; i += 1) {
    if ((await focusedText(page)) === text) return;
    await page.keyboard.press(key);
  }
  assert.fail(`no "${text}" within 20 Tabs; the focus is on "${await focusedText(page)}"`);
}

/** Says something where the page is, by keyboard, with `name` when it has none yet. */
async function talk(page, text, name = null) {
  await page.keyboard.press("Slash");
  if (name && (await page.evaluate(() => document.activeElement?.id)) === "talk-name") {
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");
  }
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

test("a moderator signs in on the page and removes, silences, bans and closes by keyboard", async () => {
  // The operator: a key for Mo, printed once.
  const granted = spawnSync(h.binary(), ["admin", "grant", "Mo", "moderator", "--db", env.tmp.db], { encoding: "utf8" });
  assert.equal(granted.status, 0, granted.stderr);
  const key = (granted.stdout + granted.stderr).split("\n").map((l) => l.match(/snk-mod-\S+/)?.[0]).find(Boolean);
  assert.ok(key, granted.stdout);

  const mo = await person(env.server.url + "/");
  const troll = await person(env.front.url + "/");
  const cy = await person(env.server.url + "/?lang=es");

  // Mo signs in: the button at the top, the name, Tab, the key, Enter.
  await mo.focus("#mod-sign-in-open");
  await mo.keyboard.press("Enter");
  await mo.waitForFunction(() => document.activeElement?.id === "mod-name");
  assert.equal(await mo.getAttribute("#mod-key", "type"), "password");
  await mo.keyboard.type("Mo");
  await mo.keyboard.press("Tab");
  // A wrong key first: the reason under the field, which keeps the focus, and nothing kept.
  await mo.keyboard.type("snk-mod-wrong");
  await mo.keyboard.press("Enter");
  await mo.waitForFunction(() => document.getElementById("mod-sign-in-error").textContent !== "");
  assert.equal(await mo.textContent("#mod-sign-in-error"), "That name and key are not a moderator's.");
  assert.equal(await mo.evaluate(() => document.activeElement?.id), "mod-key");
  assert.equal(await mo.evaluate(() => sessionStorage.getItem("snakes.moderator")), null);
  await mo.keyboard.press("Control+A");
  await mo.keyboard.press("Backspace");
  await mo.keyboard.type(key);
  await mo.keyboard.press("Enter");
  assert.match(await h.said(mo, /moderator Mo/), /^You are the moderator Mo now\. /);
  // The dialog is closed, the focus back on the button that opened it; the key is this tab's.
  await mo.waitForFunction(() => !document.getElementById("mod-sign-in").open && document.activeElement?.id === "mod-sign-in-open");
  assert.deepEqual(await mo.evaluate(() => JSON.parse(sessionStorage.getItem("snakes.moderator"))), { name: "Mo", key });
  assert.ok(!(await mo.evaluate((k) => Object.values(localStorage).some((v) => v.includes(k)), key)));

  // The troll says something in the lobby; Mo presses X, and is asked first.
  await talk(troll, "buy gold", "Troll");
  await h.said(mo, /^Troll says: buy gold$/);
  await h.said(cy, /^Troll dice: buy gold$/);
  await mo.focus("#lobby-talk-heading");
  await mo.keyboard.press("x");
  await mo.waitForFunction(() => document.getElementById("mod-remove").open);
  assert.match(await mo.textContent("#mod-remove-question"), /^Remove message \d+, Troll says: buy gold\?$/);
  assert.equal(await focusedText(mo), "Remove");
  await mo.keyboard.press("Enter");
  await h.said(mo, /^Message \d+ is removed\.$/);
  // Gone from every history, in each listener's words, without a word spoken.
  const removed = (page, line) => page.waitForFunction((l) =>
    [...document.querySelectorAll("#lobby-history li")].some((li) => li.textContent === l) &&
    ![...document.querySelectorAll("#lobby-history li")].some((li) => /buy gold/.test(li.textContent)), line);
  await removed(troll, "A moderator removed this message.");
  await removed(cy, "Un moderador borró este mensaje.");
  await removed(mo, "A moderator removed this message.");
  assert.equal(await mo.evaluate(() => document.activeElement?.id), "lobby-talk-heading");

  // Mo creates a table: the page is loaded again, and signs in again by itself.
  const table = await h.createTable(mo, env.server.url, { name: "Mo", seats: "3", bots: "0" });
  await mo.waitForSelector("#mod-open", { state: "visible" });
  for (const [page, name] of [[troll, "Troll"], [cy, "Cy"]]) {
    await page.evaluate((t) => { location.hash = "#/table/" + t; }, table);
    await page.waitForSelector("#j-name", { state: "visible" });
    await page.fill("#j-name", name);
    await page.press("#j-name", "Enter");
    await page.waitForFunction(() => document.activeElement?.id === "roll");
  }
  await mo.waitForFunction(() => document.querySelectorAll("#seats tr").length === 3);

  // H: M and X are said to the moderator, first, and to nobody else.
  await mo.focus("#roll");
  let from = await h.saidCount(mo);
  await mo.keyboard.press("h");
  assert.match(await h.said(mo, /^M \(a moderator\)/, from), /^M \(a moderator\): moderation/);
  await mo.waitForFunction(() => [...document.querySelectorAll("#history li")].some((li) => li.textContent.startsWith("X (a moderator)")));
  await cy.keyboard.press("h");
  await cy.waitForFunction(() => [...document.querySelectorAll("#history li")].some((li) => li.textContent === "H o ?: estas teclas."));
  assert.ok(!(await cy.evaluate(() => [...document.querySelectorAll("#history li")].some((li) => /^[MX] \(/.test(li.textContent)))));
  // Nor do M and X do anything for Cy.
  await cy.keyboard.press("m");
  assert.equal(await cy.evaluate(() => document.querySelector("dialog[open]")), null);

  // Mo silences the troll from the people here, for 10 minutes.
  await mo.focus("#roll");
  await mo.keyboard.press("Shift+W");
  await mo.waitForFunction(() => document.activeElement?.closest("#people") !== null);
  await tabTo(mo, "Silence Troll for 10 minutes");
  from = await h.saidCount(mo);
  await mo.keyboard.press("Enter");
  assert.match(await h.said(mo, /Troll is silenced/, from), /^Troll is silenced everywhere until .+ UTC\.$/);
  assert.match(await h.said(troll, /silenced you/), /^A moderator silenced you until .+ UTC\.$/);
  // The troll's next message is refused: it comes back into the field, the reason under it.
  await troll.focus("#roll");
  await talk(troll, "cheap gold here");
  await troll.waitForFunction(() => document.getElementById("talk-error").textContent !== "");
  assert.match(await troll.textContent("#talk-error"), /until .+ UTC/);
  assert.equal(await troll.inputValue("#talk-input"), "cheap gold here");

  // Cy reports the troll; every moderator hears it.
  await cy.focus("#roll");
  await cy.keyboard.press("Shift+W");
  await tabTo(cy, "Denunciar a Troll");
  await cy.keyboard.press("Enter");
  await cy.waitForFunction(() => document.activeElement?.id === "report-reason");
  await cy.keyboard.type("insultos");
  await cy.keyboard.press("Enter");
  assert.equal(await h.said(cy, /Troll llegó/), "Tu denuncia sobre Troll llegó a los moderadores.");
  assert.equal(await h.said(mo, /^New report/), "New report: Cy reported Troll: insultos");

  // Mo bans the troll's address for a day: the people here, Ban…, the address, the reason.
  await mo.focus("#roll");
  await mo.keyboard.press("Shift+W");
  await tabTo(mo, "Ban Troll…");
  await mo.keyboard.press("Enter");
  await mo.waitForFunction(() => document.getElementById("mod-ban").open);
  assert.equal(await mo.inputValue("#mod-ban-name"), "Troll");
  await mo.keyboard.press("ArrowDown");
  assert.equal(await mo.evaluate(() => document.querySelector('input[name="mod-ban-scope"]:checked').value), "address");
  await mo.keyboard.press("Tab");
  await mo.keyboard.press("Tab");
  assert.equal(await mo.evaluate(() => document.activeElement?.id), "mod-ban-reason");
  await mo.keyboard.type("spam");
  const sockets = await troll.evaluate(() => window.__sockets);
  from = await h.saidCount(mo);
  await mo.keyboard.press("Enter");
  assert.match(await h.said(mo, /127\.0\.0\.2/, from), /^The address of Troll, 127\.0\.0\.2\/32, is banned until .+ UTC\.$/);
  // The troll hears why, and the page stays disconnected, saying so.
  const notice = await h.said(troll, /banned you/);
  assert.match(notice, /^A moderator banned you from this server until .+ UTC: spam$/);
  await troll.waitForFunction((line) => document.getElementById("connection").textContent === line, notice);

  // The silences and bans in force: M, the first button, a line each with Lift.
  await mo.focus("#roll");
  await mo.keyboard.press("m");
  await mo.waitForFunction(() => document.activeElement?.id === "mod-sanctions");
  from = await h.saidCount(mo);
  await mo.keyboard.press("Enter");
  assert.match(await h.said(mo, /in force/, from), /^2 silences and bans are in force:$/);
  await mo.waitForFunction(() => document.activeElement?.matches("#mod-list li"));
  assert.deepEqual(await mo.$$eval("#mod-list li button", (bs) => bs.map((b) => b.textContent)), ["Lift", "Lift"]);
  // The dialog, its list shown, as axe-core reads it: no violation.
  assert.deepEqual(await h.axeAudit(mo), []);
  // The reports waiting: Cy's, dealt with from its line.
  await tabTo(mo, "Reports", "Shift+Tab");
  from = await h.saidCount(mo);
  await mo.keyboard.press("Enter");
  assert.equal(await h.said(mo, /report/i, from), "One report waits:");
  await mo.waitForFunction(() => document.activeElement?.matches("#mod-list li"));
  assert.match(await focusedText(mo), /Cy reported Troll: insultos/);
  await mo.keyboard.press("Tab");
  assert.equal(await focusedText(mo), "Dealt with");
  from = await h.saidCount(mo);
  await mo.keyboard.press("Enter");
  assert.match(await h.said(mo, /dealt with/, from), /^Report \d+ is dealt with\.$/);
  // The log, newest first: the report dealt with on top.
  await tabTo(mo, "Log", "Shift+Tab");
  from = await h.saidCount(mo);
  await mo.keyboard.press("Enter");
  assert.match(await h.said(mo, /log/, from), /^The moderation log, newest first/);
  await mo.waitForFunction(() => document.activeElement?.matches("#mod-list li"));
  assert.match(await focusedText(mo), /Mo dealt with report \d+/);
  // Escape closes the dialog, the focus back on the game's buttons.
  await mo.keyboard.press("Escape");
  await mo.waitForFunction(() => !document.getElementById("moderation").open && document.activeElement?.id === "roll");

  // Mo closes the table by M: every player at it hears who and why.
  await mo.keyboard.press("m");
  await mo.waitForFunction(() => document.activeElement?.id === "mod-sanctions");
  await tabTo(mo, "Close this table");
  await mo.keyboard.press("Enter");
  await mo.waitForFunction(() => document.activeElement?.id === "mod-close-reason");
  await mo.keyboard.type("spam table");
  await mo.keyboard.press("Enter");
  assert.equal(await h.said(mo, /closed the table/), "The moderator Mo closed the table: spam table.");
  await cy.waitForFunction(() => [...document.querySelectorAll("#history li")].some((li) => /spam table/.test(li.textContent)));

  // All that while, the troll's page did not connect again.
  assert.equal(await troll.evaluate(() => window.__sockets), sockets);
  assert.equal(await troll.textContent("#connection"), notice);
  for (const p of [mo, troll, cy]) await p.close();
});
