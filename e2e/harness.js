// Shared by the browser tests: a real `snakes serve` on a free port with a fresh SQLite file,
// and the system Chromium driven by playwright-core.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const ROOT = path.resolve(__dirname, "..");

/** The `snakes` binary: $SNAKES_BIN, else the release build, else the debug build. */
function binary() {
  const candidates = [
    process.env.SNAKES_BIN,
    path.join(ROOT, "target", "release", "snakes"),
    path.join(ROOT, "target", "debug", "snakes"),
  ].filter(Boolean);
  if (process.env.SNAKES_BIN) return process.env.SNAKES_BIN;
  // The newer of the two builds, so that a stale one is never tested by mistake.
  const found = candidates
    .filter((p) => fs.existsSync(p))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!found) throw new Error("no snakes binary: run `cargo build` first (looked for " + candidates.join(", ") + ")");
  return found;
}

/** A fresh directory for one test file's database, removed by `cleanup`. */
function tempDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "snakes-e2e-"));
  return { dir, db: path.join(dir, "snakes.db"), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The seed of the test servers' dice (`snakes serve --test-dice-seed`): each table's dice come
 * from it and the table's number, so that a test file, on its fresh database, plays the same
 * games every time. $SNAKES_TEST_DICE_SEED tries other games.
 */
const DICE_SEED = Number(process.env.SNAKES_TEST_DICE_SEED || 27);

/**
 * A TCP forwarder of the test's own, in front of servers that come and go (a proxy, as in
 * production): it listens on a port it binds itself, which the page keeps as its address across
 * restarts, and passes each new connection to the server it is pointed at now (`to`, the port
 * that server bound and printed). A connection to a server that is gone is refused as the server
 * would refuse it; one to a frozen server hangs as it would.
 */
async function forwarder() {
  const front = { to: 0, url: "", port: 0, close: null };
  const sockets = new Set();
  const listener = net.createServer((client) => {
    const upstream = net.connect(front.to, "127.0.0.1");
    sockets.add(client);
    sockets.add(upstream);
    const end = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
    for (const s of [client, upstream]) { s.on("error", end); s.on("close", end); }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve) => listener.listen(0, "127.0.0.1", resolve));
  front.port = listener.address().port;
  front.url = `http://127.0.0.1:${front.port}`;
  front.close = () => new Promise((resolve) => {
    for (const s of sockets) s.destroy();
    listener.close(resolve);
  });
  return front;
}

/**
 * Starts `snakes serve` on a port of its own (the server prints the one it took) and resolves
 * once it listens, with its base URL and the child process.
 */
function startServer({ db, port = 0, botDelayMs = 0, extra = [] }) {
  // Every page of the tests comes from one address, which creates far more tables a minute,
  // keeps more of them open and loads more pages a second than a person would.
  const args = ["serve", "--bind", `127.0.0.1:${port}`, "--db", db, "--bot-delay-ms", String(botDelayMs),
    "--creates-per-minute", "1000", "--max-open-tables-per-address", "1000",
    "--max-open-tables-per-network", "1000", "--http-rate", "1000",
    "--test-dice-seed", String(DICE_SEED), ...extra];
  const child = spawn(binary(), args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", RUST_LOG: "warn" } });
  let stderr = "";
  child.stderr.on("data", (d) => { stderr += d; });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => { child.kill("SIGKILL"); reject(new Error("snakes serve did not start: " + stderr)); }, 20000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/[\d.]+:(\d+))\//);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], port: Number(m[2]), child, stderr: () => stderr });
      }
    });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`snakes serve exited with ${code}: ${stderr}`)); });
  });
}

/** Stops a server: SIGKILL when `hard` (a crash), else SIGTERM; resolves once it has exited. */
function stopServer(server, hard = false) {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.removeAllListeners("exit");
    server.child.once("exit", () => resolve());
    server.child.kill(hard ? "SIGKILL" : "SIGTERM");
  });
}

const CHROMIUM_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/** Runs axe-core in the page; resolves with every violation, of any impact. */
async function axeAudit(page) {
  const source = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy allows no
  // inline script, and evaluation is the test's, not the page's.
  await page.evaluate(source);
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
}

/**
 * Creates a table from the lobby's form and resolves once its page shows. `rules` holds
 * select values by option (`{ ending: "loose" }`); `board`, the text of a board pasted in
 * (the classic board when absent).
 */
