// The lobby: the list of tables, kept current, and the form that creates one.

import { listTables, send } from "./connection.js";
import { $, el, rulesGuide, word } from "./dom.js";
import { decorateTable } from "./looks.js";
import { say } from "./speech.js";
import { app, takeName } from "./state.js";

// The buttons to the next (older) and the previous (newer) page of the lobby.
export function pageButtons() {
  $("older-tables").addEventListener("click", () => {
    if (app.lobbyNext === null) return;
    app.lobbyBack.push(app.lobbyAfter);
    app.lobbyAfter = app.lobbyNext;
    listTables();
  });
  $("newer-tables").addEventListener("click", () => {
    app.lobbyAfter = app.lobbyBack.length > 0 ? app.lobbyBack.pop() : null;
    listTables();
  });
}

// A page of the list of tables (a `tables` message), as the server words each one; drawn
// again whenever the server says it changed, keeping the focus on the link it was on.
export function renderTables(msg) {
  // A page asked for before the reader moved to another one is not shown.
  if ((msg.after ?? null) !== app.lobbyAfter) return;
  const tables = msg.tables;
  app.tables = tables;
  app.lobbyNext = msg.next ?? null;
  const key = JSON.stringify([msg.after, msg.next, tables.map((t) => [t.id, t.words, t.rules_line])]);
  if (key === app.tablesKey) return;
  app.tablesKey = key;
  const focused = document.activeElement?.closest?.("#tables a")?.dataset.table;
  const paging = ["older-tables", "newer-tables"].find((id) => document.activeElement === $(id));
  $("older-tables").hidden = app.lobbyNext === null;
  $("newer-tables").hidden = app.lobbyAfter === null;
  $("tables-pages").hidden = $("older-tables").hidden && $("newer-tables").hidden;
  $("no-tables").hidden = tables.length > 0;
  $("tables").replaceChildren(...tables.map((t) => {
    const tr = el("tr");
    const th = el("th");
    th.scope = "row";
    const name = el("div", {}, t.words.name);
    name.className = "table-name";
    const state = el("div", { class: "table-state" }, t.words.state);
    const board = el("div", {}, t.words.board);
    const rules = el("div", {}, t.rules_line);
    board.className = rules.className = "table-rules";
    th.append(name, state, board, rules);
    const seats = el("td", {}, t.words.seats);
    const action = el("td");
    const a = el("a", {}, t.words.action);
    a.href = "#/table/" + t.id;
    a.dataset.table = String(t.id);
    action.appendChild(a);
    tr.append(th, seats, action);
    decorateTable(tr, t);
    return tr;
  }));
  if (focused) $("tables").querySelector(`a[data-table="${focused}"]`)?.focus();
  // The button pressed may be gone on the last or the first page: the focus goes to the list.
  if (paging && $(paging).hidden) $("tables").querySelector("a")?.focus();
}

// ---- the lobby's keys ----------------------------------------------------------------------
// N: the form; [ and ]: the table before and after the one chosen, said as its row, its link
// focused (Enter opens it); J: a seat at the table chosen; W: watch it.

/** N: the form that creates a table, at its first field. */
export function openCreate() {
  $("c-name").focus();
}

/** [ and ]: the table before or after the one chosen, said as its row, its link focused. */
export function chooseTable(step) {
  const links = [...document.querySelectorAll("#tables a[data-table]")];
  if (!links.length) {
    say([word("ui-no-tables")], "notice", { history: false });
    return;
  }
  const at = links.findIndex((a) => Number(a.dataset.table) === app.chosen);
  const next = at < 0 ? (step === "next" ? 0 : links.length - 1) : (at + (step === "next" ? 1 : links.length - 1)) % links.length;
  const link = links[next];
  app.chosen = Number(link.dataset.table);
  link.focus();
  const t = app.tables.find((x) => x.id === app.chosen);
  if (!t) return;
  const slots = { name: t.words.name, state: t.words.state, board: t.words.board, seats: t.words.seats };
  say([word("lobby-row-said").replace(/%(name|state|board|seats)%/g, (_, k) => slots[k])], "notice", { history: false });
}

