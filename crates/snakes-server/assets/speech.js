// What the page says: the live region, paced, the page's own voice, and the history read back.

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
const spoken = { text: "", marked: false, at: -Infinity, queue: [], timer: null };

export function say(lines, kind, { history = true, seq = 0 } = {}) {
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
  live.append(el("p", {}, spoken.marked ? text + REPEAT_MARK : text));
  while (live.childElementCount > 3) live.firstElementChild.remove();
  voice.speak(text);
}

// A new table: nothing said for the last one is still to come.
export function hushQueue() {
  spoken.queue.length = 0;
  clearTimeout(spoken.timer);
  spoken.timer = null;
}

export function addHistory(lines, kind) {
  const list = $("history");
  for (const line of lines) {
    const li = el("li", {}, line);
    li.className = "said-" + kind;
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
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
