// Listening: look ahead (L) and a square (G) on a known board; every announcement written once,
// in order, paced; the same answer twice heard twice (two live-region changes, two nodes in
// Chromium's accessibility tree); the history read back with , . < >; how much is said of the
// other players' moves; and the page's own voice (speechSynthesis stubbed) given every message
// in order, cancelled only by the player's keys. One server and one browser for the file.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");
const { press } = h;

const env = h.setup({ botDelayMs: 0 });

const MARK = /\u2060/g;

// A 5 x 5 board with two ladders and two snakes; under start=square-1 both tokens begin on 1,
// so that nothing has moved when the keys are asked.
const BOARD = '{"size": 5, "ladders": [[3, 12], [14, 20]], "snakes": [[6, 2], [18, 9]]}';

/** The text the live region shows after the `from`th, once there are `count` of them. */
async function nextTexts(page, from, count) {
  const handle = await page.waitForFunction(([n, k]) => window.__live.length >= n + k && window.__live.slice(n, n + k), [from, count]);
  return handle.jsonValue();
}

test("L, G, the same answer twice, and the history keys, on a known board", async () => {
  const ana = await env.browser.newPage();
  const table = await h.createTable(ana, env.server.url, { name: "Ana", seats: "2", bots: "0", rules: { start: "square-1" }, board: BOARD });
  const bo = await h.joinAs(env.browser, env.server.url, table, "Bo");
  await h.startGame(ana);
  await bo.waitForFunction(() => /Playing/.test(document.getElementById("status-line").textContent));
  // The keys are asked from the page of the player who is not to roll, so that R is refused.
  const anaRolls = /Your turn/.test(await ana.textContent("#status-line"));
  const [page, roller] = anaRolls ? [bo, "Ana"] : [ana, "Bo"];
  await page.bringToFront();
  await h.recordLive(page);
  await page.focus("#roll");

  // L: every face from square 1, grouped, under the strict ending.
  assert.equal(await press(page, "l", /is on 1:/),
    `${roller} is on 1: 1 moves to 2, 2 climbs the ladder at 3 to 12, 3 and 4 move to 4 and 5, ` +
    "5 slides down the snake at 6 to 2, 6 moves to 7.");

  // G opens a field; a number and Enter ask, and the focus goes back to the game's buttons.
  await page.keyboard.press("g");
  assert.equal(await page.evaluate(() => document.activeElement.id), "square-input");
  assert.equal(await page.inputValue("#square-input"), "", "the G itself is not typed");
  await page.keyboard.type("12");
  assert.equal(await press(page, "Enter", /^Square 12/),
    "Square 12: the top of the ladder from 3. The next ladder is at 14, 2 squares ahead; the next snake at 18, 6 squares ahead.");
  assert.equal(await page.isVisible("#square-form"), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), "roll");
  // Enter alone: our own square, with who is there.
  await page.keyboard.press("g");
  assert.equal(await press(page, "Enter", /^Square 1:/),
    `Square 1: no ladder or snake. ${anaRolls ? "Ana and you" : "You and Bo"} are here. The next ladder is at 3, 2 squares ahead; the next snake at 6, 5 squares ahead.`);
  // A number that is no square, in words; letters are refused in the field, which stays open;
  // Escape goes back.
  await page.keyboard.press("g");
  await page.keyboard.type("99");
  assert.equal(await press(page, "Enter", /no square/), "There is no square 99: the board has squares 1 to 25.");
  await page.keyboard.press("g");
  await page.keyboard.type("x");
  await page.keyboard.press("Enter");
  assert.match(await page.textContent("#square-error"), /in digits/);
  assert.equal(await page.evaluate(() => document.activeElement.id), "square-input");
  assert.equal(await page.getAttribute("#square-input", "aria-invalid"), "true");
  // The open field, its error, and the settings with the voice's own shown: no axe violation.
  await page.evaluate(() => { document.getElementById("voice-settings").hidden = false; });
  const violations = await h.axeAudit(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
  await page.evaluate(() => { document.getElementById("voice-settings").hidden = true; });
  await page.focus("#square-input");
  await page.keyboard.press("Escape");
  assert.equal(await page.isVisible("#square-form"), false);
  assert.equal(await page.evaluate(() => document.activeElement.id), "roll");

  // The help lists the new keys.
  await press(page, "h", /R or Space/);
  const keys = await page.$$eval("#history li.said-answer", (li) => li.map((l) => l.textContent).join(" "));
  assert.match(keys, /L: what each face of the die would do.*G, a square's number and Enter.*Comma and period/);

  // A refusal, said and kept.
  assert.equal(await press(page, "r", /turn/), `It is ${roller}'s turn.`);

  // C twice: two changes of the live region, and two nodes in the accessibility tree.
  const n = await page.evaluate(() => window.__live.length);
  await page.keyboard.press("c");
  await nextTexts(page, n, 1);
  await page.keyboard.press("c");
  const [c1, c2] = await nextTexts(page, n, 2);
  assert.equal(c1.replace(MARK, ""), c2.replace(MARK, ""));
  assert.match(c1, new RegExp(`^(You and ${roller}|${roller} and you) are on square 1\\.$`));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Accessibility.enable");
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  // The nodes under the live region's own node.
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "#live" });
  const { node } = await cdp.send("DOM.describeNode", { nodeId });
  const byId = new Map(nodes.map((x) => [x.nodeId, x]));
  const under = (x) => [x, ...(x.childIds ?? []).flatMap((id) => (byId.has(id) ? under(byId.get(id)) : []))];
  const region = nodes.find((x) => x.backendDOMNodeId === node.backendNodeId);
  assert.equal(region.properties.find((p) => p.name === "live")?.value.value, "polite");
  const said = under(region).filter((x) => x.role?.value === "StaticText" && String(x.name?.value ?? "").replace(MARK, "") === c1.replace(MARK, ""));
  assert.equal(said.length, 2, "both answers are in the live region's accessibility tree");
  await cdp.detach();

  // The history keeps the answers and the refusal; , . < > read it with numbers.
  const history = await page.$$eval("#history li", (li) => li.map((l) => l.textContent));
  const kinds = await page.$$eval("#history li", (li) => li.map((l) => l.className));
  const count = history.length;
  // H's keys are a line each, from "R or Space" to the note on focus mode.
  const keysAt = history.findLastIndex((t) => t.startsWith("R or Space"));
  const head = (t) => t.replace(/:.*/, "");
  assert.deepEqual(history.slice(keysAt - 4, keysAt + 1).map(head), [`${roller} is on 1`, "Square 12", "Square 1", "There is no square 99", "R or Space"]);
  assert.match(history.at(-4), /focus mode/);
  assert.deepEqual(history.slice(-3).map(head), [`It is ${roller}'s turn.`, head(c1), head(c1)]);
  assert.deepEqual(kinds.slice(keysAt - 4), [...Array(count - keysAt + 1).fill("said-answer"), "said-refusal", "said-answer", "said-answer"]);
  const entry = (k) => `${k} of ${count}: ${history[k - 1]}`;
  const read = async (key) => (await press(page, key, / of \d+: /)).replace(MARK, "");
  assert.equal(await read(","), entry(count));
  assert.equal(await read(","), entry(count - 1));
  assert.equal(await read(","), entry(count - 2));
  assert.equal(await read("."), entry(count - 1));
  assert.equal(await read("Shift+Comma"), entry(1));
  assert.equal(await read(","), entry(1), "nothing before the first line");
  assert.equal(await read("."), entry(2));
  assert.equal(await read("Shift+Period"), entry(count));
  assert.equal(await read("."), entry(count), "nothing after the last line");
  // Any other key brings the place back to the end.
  const turn = await press(page, "t", /It is/);
  assert.equal(await read(","), `${count + 1} of ${count + 1}: ${turn.replace(MARK, "")}`, "the T answer, now the last line");
  await ana.close();
  await bo.close();
});

