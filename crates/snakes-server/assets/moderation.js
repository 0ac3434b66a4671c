// Moderation on the page, and reporting someone to the moderators.
//
// A moderator signs in with the key the server's operator gave them (the header's button): the
// key is kept for this tab alone (sessionStorage: a reload signs in again, a new tab or a
// closed browser forgets it). From then on M opens the moderation dialog (the silences and
// bans in force, the reports, the log, silencing or banning someone by name, closing the
// table), X removes the talk message last read (after a question), and the people here
// (Shift+W) each have buttons to silence or ban them. Anyone reports someone from there.
// Every dialog is a modal <dialog>: the focus goes into it, and back where it was when it
// closes (by its buttons or Escape). Every answer is the server's sentence, in the page's
// language, said and kept in the history; the page's own words are its catalogue's.

import { send } from "./connection.js";
import { $, closeDialog, el, isHidden, openDialog, word } from "./dom.js";
import { focusGame } from "./keys.js";
import { renderPeople } from "./people.js";
import { addHistory, entryRead, say } from "./speech.js";
import { app } from "./state.js";

const KEPT = "snakes.moderator";

/** The name and key this tab signed in with, if any. */
function kept() {
  try {
    const c = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    return c && typeof c.name === "string" && typeof c.key === "string" ? c : null;
  } catch { return null; }
}

// Requests in flight whose answer (or refusal) has not come yet: a refusal that comes while one
// is in flight, and no message is, is theirs.
let pending = 0;
// The name and key typed in the sign-in dialog, until the server takes or refuses them.
let signingIn = null;

/** Sends `msg`, a request the server answers; false without a connection. */
function request(msg) {
  if (!send(msg)) return false;
  pending += 1;
  return true;
}

/** Sends a moderator's `action`, or says at once that there is no connection. */
function moderate(action) {
  if (!request({ type: "moderate", action })) say([word("ui-not-connected")], "notice", { history: false });
}

const answered = () => { pending = Math.max(0, pending - 1); };
const fill = (id, slots) => word(id).replace(/%(\w+)%/g, (m, k) => slots[k] ?? m);

// ---- dialogs ----------------------------------------------------------------------------------
// Every dialog of the page (these, and account.js's): opened by dom.js's `openDialog`, and closed
// here, the focus back where it was.
/** Where the focus goes when the dialog it was in is closed: the game's buttons at a table,
 * the lobby's talk in the lobby. */
function focusPlace() {
  if (app.table !== null) focusGame();
  else $("lobby-talk-heading").focus();
}

for (const dialog of document.querySelectorAll("dialog.dialog")) {
  dialog.addEventListener("close", () => {
    const back = dialog.returnTo;
    dialog.returnTo = null;
    const closed = back?.closest?.("dialog:not([open])");
    if (back && !isHidden(back) && !closed) back.focus();
    else focusPlace();
  });
  for (const b of dialog.querySelectorAll(".dialog-cancel")) b.addEventListener("click", () => dialog.close());
}

// ---- signing in -------------------------------------------------------------------------------
function showEntry() {
  $("mod-open").hidden = !app.moderator;
}

$("mod-sign-in-open").addEventListener("click", () => {
  $("mod-sign-in-error").textContent = "";
  $("mod-name").value = kept()?.name ?? app.moderator ?? "";
  $("mod-key").value = "";
  openDialog($("mod-sign-in"), $("mod-name").value ? $("mod-key") : $("mod-name"));
});

$("mod-sign-in-form").addEventListener("submit", (e) => {
  e.preventDefault();
  $("mod-sign-in-error").textContent = "";
  const name = $("mod-name").value.trim();
  const key = $("mod-key").value.trim();
  if (!name || !key) {
    $("mod-sign-in-error").textContent = word("ui-mod-sign-in-needed");
    return;
  }
  if (!request({ type: "moderator", name, key })) {
    $("mod-sign-in-error").textContent = word("ui-not-connected");
    return;
  }
  signingIn = { name, key };
});

/** A new connection (its `hello`): it is no moderator's until it signs in again, which it does
 * by itself with what this tab kept. */
export function moderationReconnected() {
  app.moderator = null;
  pending = 0;
  signingIn = null;
  showEntry();
  const c = kept();
  if (c) request({ type: "moderator", name: c.name, key: c.key });
}

/** Signed in (`moderating`): the page is a moderator's from now on. */
export function onModerating(msg) {
  answered();
  app.moderator = msg.name;
  if (signingIn) sessionStorage.setItem(KEPT, JSON.stringify(signingIn));
  signingIn = null;
  showEntry();
  closeDialog($("mod-sign-in"));
  say([msg.line], "answer");
  renderPeople();
}

