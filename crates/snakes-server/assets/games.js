// A member's games ("My games" at the foot of the page, once signed in): a dialog with the
// figures (games played and won, in all and by board and rules) and the finished games, newest
// first, a page at a time (`/api/account/games`, docs/protocol.md, "Members"). Each game is a
// button that opens its replay, with a link to its record (which `snakes verify` checks).
//
// The replay is told in the page's language by the server, with the sentences the table said
// (`/api/tables/{id}/replay`): one step a roll, or a piece of the table's news. It opens out of
// the dialog, at the foot of the page, so that each step is said in the live region as the
// game's lines are; while it is open, period says the next step and comma the step before (the
// history's keys meanwhile), as do its buttons, and Escape closes it.

import { $, closeDialog, el, openDialog, word } from "./dom.js";
import { LANG } from "./language.js";
import { say } from "./speech.js";
import { app } from "./state.js";

const fill = (id, slots) => word(id).replace(/%(\w+)%/g, (m, k) => String(slots[k] ?? m));
const when = new Intl.DateTimeFormat(LANG, { dateStyle: "medium", timeStyle: "short" });

/** GETs `path` in the page's language: `{ status, json }`; status 0 when the server did not
 * answer. */
async function get(path) {
  try {
    const r = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(LANG)}`, { credentials: "same-origin" });
    return { status: r.status, json: await r.json().catch(() => null) };
  } catch {
    return { status: 0, json: null };
  }
}

// ---- the list -----------------------------------------------------------------------------------
/** The table below which the next page of games is, if any. */
let next = null;

/** Opens "My games": the figures and the first page of games, read as the dialog opens. */
export async function openGames() {
  if (!app.member) return;
  $("games-figures").textContent = word("ui-games-loading");
  $("games-figures-list").replaceChildren();
  $("games-list").replaceChildren();
  $("games-none").hidden = true;
  $("games-more").hidden = true;
  next = null;
  openDialog($("games-dialog"), $("games-title"));
  const [figures, games] = await Promise.all([get("api/account/games/figures"), get("api/account/games")]);
  if (figures.status !== 200 || games.status !== 200) {
    $("games-figures").textContent = (figures.json ?? games.json)?.message ?? word("ui-account-unreachable");
    return;
  }
  $("games-figures").textContent = fill("ui-games-figures", figures.json);
  for (const f of figures.json.by_board) $("games-figures-list").append(el("li", {}, fill("ui-games-figure", f)));
  $("games-none").hidden = games.json.games.length > 0;
  addGames(games.json);
}
$("account-games").addEventListener("click", openGames);

/** Adds a page of games to the list; the first button added, if any. */
function addGames(page) {
  let first = null;
  for (const g of page.games) {
    const details = `game-${g.table}-details`;
    const button = el("button", { type: "button", "aria-describedby": details },
      fill("ui-games-game", { date: g.finished_at ? when.format(new Date(g.finished_at)) : "", outcome: g.outcome }));
    button.addEventListener("click", () => openReplay(g.table));
    const turns = g.turns ? " " + fill("ui-games-turns", g) : "";
    const record = el("a", { href: `api/tables/${g.table}/record`, download: `snakes-table-${g.table}.json`, "aria-describedby": "games-record-hint" },
      fill("ui-games-record", g));
    $("games-list").append(el("li", {}, ""));
    $("games-list").lastElementChild.append(button, el("p", { id: details }, fill("ui-games-details", { ...g, seats: g.seats_line }) + turns), record);
    first ??= button;
  }
  next = page.next;
  $("games-more").hidden = next === null;
  return first;
}

$("games-more").addEventListener("click", async () => {
  if (next === null) return;
  const r = await get(`api/account/games?before=${next}`);
  if (r.status !== 200) {
    $("games-figures").textContent = r.json?.message ?? word("ui-account-unreachable");
    return;
  }
  // The focus goes to the first game added (the button is gone after the last page).
  (addGames(r.json) ?? $("games-title")).focus();
});

// ---- the replay ---------------------------------------------------------------------------------
const replay = { table: null, steps: [], at: -1 };

/** Whether a replay is open (period and comma are its keys then). */
export const replayOpen = () => replay.table !== null;

/** Opens the replay of `table`, out of the dialog; the focus on its "Next step". */
async function openReplay(table) {
  const r = await get(`api/tables/${table}/replay`);
  if (r.status !== 200) {
    $("games-figures").textContent = r.json?.message ?? word("ui-account-unreachable");
    return;
  }
  replay.table = table;
  replay.steps = r.json.steps;
  replay.at = -1;
  $("replay-title").textContent = fill("ui-replay-title", { table });
  const record = $("replay-record");
  record.href = `api/tables/${table}/record`;
  record.download = `snakes-table-${table}.json`;
  record.textContent = fill("ui-games-record", { table });
  $("replay-lines").replaceChildren();
  $("replay").hidden = false;
  const dialog = $("games-dialog");
  dialog.returnTo = $("replay-next");
  closeDialog(dialog);
  say([fill("ui-replay-opened", { table, steps: replay.steps.length })], "notice");
}

/** Steps the replay by `by` (1: the next step, -1: the one before) and says it; false when no
 * replay is open. */
export function stepReplay(by) {
  if (!replayOpen()) return false;
  const to = replay.at + by;
  if (to < 0) {
    replay.at = -1;
    showSteps();
    say([word("ui-replay-start")], "notice");
    return true;
  }
  if (to >= replay.steps.length) {
    say([word("ui-replay-end")], "notice");
    return true;
  }
  replay.at = to;
  showSteps();
  say(replay.steps[to].lines, "replay");
  return true;
}

/** The steps told so far, the last one current. */
function showSteps() {
  const list = $("replay-lines");
  list.replaceChildren(...replay.steps.slice(0, replay.at + 1).map((s, i) =>
    el("li", i === replay.at ? { "aria-current": "step" } : {}, s.lines.join(" "))));
  list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
}

function closeReplay() {
  replay.table = null;
  replay.steps = [];
  replay.at = -1;
  $("replay").hidden = true;
  $(app.member ? "account-games" : "account-open").focus();
}

$("replay-next").addEventListener("click", () => stepReplay(1));
$("replay-back").addEventListener("click", () => stepReplay(-1));
$("replay-close").addEventListener("click", closeReplay);
$("replay").addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  e.preventDefault();
  closeReplay();
});
