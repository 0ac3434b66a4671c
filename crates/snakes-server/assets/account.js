// A member's account on the page: signing in or up, out, out everywhere, the account's data
// downloaded and the account deleted, all over HTTP (`/api/account`, docs/protocol.md,
// "Members"): the session is a cookie the page's script never sees, which the browser sends with
// every request and with the WebSocket's handshake. Signed in or out, the page connects again,
// so that its connection is the member's, or a guest's.
//
// A guest sees one button at the foot of the page, "Sign in", as U does: a dialog for a name and
// a password, with "Sign in" and "Create account", and, where the browser makes passkeys, "Sign
// in with a passkey" and "Sign up with a passkey" (WebAuthn: the browser's own dialog asks for
// the device's lock). Signed in, the foot says "Signed in as Ana" with the account's buttons
// ("Passkeys" lists the member's, to add or remove one), where U goes. A member's settings follow them: applied when they
// sign in (and on every page opened signed in), over this browser's, and sent back whenever they
// change (settings.js and language.js tell `keepSettings`), in a moment, and before the page
// is left. A guest's settings stay in localStorage alone, as they always were.

import { command, reconnect } from "./connection.js";
import { $, closeDialog, el, isHidden, openDialog, word } from "./dom.js";
import { focusGame } from "./keys.js";
import { LANG, followLang } from "./language.js";
import { renderPeople } from "./people.js";
import { applySettings, currentSettings } from "./settings.js";
import { say } from "./speech.js";
import { app, setSettingsKeeper } from "./state.js";

/** What the page says once a page opened in the member's language is on show (sessionStorage:
 * signing in opened the page again in it). */
const SAY_ON_LOAD = "snakes.account.said";
/** How long after a change a member's settings are sent (a slider sends many). */
const SETTLE_MS = 800;
/** The settings sent as the page was left (sessionStorage), until the server has them: the
 * page opened next in this tab (a reload) may ask for the account before they arrive. */
const SENT_AS_LEFT = "snakes.account.leaving";
/** How long such settings are newer than the account's. */
const LEFT_FOR_MS = 10000;

const fill = (id, slots) => word(id).replace(/%(\w+)%/g, (m, k) => slots[k] ?? m);
/** Whether two names are one, letter case aside (the server's own check is wider). */
const sameName = (a, b) => Boolean(a && b) && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Asks `/api/account` + `path` with `method` and the JSON `body`, in the page's language (the
 * refusals' sentences): `{ status, json }`; status 0 when the server did not answer.
 */
async function ask(method, path, body = undefined, keepalive = false) {
  const init = { method, credentials: "same-origin", keepalive };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  try {
    const r = await fetch(`api/account${path}?lang=${encodeURIComponent(LANG)}`, init);
    const json = r.status === 204 ? null : await r.json().catch(() => null);
    return { status: r.status, json };
  } catch {
    return { status: 0, json: null };
  }
}

// ---- the foot of the page -----------------------------------------------------------------------
function render() {
  const m = app.member;
  $("account-open").hidden = Boolean(m);
  $("account-line").hidden = !m;
  $("account-actions").hidden = !m;
  $("account-line").textContent = m ? fill("ui-account-signed-in", { name: m.name }) : "";
  renderBlocked();
}

/** Whom the member blocks, at the foot: a button to unblock each (the people's list at a table
 * has one to block, and to unblock, who is there). */
function renderBlocked() {
  const names = app.member?.blocked ?? [];
  const box = $("account-blocked");
  box.hidden = names.length === 0;
  const focused = box.contains(document.activeElement);
  box.replaceChildren(word("ui-account-blocked"), ...names.flatMap((name) => {
    const b = el("button", { type: "button" }, fill("ui-unblock-person", { name }));
    b.addEventListener("click", () => command({ type: "unblock", name }));
    return [" ", b];
  }));
  if (focused) (box.querySelector("button") ?? $("account-line")).focus();
}

