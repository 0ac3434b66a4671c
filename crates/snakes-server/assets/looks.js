// What the page shows the eye beyond the board and the words: the lobby's tables as cards (a
// thumbnail of the board, the seats as tokens), the token of the player to roll beside the line
// that says so, the winner's at the end, and "Play again". Nothing here is spoken or takes the
// focus: every picture is hidden from screen readers, the words beside it saying the same.

import { centre, letters } from "./board.js";
import { command } from "./connection.js";
import { $, el } from "./dom.js";
import { app } from "./state.js";
import { tokenIcon } from "./tokens.js";

const SVG = "http://www.w3.org/2000/svg";
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

// ---- the lobby's cards ------------------------------------------------------------------------

/**
 * Dresses the lobby's row `tr` of table `t` (a summary, as the server sends it) as a card: its
 * state for the style sheet, a thumbnail of its board, a token per seat, its link a button.
 */
export function decorateTable(tr, t) {
  tr.dataset.status = t.status;
  const th = tr.querySelector("th");
  const thumb = el("div", { class: "thumb", "aria-hidden": "true" });
  th.prepend(thumb);
  drawThumbWhenSeen(thumb, t);
  // Each seat's token, its shape and colour as at the table; a free seat, a dashed outline. No
  // letters: the lobby's seats name a bot in English only, and the words beside them say who.
  const tokens = el("span", { class: "seat-tokens", "aria-hidden": "true" });
  t.seats.forEach((s, i) => tokens.appendChild(tokenIcon(s.name ? i : null, "")));
  tr.cells[1]?.prepend(tokens);
  tr.querySelector("a")?.classList.add(t.status === "waiting" ? "action-join" : "action-watch");
}

// Each board's layout, fetched once (the view of GET /api/tables/{id}): every classic table
// shares one; a custom board is fetched when its card first comes into view.
const layouts = new Map();
function layoutOf(t) {
  const key = t.board_name === "classic" ? "classic" : "table:" + t.id;
  if (!layouts.has(key)) {
    layouts.set(key, fetch(`api/tables/${t.id}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((v) => v?.board ?? null)
      .catch(() => null)
      .then((board) => { if (!board) layouts.delete(key); return board; }));
  }
  return layouts.get(key);
}

const seen = typeof IntersectionObserver === "function"
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (!e.isIntersecting) continue;
      seen.unobserve(e.target);
      e.target.__draw?.();
    }
  }, { rootMargin: "200px" })
  : null;

function drawThumbWhenSeen(box, t) {
  box.__draw = () => layoutOf(t).then((board) => { if (board && box.isConnected) box.replaceChildren(thumbnail(board)); });
  if (seen) seen.observe(box);
  else box.__draw();
}

// A board in miniature: its squares, its ladders and snakes as strokes; no numbers.
function thumbnail(board) {
  const S = 100;
  const w = board.cols * S, h = board.rows * S;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "thumb-board", focusable: "false" });
  root.appendChild(svg("rect", { width: w, height: h, class: "sq-a" }));
  if (board.rows * board.cols <= 400) {
    let d = "";
    for (let r = 0; r < board.rows; r++) {
      for (let c = (r + 1) % 2; c < board.cols; c += 2) d += `M${c * S} ${r * S}h${S}v${S}h-${S}Z`;
    }
    root.appendChild(svg("path", { d, class: "sq-b" }));
  }
  const scale = Math.max(board.rows, board.cols) / 10;
  for (const [foot, top] of board.ladders.slice(0, 60)) {
    const a = centre(board, foot), b = centre(board, top);
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const nx = (-(b.y - a.y) / len) * 16 * scale, ny = ((b.x - a.x) / len) * 16 * scale;
    // Two rails and a rung every 45 units, so that a ladder reads as one even this small.
    let d = `M${a.x + nx} ${a.y + ny}L${b.x + nx} ${b.y + ny}M${a.x - nx} ${a.y - ny}L${b.x - nx} ${b.y - ny}`;
    const rungs = Math.max(2, Math.round(len / (45 * scale)));
    for (let i = 1; i < rungs; i++) {
      const x = a.x + ((b.x - a.x) * i) / rungs, y = a.y + ((b.y - a.y) * i) / rungs;
      d += `M${x + nx} ${y + ny}L${x - nx} ${y - ny}`;
    }
    root.appendChild(svg("path", { d, class: "thumb-ladder", "stroke-width": 8 * scale }));
  }
  for (const [head, tail] of board.snakes.slice(0, 60)) {
    const a = centre(board, head), b = centre(board, tail);
    const mx = (a.x + b.x) / 2 + (b.y - a.y) * 0.25, my = (a.y + b.y) / 2 - (b.x - a.x) * 0.25;
    root.appendChild(svg("path", { d: `M${a.x} ${a.y}Q${mx} ${my} ${b.x} ${b.y}`, class: "thumb-snake", "stroke-width": 16 * scale }));
    root.appendChild(svg("circle", { cx: a.x, cy: a.y, r: 20 * scale, class: "thumb-snake-head" }));
  }
  return root;
}

// ---- the table's page -------------------------------------------------------------------------

/** Marks the table `v`'s state on the page and the token of the player to roll, or the winner. */
export function decorateGame(v, you) {
  const page = $("table-page");
  page.dataset.status = v.status;
  const seat = v.status === "playing" ? v.turn : v.status === "finished" ? v.result?.winner : null;
  const badge = $("turn-token");
  const shown = seat !== null && seat !== undefined && v.seats[seat]?.name;
  badge.hidden = !shown;
  const mark = shown ? letters(v.seats)[seat] : "";
  if (shown && (badge.dataset.seat !== String(seat) || badge.dataset.mark !== mark)) {
    badge.dataset.seat = String(seat);
    badge.dataset.mark = mark;
    badge.replaceChildren(tokenIcon(seat, mark));
  }
  $("play-again").hidden = !(v.status === "finished" && you !== null && you !== undefined && v.seats[you]);
}

// Play again: a new table like this one (the board, the rules, as many seats and bots), hosted
// by the player who presses it; the page then opens it, as the lobby's form does.
$("play-again").addEventListener("click", () => {
  const v = app.view;
  const me = v && app.you !== null && app.you !== undefined ? v.seats[app.you] : null;
  if (!v || !me) return;
  const { rows, cols, ladders, snakes } = v.board;
  const seats = v.seats.length;
  command({
    type: "create",
    name: me.name ?? localStorage.getItem("snakes.name") ?? "",
    board: v.board_name === "classic" ? "classic" : JSON.stringify({ rows, cols, ladders, snakes }),
    rules: v.rules,
    seats,
    bots: Math.min(v.seats.filter((s) => s.bot).length, seats - 1),
  });
});
