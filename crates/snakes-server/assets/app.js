// The plain page of `snakes serve`: a lobby and a table, keyboard first, every announcement in
// a live region. Speaks protocol 2 over one WebSocket; reconnects by itself, resumes from the
// last event it saw and says what happened meanwhile. Every word comes from the server: the
// page's fixed words (`word`, from its catalogue), the game's with each message.
//
// This module starts the page, follows its address and hands each message from the server to
// the module it concerns. The others, one concern each: state.js (what the page knows and
// keeps), dom.js (elements and the page's words), language.js (the language menu),
// connection.js (the WebSocket), speech.js (the live region, paced, and the history read
// back), keys.js (the game's keys and buttons), lobby.js (the list of tables and the form),
// table.js (the table's page), talk.js (what people say), people.js (the people here: muting,
// removing, reporting), moderation.js (a moderator's sign-in, keys and dialogs), account.js (a
// member's account: signing in, the settings that follow them), settings.js (the reader's
// settings); board.js draws the board, sounds.js plays the cues, voice.js is the page's own
// voice.

import { act, connect, follow, listTables, watch } from "./connection.js";
import { onBlocks, onSignedOut, startAccount } from "./account.js";
import { $, word } from "./dom.js";
import { chooseLang } from "./language.js";
import { limitBots, pageButtons, renderRuleFields, renderTables } from "./lobby.js";
import "./settings.js";
import * as sounds from "./sounds.js";
import { hushQueue, say, sayKeys } from "./speech.js";
import { app, dropSeat, forgetName, heardSeq, holdSeat, keptName, noteHeard } from "./state.js";
import { applyPanel, arrive, onEvents, renderTable } from "./table.js";
import { onNamed, onSaid, onUnheard, onUnsaid, placeTalk, talkReconnected, talkRefused } from "./talk.js";
import { forgetSpeakers } from "./people.js";
import { withModeratorKeys } from "./keys.js";
import { moderationReconnected, moderationRefused, onModerated, onModerating, onModerationList, onNotice, onReported } from "./moderation.js";

// ---- messages from the server -------------------------------------------------------------
function receive(msg) {
  switch (msg.type) {
    case "hello":
      talkReconnected();
      moderationReconnected();
      app.limits = msg;
      if (msg.servers?.length) app.servers = msg.servers;
      break;
    case "tables": renderTables(msg); break;
    case "seated":
      holdSeat(msg.table, msg.token);
      app.greeting = msg.text ?? null;
      if (app.table === msg.table) watch(msg.table, app.seq);
      else location.hash = "#/table/" + msg.table;
      break;
    case "watching": {
      showTablePage();
      const fresh = app.view === null || app.view.id !== msg.view.id;
      app.view = msg.view;
      app.you = msg.you;
      app.seq = msg.view.seq;
      if (fresh) { $("history").replaceChildren(); app.place = null; }
      renderTable();
      if (fresh || app.greeting) arrive();
      joinIfAsked(msg);
      // Back after a lost connection or a closed page: what happened meanwhile, whose turn;
      // heard once it is written out (the snapshot holds every event up to its seq).
      if (msg.say?.length) say(msg.say, "catch-up", { history: false, seq: msg.view.seq });
      else noteHeard(msg.view.seq);
      break;
    }
    case "events": onEvents(msg); break;
    case "panel":
      if (msg.table !== app.table || !app.view) break;
      applyPanel(msg.panel);
      renderTable();
      say(msg.say, "presence");
      break;
    case "answer":
      if (msg.query === "help") sayKeys(withModeratorKeys(msg.lines));
      else say(msg.lines, "answer");
      break;
    case "said": onSaid(msg); break;
    case "unheard": onUnheard(msg); break;
    case "named": onNamed(msg); break;
    case "unsaid": onUnsaid(msg); break;
    case "moderating": onModerating(msg); break;
    case "moderated": onModerated(msg); break;
    case "moderation_list": onModerationList(msg); break;
    case "reported": onReported(msg); break;
    case "notice": onNotice(msg); break;
    case "signed_out": onSignedOut(msg); break;
    case "blocks": onBlocks(msg); break;
    case "refused": onRefused(msg); break;
  }
}

// J in the lobby asked for a seat at this table: taken with the page's name, or the name's field
// focused when the page has none.
function joinIfAsked(msg) {
  if (app.pendingJoin !== msg.view.id) return;
  app.pendingJoin = null;
  if (msg.you !== null || msg.view.status !== "waiting") return;
  if (app.name) act("join", { table: msg.view.id, name: app.name });
  else $("j-name").focus();
}

