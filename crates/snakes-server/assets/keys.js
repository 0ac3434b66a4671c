// The game's keys and buttons: what each key does, the field of G, and the toolbar the buttons
// make (one Tab stop, the arrows along).

import { openAccount } from "./account.js";
import { act, command } from "./connection.js";
import { $, word } from "./dom.js";
import { replayOpen, stepReplay } from "./games.js";
import { chooseTable, joinChosen, openCreate, watchChosen } from "./lobby.js";
import { askRemove, openModeration } from "./moderation.js";
import { openPeople } from "./people.js";
import { stepVolume, toggleSounds } from "./settings.js";
import * as sounds from "./sounds.js";
import { forgetPlace, lastOfBuffer, readBack, repeat, say, sayKeys, switchBuffer } from "./speech.js";
import { app } from "./state.js";
import { askLeave, hostCommand, removeLastBot } from "./table.js";
import { openTalk } from "./talk.js";
import * as voice from "./voice.js";

// ---- keys -----------------------------------------------------------------------------------
// The game's keys come from the one table of keys (snakes-text, keys.rs), written into the page
// by the server with their words: R or Space roll, C positions, T turn, S scores, Shift+S
// detailed scores, L look ahead, G a square, H or ? help, J the seat back; comma and period read
// the history back and forth, Shift+comma (<) and Shift+period (>) its first and last line, A
// says the last announcement again, U signs in (or goes to the account); while a replay of a
// member's game is open, period and comma step it instead (games.js). A key is named as
// aria-keyshortcuts names it ("R", "Shift+S", "Space", "?").
const TABLE = (() => {
  try { return JSON.parse($("keys")?.textContent || "[]"); } catch { return []; }
})();

/** What the key `k` of the table does here. */
function action(k) {
  switch (k.does) {
    case "roll": return roll;
    case "ask": return k.query === "square" ? openSquare : k.query === "help" ? help : () => ask(k.query);
    case "read": return () => readBack(k.reading);
    case "repeat": return repeat;
    case "come_back": return comeBack;
    case "talk": return openTalk;
    case "buffer": return () => switchBuffer(k.step);
    case "buffer_last": return lastOfBuffer;
    case "start": return () => hostCommand("start");
    case "add_bot": return () => hostCommand("add_bot");
    case "remove_bot": return removeLastBot;
    case "leave": return askLeave;
    case "sounds": return toggleSounds;
    case "volume": return () => stepVolume(k.step);
    case "people": return openPeople;
    case "new_table": return openCreate;
    case "table": return () => chooseTable(k.step);
    case "join": return joinChosen;
    case "watch": return watchChosen;
    case "moderation": return openModeration;
    case "remove_message": return askRemove;
    case "account": return openAccount;
    default: return null;
  }
}
// The keys of each place, by name: a name may do one thing at a table and another in the lobby
// (N starts the game, or opens the form), as audio games layer their keys.
const KEYS = { table: {}, lobby: {} };
for (const k of TABLE) {
  const f = action(k);
  if (!f) continue;
  for (const place of k.place === "both" ? ["table", "lobby"] : [k.place]) KEYS[place][k.name] = f;
}
const here = () => KEYS[app.table === null ? "lobby" : "table"];
// The keys that read the history, its buffers and their place in it.
const HISTORY_KEYS = TABLE.filter((k) => ["read", "buffer", "buffer_last"].includes(k.does)).map((k) => k.name);
// A moderator's keys act (and are the page's rather than the browser's) only once the page is
// signed in as a moderator.
const MODERATORS = new Set(TABLE.filter((k) => k.moderator).map((k) => k.name));
const actsHere = (name) => Boolean(here()[name]) && (!MODERATORS.has(name) || Boolean(app.moderator));
// X acts on the message last read: it keeps the history's place.
const KEEP_PLACE = TABLE.filter((k) => k.does === "remove_message").map((k) => k.name);

const PUNCTUATION = { BracketLeft: "[", BracketRight: "]", Backslash: "\\", Slash: "/", Minus: "-", Equal: "=", Semicolon: ";", Quote: "'", Digit0: "0" };

function keyName(e) {
  if (e.key === " ") return "Space";
  if (/^[a-z]$/i.test(e.key)) return (e.shiftKey ? "Shift+" : "") + e.key.toUpperCase();
  if (HISTORY_KEYS.includes(e.key)) return e.key;
  // Shift with the comma and period keys, on layouts where they give something else.
  if (e.code === "Comma") return e.shiftKey ? "<" : ",";
  if (e.code === "Period") return e.shiftKey ? ">" : ".";
  // The keys of punctuation by where they are (a Spanish keyboard types brackets with AltGr,
  // which is Ctrl+Alt to a browser), when the key itself gives none of the table's keys.
  if (!here()[e.key] && !e.shiftKey && PUNCTUATION[e.code]) return PUNCTUATION[e.code];
  return e.key;
}

// A key of the game was pressed: the page's voice stops (the answer comes next), and any key
// but the history's brings the history's place back to its end.
function pressed(name) {
  voice.interrupt();
  if (!HISTORY_KEYS.includes(name) && !KEEP_PLACE.includes(name)) forgetPlace();
  here()[name]();
}

