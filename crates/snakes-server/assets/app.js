// The plain page of `snakes serve`: a lobby and a table, keyboard first, every announcement in
// a live region. Speaks protocol 1 over one WebSocket; reconnects by itself, resumes from the
// last event it saw and says what happened meanwhile. Every word comes from the server: the
// page's fixed words (`word`, from its catalogue), the game's with each message. This module
// draws, listens and speaks; board.js draws the board, sounds.js plays the cues, voice.js is
// the page's own voice.

import { render as drawBoard, noteMoves, letters, COLOURS, word, rulesGuide, showRoll } from "./board.js";
import * as sounds from "./sounds.js";
import * as voice from "./voice.js";

const PROTOCOL = 1;
const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  open: false,
  retry: 0,
  table: null,    // id of the table shown
  view: null,     // the table as last seen (from `watching`, kept up to date by events and panels)
  you: null,      // our seat, if we hold one
  seq: 0,         // last event seen at this table
  brief: localStorage.getItem("snakes.brief") === "1",
  // How much is said of the other players' moves (full, brief, jumps), kept per browser.
  others: ["full", "brief", "jumps"].includes(localStorage.getItem("snakes.others")) ? localStorage.getItem("snakes.others") : "brief",
  place: null,    // the line of the history last read again (, . < >); null after any other key
  greeting: null, // what to say once the table we just sat at is on show
  tablesKey: "",  // the lobby's list as last drawn
  lobbyAfter: null, // where the lobby's page shown starts (null: the newest tables)
  lobbyNext: null,  // where the next page, of older tables, starts (null: this is the last)
  lobbyBack: [],    // where the pages before this one started, to go back to newer tables
  leaving: false, // the seat was just left: the focus goes to the way back
  heard: 0,       // the last event whose sentences had the time to be spoken at this table
  announced: 0,   // the last event whose sentences reached the live region at this table
  ownRoll: 0,     // the seq of the last roll of our seat this page saw
  limits: null,   // the server's message limits, from its hello
};

// ---- what the page keeps in localStorage ----------------------------------------------------
// The seat's secret per table, and the last event heard there (so that a page opened again
// hears what happened since in one line).
function seatKey(table) { return "snakes.seat." + table; }
function heldToken(table) {
  try { return JSON.parse(localStorage.getItem(seatKey(table)) || "null")?.token ?? null; }
  catch { return null; }
}
function holdSeat(table, token) { localStorage.setItem(seatKey(table), JSON.stringify({ token })); }
function dropSeat(table) { localStorage.removeItem(seatKey(table)); }
function heardSeq(table) {
  const n = Number(localStorage.getItem("snakes.heard." + table));
  return Number.isInteger(n) && n > 0 ? n : null;
}
// Only what had time to be spoken counts as heard: a page reloaded just after a roll, before
// its sentence was spoken, hears it in the catch-up of the page that follows. A screen reader
// speaks a line in about a second and 60 ms a character at its default rate (Orca's reads 14
// to 16 characters a second); the page counts it heard once that time has passed.
const speechMs = (text) => Math.min(10000, 1000 + 60 * text.length);
function noteHeard(seq) {
  if (seq > app.heard) app.heard = seq;
  if (seq > app.announced) app.announced = seq;
  if (app.table !== null && app.heard > 0) localStorage.setItem("snakes.heard." + app.table, String(app.heard));
}

// ---- the language -----------------------------------------------------------------------------
// The server writes the page in one language (its `lang`), from `?lang=` or the browser's
// Accept-Language; the menu offers every language it has. The reader's choice is kept in
// localStorage; without one, the first of navigator.languages the server has. A page in another
// language is asked for again (the seat and what was heard are in localStorage: nothing is lost).
const LANG = document.documentElement.lang;
const LANGS = [...$("lang-menu").options].map((o) => o.value);
function shippedLang(tag) {
  const base = String(tag || "").toLowerCase().split(/[-_]/)[0];
  return LANGS.find((l) => l.toLowerCase().split("-")[0] === base) ?? null;
}
function openInLang(tag) {
  const url = new URL(location.href);
  url.searchParams.set("lang", tag);
  location.replace(url.href);
}
function chooseLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  const stored = localStorage.getItem("snakes.lang");
  // An address that names its language is obeyed (a language the server lacks gets English and
  // a note written by the server); otherwise the stored choice, then the browser's languages.
  if (asked) return false;
  // A stored choice the server does not have (any more) is forgotten, not asked for on every visit.
  if (stored && !shippedLang(stored)) localStorage.removeItem("snakes.lang");
  const wanted = (stored && shippedLang(stored)) || (navigator.languages || []).map(shippedLang).find(Boolean);
  if (wanted && wanted !== LANG) { openInLang(wanted); return true; }
  return false;
}
// The menu changes the language on Enter or its button, or when a language is picked with the
// pointer: arrowing through it (as NVDA and JAWS users do, hearing each language) reloads nothing.
function switchLang() {
  const chosen = $("lang-menu").value;
  if (chosen === LANG) return;
  localStorage.setItem("snakes.lang", chosen);
  openInLang(chosen);
}
let langByKey = false;
$("lang-menu").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); switchLang(); } else langByKey = true;
});
$("lang-menu").addEventListener("pointerdown", () => { langByKey = false; });
$("lang-menu").addEventListener("change", () => { if (!langByKey) switchLang(); });
$("lang-form").addEventListener("submit", (e) => { e.preventDefault(); switchLang(); });