// ---- answers ----------------------------------------------------------------------------------
/** What a moderator's action did, or something a moderator is told unasked (a report came). */
export function onModerated(msg) {
  if (pending > 0) answered();
  say([msg.line], "answer");
}

/** The report arrived. */
export function onReported(msg) {
  answered();
  say([msg.line], "answer");
}

/** Something a moderator did to this person (a silence; a ban, before the connection closes). */
export function onNotice(msg) {
  app.notice = msg.line;
  say([msg.line], "notice");
}

// The refusals of moderation's requests; a refusal of another kind that comes while one is in
// flight and no message is (a reason the server cannot take, a table gone) is theirs too.
const CODES = ["bad_key", "not_moderator", "no_such_entry", "bad_span", "no_reason", "no_such_person", "no_such_message"];
const MAYBE = ["bad_text", "no_such_table", "no_name", "silenced", "banned"];

/** A refusal of a moderation request, said (and, for a key, shown under it); false when it is
 * about something else. */
export function moderationRefused(msg) {
  const theirs = pending > 0 && app.talking.length === 0 && MAYBE.includes(msg.code);
  if (!CODES.includes(msg.code) && !theirs) return false;
  answered();
  if (msg.code === "bad_key") {
    if (signingIn) $("mod-sign-in-error").textContent = msg.message;
    // The key this tab kept is no longer one (taken back): forgotten.
    else sessionStorage.removeItem(KEPT);
    signingIn = null;
  }
  say([msg.message], "refusal");
  return true;
}

// ---- the moderation dialog (M) ------------------------------------------------------------------
/** M: the moderation dialog, for a moderator. */
export function openModeration() {
  if (!app.moderator) return;
  $("mod-close-table").hidden = app.table === null;
  $("mod-close-form").hidden = true;
  $("mod-list-line").textContent = "";
  $("mod-list").replaceChildren();
  $("mod-older").hidden = true;
  openDialog($("moderation"), $("mod-sanctions"));
}
$("mod-open").addEventListener("click", openModeration);

// The log's next page starts before this entry; whether the page asked for it (it then follows
// the entries shown).
let olderFrom = null;
let appending = false;

function askList(action) {
  appending = action.type === "log" && action.before !== null;
  moderate(action);
}
$("mod-sanctions").addEventListener("click", () => askList({ type: "sanctions" }));
$("mod-reports").addEventListener("click", () => askList({ type: "reports" }));
$("mod-log").addEventListener("click", () => askList({ type: "log", before: null }));
$("mod-older").addEventListener("click", () => askList({ type: "log", before: olderFrom }));

// What can be done to a line of each list: lift a silence or ban, mark a report dealt with.
const LINE_ACTIONS = {
  sanctions: { label: "ui-mod-lift", action: (id) => ({ type: "lift", id }) },
  reports: { label: "ui-mod-handled", action: (id) => ({ type: "handle", id }) },
};

/** A list the moderator asked for: its first line said, its lines shown (each focusable, with
 * what can be done to it) and kept in the history. */
export function onModerationList(msg) {
  answered();
  const does = LINE_ACTIONS[msg.list];
  const items = msg.lines.map(({ id, line }) => {
    const li = el("li", { tabindex: "0" });
    li.append(el("span", {}, line));
    if (does) {
      const b = el("button", { type: "button" }, word(does.label));
      b.addEventListener("click", () => {
        moderate(does.action(id));
        const next = li.nextElementSibling ?? li.previousElementSibling;
        li.remove();
        (next ?? $("mod-list-line")).focus();
      });
      li.append(" ", b);
    }
    return li;
  });
  const list = $("mod-list");
  if (appending) list.append(...items);
  else list.replaceChildren(...items);
  appending = false;
  olderFrom = msg.next ?? null;
  $("mod-older").hidden = olderFrom === null;
  $("mod-list-line").textContent = msg.line;
  say([msg.line], "answer");
  addHistory(msg.lines.map((l) => l.line), "answer");
  if (!$("moderation").open) openDialog($("moderation"), $("mod-list-line"));
  (items[0] ?? $("mod-list-line")).focus();
}

// Up and down move through the list's lines.
$("mod-list").addEventListener("keydown", (e) => {
  const li = e.target.closest("li");
  if (!li || e.target !== li || !["ArrowDown", "ArrowUp"].includes(e.key)) return;
  const to = e.key === "ArrowDown" ? li.nextElementSibling : li.previousElementSibling;
  if (!to) return;
  e.preventDefault();
  to.focus();
});

