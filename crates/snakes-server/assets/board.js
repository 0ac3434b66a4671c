// The board page's drawing: the board as SVG (numbered squares, ladders as rails and rungs,
// snakes as curved bodies with a head, tokens with colour and letter, offset when they share a
// square), the same board in words for screen readers, and "how long is a game here" (the exact
// figures of this board under each ending, with a chart and its data as a table).
//
// The other modules own the connection, the live region, the keys and the players' table;
// table.js calls `noteMoves` with each batch of events and `render` after each change. Nothing
// here touches the live region, so an animation never delays what is spoken. Every word comes from the server:
// the page's fixed words (`word`), the board's words with the view, the rules' names from
// GET /api/rules; this module only draws.

import { $, el, word, rulesGuide } from "./dom.js";
import { EVENTS } from "./events.js";
import { figuresList } from "./figures.js";
import { shapePath } from "./tokens.js";

const SVG = "http://www.w3.org/2000/svg";
const S = 100; // one square, in user units: the viewBox scales it to any size
const START_STRIP = 64; // the "off the board" strip under the grid
// A token alone is large (legible on a phone); tokens sharing a square shrink to sit apart.
const TOKEN_R = { 1: 26, 2: 20, 3: 19, 4: 19 };
// Offsets of tokens sharing a square, by how many share it.
const OFFSETS = {
  1: [[0, 0]],
  2: [[-24, 0], [24, 0]],
  3: [[-23, -14], [23, -14], [0, 23]],
  4: [[-23, -23], [23, -23], [-23, 23], [23, 23]],
};
// How long a token takes per square, then for a ladder or a snake, and at most for a move.
const STEP_MS = 80;
const JUMP_MS = 320;
const MOVE_MS = 1600;
const ENDING_DASHES = { bounce: "", exact: "10 6", loose: "3 5" };
// The chart's lines; a dark page redraws them lighter (board.css, by `data-ending`).
const ENDING_COLOURS = { bounce: "#0b5cad", exact: "#b3261e", loose: "#1b6e35" };

/** The short name of the value `value` of the option `key` ("Strict" for ending bounce). */
function valueName(guide, key, value) {
  return guide.options.find((o) => o.key === key)?.values.find((v) => v.value === value)?.name ?? value;
}
const svg = (tag, attrs = {}, text) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const state = {
  boardKey: null, // the board drawn (rows, cols and jumps as JSON)
  view: null,
  you: null,
  shown: [], // each token's square as drawn
  paths: new Map(), // player -> squares passed through since the last drawing
  analysisFor: null, // "table:status" the analysis was fetched for
};

// ---- geometry -------------------------------------------------------------------------------
function cell(board, s) {
  const i = s - 1;
  const fromBottom = Math.floor(i / board.cols);
  let col = i % board.cols;
  if (fromBottom % 2 === 1) col = board.cols - 1 - col;
  const row = board.rows - 1 - fromBottom;
  return { x: col * S, y: row * S };
}
/** The centre of square `s` of `board`, in the drawing's units (a square is 100). */
export function centre(board, s) {
  const c = cell(board, s);
  return { x: c.x + S / 2, y: c.y + S / 2 };
}
const last = (board) => board.rows * board.cols;

