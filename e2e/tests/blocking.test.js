// Blocking a member, by keyboard: Ana and Bo are members, and Bo sits at Ana's table and talks.
// Ana opens the people here (Shift+W), tabs to "Block Bo" and presses Enter: she hears that she
// blocked him, and the button is pressed. What Bo says next never reaches her page (her own
// message after it does), and Bo hears nothing of it. At the foot of her page (U), "Unblock Bo"
// undoes it, and she hears Bo again. And a member whose name the operator granted the
// moderator's role (`snakes admin grant Mia moderator`) is the moderator on her page as soon as
// it opens signed in, without the key.
"use strict";

const { spawnSync } = require("node:child_process");
const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup();
const PASSWORD = "correct horse battery";

/** A page (a browser context of its own) signed in as a new member `name`, in the lobby. */
async function member(name) {
  const page = await env.browser.newPage();
  await h.recordSaid(page);
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#lobby-talk-heading");
  const status = await page.evaluate(async ([n, pw]) => (await fetch("api/account", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: n, password: pw }),
  })).status, [name, PASSWORD]);
  assert.equal(status, 201);
  await page.reload();
  await page.waitForFunction(() => !document.getElementById("account-line").hidden && window.__opened > 0);
  return page;
}

const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent ?? "");
const pressed = (page) => page.evaluate(() => document.activeElement?.getAttribute("aria-pressed"));

/** Says `text` at the table from `page` (slash, the text, Enter), once the page heard it said. */
async function say(page, text) {
  const from = await h.saidCount(page);
  await page.keyboard.press("Slash");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
  await h.said(page, new RegExp("You say: " + text.replace(/[?]/g, "\\?")), from);
  await page.keyboard.press("Escape");
}

test("a member blocks another from the people here, stops hearing him, and unblocks him at the foot", async () => {
  const ana = await member("Ana");
  const bo = await member("Bo");
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "3", bots: "0" });
  await ana.waitForFunction(() => !document.getElementById("account-line").hidden);
  await bo.goto(`${env.server.url}/#/table/${table}`);
  await bo.waitForSelector("#j-name", { state: "visible" });
  await bo.fill("#j-name", "Bo");
  await bo.click("#join button[type=submit]");
  await bo.waitForFunction(() => [...document.querySelectorAll("#seats th")].some((th) => th.textContent.includes("Bo (you")));

  let from = await h.saidCount(ana);
  await say(bo, "hi all");
  assert.equal(await h.said(ana, /hi all/, from), "Bo says: hi all");

  // Shift+W, Tab past "Mute Bo" to "Block Bo", Enter.
  await ana.focus("#roll");
  await ana.keyboard.press("Shift+W");
  assert.equal(await focusedText(ana), "Mute Bo");
  await ana.keyboard.press("Tab");
  assert.equal(await focusedText(ana), "Block Bo");
  assert.equal(await pressed(ana), "false");
  from = await h.saidCount(ana);
  await ana.keyboard.press("Enter");
  assert.equal(
    await h.said(ana, /blocked/, from),
    "You blocked Bo: you will not hear their messages, and they cannot join your waiting tables. They are not told.",
  );
  await ana.waitForFunction(() => document.activeElement?.getAttribute("aria-pressed") === "true");
  assert.equal(await focusedText(ana), "Block Bo");

  // Bo talks; Ana's own message after his reaches her page, his never does.
  await ana.keyboard.press("Escape");
  await say(bo, "psst");
  await say(ana, "anyone?");
  const anas = await ana.evaluate(() => window.__said);
  assert.ok(!anas.some((t) => /psst/.test(t)), anas.join("\n"));
  assert.ok(!(await ana.$$eval("#history li", (li) => li.some((l) => /psst/.test(l.textContent)))));
  assert.equal(await h.said(bo, /anyone/), "Ana says: anyone?");
  const bos = await bo.evaluate(() => window.__said);
  assert.ok(!bos.some((t) => /block/i.test(t)), bos.join("\n"));
  assert.deepEqual(await h.axeAudit(ana), []);

  // U: the account at the foot, where "Unblock Bo" waits.
  await ana.keyboard.press("u");
  await ana.waitForFunction(() => document.activeElement?.id === "account-line");
  for (let i = 0; i < 10 && (await focusedText(ana)) !== "Unblock Bo"; i += 1) await ana.keyboard.press("Tab");
  assert.equal(await focusedText(ana), "Unblock Bo");
  from = await h.saidCount(ana);
  await ana.keyboard.press("Enter");
  assert.equal(await h.said(ana, /unblocked/, from), "You unblocked Bo.");
  await ana.waitForFunction(() => document.getElementById("account-blocked").hidden);
  from = await h.saidCount(ana);
  await say(bo, "back again");
  assert.equal(await h.said(ana, /back again/, from), "Bo says: back again");
  for (const p of [ana, bo]) await p.close();
});

test("a member granted the moderator's role is the moderator on her page without the key", async () => {
  const granted = spawnSync(h.binary(), ["admin", "grant", "Mia", "moderator", "--db", env.tmp.db], { encoding: "utf8" });
  assert.equal(granted.status, 0, granted.stderr);
  const mia = await member("Mia");
  assert.equal(await h.said(mia, /moderator/), "You are the moderator Mia now. No report waits.");
  assert.equal(await mia.isVisible("#mod-open"), true);
  await mia.close();
});
