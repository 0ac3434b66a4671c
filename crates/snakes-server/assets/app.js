// The plain page of `snakes serve`: a lobby and a table, keyboard first, every announcement in
// a live region. Speaks protocol 1 over one WebSocket; reconnects by itself and resumes from the
// last event it saw. The drawing of the board is board.js's; the sentences are the server's.

import { render as drawBoard, noteMoves, letters, COLOURS } from "./board.js";

const PROTOCOL = 1;
const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  open: false,
  retry: 0,
  table: null,    // id of the table shown
  view: null,     // the table as last seen (from `watching`, kept up to date by events)
  you: null,      // our seat, if we hold one
  seq: 0,         // last event seen at this table
  brief: localStorage.getItem("snakes.brief") === "1",
  queue: [],      // messages to send once connected
  greeting: null, // what to say once the table we just sat at is on show
};

// ---- seats held, in localStorage ---------------------------------------------------------
function seatKey(table) { return "snakes.seat." + table; }
function heldToken(table) {
  try { return JSON.parse(localStorage.getItem(seatKey(table)) || "null")?.token ?? null; }
  catch { return null; }
}
function holdSeat(table, token) { localStorage.setItem(seatKey(table), JSON.stringify({ token })); }
function dropSeat(table) { localStorage.removeItem(seatKey(table)); }

// ---- connection ---------------------------------------------------------------------------
function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  const ws = new WebSocket(url);
  app.ws = ws;
  ws.onopen = () => {
    app.open = true;
    app.retry = 0;
    $("connection").textContent = "Connected.";
    send({ type: "hello", protocol: PROTOCOL });
    if (app.table !== null) watch(app.table, app.seq);
    else send({ type: "list_tables" });
    const waiting = app.queue; app.queue = [];
    waiting.forEach(send);
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
    $("connection").textContent = "Connection lost. Reconnecting in " + Math.round(delay / 1000) + " s…";
    setTimeout(connect, delay);
  };
}

function send(msg) {
  if (app.open && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
  else app.queue.push(msg);
}

function watch(table, since) {
  const token = heldToken(table);
  send({ type: "watch", table, token, since: since || null, brief: app.brief });
}

// ---- messages from the server -------------------------------------------------------------
function receive(msg) {
  switch (msg.type) {
    case "hello": break;
    case "tables": renderTables(msg.tables); break;
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
      if (fresh) $("history").replaceChildren();
      renderTable();
      if (fresh || app.greeting) arrive();
      break;
    }
    case "events": onEvents(msg); break;
    case "answer": announce(msg.lines); break;
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
    announce([app.greeting]);
    app.greeting = null;
  }
}

function onEvents(msg) {
  if (msg.table !== app.table) return;
  let news = false;
  for (const { seq, event } of msg.events) {
    // Events up to the snapshot's seq are already part of it: history only.
    if (seq > app.seq) { app.seq = seq; applyEvent(event); news = true; }
  }
  noteMoves(msg.events);
  const list = $("history");
  for (const line of msg.text) list.appendChild(el("li", line));
  list.scrollTop = list.scrollHeight;
  // Drawn first: a change of focus (the Start button gone) is spoken before the news, not
  // over it.
  renderTable();
  // What a screen reader says now: the server leaves out what it tells later in one line (the
  // other players' moves, at the start of your turn); the history keeps every line.
  if (news) announce(msg.say ?? msg.text);
}

// Keeps the view current between snapshots; seating changes fetch a fresh one.
function applyEvent(e) {
  const v = app.view;
  switch (e.type) {
    case "entered": v.squares[e.player] = e.square; break;
    case "moved": case "bounced": case "climbed": case "slid": v.squares[e.player] = e.to; break;
    case "bumped": v.squares[e.player] = e.to; break;
    case "won": v.squares[e.player] = e.square; v.turn = null; break;
    case "turn_passed": v.turn = e.player; break;
    case "started": {
      v.status = "playing";
      v.turn = e.first;
      if (app.you !== null) {
        const i = e.players.findIndex((p) => p.seat === app.you);
        app.you = i >= 0 ? i : null;
      }
      v.seats = e.players.map((p) => ({ name: p.name, bot: p.bot, away: false, connected: true, host: false }));
      v.squares = e.players.map(() => v.start_square);
      refreshView();
      break;
    }
    case "finished": v.status = "finished"; v.result = e.result; v.turn = null; revealKey(v, e.key); break;
    case "drawn": v.status = "finished"; v.draw = true; v.turn = null; revealKey(v, e.key); break;
    case "joined": case "left": case "bot_added": case "bot_removed":
    case "bot_took_over": case "reclaimed":
      refreshView();
      break;
  }
}