// ---- connection ---------------------------------------------------------------------------
function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  const ws = new WebSocket(url);
  app.ws = ws;
  ws.onopen = () => {
    app.open = true;
    app.retry = 0;
    $("connection").textContent = word("ui-connected");
    send({ type: "hello", protocol: PROTOCOL, locale: LANG });
    if (app.table !== null) watch(app.table, app.seq);
    else listTables();
  };
  ws.onmessage = (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    receive(msg);
  };
  ws.onclose = () => {
    app.open = false;
    // Back off: 0.5 s, 1 s, 2 s ... up to 15 s, with some jitter so clients do not stampede.
    const delay = Math.min(15000, 500 * 2 ** app.retry) * (0.75 + Math.random() / 2);
    app.retry += 1;
    $("connection").textContent = word("ui-connection-lost");
    setTimeout(connect, delay);
  };
}

/** Sends `msg` now; false (nothing sent, nothing queued) without a connection. */
function send(msg) {
  if (!app.open || app.ws.readyState !== WebSocket.OPEN) return false;
  app.ws.send(JSON.stringify(msg));
  return true;
}

/**
 * Sends a person's command, or says at once that there is no connection: a roll is never kept
 * for later, when the game will have moved on.
 */
function command(msg) {
  if (!send(msg)) say([word("ui-not-connected")], "notice", { history: false });
}

function watch(table, since) {
  const msg = { type: "watch", table, token: heldToken(table), since: since || null, brief: app.brief, others: app.others };
  // A page opened again gets the whole history, and hears what it missed since it last heard;
  // back after a lost connection, it hears what it had not said yet (the others' moves kept
  // for "Your turn", a roll that arrived as the connection went) with what it missed: what is
  // in the live region is being spoken, the page is still there.
  const heard = since ? app.announced : heardSeq(table);
  if (heard && heard !== since) msg.heard = heard;
  send(msg);
}

// ---- messages from the server -------------------------------------------------------------
function receive(msg) {
  switch (msg.type) {
    case "hello": app.limits = msg; break;
    case "tables": renderTables(msg); break;
    case "seated":
      holdSeat(msg.table, msg.token);
      app.greeting = msg.text ?? null;
      if (app.table === msg.table) watch(msg.table, app.seq);
      else location.hash = "#/table/" + msg.table;
      break;
    case "watching": {
      const fresh = app.view === null || app.view.id !== msg.view.id;
      app.view = msg.view;
      app.you = msg.you;
      app.seq = msg.view.seq;
      if (fresh) { $("history").replaceChildren(); app.place = null; }
      renderTable();
      if (fresh || app.greeting) arrive();
      // Back after a lost connection or a closed page: what happened meanwhile, whose turn;
      // heard once it is written out (the snapshot holds every event up to its seq).
      if (msg.say?.length) say(msg.say, "catch-up", { history: false, seq: msg.view.seq });
      else noteHeard(msg.view.seq);
      break;
    }
    case "events": onEvents(msg); break;
    case "panel":
      if (msg.table !== app.table || !app.view) break;
      applyPanel(msg.panel);
      renderTable();
      say(msg.say, "presence");
      break;
    case "answer": say(msg.lines, "answer"); break;
    case "refused": onRefused(msg); break;
  }
}

// A table just came on show, or we just took a seat at it: a seated player lands on the game's
// buttons (where a screen reader lets the keys through), a spectator on the table's heading,
// unless they are already somewhere on this page; then what the server said about the seat.
function arrive() {
  const focus = document.activeElement;
  const elsewhere = !focus || focus === document.body || !$("table-page").contains(focus) || isHidden(focus);
  if (app.you !== null && (elsewhere || app.greeting)) focusGame();
  else if (elsewhere) $("table-heading").focus({ preventScroll: true });
  if (app.greeting) {
    say([app.greeting], "seat");
    app.greeting = null;
  }
}