/** The server's answer to a block or an unblock (from this page, or another of the member's):
 * whom the member blocks now, and its line said. */
export function onBlocks(msg) {
  if (!app.member) return;
  app.member.blocked = msg.names;
  render();
  renderPeople();
  say([msg.line], "notice");
}

// The key that opens the dialog, as the table of keys names it, on the button that does too.
try {
  const keys = JSON.parse($("keys")?.textContent || "[]");
  const key = keys.find((k) => k.does === "account");
  if (key) $("account-open").setAttribute("aria-keyshortcuts", key.shortcuts);
} catch { /* the button works without */ }

// Where the focus was when U brought it to the account: Escape goes back there.
let cameFrom = null;

/** U: the dialog to sign in, or, signed in, the account's line at the foot of the page. */
export function openAccount() {
  if (!app.member) {
    openSignIn();
    return;
  }
  const from = document.activeElement;
  if (!$("account-entry").contains(from)) cameFrom = from && from !== document.body ? from : null;
  $("account-line").focus();
}

$("account-entry").addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  e.preventDefault();
  const back = cameFrom;
  cameFrom = null;
  if (back && !isHidden(back)) back.focus();
  else if (app.table !== null) focusGame();
  else $("lobby-talk-heading").focus();
});

// ---- signing in or up ---------------------------------------------------------------------------
/** Which field a refusal of signing in or up is about, by its code: the name's, else the
 * password's. */
const NAME_CODES = ["bad_name", "name_taken", "banned"];

function openSignIn() {
  $("account-name-error").textContent = "";
  $("account-password-error").textContent = "";
  $("account-passkey-error").textContent = "";
  if (!$("account-name").value) $("account-name").value = app.name ?? "";
  openDialog($("account-dialog"), $("account-name").value ? $("account-password") : $("account-name"));
}
$("account-open").addEventListener("click", openSignIn);

// A request in flight: the buttons do nothing more until it is answered.
let busy = false;

$("account-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  if (busy) return;
  const creating = e.submitter === $("account-create");
  $("account-name-error").textContent = "";
  $("account-password-error").textContent = "";
  $("account-passkey-error").textContent = "";
  const name = $("account-name").value.trim();
  const password = $("account-password").value;
  if (!name || !password) {
    $(name ? "account-password-error" : "account-name-error").textContent = word("ui-account-needed");
    return;
  }
  // A password manager offers to keep a new account's password, and fills in a known one.
  $("account-password").autocomplete = creating ? "new-password" : "current-password";
  busy = true;
  const r = await ask("POST", creating ? "" : "/sign-in", { name, password });
  busy = false;
  if (r.status === 200 || r.status === 201) {
    $("account-password").value = "";
    signedIn(r.json, creating ? "ui-account-created" : "ui-account-welcome");
    return;
  }
  const code = r.json?.code;
  const line = r.json?.message ?? word("ui-account-unreachable");
  $(NAME_CODES.includes(code) ? "account-name-error" : "account-password-error").textContent = line;
});

/**
 * Signed in as `account` (`{ name, settings }`): its settings in force over this browser's (its
 * language first: the page opens in it), the connection made again as the member's, the name
 * fields filled with the member's name; `said` is what the page says (a word's id), if anything.
 * `newer`: settings this tab sent as it left the last page, which the account may not have yet.
 */
