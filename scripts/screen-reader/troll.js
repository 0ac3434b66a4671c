// Troll, for the screen-reader check's moderation (moderation.steps): a second browser, without
// a screen reader; once the moderator has made a table (the steps' mark TABLE in
// OUTDIR/steps.log, which the screen-reader tool writes as it goes), it takes the other seat of
// the first table waiting at URL and says "buy gold" there, then waits to be silenced. Runs
// until it is stopped.
//
//   node scripts/screen-reader/troll.js URL OUTDIR
"use strict";

const fs = require("node:fs");
const { launch } = require("../../e2e/harness");

/** Resolves once the screen-reader tool's steps log in `out` holds the mark `mark`. */
async function marked(out, mark) {
  for (;;) {
    let log = "";
    try { log = fs.readFileSync(`${out}/steps.log`, "utf8"); } catch { /* not written yet */ }
    if (log.includes(`MARK ${mark}`)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

(async () => {
  const url = process.argv[2].replace(/\/$/, "");
  const out = process.argv[3];
  await marked(out, "TABLE");
  let table = null;
  while (table === null) {
    const tables = await fetch(`${url}/api/tables`).then((r) => r.json()).catch(() => ({ tables: [] }));
    table = tables.tables.find((t) => t.status === "waiting")?.id ?? null;
    if (table === null) await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await launch();
  const page = await browser.newPage();
  await page.goto(`${url}/#/table/${table}`);
  await page.waitForSelector("#j-name", { state: "visible" });
  await page.fill("#j-name", "Troll");
  await page.press("#j-name", "Enter");
  await page.waitForFunction(() => [...document.querySelectorAll("#live p")].some((p) => /you took seat \d/.test(p.textContent)),
    null, { timeout: 0 });
  await page.keyboard.press("Slash");
  await page.keyboard.type("buy gold");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => [...document.querySelectorAll("#live p")].some((p) => /^You say: buy gold$/.test(p.textContent)),
    null, { timeout: 0 });
  process.stdout.write("said buy gold\n");
  await page.waitForFunction(() => [...document.querySelectorAll("#live p")].some((p) => /silenced you/.test(p.textContent)),
    null, { timeout: 0 });
  process.stdout.write("told of the silence\n");
  await new Promise(() => {});
})().catch((e) => {
  process.stderr.write(String(e?.stack ?? e) + "\n");
  process.exit(1);
});
