// Members on the page, by keyboard alone, against the real server: Ana creates an account from
// the dialog U opens (her name, Tab, a password, Tab to "Create account", Enter) and hears that
// she is signed in; she turns brief announcements on at a table and picks Spanish from the
// language menu. On another device (a browser context of its own) she signs in from the button
// at the foot of the page, which opens in Spanish with brief announcements on. A guest on a
// third device cannot go by "ana" (the refusal under the field), nor sign in with a wrong
// password (the refusal under the password, which keeps the focus and the text). Signed out,
// the second device is a guest's again; deleted, the account's name is free. Signed out
// everywhere, a page of the member's on another device is told at once.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup();
const PASSWORD = "correct horse battery";

/** A new device's page (a browser context of its own) in the lobby at `url`. */
async function device(url = env.server.url + "/") {
  const page = await env.browser.newPage();
  await h.recordSaid(page);
  await page.goto(url);
  await page.waitForSelector("#lobby-talk-heading");
  // The page has asked whether it is signed in (a guest's "Sign in" stays on show).
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((r) => /\/api\/account\?/.test(r.name)));
  return page;
}

const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? "");
const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent ?? "");

/** Presses `key` (Tab) until `is(page)` holds (at most 60 times). */
async function tabUntil(page, what, is, key = "Tab") {
  for (let i = 0; i < 60; i += 1) {
    if (await is(page)) return;
    await page.keyboard.press(key);
  }
  assert.fail(`no ${what} within 60 presses of ${key}; the focus is on #${await focusedId(page)} "${await focusedText(page)}"`);
}
const tabToId = (page, id, key = "Tab") => tabUntil(page, "#" + id, async (p) => (await focusedId(p)) === id, key);
const tabToText = (page, text, key = "Tab") => tabUntil(page, `"${text}"`, async (p) => (await focusedText(p)) === text, key);

/** The account this page's browser is signed in as, as the server says (null: a guest). */
const account = (page) => page.evaluate(async () => {
  const r = await fetch("api/account");
  return r.ok ? r.json() : null;
});

/** Resolves once `page` has sent its member's settings and the server kept them. */
const settingsKept = (page) => page.waitForResponse((r) => r.url().includes("/api/account/settings") && r.request().method() === "PUT" && r.status() === 200);