/** The table chosen with [ and ], or says how to choose one. */
function chosen() {
  if (app.chosen !== null && app.tables.some((t) => t.id === app.chosen)) return app.chosen;
  say([word("ui-choose-table")], "notice", { history: false });
  return null;
}

/** J: a seat at the table chosen, with the name the page has (else its field to type one). */
export function joinChosen() {
  const table = chosen();
  if (table === null) return;
  // A name typed in the form counts, as the form's own "Create" would keep it.
  const typed = $("c-name").value.trim();
  if (typed) takeName(typed);
  app.pendingJoin = table;
  location.hash = "#/table/" + table;
}

/** W: watch the table chosen. */
export function watchChosen() {
  const table = chosen();
  if (table !== null) location.hash = "#/table/" + table;
}

// The rules' fields, from GET /api/rules: each option with its meaning under it, each value by
// what it means.
export async function renderRuleFields() {
  const guide = await rulesGuide();
  const fields = guide.options.flatMap((o) => {
    const id = "r-" + o.key;
    const label = el("label", {}, o.label);
    label.htmlFor = id;
    let field;
    if (o.values.length) {
      field = el("select");
      for (const v of o.values) {
        const option = el("option", {}, v.meaning);
        option.value = v.value;
        option.selected = v.value === o.default;
        field.appendChild(option);
      }
    } else {
      field = el("input");
      field.type = "number";
      [field.min, field.max] = o.range.map(String);
      field.value = o.default;
    }
    field.id = id;
    field.dataset.option = o.key;
    field.setAttribute("aria-describedby", `${id}-hint c-rules-error`);
    const hint = el("p", {}, o.meaning);
    hint.className = "hint";
    hint.id = id + "-hint";
    return [label, field, hint];
  });
  $("rule-fields").replaceChildren(...fields);
}

function rulesText() {
  return [...document.querySelectorAll("#rule-fields [data-option]")].map((f) => f.dataset.option + "=" + f.value).join(",");
}

// No more bots than seats but one: the creator needs a seat.
export function limitBots() {
  const seats = Number($("c-seats").value);
  const bots = $("c-bots");
  const chosen = Math.min(Number(bots.value), seats - 1);
  bots.replaceChildren(...Array.from({ length: seats }, (_, n) => el("option", {}, String(n))));
  bots.value = String(chosen);
}
$("c-seats").addEventListener("change", limitBots);

$("c-board-kind").addEventListener("change", () => {
  const custom = $("c-board-kind").value === "custom";
  $("c-board-box").hidden = !custom;
  if (custom) $("c-board").focus();
});

// A board in JSON is sent without the spaces and line breaks between its tokens (a
// pretty-printed grid is twice its size), every number and string exactly as typed; any other
// text (a TOML layout, where lines matter), as typed: the server says what is wrong with it.
function compact(text) {
  try { JSON.parse(text); } catch { return text; }
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') { inString = true; out += c; }
    else if (!" \t\n\r".includes(c)) out += c;
  }
  return out;
}

$("create").addEventListener("submit", (e) => {
  e.preventDefault();
  for (const id of ["c-name-error", "c-board-error", "c-rules-error", "c-seats-error", "c-error"]) $(id).textContent = "";
  const name = $("c-name").value;
  takeName(name);
  const board = $("c-board-kind").value === "classic" ? "classic" : compact($("c-board").value);
  const msg = {
    type: "create", name, board, rules: rulesText(),
    seats: Number($("c-seats").value), bots: Number($("c-bots").value),
  };
  // A board larger than the server takes would close the connection: say so instead.
  const size = new TextEncoder().encode(JSON.stringify(msg)).length;
  const limit = app.limits?.max_create_bytes;
  if (limit && size > limit) {
    // The size rounded up, the limit down: never "301 KB, at most 301 KB".
    const kb = { size: String(Math.ceil(size / 1024)), limit: String(Math.floor(limit / 1024)) };
    $("c-board-error").textContent = word("ui-board-too-large").replace(/%(size|limit)%/g, (_, k) => kb[k]);
    return;
  }
  if (!send(msg)) $("c-error").textContent = word("ui-not-connected");
});
