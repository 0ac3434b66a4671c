// The people here, on the table's page: each other person who sits at the table or has spoken
// here, with a button to mute what they say (for this page alone, kept in localStorage by name,
// at every table and in the lobby) and one to report them to the moderators; for a member
// signed in one to block them (the server's: their messages are not sent to the member on any
// device, and they cannot join the member's waiting tables; account.js); for the host one
// to remove them from the table (during the game a bot plays their seat for good); for a
// moderator, ones to silence them for 10 minutes, an hour or a day, and to ban them
// (moderation.js). Shift+W comes here; Escape goes back to the game.

import { act, command } from "./connection.js";
import { $, el, word } from "./dom.js";
import { focusGame } from "./keys.js";
import { openBan, openReport, silence } from "./moderation.js";
import { say } from "./speech.js";
import { app } from "./state.js";

const MUTED = "snakes.muted";

/** The names whose talk this page does not say. */
function muted() {
  try {
    const names = JSON.parse(localStorage.getItem(MUTED) || "[]");
    return Array.isArray(names) ? names : [];
  } catch { return []; }
}

/** Whether what `name` says is muted here. */
export const isMuted = (name) => muted().includes(name);

function setMuted(name, on) {
  const names = muted().filter((n) => n !== name);
  if (on) names.push(name);
  localStorage.setItem(MUTED, JSON.stringify(names));
}

// Who has spoken at this table (their names), since the page came to it.
const speakers = new Set();

/** `name` spoke here: they are one of the people to mute. */
export function heardFrom(name) {
  if (speakers.has(name)) return;
  speakers.add(name);
  renderPeople();
}

/** A new table: nobody has spoken there yet. */
export function forgetSpeakers() {
  speakers.clear();
}

const fill = (id, name) => word(id).replace("%name%", () => name);

/** Draws the people here, when they changed: the other persons seated, then who has spoken. */
export function renderPeople() {
  const v = app.view;
  if (!v) return;
  const seats = v.seats ?? [];
  const mine = app.you !== null && app.you !== undefined ? seats[app.you] : null;
  const host = Boolean(mine?.host) && v.status !== "finished";
  const people = new Map();
  seats.forEach((s, i) => {
    if (s.name && !s.bot && i !== app.you) people.set(s.name, i);
  });
  const me = mine?.name;
  for (const name of speakers) if (name !== me && !people.has(name)) people.set(name, null);
  const list = [...people];
  const moderator = Boolean(app.moderator);
  const blocked = app.member ? app.member.blocked ?? [] : null;
  const key = JSON.stringify([list, host, muted(), moderator, blocked]);
  const box = $("people");
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  const focused = document.activeElement?.closest?.("#people button")?.dataset.id;
  box.replaceChildren(...list.map(([name, seat]) => {
    const li = el("li");
    const mute = el("button", { type: "button", "aria-pressed": String(isMuted(name)) }, fill("ui-mute", name));
    mute.dataset.id = "mute:" + name;
    mute.addEventListener("click", () => {
      const on = !isMuted(name);
      setMuted(name, on);
      renderPeople();
      say([fill(on ? "ui-muted-now" : "ui-unmuted-now", name)], "notice", { history: false });
    });
    li.append(mute);
    if (blocked) {
      const on = blocked.includes(name);
      const block = el("button", { type: "button", "aria-pressed": String(on) }, fill("ui-block-person", name));
      block.dataset.id = "block:" + name;
      block.addEventListener("click", () => command({ type: on ? "unblock" : "block", name }));
      li.append(" ", block);
    }
    if (host && seat !== null) {
      const remove = el("button", { type: "button" }, fill("ui-remove-person", name));
      remove.dataset.id = "remove:" + name;
      remove.addEventListener("click", () => act("remove_player", { seat }));
      li.append(" ", remove);
    }
    const button = (id, label, then) => {
      const b = el("button", { type: "button" }, fill(label, name));
      b.dataset.id = id + ":" + name;
      b.addEventListener("click", then);
      li.append(" ", b);
    };
    button("report", "ui-report-person", () => openReport(name));
    if (moderator) {
      button("silence-10", "ui-mod-silence-10", () => silence(name, 10));
      button("silence-60", "ui-mod-silence-60", () => silence(name, 60));
      button("silence-1440", "ui-mod-silence-day", () => silence(name, 1440));
      button("ban", "ui-mod-ban-person", () => openBan(name));
    }
    return li;
  }));
  $("people-section").hidden = list.length === 0;
  if (focused) box.querySelector(`button[data-id="${CSS.escape(focused)}"]`)?.focus();
}

/** Shift+W: to the people here, or says there is nobody yet. */
export function openPeople() {
  const first = $("people").querySelector("button");
  if (!first) {
    say([word("ui-people-empty")], "notice", { history: false });
    return;
  }
  first.focus();
}

$("people").addEventListener("keydown", (e) => {
  if (e.key === "Escape") { e.preventDefault(); focusGame(); }
});