// Which field of the lobby's form a refusal is about, by its code.
const FIELD_OF = {
  bad_name: "c-name-error",
  name_held: "c-name-error",
  bad_board: "c-board-error",
  bad_rules: "c-rules-error",
  bad_seats: "c-seats-error",
  too_many_tables: "c-error",
};

function onRefused(msg) {
  // Not refused: the table is served elsewhere now, and the page follows it there.
  if (msg.code === "moved") { follow(msg.address); return; }
  if (app.table !== null) showTablePage();
  // Our seat rolled since (another tab of ours got there first), and that roll was heard: this
  // one was not needed, and "nothing was done" would contradict what was just said.
  if (msg.code === "stale_seq" && app.table !== null && app.ownRoll > msg.got) return;
  sounds.cue("refusal");
  if (msg.code === "name_held") forgetName(msg.name);
  if (talkRefused(msg) || moderationRefused(msg)) return;
  // A block refused is said wherever the page is (the people's list, the account's line).
  if (["not_a_member", "block_yourself", "not_signed_in"].includes(msg.code)) { say([msg.message], "refusal"); return; }
  if (app.table === null) {
    $(FIELD_OF[msg.code] ?? "c-error").textContent = msg.message;
    return;
  }
  if (msg.code === "not_seated") dropSeat(app.table);
  if (["bad_name", "name_held", "seat_taken", "table_full", "already_started", "not_open_to_you"].includes(msg.code) && !$("join").hidden) {
    $("j-error").textContent = msg.message;
  }
  say([msg.message], "refusal");
}

// ---- the page around ------------------------------------------------------------------------
// The skip link moves focus to the part of the page on show; following it as a link would
// change the address, which is the page's route.
document.querySelector(".skip-link").addEventListener("click", (e) => {
  e.preventDefault();
  const main = [...document.querySelectorAll("main")].find((m) => !m.hidden);
  if (!main) return;
  main.setAttribute("tabindex", "-1");
  main.focus();
});

// Form errors: the field an error describes is marked invalid, and the first one takes focus,
// so that a screen reader hears the error where it is.
function watchFormErrors() {
  const errors = [...document.querySelectorAll("form .error[id]")];
  const fieldsOf = (id) => [...document.querySelectorAll(`[aria-describedby~="${id}"]`)];
  const observer = new MutationObserver(() => {
    let first = null;
    for (const e of errors) {
      const on = e.textContent.trim() !== "";
      for (const f of fieldsOf(e.id)) {
        if (on) f.setAttribute("aria-invalid", "true");
        else f.removeAttribute("aria-invalid");
        if (on && !first && !f.hidden && !f.closest("[hidden]")) first = f;
      }
    }
    if (first && document.activeElement !== first) first.focus();
  });
  for (const e of errors) observer.observe(e, { childList: true, characterData: true, subtree: true });
}

// ---- routing ------------------------------------------------------------------------------
/** The table's page on show in place of the lobby. */
function showTablePage() {
  if (app.table === null || app.tableShown) return;
  app.tableShown = true;
  $("lobby").hidden = true;
  $("table-page").hidden = false;
  placeTalk();
}

function route() {
  const m = location.hash.match(/^#\/table\/(\d+)$/);
  if (m) {
    const table = Number(m[1]);
    if (app.table !== table) {
      // A new page, from its top (the lobby may have been scrolled down to its form).
      window.scrollTo(0, 0);
      app.table = table;
      app.view = null;
      app.you = null;
      app.seq = 0;
      app.heard = heardSeq(table) ?? 0;
      app.announced = app.heard;
      app.ownRoll = 0;
      $("history").replaceChildren();
      $("live").replaceChildren();
      hushQueue();
      forgetSpeakers();
      app.place = null;
      if (app.open) watch(table, 0);
    }
    // From the lobby (a table just created or joined there), the lobby stays on show until the
    // table is: hidden now, it would take the focus with it, and until the table arrived a screen
    // reader would find the focus nowhere and start reading the whole page from its top.
    if ($("lobby").hidden || !$("lobby").contains(document.activeElement)) showTablePage();
    else app.tableShown = false;
    $("j-name").value = keptName();
  } else {
    app.table = null;
    app.tableShown = false;
    app.view = null;
    document.title = word("ui-title");
    $("lobby").hidden = false;
    $("table-page").hidden = true;
    placeTalk();
    $("c-name").value = $("c-name").value || keptName();
    listTables();
  }
}

if (!chooseLang()) {
  watchFormErrors();
  limitBots();
  pageButtons();
  renderRuleFields();
  window.addEventListener("hashchange", route);
  route();
  connect(receive);
  startAccount();
}
