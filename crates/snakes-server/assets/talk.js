// Talking to the others, at a table and in the lobby: the message field, what people say heard
// in its frame with a sound of its own, and the name one talks with.
//
// Slash (/) opens the field from anywhere on the page (the table's or the lobby's; no screen
// reader's browse mode takes it); Enter sends and goes back to where the focus was (at a table,
// the game's buttons, where a screen reader lets the single-letter keys through), Escape goes
// back without sending. The field is emptied as the message is sent, so that the next one can be
// typed at once (an echo arriving later never empties it); a refusal brings the text back
// into the field, before anything typed since, with the reason under it.

import { send } from "./connection.js";
import { $, isHidden, word } from "./dom.js";
import { focusGame } from "./keys.js";
import { heardFrom, isMuted } from "./people.js";
import * as sounds from "./sounds.js";
import { addHistory, say } from "./speech.js";
import { app } from "./state.js";

const field = () => $("talk-input");

// Where the focus was when the field was opened: it goes back there.
let cameFrom = null;

/** Opens the message field (the / key): the focus goes into it. */
export function openTalk() {
  const focus = document.activeElement;
  if (!$("talk").contains(focus)) cameFrom = focus && focus !== document.body ? focus : null;
  // Someone with no name yet gives one first: the others hear who speaks.
  $("talk-name-box").hidden = Boolean(app.name);
  (app.name ? field() : $("talk-name")).focus();
}

/** Leaves the message field for where the focus was, or the game's buttons at a table. */
function closeTalk() {
  const back = cameFrom;
  cameFrom = null;
  if (back && !isHidden(back) && back !== field()) back.focus();
  else if (app.table !== null) focusGame();
  else $("lobby-talk-heading").focus();
}

/** The one form, in the page on show: the table's, or the lobby's. */
export function placeTalk() {
  const slot = $(app.table === null ? "lobby-talk-slot" : "talk-slot");
  if ($("talk").parentElement !== slot) slot.append($("talk"));
  $("talk-error").textContent = "";
  $("talk-name-error").textContent = "";
  app.talkSeen = 0;
}

$("talk").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = field().value;
  $("talk-error").textContent = "";
  $("talk-name-error").textContent = "";
  const typed = $("talk-name").value.trim();
  if (typed && !app.name) {
    app.name = typed;
    app.named = false;
    localStorage.setItem("snakes.name", typed);
  }
  // Enter in the name's field, before any message: on to the message.
  if (!text.trim() && typed && document.activeElement === $("talk-name")) { field().focus(); return; }
  if (!text.trim()) { closeTalk(); return; }
  // The name goes first, once a connection: the server keeps it for the table or the lobby.
  if (app.name && !app.named && !send({ type: "set_name", name: app.name })) {
    $("talk-error").textContent = word("ui-not-connected");
    return;
  }
  if (!send({ type: "say", text })) {
    $("talk-error").textContent = word("ui-not-connected");
    return;
  }
  app.talking.push(text);
  field().value = "";
  closeTalk();
});

$("talk").addEventListener("keydown", (e) => {
  if (e.key === "Escape") { e.preventDefault(); closeTalk(); }
});

/** The server took the name we talk with. */
export function onNamed(msg) {
  app.named = true;
  app.name = msg.name;
}

/**
 * Someone said something where we are: said now in its frame ("Ana says: ...") with the talk's
 * sound, or, said before we came, kept in the history only. Each message once, by its number.
 */
export function onSaid(msg) {
  // Ours, said: the oldest message still in flight (the server answers them in order), wherever
  // the page is now.
  if (msg.you && !msg.earlier) app.talking.shift();
  const here = msg.table === undefined ? app.table === null : msg.table === app.table;
  if (!here || msg.n <= app.talkSeen) return;
  app.talkSeen = msg.n;
  if (!msg.you) {
    if (msg.table !== undefined) heardFrom(msg.name);
    // Muted by this page: neither said nor kept.
    if (isMuted(msg.name)) return;
  }
  // Each message keeps its number, for a moderator's removal (`unsaid`) to find it.
  const data = { n: String(msg.n) };
  if (msg.earlier) {
    addHistory([msg.line], "chat", data);
    return;
  }
  if (!msg.you && folded(msg)) {
    addHistory([msg.line], "chat", data);
    return;
  }
  sounds.cue("chat");
  say([msg.line], "chat", { data });
}