function onEvents(msg) {
  if (msg.table !== app.table || !app.view) return;
  const news = [];
  for (const { seq, event } of msg.events) {
    // Events up to the snapshot's seq are already part of it: history only.
    if (seq > app.seq) {
      app.seq = seq;
      applyEvent(event);
      news.push(event);
      if (event.type === "rolled" && event.player === app.you) app.ownRoll = seq;
    }
  }
  if (msg.panel) applyPanel(msg.panel);
  const rolled = msg.events.map((l) => l.event).filter((e) => e.type === "rolled").pop();
  if (rolled) showRoll(rolled.roll);
  noteMoves(news);
  addHistory(msg.text, "moves");
  // Drawn first: a change of focus (the Start button gone) is spoken before the news, not
  // over it; the tokens start moving, and the words do not wait for them.
  renderTable();
  if (!news.length) return;
  // What a screen reader says now: the server leaves out what it tells later in one line (the
  // other players' moves, at the start of your turn); the history keeps every line. What is
  // left out is not heard yet: a page opened again hears it in its catch-up.
  const lines = msg.say ?? msg.text;
  if (lines?.length) say(lines, "moves", { history: false, seq: app.seq });
  // While a bot plays our seat (we left), its turn is not ours.
  sounds.cueEvents(news, mine()?.away ? null : app.you);
}

/** Our seat as the view has it, if we hold one. */
function mine() {
  return app.you !== null && app.you !== undefined ? app.view?.seats?.[app.you] ?? null : null;
}

// Keeps the view current between snapshots; who sits where comes with each panel.
function applyEvent(e) {
  const v = app.view;
  switch (e.type) {
    case "entered": v.squares[e.player] = e.square; break;
    case "moved": case "bounced": case "climbed": case "slid": v.squares[e.player] = e.to; break;
    case "bumped": v.squares[e.player] = e.to; break;
    case "won": v.squares[e.player] = e.square; v.turn = null; break;
    case "turn_passed": v.turn = e.player; break;
    case "started":
      v.status = "playing";
      v.turn = e.first;
      v.seat_count = e.players.length;
      v.squares = e.players.map(() => v.start_square);
      break;
    case "finished": v.status = "finished"; v.result = e.result; v.turn = null; revealKey(v, e.key); break;
    case "drawn": v.status = "finished"; v.draw = true; v.turn = null; revealKey(v, e.key); break;
  }
}

// The panel comes with every change; the seats only when they may have changed.
function applyPanel(panel) {
  app.view.panel = panel;
  if (panel.seats) app.view.seats = panel.seats;
  app.you = panel.you;
}

// Which field of the lobby's form a refusal is about, by its code.
const FIELD_OF = {
  bad_name: "c-name-error",
  bad_board: "c-board-error",
  bad_rules: "c-rules-error",
  bad_seats: "c-seats-error",
  too_many_tables: "c-error",
};

function onRefused(msg) {
  // Our seat rolled since (another tab of ours got there first), and that roll was heard: this
  // one was not needed, and "nothing was done" would contradict what was just said.
  if (msg.code === "stale_seq" && app.table !== null && app.ownRoll > msg.got) return;
  sounds.cue("refusal");
  if (app.table === null) {
    $(FIELD_OF[msg.code] ?? "c-error").textContent = msg.message;
    return;
  }
  if (msg.code === "not_seated") dropSeat(app.table);
  if (["bad_name", "seat_taken", "table_full", "already_started"].includes(msg.code) && !$("join").hidden) {
    $("j-error").textContent = msg.message;
  }
  say([msg.message], "refusal");
}

// ---- speaking -------------------------------------------------------------------------------
// Every announcement goes through `say`: a line of the history (unless the history has it
// already), then a new paragraph of the live region, so that one arriving while the previous is
// spoken is queued, not cut off. `kind` says what it is (moves, answer, refusal, catch-up,
// presence, seat, notice, history): the one place to choose what each kind says and how. Only
// the last few paragraphs stay in the region.
//
// A burst (a bot's six, six, ladder, snake) is paced: announcements reach the live region in the
// order they came, at least PACE_MS apart, so that no screen reader is handed two in one frame
// and nothing, "Your turn" least of all, is overwritten; the page's own voice, when on, speaks
// each as it is written.
//
// A screen reader may drop an announcement whose text equals the one before it, however far
// apart they come (Orca does: "believed to be duplicate message"). A repeat therefore carries an
// invisible mark (a word joiner, which speech and braille skip), every other time, so that two
// answers in a row always differ: C pressed twice is spoken twice.
const REPEAT_MARK = "\u2060";
const PACE_MS = 150;
const spoken = { text: "", marked: false, at: -Infinity, queue: [], timer: null };

