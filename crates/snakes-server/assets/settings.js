// The reader's settings: brief sentences, how much is said of the others' moves, the page's own
// voice and the sounds. Each is kept in localStorage; a member's follow them to every device
// (account.js): each change is told to `keepSettings`, and the account's are applied here.

import { send } from "./connection.js";
import { $, el, word } from "./dom.js";
import * as sounds from "./sounds.js";
import { say } from "./speech.js";
import { app, keepSettings } from "./state.js";
import * as voice from "./voice.js";

const OTHERS = ["full", "brief", "jumps"];

function setBrief(brief) {
  if (brief === app.brief) return;
  app.brief = brief;
  localStorage.setItem("snakes.brief", brief ? "1" : "0");
  $("brief").checked = brief;
  send({ type: "set_brief", brief });
}
function setOthers(others) {
  if (others === app.others) return;
  app.others = others;
  localStorage.setItem("snakes.others", others);
  $("others").value = others;
  send({ type: "set_others", others });
}

$("brief").checked = app.brief;
$("brief").addEventListener("change", () => {
  setBrief($("brief").checked);
  keepSettings();
});
$("others").value = app.others;
$("others").addEventListener("change", () => {
  setOthers($("others").value);
  keepSettings();
});

// The page's own voice: off unless switched on; its speed and voice kept with it. Switched on
// or changed, it says so in its own words, so that the choice can be heard.
function renderVoices() {
  const select = $("voice-name");
  const chosen = voice.voiceName();
  select.replaceChildren(select.options[0], ...voice.voices().map((v) => {
    const option = el("option", {}, `${v.name} (${v.lang})`);
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
  keepSettings();
});
$("voice-rate").addEventListener("change", () => {
  voice.setRate(Number($("voice-rate").value));
  voice.interrupt();
  voice.speak(word("ui-voice-sample"));
  keepSettings();
});
$("voice-name").addEventListener("change", () => {
  voice.setVoice($("voice-name").value);
  voice.interrupt();
  voice.speak(word("ui-voice-sample"));
});

$("sounds").checked = sounds.playing();
$("sounds").addEventListener("change", () => {
  sounds.setOn($("sounds").checked);
  keepSettings();
});
$("volume").value = String(sounds.volume());
$("volume").addEventListener("input", () => {
  sounds.setVolume(Number($("volume").value));
  keepSettings();
});

// The keys of the sounds (0, - and =), at a table and in the lobby: the switch and the volume as
// their controls show them, and said.
export function toggleSounds() {
  sounds.setOn(!sounds.playing());
  $("sounds").checked = sounds.playing();
  say([word(sounds.playing() ? "ui-sounds-on" : "ui-sounds-off")], "notice", { history: false });
  keepSettings();
}
export function stepVolume(step) {
  sounds.setVolume(sounds.volume() + (step === "previous" ? -10 : 10));
  $("volume").value = String(sounds.volume());
  say([word("ui-volume-now").replace("%volume%", String(sounds.volume()))], "notice", { history: false });
  keepSettings();
}

// ---- a member's settings ----------------------------------------------------------------------
// The settings that follow a member, as the account keeps them (docs/protocol.md, "Members"):
// `brief` and `others` as the server's `watch` has them, `sounds` and `voice` switched on or
// not, `volume` from 0 to 100, `rate` the voice's speed (the language, `lang`, is language.js's;
// the voice itself is not kept: each device has voices of its own).

/** The settings in force on this page, as an account keeps them (but the language). */
export function currentSettings() {
  return {
    brief: app.brief,
    others: app.others,
    sounds: sounds.switchedOn(),
    volume: sounds.volume(),
    voice: voice.switchedOn(),
    rate: voice.rate(),
  };
}

/** Puts an account's settings `s` in force, each kept in localStorage as if chosen here; a
 * value this page cannot use (a key it does not know, another type) is left aside. */
export function applySettings(s) {
  if (typeof s.brief === "boolean") setBrief(s.brief);
  if (OTHERS.includes(s.others)) setOthers(s.others);
  if (typeof s.sounds === "boolean" && s.sounds !== sounds.switchedOn()) {
    sounds.setOn(s.sounds);
    $("sounds").checked = sounds.playing();
  }
  if (Number.isFinite(s.volume) && s.volume !== sounds.volume()) {
    sounds.setVolume(s.volume);
    $("volume").value = String(sounds.volume());
  }
  if (typeof s.voice === "boolean" && s.voice !== voice.switchedOn()) {
    voice.setOn(s.voice);
    showVoice();
  }
  if (Number.isFinite(s.rate) && s.rate !== voice.rate()) {
    voice.setRate(s.rate);
    $("voice-rate").value = String(voice.rate());
  }
}