function signedIn(account, said, newer = null) {
  const kept = account.settings && typeof account.settings === "object" ? account.settings : {};
  const settings = { ...kept, ...newer };
  app.member = { name: account.name, settings: kept, blocked: account.blocked ?? [], password: account.password !== false };
  if (typeof settings.lang === "string" && followLang(settings.lang)) {
    // The page opens in the member's language, and says there that they are signed in.
    if (said) sessionStorage.setItem(SAY_ON_LOAD, said);
    if (newer) leaving(account.name, newer);
    return;
  }
  applySettings(settings);
  // What this page has that the account does not (a new account has nothing) goes to it.
  keepSettings({}, true);
  app.name = account.name;
  app.named = false;
  for (const id of ["c-name", "j-name", "talk-name"]) $(id).value = account.name;
  render();
  const dialog = $("account-dialog");
  if (dialog.open) {
    // Back where the dialog was opened, or, from "Sign in" (gone now), to the account's line.
    if (!dialog.returnTo || dialog.returnTo === $("account-open")) dialog.returnTo = $("account-line");
    closeDialog(dialog);
  }
  if (said) {
    reconnect();
    say([fill(said, { name: account.name })], "notice");
  }
}

/** No longer a member's page: the connection made again as a guest's, the member's name out of
 * the name fields (a guest cannot go by it), and `said` (a word's id, if any) said. The settings
 * stay as they are. */
function becameGuest(said, name = app.member?.name) {
  app.member = null;
  clearTimeout(settle);
  settle = null;
  if (sameName(localStorage.getItem("snakes.name"), name)) localStorage.removeItem("snakes.name");
  if (sameName(app.name, name)) {
    app.name = localStorage.getItem("snakes.name") || null;
    app.named = false;
  }
  for (const id of ["c-name", "j-name", "talk-name"]) if (sameName($(id).value, name)) $(id).value = app.name ?? "";
  render();
  reconnect();
  if (said) say([fill(said, { name })], "notice");
}

/** The server says the member this page was signed in as has no session any more (signed out
 * everywhere, or the account deleted, from another device): a guest's page from now on, which
 * says the server's line. */
export function onSignedOut(msg) {
  if (!app.member) return;
  const focused = $("account-entry").contains(document.activeElement);
  becameGuest(null);
  if (focused) $("account-open").focus();
  say([msg.line], "notice");
}

// ---- passkeys -----------------------------------------------------------------------------------
// WebAuthn's options and answers travel as JSON, their bytes in base64url; the browser's API
// wants and gives ArrayBuffers. A browser dialog closed (or timed out) is said in the dialog's
// message line; a sign-in the server refuses is said as one, whatever failed.
const PASSKEYS = Boolean(window.PublicKeyCredential && navigator.credentials);
$("account-passkey").hidden = !PASSKEYS;
$("account-passkey-add").hidden = !PASSKEYS;