// ---- drawing the board ----------------------------------------------------------------------
function drawBoard(board, words) {
  const w = board.cols * S;
  const h = board.rows * S + START_STRIP;
  const root = svg("svg", {
    viewBox: `0 0 ${w} ${h}`,
    class: "board",
    role: "img",
    "aria-labelledby": "board-svg-title",
    "aria-describedby": "board-words-heading",
    preserveAspectRatio: "xMidYMid meet",
  });
  root.appendChild(svg("title", { id: "board-svg-title" }, words.title));
  const defs = svg("defs");
  root.appendChild(defs);

  const squares = svg("g", { class: "squares", "aria-hidden": "true" });
  // Past this many squares, numbers would be too small to read and the drawing too heavy:
  // the grid becomes one patterned rectangle and the squares go unnumbered.
  const detailed = last(board) <= 2500;
  if (!detailed) {
    const pattern = svg("pattern", { id: "grid-pattern", width: 2 * S, height: 2 * S, patternUnits: "userSpaceOnUse" });
    pattern.appendChild(svg("rect", { width: 2 * S, height: 2 * S, class: "square sq-a" }));
    pattern.appendChild(svg("rect", { width: S, height: S, class: "square sq-b" }));
    pattern.appendChild(svg("rect", { x: S, y: S, width: S, height: S, class: "square sq-b" }));
    defs.appendChild(pattern);
    squares.appendChild(svg("rect", { width: w, height: board.rows * S, fill: "url(#grid-pattern)" }));
  }
  for (let s = 1; detailed && s <= last(board); s++) {
    const { x, y } = cell(board, s);
    const r = Math.floor((s - 1) / board.cols);
    const shade = (r + ((s - 1) % board.cols)) % 2 === 0 ? "sq-a" : "sq-b";
    squares.appendChild(svg("rect", { x, y, width: S, height: S, class: "square " + shade, "data-square": s }));
  }
  root.appendChild(squares);

  const jumps = svg("g", { class: "jumps" });
  board.ladders.forEach(([foot, top], i) => jumps.appendChild(drawLadder(board, foot, top, words.ladders[i][1])));
  board.snakes.forEach(([head, tail], i) => jumps.appendChild(drawSnake(board, head, tail, words.snakes[i][1])));
  root.appendChild(jumps);

  // Numbers on top of the jumps, with a halo so they stay legible where a jump crosses them;
  // the squares that start a jump also say where it goes, so the board reads without colour.
  const numbers = svg("g", { class: "numbers", "aria-hidden": "true" });
  const dest = new Map();
  for (const [a, b] of board.ladders) dest.set(a, ["ladder", b]);
  for (const [a, b] of board.snakes) dest.set(a, ["snake", b]);
  const size = last(board) >= 1000 ? 22 : 26;
  for (let s = 1; detailed && s <= last(board); s++) {
    const { x, y } = cell(board, s);
    numbers.appendChild(svg("text", { x: x + 6, y: y + 6 + size * 0.8, class: "num", "font-size": size }, String(s)));
    const j = dest.get(s);
    if (j) {
      const [kind, to] = j;
      numbers.appendChild(svg("text", {
        x: x + S - 6, y: y + S - 8, class: "jump-mark " + kind, "text-anchor": "end", "font-size": 20,
      }, (kind === "ladder" ? "▲" : "▼") + to));
    }
  }
  if (board.rows * board.cols >= 1) {
    const { x, y } = cell(board, last(board));
    numbers.appendChild(svg("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, class: "finish" }));
  }
  root.appendChild(numbers);

  const strip = svg("g", { class: "start-strip", "aria-hidden": "true" });
  strip.appendChild(svg("rect", { x: 0, y: board.rows * S, width: w, height: START_STRIP, class: "start" }));
  strip.appendChild(svg("text", { x: 10, y: board.rows * S + START_STRIP / 2 + 8, class: "start-label", "font-size": 24 }, word("ui-start-square")));
  root.appendChild(strip);

  root.appendChild(svg("g", { class: "tokens", id: "board-tokens" }));
  return root;
}

/**
 * A jump from square `from` to `to` as a group of class `kind` titled `title`, and the line it
 * is drawn along: its ends `a` and `b`, its direction (`dx`, `dy`), length and unit normal.
 */
function jump(board, kind, from, to, title) {
  const a = centre(board, from);
  const b = centre(board, to);
  const g = svg("g", { class: kind, "data-from": from, "data-to": to });
  g.appendChild(svg("title", {}, title));
  const dx = b.x - a.x, dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  return { g, a, dx, dy, len, nx: -dy / len, ny: dx / len, b };
}

function drawLadder(board, foot, top, title) {
  const { g, a, b, dx, dy, len, nx, ny } = jump(board, "ladder", foot, top, title);
  const half = 13;
  for (const side of [-1, 1]) {
    g.appendChild(svg("line", {
      x1: a.x + nx * half * side, y1: a.y + ny * half * side,
      x2: b.x + nx * half * side, y2: b.y + ny * half * side, class: "rail",
    }));
  }
  const rungs = Math.max(2, Math.round(len / 28));
  for (let i = 1; i < rungs; i++) {
    const t = i / rungs;
    const cx = a.x + dx * t, cy = a.y + dy * t;
    g.appendChild(svg("line", {
      x1: cx - nx * half, y1: cy - ny * half, x2: cx + nx * half, y2: cy + ny * half, class: "rung",
    }));
  }
  return g;
}

function drawSnake(board, head, tail, title) {
  const { g, a, dx, dy, len, nx, ny } = jump(board, "snake", head, tail, title);
  // A sine wave along the line from head to tail, fading out at both ends.
  const waves = Math.max(1, Math.round(len / 160));
  const amp = Math.min(22, len / 6);
  const steps = 40;
  let d = "";
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const off = Math.sin(t * waves * 2 * Math.PI) * amp * Math.sin(t * Math.PI);
    const x = a.x + dx * t + nx * off, y = a.y + dy * t + ny * off;
    d += (i === 0 ? "M" : "L") + x.toFixed(1) + " " + y.toFixed(1) + " ";
  }
  g.appendChild(svg("path", { d, class: "snake-outline" }));
  g.appendChild(svg("path", { d, class: "snake-body" }));
  g.appendChild(svg("path", { d, class: "snake-stripe" }));
  const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  const headG = svg("g", { transform: `translate(${a.x} ${a.y}) rotate(${angle})` });
  headG.appendChild(svg("ellipse", { cx: -2, cy: 0, rx: 17, ry: 13, class: "snake-head" }));
  headG.appendChild(svg("circle", { cx: -8, cy: -6, r: 3.2, class: "snake-eye" }));
  headG.appendChild(svg("circle", { cx: -8, cy: 6, r: 3.2, class: "snake-eye" }));
  g.appendChild(headG);
  return g;
}

// ---- tokens ---------------------------------------------------------------------------------
// A name's first character as a person sees it: a whole grapheme ("👩‍🚀", "É"), never half of
// an emoji's UTF-16 pair.
const graphemes = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
function initial(name) {
  if (!name) return "?";
  const first = graphemes ? graphemes.segment(name)[Symbol.iterator]().next().value?.segment : [...name][0];
  return (first ?? "?").toLocaleUpperCase();
}

// Each token's letter: the name's initial; where two names share it, the initial and the
// number the name ends with ("Bot 1" -> B1), else the seat number.
export function letters(seats) {
  const names = seats.map((s) => (s.name || "?").trim());
  const firsts = names.map(initial);
  const marks = firsts.map((l, i) => {
    if (firsts.indexOf(l) === firsts.lastIndexOf(l)) return l;
    const digits = names[i].match(/(\d+)$/);
    return l + (digits ? digits[1] : String(i + 1));
  });
  // Still the same (say "Bo 1" and "Bea 1"): fall back to seat numbers for those.
  return marks.map((m, i) => (marks.indexOf(m) !== marks.lastIndexOf(m) ? firsts[i] + (i + 1) : m));
}

// Where each token sits: squares shared by several tokens spread them out.
function tokenPoints(board, squares) {
  const bySquare = new Map();
  squares.forEach((s, p) => {
    if (!bySquare.has(s)) bySquare.set(s, []);
    bySquare.get(s).push(p);
  });
  const points = [];
  for (const [s, players] of bySquare) {
    players.forEach((p, k) => {
      if (s === 0) {
        points[p] = { x: 130 + p * 56, y: board.rows * S + START_STRIP / 2, r: 21 };
        return;
      }
      const c = centre(board, s);
      const offs = OFFSETS[Math.min(players.length, 4)];
      const [ox, oy] = offs[k % offs.length];
      // Beyond four on one square, a second ring slightly further in.
      const shrink = k >= 4 ? 0.5 : 1;
      points[p] = { x: c.x + ox * shrink, y: c.y + oy * shrink, r: TOKEN_R[Math.min(players.length, 4)] };
    });
  }
  return points;
}

function pointOf(board, s, p) {
  if (s === 0) return { x: 130 + p * 56, y: board.rows * S + START_STRIP / 2 };
  return centre(board, s);
}

// The frames of a move along `path` (the squares passed, then where a jump ended, marked
// `jump`), each with its share of the move's time; ends where the token is drawn.
function moveFrames(board, p, from, path, target) {
  const frames = [{ transform: from, offset: 0 }];
  const weights = path.map((q) => (q.jump ? JUMP_MS : STEP_MS));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let at = 0;
  path.forEach((q, k) => {
    at += weights[k];
    const c = pointOf(board, q.square, p);
    frames.push({ transform: k === path.length - 1 ? target : `translate(${c.x}px, ${c.y}px)`, offset: at / total });
  });
  return { frames, duration: Math.min(MOVE_MS, total) };
}

function drawTokens(v, you) {
  const layer = $("board-tokens");
  if (!layer) return;
  const board = v.board;
  const squares = v.squares || [];
  const names = letters(v.seats);
  const points = tokenPoints(board, squares);
  const animate = !reducedMotion();
  squares.forEach((s, p) => {
    let g = layer.querySelector(`[data-player="${p}"]`);
    if (!g) {
      g = svg("g", { class: "token", "data-player": p });
      g.appendChild(svg("title"));
      g.appendChild(svg("circle", { class: "token-ring" }));
      g.appendChild(svg("path", { class: "token-disc" }));
      g.appendChild(svg("text", { class: "token-letter", "text-anchor": "middle", dy: "0.35em" }));
      layer.appendChild(g);
    }
    g.querySelector("title").textContent = v.panel?.players[p]?.label ?? "";
    const letter = g.querySelector("text");
    letter.textContent = names[p];
    const to = points[p];
    g.querySelector(".token-disc").setAttribute("d", shapePath(p, to.r));
    g.querySelector(".token-ring").setAttribute("r", to.r + 6);
    letter.setAttribute("font-size", Math.round(to.r * (names[p].length > 1 ? 0.95 : 1.25)));
    g.setAttribute("data-square", s);
    g.classList.toggle("current", v.status === "playing" && v.turn === p);
    g.classList.toggle("mine", you === p);
    const from = state.shown[p];
    const target = `translate(${to.x}px, ${to.y}px)`;
    const path = state.paths.get(p) || [];
    if (from !== s) {
      // A move still on its way ends where it was going, at once.
      g.getAnimations().forEach((a) => a.finish());
    }
    if (animate && from !== undefined && from !== s && g.style.transform && path.length) {
      // Square by square along the track, then up the ladder or down the snake.
      const { frames, duration } = moveFrames(board, p, g.style.transform, path, target);
      g.animate(frames, { duration, easing: "linear" });
    }
    g.style.transform = target;
    state.shown[p] = s;
  });
  // The current player's token is drawn last, so that it is on top.
  const current = layer.querySelector(".token.current");
  if (current && current !== layer.lastChild) layer.appendChild(current);
  state.paths.clear();
}

// ---- the board in words ----------------------------------------------------------------------
// The ladders and the snakes as two lists ("28 to 84"): a screen reader reads one short item per
// jump, where a table would repeat its column headers in every row.
function renderJumps(board, words) {
  const jumps = $("board-jumps");
  const key = JSON.stringify(board);
  if (!jumps || jumps.dataset.board === key) return;
  jumps.dataset.board = key;
  const lists = [];
  for (const [kind, heading, items] of [["ladders", words.ladders_heading, words.ladders], ["snakes", words.snakes_heading, words.snakes]]) {
    const id = "jumps-" + kind;
    const box = el("div", { class: "jump-list" });
    box.appendChild(el("h4", { id }, heading));
    const list = el("ul", { "aria-labelledby": id });
    for (const [item] of items) list.appendChild(el("li", {}, item));
    box.appendChild(list);
    lists.push(box);
  }
  jumps.replaceChildren(...lists);
}

// ---- how long is a game here ----------------------------------------------------------------
async function loadAnalysis(v) {
  const key = v.id + ":" + v.status;
  if (state.analysisFor === key) return;
  state.analysisFor = key;
  try {
    const [r, guide] = await Promise.all([fetch(`api/tables/${v.id}/analysis?lang=${encodeURIComponent(document.documentElement.lang)}`), rulesGuide()]);
    const body = $("analysis-body");
    if (!body || !state.view || state.view.id !== v.id) return;
    if (!r.ok) {
      const err = await r.json().catch(() => ({}));
      body.textContent = err.message || word("ui-analysis-failed");
      return;
    }
    renderAnalysis(await r.json(), (ending) => valueName(guide, "ending", ending));
  } catch {
    state.analysisFor = null; // try again on the next drawing
  }
}

// Every figure comes written by the server's catalogue, in the page's language ("43,3" in
// Spanish); none is formatted here. A dash where there is none.
const shown = (text) => text ?? "–";

function renderAnalysis(a, endingName) {
  const body = $("analysis-body");
  body.replaceChildren();
  if (a.sentence) body.appendChild(el("p", { class: "analysis-sentence", id: "analysis-sentence" }, a.sentence));

  const t = el("table", { class: "figures", id: "analysis-figures" });
  t.appendChild(el("caption", {}, word("ui-analysis-caption")));
  const head = el("tr");
  for (const h of ["ui-analysis-ending", "ui-analysis-expected", "ui-analysis-median", "ui-analysis-p90", "ui-analysis-rounds", "ui-analysis-games", "ui-analysis-mean"]) {
    head.appendChild(el("th", { scope: "col" }, word(h)));
  }
  t.appendChild(el("thead")).appendChild(head);
  const tb = el("tbody");
  for (const e of a.endings) {
    const tr = el("tr", { "data-ending": e.ending });
    const th = el("th", { scope: "row" }, endingName(e.ending));
    if (e.in_force) th.append(" ", el("span", { class: "in-force-mark" }, word("ui-analysis-in-force")));
    tr.appendChild(th);
    if (e.error) {
      tr.appendChild(el("td", { colspan: 4 }, e.error));
    } else {
      tr.appendChild(el("td", {}, shown(e.text.expected_turns)));
      tr.appendChild(el("td", {}, shown(e.text.median)));
      tr.appendChild(el("td", {}, shown(e.text.p90)));
      tr.appendChild(el("td", {}, shown(e.text.expected_rounds)));
    }
    tr.appendChild(el("td", {}, e.text.games));
    tr.appendChild(el("td", {}, shown(e.text.mean_rounds)));
    if (e.in_force) tr.classList.add("in-force");
    tb.appendChild(tr);
  }
  t.appendChild(tb);
  const wrap = el("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": word("ui-analysis-figures") });
  wrap.appendChild(t);
  body.appendChild(wrap);
  body.appendChild(figuresList(t, word("ui-analysis-figures")));
  const inForce = a.endings.find((e) => e.in_force);
  if (inForce) body.appendChild(el("p", { class: "observed", id: "analysis-observed" }, inForce.observed.sentence));

  const series = a.endings.filter((e) => !e.error && e.cumulative.length);
  if (series.length) {
    body.appendChild(chart(series, endingName, a.percent_ticks));
    body.appendChild(chartTable(a, endingName));
  }
}