function say(lines, kind, { history = true, seq = 0 } = {}) {
  // The lines of one announcement, joined as the page's language joins sentences.
  const kept = (lines ?? []).filter((l) => l);
  if (!kept.length) return;
  const text = kept.reduce((first, second) =>
    word("sentence-join").replace("%first%", () => first).replace("%second%", () => second));
  if (history) addHistory([text], kind);
  spoken.queue.push({ text, seq });
  pace();
}

// Writes the next announcement now if the last one is PACE_MS old, else when it will be.
function pace() {
  if (spoken.timer !== null || !spoken.queue.length) return;
  const wait = spoken.at + PACE_MS - performance.now();
  if (wait > 0) {
    spoken.timer = setTimeout(() => { spoken.timer = null; pace(); }, wait);
    return;
  }
  const { text, seq } = spoken.queue.shift();
  announce(text);
  if (seq > app.announced) app.announced = seq;
  const table = app.table;
  if (seq) setTimeout(() => { if (app.table === table) noteHeard(seq); }, speechMs(text));
  pace();
}

function announce(text) {
  spoken.at = performance.now();
  spoken.marked = text === spoken.text && !spoken.marked;
  spoken.text = text;
  const live = $("live");
  live.append(el("p", spoken.marked ? text + REPEAT_MARK : text));
  while (live.childElementCount > 3) live.firstElementChild.remove();
  voice.speak(text);
}

// A new table: nothing said for the last one is still to come.
function hushQueue() {
  spoken.queue.length = 0;
  clearTimeout(spoken.timer);
  spoken.timer = null;
}