async function refreshView() {
  const table = app.table;
  try {
    const r = await fetch("/api/tables/" + table);
    if (!r.ok || app.table !== table) return;
    const v = await r.json();
    if (v.seq >= app.seq) { app.view = v; renderTable(); }
  } catch { /* the socket's reconnection covers this */ }
}

function onRefused(msg) {
  const field = {
    bad_name: app.table === null ? "c-name-error" : "j-error",
    bad_board: "c-board-error",
    bad_rules: "c-rules-error",
    too_many_tables: "c-error",
  }[msg.code];
  if (app.table === null) {
    if (field) { $(field).textContent = msg.message; return; }
    if (msg.code === "bad_message" && /seat|bot/.test(msg.detail || "")) { $("c-seats-error").textContent = msg.message; return; }
    $("c-error").textContent = msg.message;
    return;
  }
  if (msg.code === "not_seated" && app.table !== null) dropSeat(app.table);
  if (["bad_name", "seat_taken", "table_full", "already_started"].includes(msg.code) && !$("join").hidden) {
    $("j-error").textContent = msg.message;
  }
  announce([msg.message]);
}

// ---- speaking -------------------------------------------------------------------------------
// Each announcement is a new paragraph of the live region, so one that arrives while the
// previous is being spoken is queued, not cut off. Only the last few stay in the region; the
// history keeps every line.
//
// A screen reader may drop an announcement whose text equals the one before it, however far
// apart they come (Orca does: "believed to be duplicate message"). A repeat therefore carries an
// invisible mark (a word joiner, which speech and braille skip), every other time, so that two
// answers in a row always differ: C pressed twice is spoken twice.
const REPEAT_MARK = "\u2060";
const spoken = { text: "", marked: false };

function announce(lines) {
  const text = lines.filter((l) => l).join(" ");
  if (!text) return;
  spoken.marked = text === spoken.text && !spoken.marked;
  spoken.text = text;
  const live = $("live");
  live.append(el("p", spoken.marked ? text + REPEAT_MARK : text));
  while (live.childElementCount > 3) live.firstElementChild.remove();
}

// ---- keys -----------------------------------------------------------------------------------
// The game's keys, as in the game this follows: R or Space roll, C positions, T turn, S scores,
// Shift+S detailed scores, H or ? help. A key is named as aria-keyshortcuts names it ("R",
// "Shift+S", "Space", "?"), so that keys to come (L, "," and "." for the history) are one more
// line here and in the page's markup.
const KEYS = {
  R: roll,
  Space: roll,
  C: () => ask("positions"),
  T: () => ask("turn"),
  S: () => ask("scores"),
  "Shift+S": () => ask("detailed_scores"),
  H: () => ask("help"),
  "?": () => ask("help"),
};

function keyName(e) {
  if (e.key === " ") return "Space";
  if (/^[a-z]$/i.test(e.key)) return (e.shiftKey ? "Shift+" : "") + e.key.toUpperCase();
  return e.key;
}

function roll() {
  if (app.table === null) return;
  // Without a seat, the server says why a roll cannot be ("You have no seat at this table.").
  send({ type: "roll", table: app.table, token: heldToken(app.table) ?? "", seq: app.seq });
}

function ask(query) {
  if (app.table !== null) send({ type: "query", table: app.table, query });
}

// Anywhere on the table's page but in a field: on the game's buttons (where a screen reader in
// focus mode lets every key through), and for sighted keyboard users on the page itself. On a
// button, Space and Enter press the button.
document.addEventListener("keydown", (e) => {
  if (app.table === null || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement || t.isContentEditable) return;
  const name = keyName(e);
  if ((name === "Space" || e.key === "Enter") && t.closest && t.closest("button, a, summary")) return;
  const action = KEYS[name];
  if (!action) return;
  e.preventDefault();
  // A held key rolls once, not at the keyboard's repeat rate.
  if (!e.repeat) action();
});

// ---- the game's buttons: a toolbar ------------------------------------------------------------
// One Tab stop, on the button used last; the arrows, Home and End move along the buttons.
const gameButtons = () => [...document.querySelectorAll("#controls button")];

