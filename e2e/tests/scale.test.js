// Two servers on one PostgreSQL (docs/scale.md), each behind an address of its own (a forwarder
// of the test's, as a proxy in production; each server binds a port of its own): the page's own
// server is killed, or frozen (it keeps its sockets open and says nothing) mid-game; the page
// turns to the other server it was told of, which takes the table over once the first one's
// lease has run out, and says what happened meanwhile and whose turn it is; the game goes on.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { execFileSync } = require("node:child_process");
const path = require("node:path");
const h = require("../harness");

const LEASE_MS = 1500;

/** The tests' PostgreSQL cluster ($SNAKES_TEST_POSTGRES, else scripts/test-postgres), with a
 * fresh database for this file; its address. */
function database() {
  const admin = process.env.SNAKES_TEST_POSTGRES ||
    execFileSync(path.join(h.ROOT, "scripts", "test-postgres"), ["url"], { encoding: "utf8" }).trim();
  const name = `e2e_scale_${process.pid}`;
  execFileSync("psql", [admin, "-qc", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  execFileSync("psql", [admin, "-qc", `CREATE DATABASE ${name}`]);
  return admin.replace(/\/[^/]*$/, "/" + name);
}

const env = { fronts: [], servers: [], browser: null, db: null };

/** Starts server `i` (again) behind its address. */
async function serve(i) {
  const other = env.fronts[1 - i].url;
  env.servers[i] = await h.startServer({
    db: env.db, botDelayMs: 100,
    extra: ["--lease-ms", String(LEASE_MS), "--beat-ms", "500", "--public-url", env.fronts[i].url, "--allow-origin", other],
  });
  env.fronts[i].to = env.servers[i].port;
}

before(async () => {
  env.db = database();
  env.fronts = [await h.forwarder(), await h.forwarder()];
  await serve(0);
  await serve(1);
  env.browser = await h.launch();
});

after(async () => {
  await env.browser?.close();
  for (const s of env.servers) {
    if (s) {
      s.child.kill("SIGCONT");
      await h.stopServer(s, true);
    }
  }
  for (const f of env.fronts) await f.close();
});

/** The public address of table `table`'s owner, when its lease runs. */
function owner(table) {
  return execFileSync("psql", [env.db, "-tAc",
    `SELECT address FROM owners WHERE table_id = ${table} AND expires_at > now()`], { encoding: "utf8" }).trim();
}

/** Resolves once server `i`'s `hello` names every server: a page learns where else to go only
 * from it, and a server hears of another (started again, say) at its next sweep. */
async function knowsAll(i) {
  const page = await env.browser.newPage();
  await page.goto(env.fronts[i].url + "/");
  await page.evaluate(async (want) => {
    for (;;) {
      const servers = await new Promise((resolve) => {
        const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
        ws.onopen = () => ws.send(JSON.stringify({ type: "hello", protocol: 2 }));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === "hello") { ws.close(); resolve(m.servers || []); }
        };
        ws.onerror = () => resolve([]);
      });
      if (want.every((w) => servers.includes(w))) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, env.fronts.map((f) => f.url));
  await page.close();
}

/** Plays to our turn on server `i`'s page, then does `fault` to that server; resolves once the
 * page has heard its turn again, served by the other server. */
async function served_elsewhere(i, fault) {
  await knowsAll(i);
  const page = await env.browser.newPage();
  const table = await h.createTable(page, env.fronts[i].url, { name: "Ana", seats: "3", bots: "2" });
  await h.startGame(page);
  await h.yourTurn(page);
  await h.recordLive(page);
  // Each time the page says its connection is lost, and how much it had heard by then (it may
  // be connected again at once, before a look at the line would see it).
  await page.evaluate(() => {
    window.__lost = [];
    const line = document.getElementById("connection");
    new MutationObserver(() => {
      if (/lost/i.test(line.textContent)) window.__lost.push(window.__live.length);
    }).observe(line, { childList: true, subtree: true, characterData: true });
  });
  await h.press(page, "r", /^You rolled/);
  await fault();
  // The page notices (a closed socket, or three beats of silence) and says so; only what it
  // hears after that counts.
  await page.waitForFunction(() => window.__lost.length > 0, null, { timeout: 60000 });
  const lostAt = await page.evaluate(() => window.__lost[0]);
  // Back, on the other server: what the bots did meanwhile (there, after the takeover), then
  // whose turn it is.
  const back = await h.heard(page, /your turn/i, lostAt, 60000);
  // The bots' rolls after ours may all have been heard before the fault: then only whose
  // turn it is.
  assert.match(back, /^((While you were away: )?Bot \d .*)?(It is your turn; you are on square \d+|Your turn)\.$/);
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent));
  // Heard after the loss, from the other server, which therefore claimed the table.
  assert.equal(owner(table), env.fronts[1 - i].url);
  // And the game goes on, served by the other server.
  await h.yourTurn(page);
  const rolled = await h.press(page, "r", /You rolled|Not connected/);
  assert.match(rolled, /^You rolled/);
  await page.close();
}

test("the page of a killed server finds the table on the other server, says what it missed, and plays on", async () => {
  await served_elsewhere(0, () => h.stopServer(env.servers[0], true));
  await serve(0);
});

test("the page of a frozen server leaves it after three silent beats, and plays on at the other", async () => {
  const frozen = env.servers[1];
  await served_elsewhere(1, async () => { frozen.child.kill("SIGSTOP"); });
  frozen.child.kill("SIGCONT");
  await h.stopServer(frozen, true);
  await serve(1);
});
