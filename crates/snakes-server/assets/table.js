// The table's page: the view kept current by events and panels, the panel and the players drawn,
// the host's buttons, leaving and taking a seat.

import { render as drawBoard, noteMoves, letters, showRoll } from "./board.js";
import { act } from "./connection.js";
import { EVENTS } from "./events.js";
import { $, el, isHidden, word } from "./dom.js";
import { comeBack, focusGame } from "./keys.js";
import { decorateGame } from "./looks.js";
import { renderPeople } from "./people.js";
import * as sounds from "./sounds.js";
import { addHistory, say } from "./speech.js";
import { app, dropSeat, takeName } from "./state.js";
import { tokenIcon } from "./tokens.js";

// A table just came on show, or we just took a seat at it: a seated player lands on the game's
// buttons (where a screen reader lets the keys through), a spectator on the table's heading,
// unless they are already somewhere on this page; then what the server said about the seat.
export function arrive() {
  const focus = document.activeElement;
  const elsewhere = !focus || focus === document.body || !$("table-page").contains(focus) || isHidden(focus);
  if (app.you !== null && (elsewhere || app.greeting)) focusGame();
  else if (elsewhere) $("table-heading").focus({ preventScroll: true });
  if (app.greeting) {
    say([app.greeting], "seat");
    app.greeting = null;
  }
}

export function onEvents(msg) {
  if (msg.table !== app.table || !app.view) return;
  const news = [];
  for (const { seq, event } of msg.events) {
    // Events up to the snapshot's seq are already part of it: history only.
    if (seq > app.seq) {
      app.seq = seq;
      // The view kept current between snapshots (events.js).
      EVENTS[event.type]?.view?.(app.view, event);
      news.push(event);
      if (event.type === "rolled" && event.player === app.you) app.ownRoll = seq;
    }
  }
  if (msg.panel) applyPanel(msg.panel);
  const rolled = msg.events.map((l) => l.event).filter((e) => e.type === "rolled").pop();
  if (rolled) showRoll(rolled.roll);
  noteMoves(news);
  // What a screen reader says now: the server leaves out what it tells later in one line (the
  // other players' moves, at the start of your turn). What is left out is not heard yet: a
  // page opened again hears it in its catch-up.
  const lines = msg.say ?? msg.text;
  // Events the page's view already holds (a page opened again, or back): the table's earlier
  // lines, for the history only, one entry each.
  if (!news.length) addHistory(lines ?? [], "moves");
  // Drawn first: a change of focus (the Start button gone) is spoken before the news, not
  // over it; the tokens start moving, and the words do not wait for them.
  renderTable();
  if (!news.length) return;
  // The history keeps exactly what is said, as it is said: one announcement, one entry.
  if (lines?.length) say(lines, "moves", { seq: app.seq });
  // While a bot plays our seat (we left), its turn is not ours.
  sounds.cueEvents(news, mine()?.away ? null : app.you);
}

/** Our seat as the view has it, if we hold one. */
function mine() {
  return app.you !== null && app.you !== undefined ? app.view?.seats?.[app.you] ?? null : null;
}

// The panel comes with every change; the seats only when they may have changed.
export function applyPanel(panel) {
  app.view.panel = panel;
  if (panel.seats) app.view.seats = panel.seats;
  app.you = panel.you;
}


function renderDice(v) {
  const line = $("dice-line");
  line.replaceChildren();
  if (!v.dice || !v.dice.commitment) return;
  line.append(word("ui-dice-commitment"), " ", el("code", {}, v.dice.commitment));
  if (v.dice.game) line.append(el("br"), word("ui-game-commitment"), " ", el("code", {}, v.dice.game));
  if (v.status === "finished" && v.dice.key) {
    const a = el("a", {}, word("ui-dice-verify"));
    a.href = "api/tables/" + v.id + "/record";
    line.append(" ", a, " ", word("ui-dice-verify-how"));
  }
}

// ---- table --------------------------------------------------------------------------------
export function renderTable() {
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
  decorateGame(v, app.you);
  renderPeople();

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
      const swatch = el("span");
      swatch.className = "swatch";
      swatch.setAttribute("aria-hidden", "true");
      swatch.appendChild(tokenIcon(i, marks[i]));
      th.append(swatch, " ");
    }
    th.append(words.label);
    const square = v.squares[i];
    tr.append(th, el("td", {}, String(i + 1)), el("td", {}, words.square), el("td", {}, square === undefined ? "" : String(last - square)));
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
  const label = el("span", {}, word("ui-remove-bot"));
  label.id = "remove-bots-label";
  box.setAttribute("role", "group");
  box.setAttribute("aria-labelledby", label.id);
  box.replaceChildren(label, ...bots.map(([s, i]) => {
    const b = el("button", {}, s.name);
    b.type = "button";
    b.addEventListener("click", () => act("remove_bot", { table: v.id, seat: i }));
    return b;
  }));
}

/** A host's command (start, add_bot) at this table; the server says why not to anyone else. */
export function hostCommand(type) {
  if (app.table === null) return;
  act(type);
}

/** Shift+F: the host removes the last bot seated (the server says why not to anyone else). */
export function removeLastBot() {
  const seat = (app.view?.seats ?? []).map((s, i) => (s.bot ? i : -1)).filter((i) => i >= 0).pop();
  if (seat === undefined) {
    say([word("ui-no-bot")], "notice", { history: false });
    return;
  }
  act("remove_bot", { seat });
}

/** Shift+J: leaving asks first, as Leave does; without a seat to leave, the server says why. */
export function askLeave() {
  if (app.table === null) return;
  if (!$("leave").hidden) { $("leave").click(); return; }
  if (!$("leave-confirm").hidden) { $("leave-no").focus(); return; }
  act("leave");
}

$("start").addEventListener("click", () => hostCommand("start"));
$("add-bot").addEventListener("click", () => hostCommand("add_bot"));
$("fill-bots").addEventListener("click", () => act("fill_bots"));

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
  if (!act("leave", { table })) return;
  $("leave-confirm").hidden = true;
  app.leaving = true;
  if (app.view && app.view.status === "waiting") dropSeat(table);
});
$("come-back").addEventListener("click", comeBack);

$("join").addEventListener("submit", (e) => {
  e.preventDefault();
  $("j-error").textContent = "";
  const name = $("j-name").value;
  takeName(name);
  act("join", { name }, () => { $("j-error").textContent = word("ui-not-connected"); });
});