function focusGame() {
  (gameButtons().find((b) => b.tabIndex === 0) ?? $("roll")).focus();
}

for (const b of gameButtons()) {
  // A roll the game cannot take is still sent: the server says why ("It is Bo's turn.").
  b.addEventListener("click", () => KEYS[b.dataset.key]());
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
  line.append("Dice commitment (SHA-256 of their key): ", el("code", v.dice.commitment), ".");
  if (v.status === "finished" && v.dice.key) {
    const a = el("a", "Verify the dice");
    a.href = "/api/tables/" + v.id + "/record";
    line.append(" ", a, " (save the record, then run snakes verify on it).");
  }
}

function renderTables(tables) {
  const body = $("tables");
  body.replaceChildren();
  $("no-tables").hidden = tables.length > 0;
  for (const t of tables) {
    const tr = el("tr");
    const seats = t.seats.map((s) => s.name ? s.name + (s.bot ? " (bot)" : "") : "free").join(", ");
    const state = t.status === "finished" && t.result
      ? "finished: " + t.result.winner_name + " won"
      : t.status === "finished" && t.draw ? "finished: a draw" : t.status;
    for (const text of ["Table " + t.id, state, t.board_name + " board. " + t.rules_line, seats]) tr.appendChild(el("td", text));
    const td = el("td");
    const a = el("a", (t.status === "waiting" ? "Open table " : "Watch table ") + t.id);
    a.href = "#/table/" + t.id;
    td.appendChild(a);
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

function rulesText() {
  const keys = ["ending", "start", "entry", "six", "collision", "jumps"];
  return keys.map((k) => k + "=" + $("r-" + k).value).join(",") + ",die=" + $("r-die").value;
}

$("c-board-kind").addEventListener("change", () => {
  const custom = $("c-board-kind").value === "custom";
  $("c-board").hidden = !custom;
  $("c-board-hint").hidden = !custom;
  if (custom) $("c-board").focus();
});

$("create").addEventListener("submit", (e) => {
  e.preventDefault();
  for (const id of ["c-name-error", "c-board-error", "c-rules-error", "c-seats-error", "c-error"]) $(id).textContent = "";
  const name = $("c-name").value;
  localStorage.setItem("snakes.name", name);
  const board = $("c-board-kind").value === "classic" ? "classic" : $("c-board").value;
  send({
    type: "create", name, board, rules: rulesText(),
    seats: Number($("c-seats").value), bots: Number($("c-bots").value),
  });
});

$("refresh").addEventListener("click", () => send({ type: "list_tables" }));

// ---- table --------------------------------------------------------------------------------
const isHidden = (node) => !node.isConnected || node.closest("[hidden]") !== null;

function renderTable() {
  const v = app.view;
  if (!v) return;
  // The element with the focus may be about to go (the Start button once the game starts, a
  // bot's Remove button): the focus then moves to the game keys area, never to nowhere.
  const focus = document.activeElement;
  const hadFocus = focus && focus !== document.body && $("table-page").contains(focus);

  $("table-heading").textContent = "Table " + v.id + " (" + v.board_name + " board)";
  document.title = "Table " + v.id + " – Snakes and Ladders";
  $("rules-line").textContent = v.rules_line;
  renderDice(v);
  let status;
  if (v.status === "waiting") status = "Waiting for players. The host starts the game.";
  else if (v.status === "finished" && v.result) status = "Finished: " + v.result.winner_name + " won. " + v.result.turns + " turns and " + v.result.rolls + " rolls in all.";
  else if (v.status === "finished" && v.draw) status = "Finished: a draw, the game reached the server's most turns.";
  else status = "Playing." + (v.turn !== null && v.turn !== undefined ? " " + (v.turn === app.you ? "Your turn." : (v.seats[v.turn]?.name ?? "") + " to roll.") : "");
  $("status-line").textContent = status;

  renderPlayers(v);
  const seated = app.you !== null;
  const isHost = seated && v.seats[app.you]?.host && v.status === "waiting";
  renderRemoveBots(v, isHost);
  $("join").hidden = seated || v.status !== "waiting" || !v.seats.some((s) => !s.name);
  $("host-controls").hidden = !isHost;
  $("leave").hidden = !seated || v.status === "finished";
  rollReason(v);
  drawBoard(v, app.you);

  if (hadFocus && isHidden(focus)) focusGame();
}

// The players, in seat order, with each token's letter and colour as on the board.
function renderPlayers(v) {
  const body = $("seats");
  const marks = letters(v.seats);
  const last = v.board.rows * v.board.cols;
  const rows = v.seats.map((s, i) => {
    const tr = el("tr");
    const current = v.status === "playing" && v.turn === i;
    if (current) tr.setAttribute("aria-current", "true");
    const th = el("th");
    th.scope = "row";
    if (s.name) {
      const swatch = el("span", marks[i]);
      swatch.className = "swatch";
      swatch.setAttribute("aria-hidden", "true");
      swatch.style.background = COLOURS[i % COLOURS.length];
      th.append(swatch, " ");
    }
    const notes = [];
    if (s.bot) notes.push("bot");
    if (s.away) notes.push("away, a bot plays");
    if (s.host) notes.push("host");
    if (i === app.you) notes.push("you");
    if (current) notes.push("to roll");
    th.append((s.name ?? "free seat") + (notes.length ? " (" + notes.join(", ") + ")" : ""));
    tr.appendChild(th);
    tr.appendChild(el("td", String(i + 1)));
    const square = v.squares[i];
    tr.appendChild(el("td", square === undefined ? "" : square === 0 ? "off the board" : String(square)));
    tr.appendChild(el("td", square === undefined ? "" : String(last - square)));
    return tr;
  });
  body.replaceChildren(...rows);
}

// The host's buttons to remove a bot before the start; redrawn only when the bots change, so
// that the focus stays on a button that is still there.
function renderRemoveBots(v, isHost) {
  const box = $("remove-bots");
  const bots = isHost ? v.seats.map((s, i) => [s, i]).filter(([s]) => s.bot) : [];
  const key = bots.map(([s, i]) => i + ":" + s.name).join(",");
  if (box.dataset.bots === key) return;
  box.dataset.bots = key;
  box.replaceChildren(...bots.map(([s, i]) => {
    const b = el("button", "Remove " + s.name);
    b.type = "button";
    b.addEventListener("click", () => send({ type: "remove_bot", table: v.id, token: heldToken(v.id), seat: i, seq: app.seq }));
    return b;
  }));
}

// Under the game's buttons, why Roll cannot roll now. Roll itself stays a plain button, neither
// disabled (the focus and a screen reader's focus mode stay on the game's buttons) nor marked
// unavailable (a screen reader would speak each change of it in the middle of the game's news):
// pressed out of turn, it sends the roll and the server says why not.
function rollReason(v) {
  const you = app.you;
  let why = "";
  if (you === null || you === undefined) why = "You are watching.";
  else if (v.status === "waiting") why = "The game has not started.";
  else if (v.status === "finished") why = "The game is over.";
  else if (v.turn !== you) why = "Not your turn: " + (v.seats[v.turn]?.name ?? "another player") + " rolls.";
  $("roll").classList.toggle("idle", why !== "");
  $("roll-reason").textContent = why;
}

$("start").addEventListener("click", () => send({ type: "start", table: app.table, token: heldToken(app.table), seq: app.seq }));
$("add-bot").addEventListener("click", () => send({ type: "add_bot", table: app.table, token: heldToken(app.table), seq: app.seq }));
$("leave").addEventListener("click", () => {
  send({ type: "leave", table: app.table, token: heldToken(app.table) });
  if (app.view && app.view.status === "waiting") { dropSeat(app.table); app.you = null; }
});
$("brief").checked = app.brief;
$("brief").addEventListener("change", () => {
  app.brief = $("brief").checked;
  localStorage.setItem("snakes.brief", app.brief ? "1" : "0");
  send({ type: "set_brief", brief: app.brief });
});
$("join").addEventListener("submit", (e) => {
  e.preventDefault();
  $("j-error").textContent = "";
  const name = $("j-name").value;
  localStorage.setItem("snakes.name", name);
  send({ type: "join", table: app.table, name });
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
      $("history").replaceChildren();
      $("live").replaceChildren();
      if (app.open) watch(table, 0);
    }
    $("lobby").hidden = true;
    $("table-page").hidden = false;
    $("j-name").value = localStorage.getItem("snakes.name") || "";
  } else {
    app.table = null;
    app.view = null;
    document.title = "Snakes and Ladders";
    $("lobby").hidden = false;
    $("table-page").hidden = true;
    $("c-name").value = $("c-name").value || localStorage.getItem("snakes.name") || "";
    if (app.open) send({ type: "list_tables" });
  }
}

watchFormErrors();
window.addEventListener("hashchange", route);
route();
connect();