function chart(series, endingName, ticks) {
  const W = 640, H = 360, L = 58, R = 16, T = 16, B = 52;
  const pw = W - L - R, ph = H - T - B;
  const maxT = Math.max(...series.map((e) => e.cumulative.length - 1), 1);
  const step = niceStep(maxT, 8);
  const xMax = Math.ceil(maxT / step) * step;
  const X = (t) => L + (t / xMax) * pw;
  const Y = (p) => T + (1 - p) * ph;
  const fig = el("figure", { class: "chart" });
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-title", class: "chart-svg" });
  root.appendChild(svg("title", { id: "chart-title" }, word("ui-chart-title")));
  const grid = svg("g", { class: "chart-grid", "aria-hidden": "true" });
  // The labels 0 % to 100 % by quarters, as the server writes them.
  ticks.forEach((label, q) => {
    const p = q / (ticks.length - 1);
    grid.appendChild(svg("line", { x1: L, x2: L + pw, y1: Y(p), y2: Y(p) }));
    grid.appendChild(svg("text", { x: L - 8, y: Y(p) + 5, "text-anchor": "end", class: "tick" }, label));
  });
  for (let t = 0; t <= xMax; t += step) {
    grid.appendChild(svg("line", { x1: X(t), x2: X(t), y1: T, y2: T + ph, class: "vgrid" }));
    grid.appendChild(svg("text", { x: X(t), y: T + ph + 20, "text-anchor": "middle", class: "tick" }, String(t)));
  }
  grid.appendChild(svg("text", { x: L + pw / 2, y: H - 8, "text-anchor": "middle", class: "axis-label" }, word("ui-chart-turns")));
  grid.appendChild(svg("text", {
    x: 14, y: T + ph / 2, "text-anchor": "middle", class: "axis-label", transform: `rotate(-90 14 ${T + ph / 2})`,
  }, word("ui-chart-finished")));
  grid.appendChild(svg("rect", { x: L, y: T, width: pw, height: ph, class: "frame" }));
  root.appendChild(grid);
  const lines = svg("g", { "aria-hidden": "true" });
  for (const e of series) {
    const d = e.cumulative.map((p, t) => (t === 0 ? "M" : "L") + X(t).toFixed(1) + " " + Y(p).toFixed(1)).join(" ");
    lines.appendChild(svg("path", {
      d, class: "series", stroke: ENDING_COLOURS[e.ending], "stroke-dasharray": ENDING_DASHES[e.ending], "data-ending": e.ending,
    }));
  }
  root.appendChild(lines);
  fig.appendChild(root);
  // The legend is HTML: it wraps on a phone and is read as text.
  const legend = el("ul", { class: "legend" });
  for (const e of series) {
    const li = el("li");
    const sample = svg("svg", { width: 44, height: 12, viewBox: "0 0 44 12", "aria-hidden": "true" });
    sample.appendChild(svg("line", {
      x1: 2, x2: 42, y1: 6, y2: 6, class: "series", stroke: ENDING_COLOURS[e.ending], "stroke-dasharray": ENDING_DASHES[e.ending], "data-ending": e.ending,
    }));
    li.appendChild(sample);
    li.appendChild(document.createTextNode(" " + endingName(e.ending)));
    legend.appendChild(li);
  }
  fig.appendChild(el("figcaption", {}, word("ui-chart-legend")));
  fig.appendChild(legend);
  return fig;
}

