// The WebSocket: connecting, again after a loss, and sending; protocol 2.

import { $, word } from "./dom.js";
import { LANG } from "./language.js";
import { say } from "./speech.js";
import { app, heardSeq, heldToken } from "./state.js";

const PROTOCOL = 2;
/** The close code of a server that stops to start again (1012, "service restart"). */
const RESTARTING = 1012;
/** The close code of a connection closed to let someone new in when the server was full. */
const YIELDED = 4001;
/** The close code and reason of a connection whose person a moderator banned. */
const POLICY = 1008;
const BANNED = "banned";

// ---- connection ---------------------------------------------------------------------------
// With several servers on one database (docs/scale.md) a table may be served by another one: the
// server says where (`moved`), and the page connects there; when its server is gone, it tries the
// others it was told of (`hello`'s `servers`) in turn, then its own again.
function wsUrl() {
  // This page's own server: relative to the page, so that the page works under any path a proxy
  // gives it. Another server: the public address it announced.
  const url = app.server ? new URL("ws", app.server.replace(/\/?$/, "/")) : new URL("ws", location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = "";
  url.hash = "";
  return url.href;
}

/** The next server to try: the one after the current in the list the last server gave, this
 * page's own server after the last (null: this page's own). */
function nextServer() {
  const servers = (app.servers || []).filter((s) => s !== location.origin);
  if (servers.length === 0) return null;
  const at = servers.indexOf(app.server);
  return at + 1 < servers.length ? servers[at + 1] : null;
}

/** How long a server may be silent, or a connection take to open, before the page takes the
 * server for hung: three of its beats (each message counts; `hello` says how often it beats). */
function patience() {
  return 3 * app.beatMs;
}

/** How long a server found hung is not tried again: other servers take its tables over once its
 * leases run out. */
const HUNG_FOR = 30000;

/** Where the messages go (`connect`'s `receive`). */
let receiver = null;

/** The key of `server` among those found hung: "" for this page's own (null, or its origin). */
function hungKey(server) {
  return !server || server === location.origin ? "" : server;
}

/** Whether `server` (null: this page's own) was found hung lately. */
function hung(server) {
  return (app.hung[hungKey(server)] ?? 0) > Date.now();
}

/** Connects, and again whenever the connection is lost; each message from the server goes to
 * `receive`. A server that says nothing for three of its beats, or whose connection does not
 * open as long, is taken for hung (frozen, cut off): the page leaves it for the next server. */
export function connect(receive) {
  receiver = receive;
  const ws = new WebSocket(wsUrl());
  app.ws = ws;
  app.heardAt = performance.now();
  ws.onopen = () => {
    app.open = true;
    app.retry = 0;
    app.heardAt = performance.now();
    // A new connection: the server knows no name for it yet.
    app.named = false;
    app.lostWhy = null;
    $("connection").textContent = word("ui-connected");
    send({ type: "hello", protocol: PROTOCOL, locale: LANG });
    if (app.table !== null) watch(app.table, app.seq);
    else listTables();
  };
  ws.onmessage = (e) => {
    app.heardAt = performance.now();
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    if (msg.type === "hello" && msg.beat_ms > 0) app.beatMs = msg.beat_ms;
    // Arrived: the moves that led here are over.
    if (msg.type === "watching" || msg.type === "tables") app.moves = 0;
    if (msg.type === "beat") return;
    receive(msg);
  };
  ws.onclose = (e) => {
    if (e.code === POLICY && e.reason === BANNED) banned(ws);
    else lost(ws, receive, e.code, false);
  };
}

/** A moderator banned this person: the server said why and until when (`notice`), and closed
 * the connection. The page stays disconnected, showing why, instead of knocking again. */
function banned(ws) {
  if (app.ws !== ws) return;
  app.ws = null;
  app.open = false;
  app.banned = true;
  $("connection").textContent = app.notice ?? word("ui-banned");
}

/** The connection `ws` ended (`code`), or its server was found `silent`: connects again, to the
 * table's new server when it moved, else after a pause that grows (to the next server after the
 * first try, and at once when this one was silent). */
function lost(ws, receive, code, silent) {
  if (app.ws !== ws) return;
  app.ws = null;
  app.open = false;
  if (silent) {
    // Its bytes stopped: no close will come. Left for the next server, now.
    app.hung[hungKey(app.server)] = Date.now() + HUNG_FOR;
    ws.onclose = null;
    ws.close();
    app.server = nextServer();
    app.retry = 1;
    $("connection").textContent = word("ui-connection-lost");
    connect(receive);
    return;
  }
  if (app.movedTo !== undefined) {
    // Sent to the server that serves the table now: at once, unless it was found hung (its
    // lease runs out soon, and the server that sent the page there takes the table over).
    const to = app.movedTo || nextServer();
    app.movedTo = undefined;
    $("connection").textContent = word("ui-connection-lost");
    if (hung(to)) {
      setTimeout(() => connect(receive), app.beatMs);
      return;
    }
    app.server = to;
    // Sent round every server and not arrived (the database slow, a table between owners):
    // from then on a pause that grows, up to 5 s, rather than round and round at once.
    app.moves = (app.moves ?? 0) + 1;
    const rounds = app.moves - ((app.servers || []).length + 1);
    if (rounds > 0) setTimeout(() => connect(receive), Math.min(5000, 250 * 2 ** rounds));
    else connect(receive);
    return;
  }
  if (app.retry > 0) app.server = nextServer();
  // Back off: 0.5 s, 1 s, 2 s ... up to 15 s, with some jitter so clients do not stampede.
  const delay = Math.min(15000, 500 * 2 ** app.retry) * (0.75 + Math.random() / 2);
  app.retry += 1;
  // 1012: the server is stopping to start again (docs/protocol.md), not a lost network; 4001:
  // it was full and gave this page's place to someone new (it may refuse the page for a while).
  // Either is said until the page is connected again.
  if (code === RESTARTING) app.lostWhy = "ui-server-restarting";
  if (code === YIELDED) app.lostWhy = "ui-server-full";
  $("connection").textContent = word(app.lostWhy ?? "ui-connection-lost");
  setTimeout(() => connect(receive), delay);
}

// The watchdog: a server silent for three beats (or a connection that does not open as long) is
// hung. A tab that was asleep (its timers late) gives the socket its patience again: the
// messages that arrived meanwhile are read after this check.
let ticked = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - ticked > 2500;
  ticked = now;
  if (late) {
    app.heardAt = now;
    return;
  }
  const ws = app.ws;
  if (ws && now - app.heardAt > patience()) lost(ws, receiver, 0, true);
}, 1000);