/**
 * A moderator removed message `n` where we are: its line in the history (and so in the Talk
 * buffer) says so instead, without a word now.
 */
export function onUnsaid(msg) {
  const here = msg.table === undefined ? app.table === null : msg.table === app.table;
  if (!here) return;
  const list = $(app.table === null ? "lobby-history" : "history");
  for (const li of list.querySelectorAll(`li[data-n="${Number(msg.n)}"]`)) {
    li.textContent = msg.line;
    li.dataset.removed = "1";
  }
}

// ---- keeping up with one person ----------------------------------------------------------------
// A listener keeps up with the talk however much one person says: once someone has had
// FOLD_AFTER messages said within FOLD_WINDOW_MS, their next ones go to the history (the Talk
// buffer) without a word, until they have said nothing for QUIET_MS; then one line says how many
// ("Bob said 12 more messages: [ and ] choose the Talk buffer to read them."), or the one message
// itself when there was one. A flood of a hundred messages costs the listener FOLD_AFTER
// messages and that line; one's own messages are always said.
const FOLD_AFTER = 3;
const FOLD_WINDOW_MS = 20000;
const QUIET_MS = 4000;
const talkers = new Map();

/** Whether `msg` is kept unsaid, its speaker talking faster than a listener can follow. */
function folded(msg) {
  const place = app.table;
  const key = `${place}:${msg.name}`;
  const now = performance.now();
  const talker = talkers.get(key) ?? { said: [], more: 0, last: "", timer: null };
  talkers.set(key, talker);
  talker.said = talker.said.filter((at) => now - at < FOLD_WINDOW_MS);
  if (talker.more === 0 && talker.said.length < FOLD_AFTER) {
    talker.said.push(now);
    return false;
  }
  talker.more += 1;
  talker.last = msg.line;
  clearTimeout(talker.timer);
  talker.timer = setTimeout(() => {
    talkers.delete(key);
    if (app.table !== place) return;
    const line = talker.more === 1 ? talker.last
      : word("talk-more").replace("%name%", () => msg.name).replace("%count%", String(talker.more));
    sounds.cue("chat");
    say([line], "chat", { history: false });
  }, QUIET_MS);
  return true;
}

/** Messages the server did not send this page, over what one listener is sent a second (the
 * people it talks with are always sent): one line, "Bob and 40 others said 312 more messages." */
export function onUnheard(msg) {
  const here = msg.table === undefined ? app.table === null : msg.table === app.table;
  if (here) say([msg.line], "chat");
}

/**
 * A refusal of what we said, or of our name: the text comes back into the field (before
 * anything typed since), the reason under it. False when the refusal is not about talking.
 */
// A name refused before the message it went with: the message's own refusal that follows (no
// name) is not said again elsewhere.
let nameRefused = false;

export function talkRefused(msg) {
  const after = nameRefused;
  nameRefused = false;
  if (msg.code === "no_name" && after && app.talking.length === 0) return true;
  if (app.talking.length === 0) return false;
  if (!["bad_text", "talk_too_fast", "network_talk_too_fast", "no_name", "bad_name", "name_held", "silenced", "banned"].includes(msg.code)) return false;
  // The oldest message in flight is the one refused; the others wait for their own answers.
  giveBack([app.talking.shift()]);
  if (["no_name", "bad_name", "name_held"].includes(msg.code)) {
    app.name = null;
    app.named = false;
    nameRefused = msg.code !== "no_name";
    $("talk-name-box").hidden = false;
    $("talk-name-error").textContent = msg.message;
  } else {
    $("talk-error").textContent = msg.message;
  }
  return true;
}

/**
 * A new connection (its `hello`): what was in flight on the last one will have no answer, so
 * its text comes back into the field, to send again.
 */
export function talkReconnected() {
  giveBack(app.talking.splice(0));
}

/** Puts `texts` back into the message field, before anything typed since. */
function giveBack(texts) {
  if (texts.length === 0) return;
  field().value = [...texts, field().value].filter(Boolean).join(" ");
}