// A round step of whole turns (1, 2 or 5 times a power of ten, at least 1) for the turns axis.
function niceStep(span, target) {
  const raw = span / target;
  const mag = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const norm = raw / mag;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
}

// The chart's data as a table: its rows (a turn every few, the chance each ending's game has
// finished by then) come from the server, written in the page's language.
function chartTable(a, endingName) {
  const details = el("details", { class: "chart-data" });
  details.appendChild(el("summary", {}, word("ui-chart-data")));
  const columns = a.endings.map((e, i) => [e, i]).filter(([e]) => !e.error && e.cumulative.length);
  const t = el("table", { id: "chart-table" });
  t.appendChild(el("caption", {}, word("ui-chart-data-caption")));
  const head = el("tr");
  head.appendChild(el("th", { scope: "col" }, word("ui-chart-turn")));
  for (const [e] of columns) head.appendChild(el("th", { scope: "col" }, endingName(e.ending)));
  t.appendChild(el("thead")).appendChild(head);
  const tb = el("tbody");
  for (const row of a.chart_table) {
    const tr = el("tr");
    tr.appendChild(el("th", { scope: "row" }, String(row.turn)));
    for (const [, i] of columns) tr.appendChild(el("td", {}, row.percents[i]));
    tb.appendChild(tr);
  }
  t.appendChild(tb);
  details.appendChild(t);
  return details;
}