async function createTable(page, url, { name = "Ana", seats = "2", bots = "1", rules = {}, board = null } = {}) {
  await page.goto(url + "/");
  await page.waitForSelector("#create");
  await page.waitForSelector("#r-ending");
  await page.fill("#c-name", name);
  if (board !== null) {
    await page.selectOption("#c-board-kind", "custom");
    await page.fill("#c-board", board);
  }
  for (const [k, v] of Object.entries(rules)) {
    if (k === "die") await page.fill("#r-die", String(v));
    else await page.selectOption("#r-" + k, v);
  }
  await page.selectOption("#c-seats", seats);
  await page.selectOption("#c-bots", bots);
  await page.click("#create button[type=submit]");
  await page.waitForURL(/#\/table\/\d+$/);
  await page.waitForSelector("#board-drawing svg");
  return Number(page.url().match(/table\/(\d+)$/)[1]);
}

/**
 * The setup every test file shares: before its tests, a fresh database, a server on a free
 * port and a browser; after them, all three gone. Returns an object whose `server` and
 * `browser` are set once the tests run (a test may replace `server`, as a restart does).
 */
function setup({ botDelayMs = 0 } = {}) {
  const { before, after } = require("node:test");
  const env = { tmp: null, server: null, browser: null };
  before(async () => {
    env.tmp = tempDb();
    env.server = await startServer({ db: env.tmp.db, botDelayMs });
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    if (env.server) await stopServer(env.server);
    env.tmp?.cleanup();
  });
  return env;
}

/** Records every text the live region shows, so that none is missed between two reads. */
async function recordLive(page) {
  await page.evaluate(() => {
    window.__live = [];
    const live = document.getElementById("live");
    // With each text, when it appeared, whether a token was still moving then, and how many
    // frames each token's move has (by player; 0: not moving).
    window.__liveTimes = [];
    window.__moving = [];
    window.__frames = [];
    new MutationObserver(() => {
      // The newest announcement is the last paragraph of the region.
      window.__live.push((live.lastElementChild?.textContent ?? "").trim());
      window.__liveTimes.push(performance.now());
      const tokens = [...document.querySelectorAll("#board-tokens .token")];
      window.__moving.push(tokens.some((t) => t.getAnimations().length > 0));
      window.__frames.push(Object.fromEntries(tokens.map((t) =>
        [t.dataset.player, t.getAnimations()[0]?.effect.getKeyframes().length ?? 0])));
    }).observe(live, { childList: true, subtree: true, characterData: true });
    // And every message the page sends, to tell what a key did.
    window.__sent = [];
    if (!WebSocket.prototype.__recorded) {
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) { window.__sent.push(String(data)); return send.call(this, data); };
      WebSocket.prototype.__recorded = true;
    }
  });
}

/** Presses `key` and resolves with the first text the live region shows after it matching `re`. */
async function press(page, key, re) {
  const n = await page.evaluate(() => window.__live.length);
  await page.keyboard.press(key);
  const handle = await page.waitForFunction(([src, from, flags]) => {
    const r = new RegExp(src, flags);
    return window.__live.slice(from).find((t) => r.test(t)) || null;
  }, [re.source, n, re.flags]);
  return handle.jsonValue();
}

/**
 * Opens table `table` as someone else (a browser context of their own) and takes a seat as
 * `name`; resolves with their page once the seat is theirs.
 */
async function joinAs(browser, url, table, name, options = {}) {
  const page = await browser.newPage(options);
  await page.goto(`${url}/#/table/${table}`);
  await page.waitForSelector("#j-name", { state: "visible" });
  await page.fill("#j-name", name);
  await page.click("#join button[type=submit]");
  await page.waitForFunction((n) => [...document.querySelectorAll("#seats th")].some((th) => th.textContent.includes(n + " (you")), name);
  return page;
}

/** Starts the game as its host and waits until it plays. */
async function startGame(page) {
  await page.waitForSelector("#start", { state: "visible" });
  await page.click("#start");
  await page.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
}

/** Resolves with the first text the live region shows from its `from`th on matching `re`. */
async function heard(page, re, from = 0, timeout = 30000) {
  const handle = await page.waitForFunction(([src, flags, n]) => {
    const r = new RegExp(src, flags);
    return window.__live.slice(n).find((t) => r.test(t)) || null;
  }, [re.source, re.flags, from], { timeout });
  return handle.jsonValue();
}

