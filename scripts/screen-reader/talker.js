// Bo, for the screen-reader check's talk (talk.steps): a second browser, without a screen
// reader, that takes the free seat of the first table it finds and, once Ana has said something
// there and her screen reader is in browse mode (the steps' mark in OUTDIR/steps.log, which the
// screen-reader tool writes as it goes), answers. Runs until it is stopped.
//
//   node scripts/screen-reader/talker.js URL OUTDIR
"use strict";

const { marked, seated } = require("./second");

(async () => {
  const url = process.argv[2].replace(/\/$/, "");
  const out = process.argv[3];
  const page = await seated(url, "Bo");
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
