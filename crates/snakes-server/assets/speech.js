// What the page says: the live region, paced, the page's own voice, and the history read back,
// through its buffers.

import { $, el, word } from "./dom.js";
import { app, noteHeard, speechMs } from "./state.js";
import * as voice from "./voice.js";

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
const spoken = { text: "", marked: false, at: -Infinity, queue: [], timer: null, begun: 0 };

// The live region and the history of the page on show: the table's, or the lobby's.
const liveRegion = () => $(app.table === null ? "lobby-live" : "live");
const historyList = () => $(app.table === null ? "lobby-history" : "history");

export function say(lines, kind, { history = true, seq = 0, data = {} } = {}) {
  // The lines of one announcement, joined as the page's language joins sentences.
  const kept = (lines ?? []).filter((l) => l);
  if (!kept.length) return;
  const text = kept.reduce((first, second) =>
    word("sentence-join").replace("%first%", () => first).replace("%second%", () => second));
  if (history) addHistory([text], kind, data);
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
  if (seq) {
    setTimeout(() => { if (app.table === table) noteHeard(seq); }, speechMs(text));
    setTimeout(() => { if (app.table === table && seq > spoken.begun) spoken.begun = seq; }, BEGUN_MS);
  }
  pace();
}

// A page left (reloaded, closed, another language chosen) counts as heard what the screen reader
// had been saying for a second: its news is in its first words, and the catch-up of the next
// page would say it again. What was written later, or never, is said there.
const BEGUN_MS = 1000;
addEventListener("pagehide", () => { if (spoken.begun) noteHeard(spoken.begun); });

function announce(text) {
  spoken.at = performance.now();
  spoken.marked = text === spoken.text && !spoken.marked;
  spoken.text = text;
  const live = liveRegion();
  live.append(el("p", {}, spoken.marked ? text + REPEAT_MARK : text));
  while (live.childElementCount > 3) live.firstElementChild.remove();
  voice.speak(text);
}

// A new table: nothing said for the last one is still to come.
export function hushQueue() {
  spoken.begun = 0;
  spoken.queue.length = 0;
  clearTimeout(spoken.timer);
  spoken.timer = null;
}

// ---- the history and its buffers ------------------------------------------------------------
// The history holds exactly what was spoken: one entry per announcement, as it was said (the
// other players' moves and "Your turn" in one line are one entry), the answers and refusals, and
// what people said. Its buffers at a table, as audio games have them, are views of it: all of
// it, the game (moves, the table's news, who came and went), talk, and the answers (to the keys,
// refusals, notices). [ and ] choose one, said with its last line; , . < > read through the one
// chosen, and apostrophe says its last line again. The lobby's history is one (its [ and ] move
// through the tables).
const BUFFERS = { table: ["all", "game", "talk", "answers"], lobby: ["all"] };
const BUFFER_OF = { chat: "talk", answer: "answers", refusal: "answers", notice: "answers" };
const placeBuffers = () => BUFFERS[app.table === null ? "lobby" : "table"];
const bufferName = (b) => word({ all: "buffer-all", game: "buffer-game", talk: "buffer-talk", answers: "buffer-answers" }[b]);

/** Adds `lines` to the history as what `kind` said, each entry with the `data` given (a
 * talk message's number, `n`, which a moderator's removal names). */
export function addHistory(lines, kind, data = {}) {
  const list = historyList();
  for (const line of lines) {
    const li = el("li", {}, line);
    li.className = "said-" + kind;
    li.dataset.buffer = BUFFER_OF[kind] ?? "game";
    Object.assign(li.dataset, data);
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

/** The entry of the history last read again (, . < >) in the buffer chosen, if any. */
export function entryRead() {
  return app.place === null ? null : entries()[app.place] ?? null;
}

/** The keys (H): every key a line of the history, the first few said now with how many more
 * there are; comma and period then read on from the last one said. */
const KEYS_SAID = 3;
export function sayKeys(lines) {
  const now = lines.slice(0, KEYS_SAID);
  const more = lines.length - now.length;
  addHistory(lines, "answer");
  say(more > 0 ? [...now, word("ui-help-more").replace("%count%", String(more))] : now, "answer", { history: false });
  const items = entries();
  if (items.length >= lines.length && items.at(-1).textContent === lines.at(-1)) {
    app.place = items.length - lines.length + now.length - 1;
    markReading(items);
  }
}

/** The entries of the buffer chosen, oldest first. */
function entries() {
  if (!placeBuffers().includes(app.buffer)) app.buffer = "all";
  const all = [...historyList().children];
  return app.buffer === "all" ? all : all.filter((li) => li.dataset.buffer === app.buffer);
}

/** Fills the slots (`%name%`) of the page's sentence `id`. */
function sentence(id, slots) {
  return word(id).replace(/%(\w+)%/g, (_, k) => slots[k] ?? "");
}

/** Chooses the buffer before (`previous`) or after (`next`) the one chosen, said with its last line. */
export function switchBuffer(step) {
  const list = placeBuffers();
  const at = Math.max(0, list.indexOf(app.buffer));
  app.buffer = list[(at + (step === "previous" ? list.length - 1 : 1)) % list.length];
  const items = entries();
  app.place = items.length ? items.length - 1 : null;
  markReading(items);
  const name = bufferName(app.buffer);
  const line = items.length
    ? sentence("buffer-last", { buffer: name, number: String(items.length), count: String(items.length), text: items.at(-1).textContent })
    : sentence("buffer-empty", { buffer: name });
  say([line], "history", { history: false });
}

/** The last line of the buffer chosen, again, as it was said. */
export function lastOfBuffer() {
  const items = entries();
  const line = items.length ? items.at(-1).textContent : sentence("buffer-empty", { buffer: bufferName(app.buffer) });
  say([line], "history", { history: false });
}

/** Brings the history's place back to its end (no line marked as read). */
export function forgetPlace() {
  app.place = null;
  markReading([]);
}

function markReading(items) {
  for (const li of historyList().children) li.classList.toggle("reading", li === items[app.place]);
}

// The last announcement said again (A), as it was said, and not kept again in the history.
export function repeat() {
  if (!spoken.text) say([word("history-empty")], "history", { history: false });
  else say([spoken.text], "repeat", { history: false });
}

// The history read again, a line at a time, with its number ("12 of 40: ..."), in the words of
// the catalogue (history-entry, its slots filled here): the line before the one last read (the
// last line, when none was), after it, the first or the last; as the terminal game does.
export function readBack(which) {
  const items = entries();
  const count = items.length;
  if (!count) { say([word("history-empty")], "history", { history: false }); return; }
  const last = count - 1;
  let at = last;
  if (which === "first") at = 0;
  else if (which === "previous" && app.place !== null) at = Math.max(0, app.place - 1);
  else if (which === "next" && app.place !== null) at = Math.min(last, app.place + 1);
  app.place = at;
  markReading(items);
  const slots = { number: String(at + 1), count: String(count), text: items[at].textContent };
  say([word("history-entry").replace(/%(number|count|text)%/g, (_, k) => slots[k])], "history", { history: false });
}
