// The reader's settings: brief sentences, how much is said of the others' moves, the page's own
// voice and the sounds.

import { send } from "./connection.js";
import { $, el, word } from "./dom.js";
import * as sounds from "./sounds.js";
import { app } from "./state.js";
import * as voice from "./voice.js";

$("brief").checked = app.brief;
$("brief").addEventListener("change", () => {
  app.brief = $("brief").checked;
  localStorage.setItem("snakes.brief", app.brief ? "1" : "0");
  send({ type: "set_brief", brief: app.brief });
});
$("others").value = app.others;
$("others").addEventListener("change", () => {
  app.others = $("others").value;
  localStorage.setItem("snakes.others", app.others);
  send({ type: "set_others", others: app.others });
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
});
$("voice-rate").addEventListener("change", () => {
  voice.setRate(Number($("voice-rate").value));
  voice.interrupt();
  voice.speak(word("ui-voice-sample"));
});
$("voice-name").addEventListener("change", () => {
  voice.setVoice($("voice-name").value);
  voice.interrupt();
  voice.speak(word("ui-voice-sample"));
});

$("sounds").checked = sounds.playing();
$("sounds").addEventListener("change", () => sounds.setOn($("sounds").checked));
$("volume").value = String(sounds.volume());
$("volume").addEventListener("input", () => sounds.setVolume(Number($("volume").value)));