/** Connects again at once: signed in or out (account.js), the page's next connection carries
 * the session's cookie, or none, and is the member's or a guest's; the one open now stays as it
 * was. Between two tries (no connection open), the next try carries it anyway. */
export function reconnect() {
  const ws = app.ws;
  if (!ws || app.banned) return;
  ws.onclose = null;
  ws.close();
  app.ws = null;
  app.open = false;
  connect(receiver);
}

/** The table is served by another server now (`moved`, with its address): the page closes its
 * connection and connects there at once. */
export function follow(address) {
  app.movedTo = address;
  app.ws.close();
}

/** Asks for the lobby's page shown (the server sends pages of a bounded size, newest first),
 * where it starts; the server sends it again whenever the list changes. */
export function listTables() {
  send(app.lobbyAfter === null ? { type: "list_tables" } : { type: "list_tables", after: app.lobbyAfter });
}

/** Sends `msg` now; false (nothing sent, nothing queued) without a connection. */
export function send(msg) {
  if (!app.open || app.ws.readyState !== WebSocket.OPEN) return false;
  app.ws.send(JSON.stringify(msg));
  return true;
}

/**
 * Sends a person's command, or says at once that there is no connection: a roll is never kept
 * for later, when the game will have moved on.
 */
export function command(msg) {
  if (!send(msg)) say([word("ui-not-connected")], "notice", { history: false });
}

/**
 * Sends one of the table's commands (`act`, docs/protocol.md): the one place that builds them,
 * for this page's table (or `fields.table`) with the seat's token it holds (none for a join,
 * which is given one) and the last seq it saw there; the other `fields` go with the action
 * (`seat`, `name`). When there is no connection, says so at once (or calls `unsent`, for a
 * form that shows it by its field) and returns false.
 */
export function act(action, fields = {}, unsent = null) {
  const { table = app.table, ...rest } = fields;
  const msg = { type: "act", table, action: { type: action, ...rest } };
  const token = action === "join" ? null : heldToken(table);
  if (token) msg.token = token;
  if (table === app.table) msg.seq = app.seq;
  if (send(msg)) return true;
  if (unsent) unsent();
  else say([word("ui-not-connected")], "notice", { history: false });
  return false;
}

export function watch(table, since) {
  const msg = { type: "watch", table, token: heldToken(table), since: since || null, brief: app.brief, others: app.others };
  // A page opened again gets the whole history, and hears what it missed since it last heard;
  // back after a lost connection, it hears what it had not said yet (the others' moves kept
  // for "Your turn", a roll that arrived as the connection went) with what it missed: what is
  // in the live region is being spoken, the page is still there.
  const heard = since ? app.announced : heardSeq(table);
  if (heard && heard !== since) msg.heard = heard;
  send(msg);
}
