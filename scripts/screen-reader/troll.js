// Troll, for the screen-reader check's moderation (moderation.steps): a second browser, without
// a screen reader; once the moderator has made a table (the steps' mark TABLE in
// OUTDIR/steps.log, which the screen-reader tool writes as it goes), it takes the other seat of
// the first table waiting at URL and says "buy gold" there, then waits to be silenced. Runs
// until it is stopped.
//
//   node scripts/screen-reader/troll.js URL OUTDIR
"use strict";

const { marked, seated } = require("./second");

(async () => {
  const url = process.argv[2].replace(/\/$/, "");
  const out = process.argv[3];
  await marked(out, "TABLE");
  const page = await seated(url, "Troll");
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
