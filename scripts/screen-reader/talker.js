// Bo, for the screen-reader check's talk (talk.steps): a second browser, without a screen
// reader, that takes the free seat of the first table it finds and, once Ana has said something
// there and her screen reader is in browse mode (the steps' mark in OUTDIR/steps.log, which the
// screen-reader tool writes as it goes), answers. Runs until it is stopped.
//
//   node scripts/screen-reader/talker.js URL OUTDIR
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
  await page.fill("#j-name", "Bo");
  await page.press("#j-name", "Enter");
  await page.waitForFunction(() => [...document.querySelectorAll("#live p")].some((p) => /^Ana says: /.test(p.textContent)),
    null, { timeout: 0 });
  await marked(out, "HEARD IN BROWSE MODE");
  await page.keyboard.press("Slash");
  await page.keyboard.type("hi Ana, good luck");
  await page.keyboard.press("Enter");
  // When, in the local time of the screen reader's logs, for heard.py's figure of the delay.
  const now = new Date();
  const at = [now.getHours(), now.getMinutes(), now.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
  process.stdout.write(`said at ${at}.${String(now.getMilliseconds()).padStart(3, "0")}\n`);
  await new Promise(() => {});
})().catch((e) => {
  process.stderr.write(String(e?.stack ?? e) + "\n");
  process.exit(1);
});
