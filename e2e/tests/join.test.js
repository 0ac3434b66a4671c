// A page and a terminal at one table, each in its language: Ana opens the table in a Korean
// browser, Bo takes the other seat with `snakes join` in English from the table's address.
// They talk both ways, play the game to the end, and halfway through the server is killed and
// started again: both come back, and the terminal hears every roll once, none missed and none
// said twice (it hears each roll as it happens, `--others full`), as the game's record has it.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const h = require("../harness");

const env = h.setup();

/**
 * `snakes join args` with its keys written one per line (it reads them so when its input is
 * not a terminal) and what it says collected line by line.
 */
function terminal(args) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), "snakes-join-"));
  const child = spawn(h.binary(), ["join", ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, XDG_STATE_HOME: state, LANG: "C", NO_COLOR: "1" },
  });
  const lines = [];
  const waiting = [];
  let partial = "";
  child.stdout.on("data", (d) => {
    partial += d;
    const parts = partial.split("\n");
    partial = parts.pop();
    lines.push(...parts);
    for (const w of waiting.splice(0)) w();
  });
  child.on("exit", () => { for (const w of waiting.splice(0)) w(); });
  return {
    lines,
    /** Resolves with the first line from the `from`th on matching `re`. */
    async line(re, from = 0) {
      for (;;) {
        const found = lines.slice(from).find((l) => re.test(l));
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`snakes join ended; it said:\n${lines.join("\n")}`);
        await new Promise((resolve) => waiting.push(resolve));
      }
    },
    type(text) { child.stdin.write(text + "\n"); },
    stop() { child.kill("SIGKILL"); fs.rmSync(state, { recursive: true, force: true }); },
  };
}

/** Whether Ana's Roll button rolls now (it is idle while the game waits for someone else). */
const anaRolls = (ana) => ana.evaluate(() => !document.getElementById("roll").classList.contains("idle"));

test("a terminal joins a table opened in a browser, talks, and plays it to the end through a restart", async () => {
  const ana = await env.browser.newPage({ locale: "ko-KR" });
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "2", bots: "0" });
  await h.recordLive(ana);
  const bo = terminal([`${env.server.url}/#/table/${table}`, "--name", "Bo", "--others", "full"]);
  try {
    await bo.line(new RegExp(`^Table ${table}: you took seat 2`));
    await h.heard(ana, /^Bo 님이 2번 자리에 앉았어요\.$/);

    // The page to the terminal, framed in English; the terminal to the page, framed in Korean.
    await ana.keyboard.press("Slash");
    await ana.keyboard.type("good luck Bo");
    await ana.keyboard.press("Enter");
    await bo.line(/^Ana says: good luck Bo$/);
    bo.type("/");
    await bo.line(/^Say to everyone here/);
    bo.type("hi Ana");
    assert.equal(await h.heard(ana, /hi Ana/), "Bo 님의 말: hi Ana");

    await ana.click("#start");
    await bo.line(/^The game has started with 2 players\.$/);
    // The page has the game as it starts (whose turn) once it says so.
    await h.heard(ana, /2명이 게임을 시작했어요/);
    let rolls = 0;
    let restarted = false;
    for (;;) {
      const from = bo.lines.length;
      const ours = await anaRolls(ana);
      if (ours) await ana.keyboard.press("r");
      else bo.type("r");
      await bo.line(ours ? /^Ana rolled a \d/ : /^You rolled a \d/, from);
      rolls += 1;
      // Then the other's turn (the standard rules pass it at every roll), or the end.
      const over = bo.line(/ won/, from).then(() => true);
      const turn = ana.waitForFunction((idle) => document.getElementById("roll").classList.contains("idle") === idle,
        ours, { timeout: 0 }).then(() => false);
      over.catch(() => {});
      turn.catch(() => {});
      if (await Promise.race([over, turn])) break;
      if (rolls === 6 && !restarted) {
        // The server dies (kill -9) and comes back on its port with its database: the page and
        // the terminal both reconnect by themselves.
        restarted = true;
        const port = env.server.port;
        const lost = bo.lines.length;
        await h.stopServer(env.server, true);
        env.server = await h.startServer({ db: env.tmp.db, port });
        await bo.line(/^Connected\.$/, lost);
        await ana.waitForFunction(() => /^연결됐어요/.test(document.getElementById("connection").textContent), null, { timeout: 20000 });
      }
    }
    assert.ok(restarted, `the game ended in ${rolls} rolls, before the restart`);

    // Every roll of the record was said to the terminal once, and nothing else was.
    const record = await (await fetch(`${env.server.url}/api/tables/${table}/record`)).json();
    const rolled = record.events.filter((e) => e.event.type === "rolled").map((e) => e.event.player);
    const said = bo.lines.filter((l) => /^(Ana|You) rolled a \d/.test(l)).map((l) => (l.startsWith("You") ? "Bo" : "Ana"));
    const names = record.events.find((e) => e.event.type === "started").event.players.map((p) => p.name);
    assert.deepEqual(said, rolled.map((p) => names[p]));
    assert.equal(said.length, rolls);
  } finally {
    bo.stop();
  }
});