test("a burst is written once each, in order, paced; the page's voice speaks it all and is cut only by a key; the others setting is kept", async () => {
  const context = await env.browser.newContext();
  // The browser's speech, stubbed before the page's scripts run: what it is asked to say, and
  // every cancel, in one log with the keys pressed.
  await context.addInitScript(() => {
    window.__voice = [];
    const stub = {
      speak: (u) => window.__voice.push({ speak: u.text, rate: u.rate, lang: u.lang }),
      cancel: () => window.__voice.push({ cancel: true }),
      getVoices: () => [],
      addEventListener: () => {},
    };
    Object.defineProperty(window, "speechSynthesis", { value: stub, configurable: true });
    document.addEventListener("keydown", (e) => window.__voice.push({ key: e.key }), { capture: true });
    // Every message from the server, to tell what the page had to say.
    window.__received = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", (e) => window.__received.push({ at: performance.now(), msg: JSON.parse(e.data) }));
      }
      send(data) {
        (window.__sentAll ??= []).push(String(data));
        return super.send(data);
      }
    };
  });
  const page = await context.newPage();
  // Four seats, three bots: every bot's roll said as it happens.
  await h.createTable(page, env.server.url, { name: "Ana", seats: "4", bots: "3" });
  assert.equal(await page.isChecked("#voice"), false, "the voice is off by default");
  assert.equal(await page.inputValue("#others"), "brief");
  await page.selectOption("#others", "full");
  await page.check("#voice");
  await page.$eval("#voice-rate", (r) => { r.value = "1.5"; r.dispatchEvent(new Event("change")); });
  assert.equal(await page.evaluate(() => localStorage.getItem("snakes.others")), "full");
  assert.equal(await page.evaluate(() => [localStorage.getItem("snakes.voice"), localStorage.getItem("snakes.voice.rate")].join(" ")), "1 1.5");
  // Kept per browser: a page opened again asks for the same.
  await page.reload();
  await page.waitForSelector("#board-drawing svg");
  assert.equal(await page.inputValue("#others"), "full");
  assert.equal(await page.isChecked("#voice"), true);
  assert.equal(await page.inputValue("#voice-rate"), "1.5");
  await h.recordLive(page);
  await page.evaluate(() => {
    window.__liveAt = [];
    new MutationObserver(() => window.__liveAt.push(performance.now())).observe(document.getElementById("live"), { childList: true });
    window.__voice.length = 0;
    window.__received.length = 0;
  });

  await h.startGame(page);
  await page.focus("#roll");
  // Three of our turns, each after the three bots' rolls.
  for (let k = 0; k < 3; k++) {
    await h.yourTurn(page);
    // What is said has caught up with the status line.
    await page.waitForFunction(() => /Your turn|You go first/.test(window.__live.at(-1)));
    if (/won/.test(await page.textContent("#status-line"))) break;
    await press(page, "r", /^You rolled/);
  }
  // Until everything received is said.
  await h.yourTurn(page);
  await page.waitForFunction(() => /Your turn/.test(window.__live.at(-1)));
  const { live, at, voiceLog, received, sent } = await page.evaluate(() => ({
    live: window.__live, at: window.__liveAt, voiceLog: window.__voice, received: window.__received, sent: window.__sentAll,
  }));
  // What the page had to say: each message's words, in the order they came.
  const expected = received.flatMap(({ msg }) => {
    if (msg.type === "events" && msg.events.length) return [(msg.say ?? msg.text).join(" ")];
    if (msg.type === "panel" && msg.say?.length) return [msg.say.join(" ")];
    if (msg.type === "answer" || msg.type === "refused") return [(msg.lines ?? [msg.message]).join(" ")];
    return [];
  }).filter((t) => t);
  assert.deepEqual(live.map((t) => t.replace(MARK, "")), expected, "every announcement once, in order");
  assert.ok(live.filter((t) => /^Bot \d rolled/.test(t)).length >= 6, "the bots' rolls were said one by one: " + live.join(" | "));
  assert.ok(live.some((t) => /Your turn\.$/.test(t)), "your turn was said");
  // Paced: no two announcements closer than about 100 ms, though the bots roll without delay.
  const gaps = at.slice(1).map((t, i) => t - at[i]);
  assert.ok(gaps.every((g) => g >= 100), "gaps " + gaps.map((g) => g.toFixed(0)).join(" "));
  assert.ok(received.some(({ at: t }, i) => i > 0 && t - received[i - 1].at < 100), "the server did send messages closer than 100 ms");
  // The others setting went with the watch.
  assert.ok(sent.some((m) => /"type":"watch"/.test(m) && /"others":"full"/.test(m)));

  // The voice: the same texts, in the same order, at the chosen speed; a cancel only right after
  // a key of the player's.
  const spoken = voiceLog.filter((e) => e.speak !== undefined);
  assert.deepEqual(spoken.map((e) => e.speak), live.map((t) => t.replace(MARK, "")));
  assert.ok(spoken.every((e) => e.rate === 1.5 && e.lang === "en"));
  voiceLog.forEach((e, i) => {
    if (!e.cancel) return;
    const before = voiceLog.slice(0, i).reverse();
    const lastSpeak = before.findIndex((x) => x.speak !== undefined);
    const lastKey = before.findIndex((x) => x.key !== undefined);
    assert.ok(lastKey !== -1 && (lastSpeak === -1 || lastKey < lastSpeak), `cancel at ${i} without a key: ${JSON.stringify(voiceLog.slice(Math.max(0, i - 3), i + 1))}`);
  });
  assert.ok(voiceLog.some((e) => e.cancel), "R stopped the voice");

  // Less said: only ladders, snakes, bumps and wins; the server is told at once.
  await page.selectOption("#others", "jumps");
  await page.waitForFunction(() => window.__sent.some((m) => m === '{"type":"set_others","others":"jumps"}'));
  // Switched off: nothing more spoken.
  await page.uncheck("#voice");
  const spokenBefore = await page.evaluate(() => window.__voice.filter((e) => e.speak).length);
  await page.focus("#roll");
  await press(page, "c", /square/);
  assert.equal(await page.evaluate(() => window.__voice.filter((e) => e.speak).length), spokenBefore);
  await context.close();
});