function roll() {
  if (app.table === null) return;
  // Without a seat, the server says why a roll cannot be ("You have no seat at this table.").
  act("roll");
}

// Takes the seat back from the bot that plays it since we left; the server says why not
// otherwise ("You are playing your own seat").
export function comeBack() {
  if (app.table === null) return;
  act("come_back");
  focusGame();
}

// H: at a table the server says the keys that act there now; in the lobby, the lobby's keys, from
// the table of keys the page carries. To a moderator, their keys first (the server's answer
// has none: the page alone knows it signed in), as what can be done now comes first.
function help() {
  // The replay's keys first while one is open: they are period's and comma's then.
  const replaying = replayOpen() ? [word("ui-replay-keys")] : [];
  if (app.table !== null) {
    if (replaying.length) say(replaying, "answer");
    ask("help");
    return;
  }
  const lines = [...new Set(TABLE.filter((k) => k.place !== "table" && !k.moderator).map((k) => k.help))];
  sayKeys([...replaying, ...withModeratorKeys(lines)]);
}

/** The lines of H (`lines`) with a moderator's keys of the place first, to a moderator. */
export function withModeratorKeys(lines) {
  if (!app.moderator) return lines;
  const elsewhere = app.table === null ? "table" : "lobby";
  const theirs = TABLE.filter((k) => k.moderator && k.place !== elsewhere).map((k) => k.help);
  return [...new Set([...theirs, ...lines])];
}

function ask(query, square) {
  if (app.table === null) return;
  const msg = { type: "query", table: app.table, query };
  if (square !== undefined) msg.square = square;
  command(msg);
}

// G opens the field for a square's number; Enter asks (empty: your own square, or the square
// of the player to roll for a spectator) and goes back to the game's buttons, as Escape does.
function openSquare() {
  $("square-error").textContent = "";
  $("square-input").value = "";
  $("square-form").hidden = false;
  $("square-input").focus();
}
function closeSquare() {
  $("square-form").hidden = true;
  $("square-error").textContent = "";
  focusGame();
}
$("square-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const typed = $("square-input").value.trim();
  if (typed !== "" && !/^\d+$/.test(typed)) {
    $("square-error").textContent = word("ui-square-not-number");
    return;
  }
  voice.interrupt();
  closeSquare();
  // The field takes at most 15 digits, all of which a number here holds exactly: the answer
  // quotes the number as it was typed ("There is no square 999999999999999").
  ask("square", typed === "" ? undefined : Number(typed));
});
$("square-input").addEventListener("keydown", (e) => {
  if (e.key === "Escape") { e.preventDefault(); closeSquare(); }
});

// Sounds may play from the first key press or click on (browsers allow no sound before). The
// switch shows them on from then, unless it is the switch itself being pressed, which decides.
function firstGesture(e) {
  if (sounds.playing() || e.target === $("sounds")) { sounds.unlock(); return; }
  sounds.unlock();
  $("sounds").checked = sounds.playing();
}
document.addEventListener("keydown", firstGesture, { capture: true });
document.addEventListener("pointerdown", firstGesture, { capture: true });

// Anywhere on the table's page but in a field: on the game's buttons (where a screen reader in
// focus mode lets every key through), and for sighted keyboard users on the page itself. On a
// button, Space and Enter press the button. In the lobby, the lobby's keys, anywhere but in a
// field.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const t = e.target;
  // A dialog's keys are its own (Escape closes it).
  if (typesText(t) || t.closest?.("dialog")) return;
  const name = keyName(e);
  // While a replay of a member's game is open, period and comma step it (games.js).
  if ((name === "." || name === ",") && stepReplay(name === "." ? 1 : -1)) {
    e.preventDefault();
    voice.interrupt();
    return;
  }
  // On a button, link, checkbox or slider, Space, Enter and the arrows keep their own meaning;
  // the letters are the game's.
  if ((name === "Space" || e.key === "Enter") && t.closest && t.closest("button, a, summary, input")) return;
  if (!actsHere(name)) return;
  e.preventDefault();
  // A held key rolls once, not at the keyboard's repeat rate.
  if (!e.repeat) pressed(name);
});

/** Whether `t` takes typed text (the letters are its own): a text field, a menu, an editor. */
function typesText(t) {
  if (t instanceof HTMLInputElement) return !["checkbox", "radio", "range", "button", "submit", "reset", "color"].includes(t.type);
  return t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || Boolean(t.isContentEditable);
}

// ---- the game's buttons: a toolbar ------------------------------------------------------------
// One Tab stop, on the button used last; the arrows, Home and End move along the buttons.
const gameButtons = () => [...document.querySelectorAll("#controls button")];

export function focusGame() {
  (gameButtons().find((b) => b.tabIndex === 0) ?? $("roll")).focus();
}

for (const b of gameButtons()) {
  // A roll the game cannot take is still sent: the server says why ("It is Bo's turn.").
  b.addEventListener("click", () => pressed(b.dataset.key));
  b.addEventListener("focus", () => {
    for (const other of gameButtons()) other.tabIndex = other === b ? 0 : -1;
  });
}

$("controls").addEventListener("keydown", (e) => {
  const buttons = gameButtons();
  const at = buttons.indexOf(document.activeElement);
  const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (at < 0 || to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  buttons[(to + buttons.length) % buttons.length].focus();
});
