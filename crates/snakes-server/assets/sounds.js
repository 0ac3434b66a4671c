// Earcons: short sounds that follow the game by ear faster than words (a die, one step per
// square, a ladder rising, a snake falling, a bounce, your turn, a win, someone talking, a
// refusal), made with the Web Audio API, no sound files. They never replace words: every event
// is still announced.
//
// Browsers allow sound only after a person pressed a key or clicked on the page, so sounds are
// on by default only from the first key press; the switch and the volume are kept in
// localStorage. Every cue goes through `cue`, which tells the functions given to `onCue` (a
// test hook: what was scheduled, when) and then plays it.

import { EVENTS } from "./events.js";

const KEY_ON = "snakes.sounds";
const KEY_VOLUME = "snakes.volume";

/** Seconds between two steps of a token, as the drawing moves it. */
export const STEP = 0.08;

const state = {
  // On unless switched off; heard only once a key was pressed (`unlock`).
  on: localStorage.getItem(KEY_ON) !== "0",
  unlocked: false,
  volume: clampVolume(Number(localStorage.getItem(KEY_VOLUME) ?? 60)),
  context: null,
  master: null,
  listeners: [],
};

function clampVolume(v) {
  return Number.isFinite(v) ? Math.min(100, Math.max(0, v)) : 60;
}

/** Whether sounds play now: switched on, and a key has been pressed. */
export function playing() {
  return state.on && state.unlocked;
}

/** Whether sounds are switched on (heard once a key was pressed). */
export function switchedOn() {
  return state.on;
}

/** The volume, 0 to 100. */
export function volume() {
  return state.volume;
}

/** Calls `fn({ name, at })` for every cue scheduled (`at`: seconds from now). */
export function onCue(fn) {
  state.listeners.push(fn);
}

/** A key was pressed or the page clicked: sounds may play from now on. */
export function unlock() {
  if (state.unlocked) return;
  state.unlocked = true;
  audio();
}

/** Switches sounds on or off, and keeps the choice. */
export function setOn(on) {
  state.on = on;
  localStorage.setItem(KEY_ON, on ? "1" : "0");
  if (on) audio();
}

/** Sets the volume (0 to 100), and keeps it. */
export function setVolume(v) {
  state.volume = clampVolume(v);
  localStorage.setItem(KEY_VOLUME, String(state.volume));
  if (state.master) state.master.gain.value = gainOf(state.volume);
}

// Perceived loudness grows with the square of the gain; 100 is a moderate level.
const gainOf = (v) => 0.5 * (v / 100) ** 2;

function audio() {
  if (!playing()) return null;
  if (!state.context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    state.context = new Context();
    state.master = state.context.createGain();
    state.master.gain.value = gainOf(state.volume);
    state.master.connect(state.context.destination);
  }
  if (state.context.state === "suspended") state.context.resume().catch(() => {});
  return state.context;
}

// ---- the sounds -------------------------------------------------------------------------------
// Each takes the audio context, the output and the start time, and schedules its notes.

function tone(ctx, out, t, { type = "sine", from, to = from, length, peak = 1, attack = 0.005 }) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, t);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, t + length);
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(peak, t + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
  osc.connect(gain).connect(out);
  osc.start(t);
  osc.stop(t + length + 0.02);
}

function noise(ctx, out, t, length, frequency) {
  const samples = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, samples, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / samples);
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  src.connect(filter).connect(out);
  src.start(t);
}

const SOUNDS = {
  // A die rattling: three clicks of filtered noise.
  dice: (ctx, out, t) => {
    for (const [k, f] of [[0, 2400], [0.05, 1800], [0.11, 2900]]) noise(ctx, out, t + k, 0.04, f);
  },
  // One square: a short, soft tick.
  step: (ctx, out, t) => tone(ctx, out, t, { type: "triangle", from: 880, length: 0.05, peak: 0.5 }),
  // A ladder: a rising sweep.
  ladder: (ctx, out, t) => tone(ctx, out, t, { type: "triangle", from: 330, to: 1320, length: 0.4, peak: 0.7, attack: 0.02 }),
  // A snake: a falling, buzzing slide.
  snake: (ctx, out, t) => tone(ctx, out, t, { type: "sawtooth", from: 880, to: 140, length: 0.45, peak: 0.35, attack: 0.02 }),
  // A bounce off the last square: up and back down.
  bounce: (ctx, out, t) => {
    tone(ctx, out, t, { from: 300, to: 700, length: 0.1, peak: 0.7 });
    tone(ctx, out, t + 0.1, { from: 700, to: 300, length: 0.12, peak: 0.7 });
  },
  // Your turn: two rising notes.
  turn: (ctx, out, t) => {
    tone(ctx, out, t, { from: 659, length: 0.14, peak: 0.8 });
    tone(ctx, out, t + 0.15, { from: 988, length: 0.22, peak: 0.8 });
  },
  // A win: an arpeggio up to the octave.
  win: (ctx, out, t) => {
    [523, 659, 784, 1047].forEach((f, i) => tone(ctx, out, t + i * 0.11, { from: f, length: i === 3 ? 0.5 : 0.13, peak: 0.8 }));
  },
  // Someone talks: two quick, soft high notes, a falling "blip-blip", unlike the game's.
  chat: (ctx, out, t) => {
    tone(ctx, out, t, { type: "triangle", from: 1568, length: 0.06, peak: 0.5 });
    tone(ctx, out, t + 0.08, { type: "triangle", from: 1175, length: 0.08, peak: 0.5 });
  },
  // A refusal: a low, short buzz, unlike any other.
  refusal: (ctx, out, t) => tone(ctx, out, t, { type: "square", from: 140, length: 0.22, peak: 0.25 }),
};

/** The names of the cues. */
export const CUES = Object.keys(SOUNDS);

/** Schedules cue `name` `at` seconds from now; nothing when sounds are off. */
export function cue(name, at = 0) {
  if (!playing() || !SOUNDS[name]) return;
  for (const fn of state.listeners) fn({ name, at });
  const ctx = audio();
  if (!ctx || !state.master) return;
  SOUNDS[name](ctx, state.master, ctx.currentTime + 0.01 + at);
}

/**
 * Schedules the cues of a batch of game events, in order: the die, a step per square the token
 * moved (as the drawing moves it), the ladder or snake, a bounce, a win, and "your turn" when
 * the turn passes to `you`.
 */
export function cueEvents(events, you) {
  if (!playing()) return;
  let t = 0;
  const steps = (n) => {
    for (let i = 0; i < n; i++) cue("step", t + i * STEP);
    t += n * STEP;
  };
  const s = {
    you,
    steps,
    cue: (name, seconds = 0) => {
      cue(name, t);
      t += seconds;
    },
  };
  for (const e of events) EVENTS[e.type]?.sound?.(s, e);
}