function fromB64(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
}
function toB64(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
const descriptors = (list) => (list ?? []).map((d) => ({ ...d, id: fromB64(d.id) }));

/** What the passkey is called in the member's list: the device it was made on, as the browser
 * names its platform. */
const deviceLabel = () => navigator.userAgentData?.platform || navigator.platform || "";

/** Why the browser gave no passkey, as a word's id: this device holds one of the account's
 * already (the server excluded it), or its dialog was closed, timed out or failed. */
const whyNone = (e) => (e?.name === "InvalidStateError" ? "ui-account-passkey-here-already" : "ui-account-passkey-cancelled");

/** A new passkey made with the server's creation `options`: the answer to send, or
 * `{ failed }` (a word's id) when the browser gave none. */
async function makePasskey(options) {
  const publicKey = {
    ...options,
    challenge: fromB64(options.challenge),
    user: { ...options.user, id: fromB64(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  let made;
  try { made = await navigator.credentials.create({ publicKey }); } catch (e) { return { failed: whyNone(e) }; }
  if (!made) return { failed: whyNone(null) };
  return {
    id: made.id,
    rawId: toB64(made.rawId),
    type: made.type,
    response: {
      clientDataJSON: toB64(made.response.clientDataJSON),
      attestationObject: toB64(made.response.attestationObject),
    },
    label: deviceLabel(),
  };
}

/** A passkey's signature over the server's request `options`: the answer, or `{ failed }`. */
async function usePasskey(options) {
  const publicKey = {
    ...options,
    challenge: fromB64(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  };
  let used;
  try { used = await navigator.credentials.get({ publicKey }); } catch (e) { return { failed: whyNone(e) }; }
  if (!used) return { failed: whyNone(null) };
  const r = used.response;
  return {
    id: used.id,
    rawId: toB64(used.rawId),
    type: used.type,
    response: {
      clientDataJSON: toB64(r.clientDataJSON),
      authenticatorData: toB64(r.authenticatorData),
      signature: toB64(r.signature),
      userHandle: r.userHandle ? toB64(r.userHandle) : null,
    },
  };
}

/** Says `line` in the sign-in dialog's passkey line (a live region). */
const passkeyLine = (line) => { $("account-passkey-error").textContent = line; };
const unreachable = (r) => r.json?.message ?? word("ui-account-unreachable");

$("account-passkey-sign-in").addEventListener("click", async () => {
  if (busy) return;
  $("account-name-error").textContent = "";
  $("account-password-error").textContent = "";
  passkeyLine("");
  busy = true;
  try {
    const begun = await ask("POST", "/passkey/sign-in/begin", {});
    if (begun.status !== 200) return passkeyLine(unreachable(begun));
    const answer = await usePasskey(begun.json);
    if (answer.failed) return passkeyLine(word(answer.failed));
    const r = await ask("POST", "/passkey/sign-in/finish", answer);
    if (r.status === 200) return signedIn(r.json, "ui-account-welcome");
    passkeyLine(r.json?.code === "bad_sign_in" ? word("ui-account-passkey-failed") : unreachable(r));
  } finally {
    busy = false;
  }
});

$("account-passkey-create").addEventListener("click", async () => {
  if (busy) return;
  $("account-name-error").textContent = "";
  $("account-password-error").textContent = "";
  passkeyLine("");
  const name = $("account-name").value.trim();
  if (!name) {
    $("account-name-error").textContent = word("ui-account-passkey-name-needed");
    $("account-name").focus();
    return;
  }
  busy = true;
  try {
    const begun = await ask("POST", "/passkey/sign-up/begin", { name });
    if (begun.status !== 200) {
      const line = unreachable(begun);
      if (NAME_CODES.includes(begun.json?.code)) $("account-name-error").textContent = line;
      else passkeyLine(line);
      return;
    }
    const answer = await makePasskey(begun.json);
    if (answer.failed) return passkeyLine(word(answer.failed));
    const r = await ask("POST", "/passkey/sign-up/finish", answer);
    if (r.status === 201) return signedIn(r.json, "ui-account-created");
    if (NAME_CODES.includes(r.json?.code)) $("account-name-error").textContent = unreachable(r);
    else passkeyLine(unreachable(r));
  } finally {
    busy = false;
  }
});

// The member's passkeys: a dialog that lists them, each with its button to remove it.
const when = (ms) => new Date(ms).toLocaleDateString(LANG, { dateStyle: "medium" });
const passkeysSaid = (line) => { $("account-passkeys-message").textContent = line; };

function listPasskeys(keys) {
  const list = $("account-passkeys-list");
  list.replaceChildren();
  for (const key of keys) {
    const item = document.createElement("li");
    const text = document.createElement("span");
    text.textContent = key.last_used_at
      ? fill("ui-account-passkey-entry", { label: key.label, made: when(key.created_at), used: when(key.last_used_at) })
      : fill("ui-account-passkey-entry-unused", { label: key.label, made: when(key.created_at) });
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = fill("ui-account-passkey-remove", { label: key.label });
    remove.addEventListener("click", () => removePasskey(key));
    item.append(text, " ", remove);
    list.append(item);
  }
  $("account-passkeys-none").hidden = keys.length > 0;
}

async function refreshPasskeys() {
  const r = await ask("GET", "/passkeys");
  if (r.status === 200 && Array.isArray(r.json)) listPasskeys(r.json);
  else if (r.json?.code === "not_signed_in") becameGuest("ui-account-ended");
  else passkeysSaid(unreachable(r));
}

$("account-passkeys").addEventListener("click", async () => {
  if (!app.member) return;
  passkeysSaid("");
  $("account-passkeys-list").replaceChildren();
  $("account-passkeys-none").hidden = true;
  const dialog = $("account-passkeys-dialog");
  openDialog(dialog, PASSKEYS ? $("account-passkey-add") : dialog.querySelector(".dialog-cancel"));
  await refreshPasskeys();
});

async function removePasskey(key) {
  if (busy) return;
  busy = true;
  const r = await ask("DELETE", `/passkeys/${key.id}`);
  busy = false;
  if (r.status === 204) {
    await refreshPasskeys();
    passkeysSaid(fill("ui-account-passkey-removed", { label: key.label }));
    // The button pressed is gone: the focus goes where the member adds another.
    (PASSKEYS ? $("account-passkey-add") : $("account-passkeys-dialog").querySelector(".dialog-cancel")).focus();
    return;
  }
  passkeysSaid(unreachable(r));
}

$("account-passkey-add").addEventListener("click", async () => {
  if (busy || !app.member) return;
  passkeysSaid("");
  busy = true;
  try {
    const begun = await ask("POST", "/passkey/add/begin", {});
    if (begun.status !== 200) return passkeysSaid(unreachable(begun));
    const answer = await makePasskey(begun.json);
    if (answer.failed) return passkeysSaid(word(answer.failed));
    const r = await ask("POST", "/passkey/add/finish", answer);
    if (r.status !== 201) return passkeysSaid(unreachable(r));
    listPasskeys(r.json);
    passkeysSaid(word("ui-account-passkey-added"));
  } finally {
    busy = false;
  }
});

// ---- signed in ----------------------------------------------------------------------------------
/** Signs out, `everywhere` or on this browser alone; the focus goes to "Sign in". */
async function signOut(everywhere) {
  if (busy) return;
  busy = true;
  // What was changed last is kept first.
  await keepSettings({}, true);
  const r = await ask("POST", everywhere ? "/sign-out-everywhere" : "/sign-out");
  busy = false;
  if (r.status === 204 || r.json?.code === "not_signed_in") {
    const focused = $("account-entry").contains(document.activeElement);
    becameGuest(everywhere ? "ui-account-signed-out-everywhere" : "ui-account-signed-out");
    if (focused) $("account-open").focus();
    return;
  }
  say([r.json?.message ?? word("ui-account-unreachable")], "refusal");
}
$("account-sign-out").addEventListener("click", () => signOut(false));
$("account-sign-out-everywhere").addEventListener("click", () => signOut(true));

// Deleting the account: asked first, with the password.
$("account-delete").addEventListener("click", () => {
  if (!app.member) return;
  $("account-delete-question").textContent = fill("ui-account-delete-question", { name: app.member.name });
  $("account-delete-name").value = app.member.name;
  $("account-delete-password").value = "";
  $("account-delete-error").textContent = "";
  // An account without a password is confirmed with one of its passkeys.
  const byPasskey = !app.member.password;
  $("account-delete-password-field").hidden = byPasskey;
  $("account-delete-passkey").hidden = !byPasskey;
  openDialog($("account-delete-dialog"), byPasskey ? $("account-delete-go") : $("account-delete-password"));
});
$("account-delete-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  if (busy || !app.member) return;
  $("account-delete-error").textContent = "";
  let body;
  if (app.member.password) {
    const password = $("account-delete-password").value;
    if (!password) {
      $("account-delete-error").textContent = word("ui-account-needed");
      return;
    }
    body = { password };
  } else {
    busy = true;
    const begun = await ask("POST", "/passkey/delete/begin", {});
    const passkey = begun.status === 200 ? await usePasskey(begun.json) : null;
    busy = false;
    if (!passkey || passkey.failed) {
      $("account-delete-error").textContent = passkey ? word(passkey.failed) : unreachable(begun);
      return;
    }
    body = { passkey };
  }
  busy = true;
  const r = await ask("DELETE", "", body);
  busy = false;
  if (r.status === 204 || r.json?.code === "not_signed_in") {
    $("account-delete-password").value = "";
    const dialog = $("account-delete-dialog");
    dialog.returnTo = $("account-open");
    const name = app.member.name;
    becameGuest(r.status === 204 ? "ui-account-deleted" : "ui-account-ended", name);
    closeDialog(dialog);
    return;
  }
  $("account-delete-error").textContent = r.json?.message ?? word("ui-account-unreachable");
});

// ---- the settings, kept ------------------------------------------------------------------------
// A member's settings as the account has them, whole (keys this page does not know kept as they
// are), with this page's over them; sent a moment after the last change, at once when asked (the
// language, before the page opens in it), and before the page is left.
let settle = null;

function wanted(changes) {
  return { ...app.member.settings, ...currentSettings(), lang: LANG, ...changes };
}

/** Notes `settings` as sent by `name`'s page as it leaves (read by the next page in the tab). */
function leaving(name, settings) {
  sessionStorage.setItem(SENT_AS_LEFT, JSON.stringify({ name, at: Date.now(), settings }));
}

function send(settings, keepalive) {
  const text = JSON.stringify(settings);
  if (text === JSON.stringify(app.member.settings)) return Promise.resolve();
  const member = app.member;
  const before = member.settings;
  member.settings = settings;
  if (keepalive) leaving(member.name, settings);
  return ask("PUT", "/settings", settings, keepalive).then((r) => {
    if (keepalive && r.status !== 0) sessionStorage.removeItem(SENT_AS_LEFT);
    if (r.status === 200 || app.member !== member) return;
    // Signed out meanwhile, on another device or everywhere: this page is a guest's now.
    if (r.json?.code === "not_signed_in") becameGuest("ui-account-ended");
    // Not kept: sent again with the next change.
    else if (member.settings === settings) member.settings = before;
  });
}

/** The keeper of the settings (state.js): a member's are sent, in a moment or `now`. */
function keepSettings(changes, now) {
  if (!app.member) return Promise.resolve();
  clearTimeout(settle);
  settle = null;
  if (now) {
    // Within a moment, however slow the server: the page is not held up by it.
    const sent = send(wanted(changes), true);
    return Promise.race([sent, new Promise((done) => setTimeout(done, 3000))]);
  }
  settle = setTimeout(() => { settle = null; send(wanted({}), false); }, SETTLE_MS);
  return Promise.resolve();
}
setSettingsKeeper(keepSettings);

// Leaving the page (closed, another page, the tab hidden): what waits is sent now, and arrives
// even once the page is gone.
function flush() {
  if (settle === null || !app.member) return;
  clearTimeout(settle);
  settle = null;
  send(wanted({}), true);
}
addEventListener("pagehide", flush);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flush(); });

// ---- on load ------------------------------------------------------------------------------------
/** Asks whether this browser is signed in; a member's page takes its settings and name. */
export async function startAccount() {
  render();
  const r = await ask("GET", "");
  const said = sessionStorage.getItem(SAY_ON_LOAD);
  sessionStorage.removeItem(SAY_ON_LOAD);
  let left = null;
  try { left = JSON.parse(sessionStorage.getItem(SENT_AS_LEFT) || "null"); } catch { /* none */ }
  sessionStorage.removeItem(SENT_AS_LEFT);
  if (r.status !== 200 || !r.json?.name) return;
  const fresh = left && left.name === r.json.name && Date.now() - left.at < LEFT_FOR_MS;
  signedIn(r.json, null, fresh ? left.settings : null);
  // Signing in opened this page in the member's language: said here, where they now are.
  if (said && app.member) say([fill(said, { name: app.member.name })], "notice");
}
