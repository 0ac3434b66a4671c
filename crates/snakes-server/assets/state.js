// What the page knows: the table on show, our seat, the last event seen and heard there, the
// reader's settings (kept in `app`, shared by every module); and what it keeps in
// localStorage across visits: the seat's secret per table, and the last event heard there.

export const app = {
  ws: null,
  open: false,
  retry: 0,
  server: null,   // the server connected to, when not this page's own (`http://host:port`)
  servers: [],    // the servers of this database, as the last `hello` said
  movedTo: undefined, // where the table went (`moved`), until the connection is closed
  lostWhy: null, // why the server closed (1012 restarting, 4001 full): said until connected again
  heardAt: 0,     // when the server was last heard (any message: it beats when silent)
  beatMs: 2000,   // how often a silent server beats, as its `hello` said
  hung: {},       // servers found silent (hung), by address: until when they are not tried
  moves: 0,       // `moved` followed since the page last arrived at its table or the lobby
  table: null,    // id of the table shown
  tableShown: false, // its page is on show (from the lobby, once the table has arrived)
  view: null,     // the table as last seen (from `watching`, kept up to date by events and panels)
  you: null,      // our seat, if we hold one
  seq: 0,         // last event seen at this table
  brief: localStorage.getItem("snakes.brief") === "1",
  // How much is said of the other players' moves (full, brief, jumps), kept per browser.
  others: ["full", "brief", "jumps"].includes(localStorage.getItem("snakes.others")) ? localStorage.getItem("snakes.others") : "brief",
  place: null,    // the line of the history last read again (, . < >); null after any other key
  buffer: "all",  // the history's buffer chosen ([ and ]): all, game, talk, answers
  greeting: null, // what to say once the table we just sat at is on show
  tablesKey: "",  // the lobby's list as last drawn
  lobbyAfter: null, // where the lobby's page shown starts (null: the newest tables)
  lobbyNext: null,  // where the next page, of older tables, starts (null: this is the last)
  lobbyBack: [],    // where the pages before this one started, to go back to newer tables
  leaving: false, // the seat was just left: the focus goes to the way back
  heard: 0,       // the last event whose sentences had the time to be spoken at this table
  announced: 0,   // the last event whose sentences reached the live region at this table
  ownRoll: 0,     // the seq of the last roll of our seat this page saw
  limits: null,   // the server's message limits, from its hello
  // The name we talk with where we hold no seat (watching, in the lobby), as typed last in any
  // of the page's name fields; whether this connection has given it to the server yet.
  name: localStorage.getItem("snakes.name") || null,
  named: false,
  talking: [],  // what we said, until the server has said it (or refused it), oldest first
  talkSeen: 0,    // the number of the last message said here (at this table, or in the lobby)
  tables: [],     // the lobby's list as last received
  chosen: null,   // the table chosen in the lobby with [ and ]
  pendingJoin: null, // the table J asked a seat at, once its page shows
  moderator: null,  // the moderator's name this connection signed in as (moderation.js)
  notice: null,     // the last thing a moderator did to this person, as the server said it
  banned: false,    // a moderator banned this person: the page no longer connects
  member: null,     // the member this browser is signed in as (account.js): { name, settings }
};

/** `name` is a member's, and this page is not signed in as them (refused `name_held`): the
 * page no longer plays or talks with it, nor keeps it. */
export function forgetName(name) {
  const same = (n) => Boolean(n) && n.trim().toLowerCase() === String(name ?? "").trim().toLowerCase();
  if (same(localStorage.getItem("snakes.name"))) localStorage.removeItem("snakes.name");
  if (same(app.name)) {
    app.name = null;
    app.named = false;
  }
}

/** The name the page's name fields start with: a member's own, else the one typed last. */
export function keptName() {
  return app.member?.name ?? localStorage.getItem("snakes.name") ?? "";
}

// ---- the settings that follow a member ------------------------------------------------------
// The modules that change a setting (settings.js, language.js) tell it here; account.js, once
// it has started, sends a member's settings to the server (a guest's stay in localStorage alone).
let keeper = null;

/** A setting was changed by the reader: `changes` holds values not in force yet (the language
 * chosen, before the page opens in it); `now` sends them at once. Resolves once a member's
 * settings are sent (at once for a guest). */
export function keepSettings(changes = {}, now = false) {
  return keeper ? keeper(changes, now) : Promise.resolve();
}

/** Who keeps the settings from now on (account.js). */
export function setSettingsKeeper(fn) {
  keeper = fn;
}

/** The name typed in one of the page's name fields: kept, and given to the server again. */
export function takeName(name) {
  localStorage.setItem("snakes.name", name);
  if (name.trim() && name !== app.name) {
    app.name = name;
    app.named = false;
  }
}

// ---- what the page keeps in localStorage ----------------------------------------------------
// The seat's secret per table, and the last event heard there (so that a page opened again
// hears what happened since in one line).
function seatKey(table) { return "snakes.seat." + table; }
export function heldToken(table) {
  try { return JSON.parse(localStorage.getItem(seatKey(table)) || "null")?.token ?? null; }
  catch { return null; }
}
export function holdSeat(table, token) { localStorage.setItem(seatKey(table), JSON.stringify({ token })); }
export function dropSeat(table) { localStorage.removeItem(seatKey(table)); }
export function heardSeq(table) {
  const n = Number(localStorage.getItem("snakes.heard." + table));
  return Number.isInteger(n) && n > 0 ? n : null;
}
// Only what had time to be spoken counts as heard: a page reloaded just after a roll, before
// its sentence was spoken, hears it in the catch-up of the page that follows. A screen reader
// speaks a line in about a second and 60 ms a character at its default rate (Orca's reads 14
// to 16 characters a second); the page counts it heard once that time has passed (or, when the
// page is left, once it had been speaking for a second: speech.js).
export const speechMs = (text) => Math.min(10000, 1000 + 60 * text.length);
export function noteHeard(seq) {
  if (seq > app.heard) app.heard = seq;
  if (seq > app.announced) app.announced = seq;
  if (app.table !== null && app.heard > 0) localStorage.setItem("snakes.heard." + app.table, String(app.heard));
}