// ---- entry points for table.js --------------------------------------------------------------

/** Draws the table `v` (as the server's view) for the player in seat `you` (or null). */
export function render(v, you) {
  if (!v || !v.board) return;
  state.view = v;
  state.you = you;
  const key = JSON.stringify(v.board) + "#" + v.id;
  if (state.boardKey !== key) {
    state.boardKey = key;
    state.shown = [];
    $("board-drawing").replaceChildren(drawBoard(v.board, v.board_words));
    $("analysis-body").textContent = word("ui-measuring");
  }
  drawTokens(v, you);
  renderJumps(v.board, v.board_words);
  loadAnalysis(v);
}

/**
 * Notes the squares each token passes through in `events` (one square at a time along the
 * track, then the end of a ladder or snake), so that the next drawing moves it along them.
 */
export function noteMoves(events) {
  for (const e of events) {
    const path = () => {
      if (!state.paths.has(e.player)) state.paths.set(e.player, []);
      return state.paths.get(e.player);
    };
    const walk = (from, to) => {
      const step = to > from ? 1 : -1;
      for (let q = from + step; step > 0 ? q <= to : q >= to; q += step) path().push({ square: q });
    };
    EVENTS[e.type]?.path?.({ walk, jump: (to) => path().push({ square: to, jump: true }) }, e);
  }
}

// The pips of a die's faces 1 to 6, on a 100-unit face.
const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

/** Shows `roll` on the die beside Roll: pips up to 6, the number on a bigger die. */
export function showRoll(roll) {
  const die = $("die");
  if (!die || !roll) return;
  die.removeAttribute("hidden");
  die.dataset.roll = String(roll);
  const parts = [svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 16, class: "die-face" })];
  if (PIPS[roll]) {
    for (const [x, y] of PIPS[roll]) parts.push(svg("circle", { cx: x, cy: y, r: 9, class: "die-pip" }));
  } else {
    parts.push(svg("text", { x: 50, y: 50, dy: "0.35em", "text-anchor": "middle", class: "die-number" }, String(roll)));
  }
  die.replaceChildren(...parts);
  if (!reducedMotion()) die.animate([{ transform: "rotate(-25deg) scale(.8)" }, { transform: "none" }], { duration: 200, easing: "ease-out" });
}
