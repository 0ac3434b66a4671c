// The page's own voice: the browser's speech synthesis speaks every announcement, for phones
// whose screen readers skip or cut live regions. Off unless switched on; the switch, the speed
// and the voice are kept in localStorage. Announcements are queued in the order they come
// (speechSynthesis keeps its own queue) and never cancel one another: only `interrupt`, called
// when the player presses one of the game's keys, stops what is being said.

const KEY_ON = "snakes.voice";
const KEY_RATE = "snakes.voice.rate";
const KEY_NAME = "snakes.voice.name";

/** The slowest and fastest speeds offered (1 is the voice's own). */
export const RATES = [0.5, 2];

const synth = () => (typeof window !== "undefined" && window.speechSynthesis) || null;

const state = {
  on: localStorage.getItem(KEY_ON) === "1",
  rate: clampRate(Number(localStorage.getItem(KEY_RATE) ?? 1)),
  name: localStorage.getItem(KEY_NAME) ?? "",
};

function clampRate(r) {
  return Number.isFinite(r) && r > 0 ? Math.min(RATES[1], Math.max(RATES[0], r)) : 1;
}

/** Whether the browser has speech synthesis at all. */
export function available() {
  return synth() !== null && typeof window.SpeechSynthesisUtterance === "function";
}

/** Whether the page speaks. */
export function on() {
  return state.on && available();
}

/** Whether the voice is switched on (it speaks where the browser has speech synthesis). */
export function switchedOn() {
  return state.on;
}

/** The speed, from RATES[0] to RATES[1]. */
export function rate() {
  return state.rate;
}

/** The name of the chosen voice ("" for the browser's choice). */
export function voiceName() {
  return state.name;
}

/** The voices of the browser for the page's language first, then the others, by name. */
export function voices() {
  const s = synth();
  if (!s) return [];
  const lang = document.documentElement.lang || "en";
  const all = s.getVoices();
  const ours = all.filter((v) => v.lang.toLowerCase().startsWith(lang.toLowerCase()));
  return [...ours, ...all.filter((v) => !ours.includes(v))];
}

/** Calls `fn` when the browser's list of voices changes (it may come after the page loads). */
export function onVoices(fn) {
  synth()?.addEventListener?.("voiceschanged", fn);
}

/** Switches the voice on or off, and keeps the choice. Off stops what it is saying. */
export function setOn(value) {
  state.on = value;
  localStorage.setItem(KEY_ON, value ? "1" : "0");
  if (!value) synth()?.cancel();
}

/** Sets the speed, and keeps it. */
export function setRate(value) {
  state.rate = clampRate(value);
  localStorage.setItem(KEY_RATE, String(state.rate));
}

/** Chooses the voice by name ("" for the browser's choice), and keeps it. */
export function setVoice(name) {
  state.name = name;
  localStorage.setItem(KEY_NAME, name);
}

/** Speaks `text` after whatever is being said, when the voice is on. */
export function speak(text) {
  if (!on() || !text) return;
  const u = new window.SpeechSynthesisUtterance(text);
  u.lang = document.documentElement.lang || "en";
  u.rate = state.rate;
  const chosen = state.name && synth().getVoices().find((v) => v.name === state.name);
  if (chosen) u.voice = chosen;
  synth().speak(u);
}

/** The player pressed one of the game's keys: what is being said, and what waits, stops. */
export function interrupt() {
  if (on()) synth().cancel();
}
