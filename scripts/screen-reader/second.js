// What the screen-reader check's second browsers (talker.js, troll.js) share: waiting for a mark
// of the steps' log, which the screen-reader tool writes to OUTDIR/steps.log as it plays the
// steps, and taking a seat at the table the person through the screen reader made.
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

/** A browser without a screen reader, seated as `name` at the first table waiting at `url`
 * (asked again until there is one): its page. */
async function seated(url, name) {
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
  await page.fill("#j-name", name);
  await page.press("#j-name", "Enter");
  return page;
}

module.exports = { marked, seated };
