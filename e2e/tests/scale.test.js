// Two servers on one PostgreSQL (docs/scale.md): the page's own server is killed mid-game; the
// page turns to the other server it was told of, which takes the table over once the dead one's
// lease has run out, and says what happened meanwhile and whose turn it is; the game goes on.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { execFileSync } = require("node:child_process");
const net = require("node:net");
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

/** A port free now on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const env = { servers: [], browser: null, db: null };

before(async () => {
  const db = database();
  env.db = db;
  const ports = [await freePort(), await freePort()];
  for (const [i, port] of ports.entries()) {
    const other = `http://127.0.0.1:${ports[1 - i]}`;
    env.servers.push(await h.startServer({
      db, port, botDelayMs: 100,
      extra: ["--lease-ms", String(LEASE_MS), "--allow-origin", other],
    }));
  }
  env.browser = await h.launch();
});

after(async () => {
  await env.browser?.close();
  for (const s of env.servers) await h.stopServer(s, true);
});

test("the page of a killed server finds the table on the other server, says what it missed, and plays on", async () => {
  const [a, b] = env.servers;
  const page = await env.browser.newPage();
  const table = await h.createTable(page, a.url, { name: "Ana", seats: "3", bots: "2" });
  await h.startGame(page);
  await h.yourTurn(page);
  await h.recordLive(page);
  await h.press(page, "r", /^You rolled/);
  const heardBefore = await page.evaluate(() => window.__live.length);

  await h.stopServer(a, true);
  await page.waitForFunction(() => /lost/i.test(document.getElementById("connection").textContent));
  // Back, on the other server: what the bots did meanwhile (there, after the takeover), then
  // whose turn it is.
  const back = await h.heard(page, /your turn/i, heardBefore, 60000);
  assert.match(back, /^(While you were away: )?Bot \d .*(It is your turn; you are on square \d+|Your turn)\.$/);
  await page.waitForFunction(() => /^Connected/.test(document.getElementById("connection").textContent));
  // The table is the other server's now.
  const owner = execFileSync("psql", [env.db, "-tAc", `SELECT address FROM owners WHERE table_id = ${table}`], { encoding: "utf8" }).trim();
  assert.equal(owner, b.url);
  // And the game goes on, served by the server that is left.
  await h.yourTurn(page);
  const rolled = await h.press(page, "r", /You rolled|Not connected/);
  assert.match(rolled, /^You rolled/);
  await page.close();
});