/** Records every sound cue the page schedules, as `window.__cues` (`{ name, at }`). */
async function recordCues(page) {
  await page.evaluate(async () => {
    window.__cues = [];
    const sounds = await import("/sounds.js");
    sounds.onCue((c) => window.__cues.push(c));
  });
}

/** Resolves once it is the page's player's turn. */
async function yourTurn(page) {
  await page.waitForFunction(() => /Your turn/.test(document.getElementById("status-line").textContent));
}

/**
 * Resolves once it is the page's player's turn and the page has said so, its last words at
 * least PACE_MS (speech.js: the least time between two announcements) ago: nothing waits to be
 * said, and the next announcement is written the moment its message comes (needs recordLive).
 */
async function turnSaid(page) {
  await yourTurn(page);
  await page.waitForFunction((pace) => /Your turn|You go first/.test(window.__live.at(-1) ?? "") &&
    performance.now() - window.__liveTimes.at(-1) >= pace, PACE_MS);
}

/**
 * What the server sends `page` over its WebSocket, held back on demand, as on a slow
 * connection (set up before the page connects). `hold()` starts holding; `seen(pattern)` is the
 * first message held that matches, once the server has sent it; `release()` passes everything
 * held to the page, in the order the server sent it, and holds no more; `drop()` closes the
 * page's connection instead, what was held never sent (the page connects again, through here).
 */
async function holdServer(page) {
  const held = { on: false, queue: [], ws: null, awaited: [] };
  await page.routeWebSocket(/\/ws$/, (ws) => {
    held.ws = ws;
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (!held.on) return ws.send(m);
      held.queue.push(m);
      for (const a of held.awaited.filter((w) => w.pattern.test(m))) a.arrived(m);
      held.awaited = held.awaited.filter((w) => !w.pattern.test(m));
    });
  });
  return {
    hold() { held.on = true; },
    seen(pattern) {
      const already = held.queue.find((m) => pattern.test(m));
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((arrived) => held.awaited.push({ pattern, arrived }));
    },
    release() {
      held.on = false;
      for (const m of held.queue.splice(0)) held.ws.send(m);
    },
    drop() {
      held.on = false;
      held.queue.length = 0;
      held.ws.close();
    },
  };
}

/**
 * Records, on every page `page` opens from now on (set up before the page's own scripts run),
 * what the lobby's and the table's live regions show, as `window.__said`, and the WebSockets
 * the page makes and opens, as `window.__sockets` and `window.__opened`.
 */
async function recordSaid(page) {
  await page.addInitScript(() => {
    window.__said = [];
    window.__sockets = 0;
    window.__opened = 0;
    const Socket = window.WebSocket;
    window.WebSocket = class extends Socket {
      constructor(...args) {
        super(...args);
        window.__sockets += 1;
        this.addEventListener("open", () => { window.__opened += 1; });
      }
    };
    addEventListener("DOMContentLoaded", () => {
      for (const id of ["lobby-live", "live"]) {
        const live = document.getElementById(id);
        new MutationObserver(() => window.__said.push((live.lastElementChild?.textContent ?? "").trim()))
          .observe(live, { childList: true, subtree: true });
      }
    });
  });
}

/** Resolves with the first thing `page` said ([`recordSaid`]), from its `from`th on, matching `re`. */
async function said(page, re, from = 0) {
  const handle = await page.waitForFunction(([src, flags, n]) => {
    const r = new RegExp(src, flags);
    return window.__said.slice(n).find((t) => r.test(t)) || null;
  }, [re.source, re.flags, from]);
  return handle.jsonValue();
}

/** How many things `page` has said so far ([`recordSaid`]): where to look from next. */
const saidCount = (page) => page.evaluate(() => window.__said.length);

/** The least time between two announcements of the page (PACE_MS in speech.js). */
const PACE_MS = 150;

module.exports = {
  ROOT, binary, tempDb, forwarder, startServer, stopServer, launch, setup, axeAudit, createTable,
  recordLive, press, heard, recordCues, joinAs, startGame, yourTurn, turnSaid, holdServer,
  recordSaid, said, saidCount,
};