test("an account made by keyboard: its settings follow the member, its name is theirs, and it signs out", async () => {
  // ---- Ana, on her first device: U, her name, a password, Create account.
  const ana = await device();
  assert.equal(await ana.isVisible("#account-open"), true);
  assert.equal(await ana.textContent("#account-open"), "Sign in");
  assert.equal(await ana.getAttribute("#account-open", "aria-keyshortcuts"), "U");
  await ana.keyboard.press("u");
  await ana.waitForFunction(() => document.getElementById("account-dialog").open && document.activeElement?.id === "account-name");
  assert.equal(await ana.getAttribute("#account-name", "autocomplete"), "username");
  assert.equal(await ana.getAttribute("#account-password", "type"), "password");
  await ana.keyboard.type("Ana");
  await ana.keyboard.press("Tab");
  assert.equal(await focusedId(ana), "account-password");
  await ana.keyboard.type(PASSWORD);
  await ana.keyboard.press("Tab");
  assert.equal(await focusedText(ana), "Sign in");
  await ana.keyboard.press("Tab");
  assert.equal(await focusedText(ana), "Create account");
  const opened = await ana.evaluate(() => window.__opened);
  const kept = settingsKept(ana);
  await ana.keyboard.press("Enter");
  assert.equal(await h.said(ana, /Signed in as Ana/), "Account created. Signed in as Ana: the name is yours alone now.");
  // The dialog closed, the focus on the line that says so at the foot of the page, the account's
  // buttons after it; the password gone from the field; the session a cookie the page cannot read.
  await ana.waitForFunction(() => !document.getElementById("account-dialog").open && document.activeElement?.id === "account-line");
  assert.equal(await ana.textContent("#account-line"), "Signed in as Ana");
  assert.equal(await ana.isVisible("#account-open"), false);
  assert.deepEqual(await ana.$$eval("#account-actions > *", (es) => es.map((e) => [e.tagName, e.textContent])),
    [["BUTTON", "My games"], ["BUTTON", "Sign out"], ["BUTTON", "Sign out everywhere"], ["BUTTON", "Passkeys"],
      ["A", "Download my data"], ["BUTTON", "Delete account"]]);
  assert.equal(await ana.getAttribute("#account-export", "href"), "api/account/export");
  assert.equal(await ana.inputValue("#account-password"), "");
  assert.ok(!(await ana.evaluate(() => document.cookie)).includes("snakes_session"));
  // The page connected again, as Ana's; this page's settings became the new account's.
  await ana.waitForFunction((n) => window.__opened > n, opened);
  await kept;
  assert.deepEqual((await account(ana)).settings,
    { brief: false, others: "brief", sounds: true, volume: 60, voice: false, rate: 1, lang: "en" });

  // A table, by keyboard: N, the name already hers, Enter.
  await ana.keyboard.press("Escape");
  await ana.waitForFunction(() => document.activeElement?.id === "lobby-talk-heading");
  await ana.keyboard.press("n");
  await ana.waitForFunction(() => document.activeElement?.id === "c-name");
  assert.equal(await ana.inputValue("#c-name"), "Ana");
  await ana.keyboard.press("Enter");
  await ana.waitForURL(/#\/table\/\d+$/);
  await ana.waitForFunction(() => document.activeElement?.id === "roll");
  await ana.waitForFunction(() => [...document.querySelectorAll("#seats th")].some((th) => th.textContent.includes("Ana (host, you")));

  // Brief announcements on: Tab to the switch, Space; kept by the account in a moment.
  await tabToId(ana, "brief");
  let settled = settingsKept(ana);
  await ana.keyboard.press("Space");
  await settled;
  assert.equal((await account(ana)).settings.brief, true);
  // Off, and the page left at once: what waited is sent as the page goes.
  await ana.keyboard.press("Space");
  await ana.reload();
  await ana.waitForFunction(async () => (await (await fetch("api/account")).json()).settings.brief === false);
  // The page opened again has it too, whichever of the two requests the server answered first.
  await ana.waitForSelector("#account-line", { state: "visible" });
  assert.equal(await ana.isChecked("#brief"), false);
  // On again, from the page opened again.
  await ana.waitForFunction(() => document.activeElement?.id === "roll");
  await tabToId(ana, "brief");
  settled = settingsKept(ana);
  await ana.keyboard.press("Space");
  await settled;
  assert.equal((await account(ana)).settings.brief, true);

  // Spanish, from the language menu: back to it, the arrows, Enter. The account is told before
  // the page opens in Spanish.
  await tabToId(ana, "lang-menu", "Shift+Tab");
  settled = settingsKept(ana);
  while ((await ana.inputValue("#lang-menu")) !== "es") await ana.keyboard.press("ArrowDown");
  await ana.keyboard.press("Enter");
  await settled;
  await ana.waitForFunction(() => document.documentElement.lang === "es" && !document.getElementById("account-line").hidden);
  assert.equal(await ana.textContent("#account-line"), "Sesión iniciada como Ana");
  assert.equal((await account(ana)).settings.lang, "es");

  // ---- Ana on another device, in English: the button at the foot of the page, Enter.
  const other = await device();
  assert.equal(await other.evaluate(() => document.documentElement.lang), "en");
  assert.equal(await other.isChecked("#brief"), false);
  await tabToText(other, "Sign in", "Shift+Tab");
  await other.keyboard.press("Enter");
  await other.waitForFunction(() => document.activeElement?.id === "account-name");
  await other.keyboard.type("Ana");
  await other.keyboard.press("Tab");
  await other.keyboard.type(PASSWORD);
  await other.keyboard.press("Enter");
  // Her settings: the page opens in Spanish, says so there, brief announcements on.
  assert.equal(await h.said(other, /Ana/), "Sesión iniciada como Ana. Tus ajustes te acompañan.");
  assert.equal(await other.evaluate(() => document.documentElement.lang), "es");
  assert.equal(await other.textContent("#account-line"), "Sesión iniciada como Ana");
  assert.equal(await other.isChecked("#brief"), true);
  assert.equal(await other.evaluate(() => localStorage.getItem("snakes.brief")), "1");
  assert.equal(await other.inputValue("#c-name"), "Ana");

  // ---- A guest on a third device cannot go by "ana": not for a new table, nor to talk.
  const guest = await device();
  await guest.keyboard.press("n");
  await guest.waitForFunction(() => document.activeElement?.id === "c-name");
  await guest.keyboard.type("ana");
  await guest.keyboard.press("Enter");
  await guest.waitForFunction(() => document.getElementById("c-name-error").textContent !== "");
  assert.equal(await guest.textContent("#c-name-error"), "The name “ana” is a member's: sign in as that member to use it, or choose another.");
  assert.equal(await focusedId(guest), "c-name");
  assert.equal(await guest.getAttribute("#c-name", "aria-invalid"), "true");
  await guest.keyboard.press("Escape");
  await guest.focus("#lobby-talk-heading");
  await guest.keyboard.press("Slash");
  await guest.waitForFunction(() => document.activeElement?.id === "talk-name");
  await guest.keyboard.type("ana");
  await guest.keyboard.press("Enter");
  await guest.keyboard.type("hello");
  await guest.keyboard.press("Enter");
  await guest.waitForFunction(() => document.getElementById("talk-name-error").textContent !== "");
  assert.match(await guest.textContent("#talk-name-error"), /^The name “ana” is a member's/);
  assert.equal(await guest.inputValue("#talk-input"), "hello");
  // Said once, under the name: the message's own refusal (no name) is not shown elsewhere.
  assert.equal(await guest.textContent("#c-error"), "");

  // Nor sign in as Ana without her password: the refusal under the password, which keeps the
  // focus and what was typed.
  await guest.focus("#lobby-talk-heading");
  await guest.keyboard.press("u");
  await guest.waitForFunction(() => document.getElementById("account-dialog").open);
  await guest.fill("#account-name", "");
  await guest.focus("#account-name");
  await guest.keyboard.type("Ana");
  await guest.keyboard.press("Tab");
  await guest.keyboard.type("not her password");
  await guest.keyboard.press("Enter");
  await guest.waitForFunction(() => document.getElementById("account-password-error").textContent !== "");
  assert.equal(await guest.textContent("#account-password-error"), "That name and password are not an account's.");
  assert.equal(await focusedId(guest), "account-password");
  assert.equal(await guest.getAttribute("#account-password", "aria-invalid"), "true");
  assert.equal(await guest.inputValue("#account-password"), "not her password");
  assert.equal(await guest.textContent("#account-name-error"), "");
  assert.equal(await account(guest), null);
  // Escape closes the dialog, the focus back where it was.
  await guest.keyboard.press("Escape");
  await guest.waitForFunction(() => !document.getElementById("account-dialog").open && document.activeElement?.id === "lobby-talk-heading");

  // ---- Signed out, the second device is a guest's: U goes to the account, Tab to "My games",
  // Tab to "Sign out".
  await other.focus("#lobby-talk-heading");
  await other.keyboard.press("u");
  await other.waitForFunction(() => document.activeElement?.id === "account-line");
  await other.keyboard.press("Tab");
  assert.equal(await focusedText(other), "Mis partidas");
  await other.keyboard.press("Tab");
  assert.equal(await focusedText(other), "Cerrar sesión");
  const before = await other.evaluate(() => window.__opened);
  let from = await h.saidCount(other);
  await other.keyboard.press("Enter");
  assert.equal(await h.said(other, /Sesión cerrada/, from), "Sesión cerrada. Este navegador conserva tus ajustes.");
  await other.waitForFunction(() => document.activeElement?.id === "account-open");
  assert.equal(await other.isVisible("#account-line"), false);
  assert.equal(await other.inputValue("#c-name"), "");
  assert.equal(await account(other), null);
  // Its settings stay; its new connection is a guest's, which cannot go by Ana.
  assert.equal(await other.isChecked("#brief"), true);
  await other.waitForFunction((n) => window.__opened > n, before);
  await other.keyboard.press("n");
  await other.keyboard.type("Ana");
  await other.keyboard.press("Enter");
  await other.waitForFunction(() => document.getElementById("c-name-error").textContent !== "");
  assert.match(await other.textContent("#c-name-error"), /^El nombre «Ana» es de un miembro/);
  assert.equal(await other.evaluate(() => location.hash), "");

  // ---- The first device deletes the account: asked first, with the password.
  await ana.focus("#roll");
  await ana.keyboard.press("u");
  await ana.waitForFunction(() => document.activeElement?.id === "account-line");
  await tabToText(ana, "Borrar la cuenta");
  await ana.keyboard.press("Enter");
  await ana.waitForFunction(() => document.getElementById("account-delete-dialog").open && document.activeElement?.id === "account-delete-password");
  assert.equal(await ana.getAttribute("#account-delete-dialog", "role"), "alertdialog");
  assert.match(await ana.textContent("#account-delete-question"), /^¿Borrar para siempre la cuenta Ana\?/);
  await ana.keyboard.type(PASSWORD);
  from = await h.saidCount(ana);
  await ana.keyboard.press("Enter");
  assert.equal(await h.said(ana, /borrada/, from), "La cuenta Ana está borrada: ahora juegas sin cuenta.");
  await ana.waitForFunction(() => !document.getElementById("account-delete-dialog").open && document.activeElement?.id === "account-open");
  assert.equal(await account(ana), null);
  // The name is free again: the guest takes it.
  await guest.focus("#c-name");
  await guest.fill("#c-name", "");
  await guest.keyboard.type("ana");
  await guest.keyboard.press("Enter");
  await guest.waitForURL(/#\/table\/\d+$/);
  for (const p of [ana, other, guest]) await p.close();
});

test("signed out everywhere on one device, the member's page on another is a guest's at once", async () => {
  /** Signs `page`'s browser in as Cy (made first by `create`), then opens the page again. */
  const signIn = async (page, create) => {
    const status = await page.evaluate(async ([path, pw]) => (await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Cy", password: pw }),
    })).status, [create ? "api/account" : "api/account/sign-in", PASSWORD]);
    assert.equal(status, create ? 201 : 200);
    await page.reload();
    await page.waitForFunction(() => !document.getElementById("account-line").hidden && window.__opened > 0);
  };
  const first = await device();
  await signIn(first, true);
  const second = await device();
  await signIn(second, false);
  const from = await h.saidCount(first);
  await second.click("#account-sign-out-everywhere");
  // Told by the server, not found out at its next request: the line, and "Sign in" again.
  assert.equal(await h.said(first, /signed out/, from), "You are signed out: your account's sessions were ended. You go on as a guest.");
  await first.waitForFunction(() => document.getElementById("account-line").hidden && !document.getElementById("account-open").hidden);
  assert.equal(await account(first), null);
  for (const p of [first, second]) await p.close();
});

test("the sign-in dialog and the signed-in foot have no axe violation", async () => {
  const page = await device();
  await page.keyboard.press("u");
  await page.waitForFunction(() => document.getElementById("account-dialog").open);
  await page.keyboard.type("Bo");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-password-error").textContent !== "");
  assert.deepEqual(await h.axeAudit(page), []);
  await page.keyboard.type(PASSWORD);
  await page.click("#account-create");
  await h.said(page, /Signed in as Bo/);
  assert.deepEqual(await h.axeAudit(page), []);
  await page.close();
});

// My games: Ana, a member, plays a short game against a bot to its end; U takes her to the
// account's line, Tab to "My games", Enter opens the dialog with her figures and the game. Its
// button opens the replay out of the dialog, and period and comma step it: each step is said in
// the live region with the sentences the table said as it happened, in the page's language.
test("a member's finished game is in My games, and its replay says what the table said", async () => {
  const page = await env.browser.newPage();
  await h.recordSaid(page);
  // Every line of the table's news the server sends, as the page received it.
  const live = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => {
    try {
      const msg = JSON.parse(String(f.payload));
      if (msg.type === "events") live.push(...msg.text);
    } catch { /* not JSON */ }
  }));
  await page.goto(env.server.url + "/");
  await page.waitForSelector("#lobby-talk-heading");
  const made = await page.evaluate(async (password) => (await fetch("api/account", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "Mia", password }),
  })).status, PASSWORD);
  assert.equal(made, 201);
  const table = await h.createTable(page, env.server.url, { name: "Mia", board: '{"size": 3}', rules: { ending: "loose" } });
  await page.waitForSelector("#account-line", { state: "visible" });
  await h.startGame(page);
  // Mia rolls whenever it is her turn, until someone wins.
  for (;;) {
    const now = await (await page.waitForFunction(() => {
      const line = document.getElementById("status-line").textContent;
      return /Your turn/.test(line) ? "turn" : /won/.test(line) ? "over" : null;
    })).jsonValue();
    if (now === "over") break;
    const seq = await page.evaluate(() => window.__said.length);
    await page.keyboard.press("r");
    await page.waitForFunction((n) => window.__said.length > n, seq);
  }
  const listed = await page.evaluate(async () => (await fetch("api/account/games?lang=en")).json());
  assert.equal(listed.games.length, 1);

  // ---- My games, by keyboard: U, Tab, Enter.
  await page.keyboard.press("u");
  await page.waitForFunction(() => document.activeElement?.id === "account-line");
  await page.keyboard.press("Tab");
  assert.equal(await focusedId(page), "account-games");
  assert.equal(await focusedText(page), "My games");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("games-dialog").open && document.activeElement?.id === "games-title");
  await page.waitForSelector("#games-list button");
  assert.equal(await page.textContent("#games-figures"), `Games played: 1. Won: ${listed.games[0].won ? 1 : 0}.`);
  const figure = await page.textContent("#games-figures-list li");
  assert.match(figure, /^Custom board .* Played: 1\. Won: [01]\.$/);
  const game = await page.textContent("#games-list button");
  assert.ok(game.endsWith(`: ${listed.games[0].outcome}`), game);
  assert.match(listed.games[0].outcome, /(Mia|Bot 1) won/);
  assert.equal(await page.getAttribute("#games-list a", "href"), `api/tables/${table}/record`);
  const details = await page.textContent(`#game-${table}-details`);
  assert.match(details, /Seats: Mia.*Bot 1.*\. Turns: \d+\.$/);
  assert.deepEqual(await h.axeAudit(page), []);
  await tabUntil(page, "the game's button", (p) => p.evaluate(() => document.activeElement?.closest?.("#games-list") !== null && document.activeElement?.tagName === "BUTTON"));
  let n = await h.saidCount(page);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !document.getElementById("games-dialog").open && document.activeElement?.id === "replay-next");
  const replay = await page.evaluate(async (t) => (await fetch(`api/tables/${t}/replay?lang=en`)).json(), table);
  const steps = replay.steps.map((s) => s.lines.join(" "));
  assert.equal(await h.said(page, /^Replay of table/, n), `Replay of table ${table}: ${steps.length} steps. Period says the first.`);

  // Period: the first step, then the second; comma: the first again. Each said as the table said it.
  for (const [key, at] of [[".", 0], [".", 1], [",", 0], [".", 1], [".", 2]]) {
    n = await h.saidCount(page);
    await page.keyboard.press(key === "." ? "Period" : "Comma");
    const text = await h.said(page, /./, n);
    assert.equal(text, steps[at], `${key} says step ${at}`);
  }
  // The steps are the table's own lines, as the page received them during the game.
  const told = replay.steps.flatMap((s) => s.lines);
  const start = replay.steps.findIndex((s) => s.events.some((e) => e.event.type === "started"));
  const fromStart = replay.steps.slice(start).flatMap((s) => s.lines);
  assert.ok(told.length > fromStart.length && fromStart.length > 3, JSON.stringify(told));
  assert.deepEqual(live.slice(-fromStart.length), fromStart);
  assert.equal(await page.getAttribute("#replay-lines li[aria-current=step]", "aria-current"), "step");
  assert.equal(await page.textContent("#replay-lines li[aria-current=step]"), steps[2]);
  assert.deepEqual(await h.axeAudit(page), []);
  // Escape closes it, back on "My games"; period reads the history again.
  await page.focus("#replay-next");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.getElementById("replay").hidden && document.activeElement?.id === "account-games");
  await page.close();
});