function addHistory(lines, kind) {
  const list = $("history");
  for (const line of lines) {
    const li = el("li", line);
    li.className = "said-" + kind;
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

// The history read again, a line at a time, with its number ("12 of 40: ..."), in the words of
// the catalogue (history-entry, its slots filled here): the line before the one last read (the
// last line, when none was), after it, the first or the last; as the terminal game does.
function readBack(which) {
  const items = [...$("history").children];
  const count = items.length;
  if (!count) { say([word("history-empty")], "history", { history: false }); return; }
  const last = count - 1;
  let at = last;
  if (which === "first") at = 0;
  else if (which === "previous" && app.place !== null) at = Math.max(0, app.place - 1);
  else if (which === "next" && app.place !== null) at = Math.min(last, app.place + 1);
  app.place = at;
  for (const li of items) li.classList.toggle("reading", li === items[at]);
  const slots = { number: String(at + 1), count: String(count), text: items[at].textContent };
  say([word("history-entry").replace(/%(number|count|text)%/g, (_, k) => slots[k])], "history", { history: false });
}

// ---- keys -----------------------------------------------------------------------------------
// The game's keys, as in the game this follows: R or Space roll, C positions, T turn, S scores,
// Shift+S detailed scores, L look ahead, G a square, H or ? help; comma and period read the
// history back and forth, Shift+comma (<) and Shift+period (>) its first and last line. A key
// is named as aria-keyshortcuts names it ("R", "Shift+S", "Space", "?").
const KEYS = {
  R: roll,
  Space: roll,
  C: () => ask("positions"),
  T: () => ask("turn"),
  S: () => ask("scores"),
  "Shift+S": () => ask("detailed_scores"),
  L: () => ask("look_ahead"),
  G: openSquare,
  H: () => ask("help"),
  "?": () => ask("help"),
  J: comeBack,
  ",": () => readBack("previous"),
  ".": () => readBack("next"),
  "<": () => readBack("first"),
  ">": () => readBack("last"),
};
const HISTORY_KEYS = [",", ".", "<", ">"];

function keyName(e) {
  if (e.key === " ") return "Space";
  if (/^[a-z]$/i.test(e.key)) return (e.shiftKey ? "Shift+" : "") + e.key.toUpperCase();
  if (HISTORY_KEYS.includes(e.key)) return e.key;
  // Shift with the comma and period keys, on layouts where they give something else.
  if (e.code === "Comma") return e.shiftKey ? "<" : ",";
  if (e.code === "Period") return e.shiftKey ? ">" : ".";
  return e.key;
}

// A key of the game was pressed: the page's voice stops (the answer comes next), and any key
// but the history's brings the history's place back to its end.
function pressed(name) {
  voice.interrupt();
  if (!HISTORY_KEYS.includes(name)) app.place = null;
  KEYS[name]();
}

function roll() {
  if (app.table === null) return;
  // Without a seat, the server says why a roll cannot be ("You have no seat at this table.").
  command({ type: "roll", table: app.table, token: heldToken(app.table) ?? "", seq: app.seq });
}

// Takes the seat back from the bot that plays it since we left; the server says why not
// otherwise ("You are playing your own seat").
function comeBack() {
  if (app.table === null) return;
  command({ type: "come_back", table: app.table, token: heldToken(app.table) ?? "" });
  focusGame();
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
// button, Space and Enter press the button.
document.addEventListener("keydown", (e) => {
  if (app.table === null || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const t = e.target;
  if (typesText(t)) return;
  const name = keyName(e);
  // On a button, link, checkbox or slider, Space, Enter and the arrows keep their own meaning;
  // the letters are the game's.
  if ((name === "Space" || e.key === "Enter") && t.closest && t.closest("button, a, summary, input")) return;
  if (!KEYS[name]) return;
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

function focusGame() {
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

// ---- lobby --------------------------------------------------------------------------------
function el(tag, text) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The dice's commitment (SHA-256 of the key the rolls come from), fixed before the first roll;
// once the game is over the key is revealed, and the record can be checked with `snakes verify`.
function revealKey(v, key) {
  if (v.dice && key) v.dice.key = key;
}

function renderDice(v) {
  const line = $("dice-line");
  line.replaceChildren();
  if (!v.dice || !v.dice.commitment) return;
  line.append(word("ui-dice-commitment"), " ", el("code", v.dice.commitment));
  if (v.status === "finished" && v.dice.key) {
    const a = el("a", word("ui-dice-verify"));
    a.href = "/api/tables/" + v.id + "/record";
    line.append(" ", a, " ", word("ui-dice-verify-how"));
  }
}

// The lobby's page of tables (the server sends pages of a bounded size, newest first), asked
// for where it starts; the server sends it again whenever the list changes.
function listTables() {
  send(app.lobbyAfter === null ? { type: "list_tables" } : { type: "list_tables", after: app.lobbyAfter });
}
$("older-tables").addEventListener("click", () => {
  if (app.lobbyNext === null) return;
  app.lobbyBack.push(app.lobbyAfter);
  app.lobbyAfter = app.lobbyNext;
  listTables();
});
$("newer-tables").addEventListener("click", () => {
  app.lobbyAfter = app.lobbyBack.length > 0 ? app.lobbyBack.pop() : null;
  listTables();
});

// The list of tables, as the server words each one; drawn again whenever the server says it
// changed, keeping the focus on the link it was on.
function renderTables(msg) {
  // A page asked for before the reader moved to another one is not shown.
  if ((msg.after ?? null) !== app.lobbyAfter) return;
  const tables = msg.tables;
  app.lobbyNext = msg.next ?? null;
  const key = JSON.stringify([msg.after, msg.next, tables.map((t) => [t.id, t.words, t.rules_line])]);
  if (key === app.tablesKey) return;
  app.tablesKey = key;
  const focused = document.activeElement?.closest?.("#tables a")?.dataset.table;
  const paging = ["older-tables", "newer-tables"].find((id) => document.activeElement === $(id));
  $("older-tables").hidden = app.lobbyNext === null;
  $("newer-tables").hidden = app.lobbyAfter === null;
  $("tables-pages").hidden = $("older-tables").hidden && $("newer-tables").hidden;
  $("no-tables").hidden = tables.length > 0;
  $("tables").replaceChildren(...tables.map((t) => {
    const tr = el("tr");
    const th = el("th");
    th.scope = "row";
    const name = el("div", t.words.name);
    name.className = "table-name";
    const state = el("div", t.words.state);
    const board = el("div", t.words.board);
    const rules = el("div", t.rules_line);
    board.className = rules.className = "table-rules";
    th.append(name, state, board, rules);
    const seats = el("td", t.words.seats);
    const action = el("td");
    const a = el("a", t.words.action);
    a.href = "#/table/" + t.id;
    a.dataset.table = String(t.id);
    action.appendChild(a);
    tr.append(th, seats, action);
    return tr;
  }));
  if (focused) $("tables").querySelector(`a[data-table="${focused}"]`)?.focus();
  // The button pressed may be gone on the last or the first page: the focus goes to the list.
  if (paging && $(paging).hidden) $("tables").querySelector("a")?.focus();
}

// The rules' fields, from GET /api/rules: each option with its meaning under it, each value by
// what it means.
async function renderRuleFields() {
  const guide = await rulesGuide();
  const fields = guide.options.flatMap((o) => {
    const id = "r-" + o.key;
    const label = el("label", o.label);
    label.htmlFor = id;
    let field;
    if (o.values.length) {
      field = el("select");
      for (const v of o.values) {
        const option = el("option", v.meaning);
        option.value = v.value;
        option.selected = v.value === o.default;
        field.appendChild(option);
      }
    } else {
      field = el("input");
      field.type = "number";
      [field.min, field.max] = o.range.map(String);
      field.value = o.default;
    }
    field.id = id;
    field.dataset.option = o.key;
    field.setAttribute("aria-describedby", `${id}-hint c-rules-error`);
    const hint = el("p", o.meaning);
    hint.className = "hint";
    hint.id = id + "-hint";
    return [label, field, hint];
  });
  $("rule-fields").replaceChildren(...fields);
}

function rulesText() {
  return [...document.querySelectorAll("#rule-fields [data-option]")].map((f) => f.dataset.option + "=" + f.value).join(",");
}

// No more bots than seats but one: the creator needs a seat.
function limitBots() {
  const seats = Number($("c-seats").value);
  const bots = $("c-bots");
  const chosen = Math.min(Number(bots.value), seats - 1);
  bots.replaceChildren(...Array.from({ length: seats }, (_, n) => el("option", String(n))));
  bots.value = String(chosen);
}
$("c-seats").addEventListener("change", limitBots);

$("c-board-kind").addEventListener("change", () => {
  const custom = $("c-board-kind").value === "custom";
  $("c-board-box").hidden = !custom;
  if (custom) $("c-board").focus();
});

// A board in JSON is sent without the spaces and line breaks between its tokens (a
// pretty-printed grid is twice its size), every number and string exactly as typed; any other
// text (a TOML layout, where lines matter), as typed: the server says what is wrong with it.
function compact(text) {
  try { JSON.parse(text); } catch { return text; }
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') { inString = true; out += c; }
    else if (!" \t\n\r".includes(c)) out += c;
  }
  return out;
}

$("create").addEventListener("submit", (e) => {
  e.preventDefault();
  for (const id of ["c-name-error", "c-board-error", "c-rules-error", "c-seats-error", "c-error"]) $(id).textContent = "";
  const name = $("c-name").value;
  localStorage.setItem("snakes.name", name);
  const board = $("c-board-kind").value === "classic" ? "classic" : compact($("c-board").value);
  const msg = {
    type: "create", name, board, rules: rulesText(),
    seats: Number($("c-seats").value), bots: Number($("c-bots").value),
  };
  // A board larger than the server takes would close the connection: say so instead.
  const size = new TextEncoder().encode(JSON.stringify(msg)).length;
  const limit = app.limits?.max_create_bytes;
  if (limit && size > limit) {
    // The size rounded up, the limit down: never "301 KB, at most 301 KB".
    const kb = { size: String(Math.ceil(size / 1024)), limit: String(Math.floor(limit / 1024)) };
    $("c-board-error").textContent = word("ui-board-too-large").replace(/%(size|limit)%/g, (_, k) => kb[k]);
    return;
  }
  if (!send(msg)) $("c-error").textContent = word("ui-not-connected");
});

// ---- table --------------------------------------------------------------------------------
const isHidden = (node) => !node.isConnected || node.closest("[hidden]") !== null;

function renderTable() {
  const v = app.view;
  if (!v) return;
  const panel = v.panel;
  // The element with the focus may be about to go (the Start button once the game starts, a
  // bot's Remove button): the focus then moves to the game keys area, never to nowhere.
  const focus = document.activeElement;
  const hadFocus = focus && focus !== document.body && $("table-page").contains(focus);

  $("table-heading").textContent = v.heading;
  document.title = v.title;
  $("rules-line").textContent = v.rules_line;
  renderDice(v);
  $("status-line").textContent = panel.status;
  // Under the game's buttons, why Roll cannot roll now: the refusal a roll would get. Roll
  // itself stays a plain button, neither disabled (the focus and a screen reader's focus mode
  // stay on the game's buttons) nor marked unavailable (a screen reader would speak each change
  // of it in the middle of the game's news): pressed anyway, the server says why not.
  $("roll-reason").textContent = panel.roll_reason;
  $("roll").classList.toggle("idle", panel.roll_reason !== "");

  renderPlayers(v, panel);
  const seated = app.you !== null && app.you !== undefined;
  const mine = seated ? v.seats[app.you] : null;
  const isHost = Boolean(mine?.host) && v.status === "waiting";
  const away = Boolean(mine?.away);
  renderRemoveBots(v, isHost);
  $("join").hidden = seated || v.status !== "waiting" || !v.seats.some((s) => !s.name);
  $("host-controls").hidden = !isHost;
  if (!seated || away || v.status === "finished") $("leave-confirm").hidden = true;
  $("leave").hidden = !seated || away || v.status === "finished" || !$("leave-confirm").hidden;
  $("come-back").hidden = !seated || !away || v.status !== "playing";
  drawBoard(v, app.you);

  // Just left the seat: the focus goes to the way back (or, before the start, to a seat).
  if (app.leaving && (!$("come-back").hidden || !$("join").hidden)) {
    app.leaving = false;
    ($("come-back").hidden ? $("j-name") : $("come-back")).focus();
  } else if (hadFocus && isHidden(focus)) focusGame();
}

// The players, in seat order, with each token's letter and colour as on the board; the words
// are the server's.
function renderPlayers(v, panel) {
  const marks = letters(v.seats);
  const last = v.board.rows * v.board.cols;
  const rows = v.seats.map((s, i) => {
    const words = panel.players[i];
    const tr = el("tr");
    if (v.status === "playing" && v.turn === i) tr.setAttribute("aria-current", "true");
    const th = el("th");
    th.scope = "row";
    if (s.name) {
      const swatch = el("span", marks[i]);
      swatch.className = "swatch";
      swatch.setAttribute("aria-hidden", "true");
      swatch.style.background = COLOURS[i % COLOURS.length];
      th.append(swatch, " ");
    }
    th.append(words.label);
    const square = v.squares[i];
    tr.append(th, el("td", String(i + 1)), el("td", words.square), el("td", square === undefined ? "" : String(last - square)));
    return tr;
  });
  $("seats").replaceChildren(...rows);
}

// The host's buttons to remove a bot before the start, each named by its bot in a group named
// "Remove"; redrawn only when the bots change, so that the focus stays on a button still there.
function renderRemoveBots(v, isHost) {
  const box = $("remove-bots");
  const bots = isHost ? v.seats.map((s, i) => [s, i]).filter(([s]) => s.bot) : [];
  const key = bots.map(([s, i]) => i + ":" + s.name).join(",");
  if (box.dataset.bots === key) return;
  box.dataset.bots = key;
  if (!bots.length) { box.replaceChildren(); box.removeAttribute("role"); return; }
  const label = el("span", word("ui-remove-bot"));
  label.id = "remove-bots-label";
  box.setAttribute("role", "group");
  box.setAttribute("aria-labelledby", label.id);
  box.replaceChildren(label, ...bots.map(([s, i]) => {
    const b = el("button", s.name);
    b.type = "button";
    b.addEventListener("click", () => command({ type: "remove_bot", table: v.id, token: heldToken(v.id), seat: i, seq: app.seq }));
    return b;
  }));
}

$("start").addEventListener("click", () => command({ type: "start", table: app.table, token: heldToken(app.table), seq: app.seq }));
$("add-bot").addEventListener("click", () => command({ type: "add_bot", table: app.table, token: heldToken(app.table), seq: app.seq }));

// Leaving the seat asks first, and can be undone: during the game a bot plays the seat until
// "Take my seat back"; before the start the seat is free and the form to take one shows.
$("leave").addEventListener("click", () => {
  $("leave-question").textContent = word(app.view?.status === "waiting" ? "ui-leave-waiting" : "ui-leave-playing");
  $("leave-confirm").hidden = false;
  $("leave").hidden = true;
  $("leave-no").focus();
});
$("leave-no").addEventListener("click", () => {
  $("leave-confirm").hidden = true;
  $("leave").hidden = false;
  $("leave").focus();
});
$("leave-yes").addEventListener("click", () => {
  const table = app.table;
  if (!send({ type: "leave", table, token: heldToken(table) })) {
    say([word("ui-not-connected")], "notice", { history: false });
    return;
  }
  $("leave-confirm").hidden = true;
  app.leaving = true;
  if (app.view && app.view.status === "waiting") dropSeat(table);
});
$("come-back").addEventListener("click", comeBack);

$("brief").checked = app.brief;
$("brief").addEventListener("change", () => {
  app.brief = $("brief").checked;
  localStorage.setItem("snakes.brief", app.brief ? "1" : "0");
  send({ type: "set_brief", brief: app.brief });
});
$("others").value = app.others;
$("others").addEventListener("change", () => {
  app.others = $("others").value;
  localStorage.setItem("snakes.others", app.others);
  send({ type: "set_others", others: app.others });
});

// The page's own voice: off unless switched on; its speed and voice kept with it. Switched on
// or changed, it says so in its own words, so that the choice can be heard.
function renderVoices() {
  const select = $("voice-name");
  const chosen = voice.voiceName();
  select.replaceChildren(select.options[0], ...voice.voices().map((v) => {
    const option = el("option", `${v.name} (${v.lang})`);
    option.value = v.name;
    return option;
  }));
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : "";
}
function showVoice() {
  $("voice").checked = voice.on();
  $("voice-settings").hidden = !voice.on();
  $("voice").disabled = !voice.available();
}
showVoice();
renderVoices();
voice.onVoices(renderVoices);
$("voice-rate").value = String(voice.rate());
$("voice").addEventListener("change", () => {
  voice.setOn($("voice").checked);
  showVoice();
  voice.speak(word("ui-voice-sample"));
});
$("voice-rate").addEventListener("change", () => {
  voice.setRate(Number($("voice-rate").value));
  voice.interrupt();
  voice.speak(word("ui-voice-sample"));
});
$("voice-name").addEventListener("change", () => {
  voice.setVoice($("voice-name").value);
  voice.interrupt();
  voice.speak(word("ui-voice-sample"));
});

$("sounds").checked = sounds.playing();
$("sounds").addEventListener("change", () => sounds.setOn($("sounds").checked));
$("volume").value = String(sounds.volume());
$("volume").addEventListener("input", () => sounds.setVolume(Number($("volume").value)));

$("join").addEventListener("submit", (e) => {
  e.preventDefault();
  $("j-error").textContent = "";
  const name = $("j-name").value;
  localStorage.setItem("snakes.name", name);
  if (!send({ type: "join", table: app.table, name })) $("j-error").textContent = word("ui-not-connected");
});

// ---- the page around ------------------------------------------------------------------------
// The skip link moves focus to the part of the page on show; following it as a link would
// change the address, which is the page's route.
document.querySelector(".skip-link").addEventListener("click", (e) => {
  e.preventDefault();
  const main = [...document.querySelectorAll("main")].find((m) => !m.hidden);
  if (!main) return;
  main.setAttribute("tabindex", "-1");
  main.focus();
});

// Form errors: the field an error describes is marked invalid, and the first one takes focus,
// so that a screen reader hears the error where it is.
function watchFormErrors() {
  const errors = [...document.querySelectorAll("form .error[id]")];
  const fieldsOf = (id) => [...document.querySelectorAll(`[aria-describedby~="${id}"]`)];
  const observer = new MutationObserver(() => {
    let first = null;
    for (const e of errors) {
      const on = e.textContent.trim() !== "";
      for (const f of fieldsOf(e.id)) {
        if (on) f.setAttribute("aria-invalid", "true");
        else f.removeAttribute("aria-invalid");
        if (on && !first && !f.hidden && !f.closest("[hidden]")) first = f;
      }
    }
    if (first && document.activeElement !== first) first.focus();
  });
  for (const e of errors) observer.observe(e, { childList: true, characterData: true, subtree: true });
}

// ---- routing ------------------------------------------------------------------------------
function route() {
  const m = location.hash.match(/^#\/table\/(\d+)$/);
  if (m) {
    const table = Number(m[1]);
    if (app.table !== table) {
      // A new page, from its top (the lobby may have been scrolled down to its form).
      window.scrollTo(0, 0);
      app.table = table;
      app.view = null;
      app.you = null;
      app.seq = 0;
      app.heard = heardSeq(table) ?? 0;
      app.announced = app.heard;
      app.ownRoll = 0;
      $("history").replaceChildren();
      $("live").replaceChildren();
      hushQueue();
      app.place = null;
      if (app.open) watch(table, 0);
    }
    $("lobby").hidden = true;
    $("table-page").hidden = false;
    $("j-name").value = localStorage.getItem("snakes.name") || "";
  } else {
    app.table = null;
    app.view = null;
    document.title = word("ui-title");
    $("lobby").hidden = false;
    $("table-page").hidden = true;
    $("c-name").value = $("c-name").value || localStorage.getItem("snakes.name") || "";
    listTables();
  }
}

if (!chooseLang()) {
  watchFormErrors();
  limitBots();
  renderRuleFields();
  window.addEventListener("hashchange", route);
  route();
  connect();
}