// Closing the table: the reason first, then sent; every player there is told.
$("mod-close-table").addEventListener("click", () => {
  $("mod-close-reason").value = "";
  $("mod-close-form").hidden = false;
  $("mod-close-reason").focus();
});
$("mod-close-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (app.table === null) return;
  const table = app.table;
  const reason = $("mod-close-reason").value.trim();
  $("mod-close-form").hidden = true;
  closeDialog($("moderation"));
  moderate({ type: "close", table, reason });
});

// ---- removing a message (X) -------------------------------------------------------------------
let removing = null;

/** X: asks whether to remove the talk message last read (the last one, when none was). */
export function askRemove() {
  if (!app.moderator) return;
  const read = entryRead();
  const list = $(app.table === null ? "lobby-history" : "history");
  const li = read?.dataset.n && !read.dataset.removed ? read
    : [...list.querySelectorAll("li[data-n]:not([data-removed])")].at(-1);
  if (!li) {
    say([word("ui-mod-nothing-to-remove")], "notice", { history: false });
    return;
  }
  removing = Number(li.dataset.n);
  $("mod-remove-question").textContent = fill("ui-mod-remove-question", { number: String(removing), text: li.textContent });
  openDialog($("mod-remove"), $("mod-remove-yes"));
}
$("mod-remove-yes").addEventListener("click", () => {
  const n = removing;
  removing = null;
  closeDialog($("mod-remove"));
  if (n !== null) moderate({ type: "remove", n });
});

// ---- silencing, banning -----------------------------------------------------------------------
const checked = (name) => document.querySelector(`input[name="${name}"]:checked`)?.value;
const check = (name, value) => { document.querySelector(`input[name="${name}"][value="${value}"]`).checked = true; };

/** Silences `name` everywhere for `minutes` (10, 60 or 1440), with no reason. */
export function silence(name, minutes) {
  moderate({ type: "silence", name, minutes, reason: "" });
}

/** The silence dialog, for `name` (from the people here) or a name to type. */
export function openSilence(name = "") {
  $("mod-silence-name").value = name;
  $("mod-silence-reason").value = "";
  $("mod-silence-error").textContent = "";
  check("mod-silence-for", "10");
  openDialog($("mod-silence"), name ? document.querySelector('input[name="mod-silence-for"]:checked') : $("mod-silence-name"));
}
$("mod-silence-someone").addEventListener("click", () => openSilence());
$("mod-silence-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("mod-silence-name").value.trim();
  if (!name) {
    $("mod-silence-error").textContent = word("ui-mod-name-needed");
    return;
  }
  closeDialog($("mod-silence"));
  moderate({ type: "silence", name, minutes: Number(checked("mod-silence-for")), reason: $("mod-silence-reason").value.trim() });
});

/** The ban dialog, for `name` (from the people here) or a name to type. */
export function openBan(name = "") {
  $("mod-ban-name").value = name;
  $("mod-ban-reason").value = "";
  $("mod-ban-name-error").textContent = "";
  $("mod-ban-reason-error").textContent = "";
  check("mod-ban-scope", "name");
  check("mod-ban-for", "24");
  openDialog($("mod-ban"), name ? document.querySelector('input[name="mod-ban-scope"]:checked') : $("mod-ban-name"));
}
$("mod-ban-someone").addEventListener("click", () => openBan());
$("mod-ban-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("mod-ban-name").value.trim();
  const reason = $("mod-ban-reason").value.trim();
  $("mod-ban-name-error").textContent = name ? "" : word("ui-mod-name-needed");
  $("mod-ban-reason-error").textContent = reason ? "" : word("ui-mod-reason-needed");
  if (!name || !reason) return;
  closeDialog($("mod-ban"));
  moderate({ type: "ban", name, scope: checked("mod-ban-scope"), hours: Number(checked("mod-ban-for")), reason });
});

// ---- reporting someone (anyone) ---------------------------------------------------------------
let reporting = null;

/** The report dialog for `name`: why, then sent to the moderators. */
export function openReport(name) {
  reporting = name;
  $("report-title").textContent = fill("ui-report-title", { name });
  $("report-reason").value = "";
  $("report-error").textContent = "";
  openDialog($("report"), $("report-reason"));
}
$("report-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const reason = $("report-reason").value.trim();
  if (!reason) {
    $("report-error").textContent = word("ui-report-reason-needed");
    return;
  }
  closeDialog($("report"));
  // A report says who sent it: someone watching gives the name they talk with first, as a
  // message does (a seat's name is known).
  const seated = app.you !== null && app.you !== undefined;
  if (!seated && app.name && !app.named) send({ type: "set_name", name: app.name });
  if (!request({ type: "report", name: reporting, reason })) say([word("ui-not-connected")], "notice", { history: false });
});
