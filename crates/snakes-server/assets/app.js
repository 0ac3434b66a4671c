// The plain page of `snakes serve`: a lobby and a table, keyboard first, every announcement in
// a live region. Speaks protocol 1 over one WebSocket; reconnects by itself and resumes from the
// last event it saw.
"use strict";

const PROTOCOL = 1;
const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  open: false,
  retry: 0,
  table: null,   // id of the table shown
  view: null,    // the table as last seen (from `watching`, kept up to date by events)
  you: null,     // our seat, if we hold one
  seq: 0,        // last event seen at this table
  brief: localStorage.getItem("snakes.brief") === "1",
  queue: [],     // messages to send once connected
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
      break;
    }
    case "events": onEvents(msg); break;
    case "answer": announce(msg.lines); break;
    case "refused": onRefused(msg); break;
  }
}

function onEvents(msg) {
  if (msg.table !== app.table) return;
  let news = false;
  for (const { seq, event } of msg.events) {
    // Events up to the snapshot's seq are already part of it: history only.
    if (seq > app.seq) { app.seq = seq; applyEvent(event); news = true; }
  }
  if (window.snakesBoard) window.snakesBoard.events(msg.events);
  const list = $("history");
  for (const line of msg.text) {
    const li = document.createElement("li");
    li.textContent = line;
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  if (news) announce(msg.text);
  renderTable();
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
    case "finished": v.status = "finished"; v.result = e.result; v.turn = null; break;
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

function announce(lines) {
  // Each announcement is added as a new paragraph, so a screen reader speaks it even when the
  // same words come twice, and one that arrives while the previous is being spoken (a bot
  // rolling right after you) is queued, not cut off. Only the last few stay in the region; the
  // history keeps them all.
  const live = $("live");
  const p = document.createElement("p");
  p.textContent = lines.join(" ");
  live.append(p);
  while (live.childElementCount > 3) live.firstElementChild.remove();
}

// ---- lobby --------------------------------------------------------------------------------
function renderTables(tables) {
  const body = $("tables");
  body.replaceChildren();
  $("no-tables").hidden = tables.length > 0;
  for (const t of tables) {
    const tr = document.createElement("tr");
    const seats = t.seats.map((s) => s.name ? s.name + (s.bot ? " (bot)" : "") : "free").join(", ");
    const state = t.status === "finished" && t.result
      ? "finished: " + t.result.winner_name + " won"
      : t.status;
    for (const text of ["Table " + t.id, state, t.board_name + " board. " + t.rules_line, seats]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    const td = document.createElement("td");
    const a = document.createElement("a");
    a.href = "#/table/" + t.id;
    a.textContent = (t.status === "waiting" ? "Open table " : "Watch table ") + t.id;
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
function renderTable() {
  const v = app.view;
  if (!v) return;
  $("table-heading").textContent = "Table " + v.id + " (" + v.board_name + " board)";
  $("rules-line").textContent = v.rules_line;
  let status;
  if (v.status === "waiting") status = "Waiting for players. The host starts the game.";
  else if (v.status === "finished" && v.result) status = "Finished: " + v.result.winner_name + " won. " + v.result.turns + " turns and " + v.result.rolls + " rolls in all.";
  else status = "Playing." + (v.turn !== null && v.turn !== undefined ? " " + (v.turn === app.you ? "Your turn." : (v.seats[v.turn]?.name ?? "") + " to roll.") : "");
  $("status-line").textContent = status;

  const body = $("seats");
  body.replaceChildren();
  const isHost = app.you !== null && v.seats[app.you]?.host && v.status === "waiting";
  v.seats.forEach((s, i) => {
    const tr = document.createElement("tr");
    let name = s.name ?? "free";
    if (s.bot) name += " (bot)";
    if (s.away) name += " (away, a bot plays)";
    if (s.host) name += " (host)";
    if (i === app.you) name += " (you)";
    const square = v.squares.length ? "square " + v.squares[i] : "";
    for (const text of [String(i + 1), name, square]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.appendChild(td);
    }
    const td = document.createElement("td");
    if (isHost && s.bot) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Remove " + s.name;
      b.addEventListener("click", () => send({ type: "remove_bot", table: v.id, token: heldToken(v.id), seat: i, seq: app.seq }));
      td.appendChild(b);
    }
    tr.appendChild(td);
    body.appendChild(tr);
  });
  const seated = app.you !== null;
  $("join").hidden = seated || v.status !== "waiting" || !v.seats.some((s) => !s.name);
  $("host-controls").hidden = !isHost;
  $("leave").hidden = !seated || v.status === "finished";
  $("roll").disabled = !seated || v.status !== "playing";
  if (window.snakesBoard) window.snakesBoard.render(v, app.you);
}

function roll() {
  if (app.table === null) return;
  if (app.you === null) { announce(["You are watching: take a seat to roll."]); return; }
  send({ type: "roll", table: app.table, token: heldToken(app.table), seq: app.seq });
}

function query(q) {
  if (app.table !== null) send({ type: "query", table: app.table, query: q });
}

$("roll").addEventListener("click", roll);
document.querySelectorAll("[data-query]").forEach((b) => b.addEventListener("click", () => query(b.dataset.query)));
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

// Keys, as in the game this follows: R or Space roll, C positions, T turn, S scores,
// Shift+S detailed scores, H or ? help. Not while typing in a field.
document.addEventListener("keydown", (e) => {
  if (app.table === null || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (t instanceof HTMLButtonElement && (e.key === " " || e.key === "Enter")) return;
  const k = e.key;
  let handled = true;
  if (k === "r" || k === "R" || k === " ") roll();
  else if (k === "c" || k === "C") query("positions");
  else if (k === "t" || k === "T") query("turn");
  else if (k === "S") query("detailed_scores");
  else if (k === "s") query("scores");
  else if (k === "h" || k === "H" || k === "?") query("help");
  else handled = false;
  if (handled) e.preventDefault();
});

// ---- routing ------------------------------------------------------------------------------
function route() {
  const m = location.hash.match(/^#\/table\/(\d+)$/);
  if (m) {
    const table = Number(m[1]);
    if (app.table !== table) {
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
    $("lobby").hidden = false;
    $("table-page").hidden = true;
    $("c-name").value = $("c-name").value || localStorage.getItem("snakes.name") || "";
    if (app.open) send({ type: "list_tables" });
  }
}

window.addEventListener("hashchange", route);
route();
connect();
