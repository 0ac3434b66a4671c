// Passkeys on the page, by keyboard, against the real server and Chromium's virtual
// authenticator (CDP's WebAuthn domain: a platform authenticator that keeps discoverable
// credentials and verifies its user). The page is opened at http://localhost:PORT: WebAuthn
// refuses an IP address as the site, and localhost is a secure context. Pia signs up with a
// passkey and no password (U, her name, Tab to "Sign up with a passkey", Enter), signs out, and
// signs in again with it, no name typed; her passkeys' dialog lists it and keeps it (her only way
// in); this device cannot add a second, another device's authenticator can, and the first is
// removed; she deletes her account with the second. A browser dialog that ends without a passkey is said in
// the sign-in dialog. Each dialog has no axe violation.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const h = require("../harness");

const env = h.setup();

/** A new device's page at localhost, with a virtual authenticator of its own: `{ page, cdp,
 * authenticatorId }`. */
async function device() {
  const page = await env.browser.newPage();
  await h.recordSaid(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await page.goto(env.server.url.replace("127.0.0.1", "localhost") + "/");
  await page.waitForSelector("#lobby-talk-heading");
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((r) => /\/api\/account\?/.test(r.name)));
  return { page, cdp, authenticatorId };
}

const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? "");
const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent ?? "");

/** Presses `key` (Tab) until the focus is on the element whose text is `text` (at most 60). */
async function tabToText(page, text, key = "Tab") {
  for (let i = 0; i < 60; i += 1) {
    if ((await focusedText(page)) === text) return;
    await page.keyboard.press(key);
  }
  assert.fail(`no "${text}" within 60 presses of ${key}; the focus is on #${await focusedId(page)}`);
}

/** The account this page's browser is signed in as, as the server says (null: a guest). */
const account = (page) => page.evaluate(async () => {
  const r = await fetch("api/account");
  return r.ok ? r.json() : null;
});

/** Opens the sign-in dialog with U, from the lobby. */
async function openSignIn(page) {
  await page.focus("#lobby-talk-heading");
  await page.keyboard.press("u");
  await page.waitForFunction(() => document.getElementById("account-dialog").open);
}

test("a member signs up with a passkey, signs out, signs in with it and deletes the account with it", async () => {
  const dev = await device();
  const { page, cdp } = dev;
  let { authenticatorId } = dev;

  // ---- Signing up: U, the name, Tab to "Sign up with a passkey", Enter.
  await openSignIn(page);
  assert.equal(await page.isVisible("#account-passkey-create"), true);
  assert.equal(await page.isVisible("#account-passkey-sign-in"), true);
  await page.fill("#account-name", "");
  await page.focus("#account-name");
  await page.keyboard.type("Pia");
  await tabToText(page, "Sign up with a passkey");
  let from = await h.saidCount(page);
  await page.keyboard.press("Enter");
  assert.equal(await h.said(page, /Signed in as Pia/, from), "Account created. Signed in as Pia: the name is yours alone now.");
  // The dialog closed, the focus back where U was pressed.
  await page.waitForFunction(() => !document.getElementById("account-dialog").open && document.activeElement?.id === "lobby-talk-heading");
  const made = await account(page);
  assert.equal(made.name, "Pia");
  assert.equal(made.password, false);
  // The authenticator keeps one discoverable credential for localhost, under a random handle.
  let { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  assert.equal(credentials.length, 1);
  assert.equal(credentials[0].isResidentCredential, true);
  assert.equal(credentials[0].rpId, "localhost");
  assert.equal(Buffer.from(credentials[0].userHandle, "base64").length, 16);
  assert.notEqual(Buffer.from(credentials[0].userHandle, "base64").toString(), "Pia");

  // ---- Signed out: U, Tab to "Sign out", Enter.
  await page.keyboard.press("u");
  await page.waitForFunction(() => document.activeElement?.id === "account-line");
  await tabToText(page, "Sign out");
  from = await h.saidCount(page);
  await page.keyboard.press("Enter");
  await h.said(page, /Signed out/, from);
  await page.waitForFunction(() => document.activeElement?.id === "account-open");
  assert.equal(await account(page), null);

  // ---- Signing in with the passkey: no name needed.
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-dialog").open);
  await page.fill("#account-name", "");
  await page.focus("#account-name");
  await tabToText(page, "Sign in with a passkey");
  from = await h.saidCount(page);
  await page.keyboard.press("Enter");
  assert.equal(await h.said(page, /Signed in as Pia/, from), "Signed in as Pia. Your settings follow you.");
  assert.equal((await account(page)).name, "Pia");
  ({ credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId }));
  assert.ok(credentials[0].signCount >= 1, JSON.stringify(credentials[0]));

  // ---- Her passkeys: one, used; the only way in, so it stays.
  await page.waitForFunction(() => !document.getElementById("account-dialog").open);
  await page.keyboard.press("u");
  await page.waitForFunction(() => document.activeElement?.id === "account-line");
  await tabToText(page, "Passkeys");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-passkeys-dialog").open
    && document.querySelectorAll("#account-passkeys-list li").length === 1);
  assert.equal(await focusedText(page), "Add a passkey");
  const entry = await page.textContent("#account-passkeys-list li span");
  assert.match(entry, /, added .+, last used .+$/);
  assert.deepEqual(await h.axeAudit(page), []);
  await tabToText(page, await page.textContent("#account-passkeys-list li button"), "Shift+Tab");
  assert.match(await focusedText(page), /^Remove /);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-passkeys-message").textContent !== "");
  assert.equal(await page.textContent("#account-passkeys-message"), "That passkey is your only way to sign in: add another first.");
  assert.equal(await page.$$eval("#account-passkeys-list li", (l) => l.length), 1);

  // Another passkey from this device: it holds one of hers already, which the browser says.
  await tabToText(page, "Add a passkey");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /already/.test(document.getElementById("account-passkeys-message").textContent));
  assert.equal(await page.textContent("#account-passkeys-message"),
    "This device already holds a passkey of your account: add one from another device.");
  // Another device's authenticator (this one gone): added, listed under a name of its own.
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  ({ authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  }));
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("#account-passkeys-list li").length === 2);
  assert.equal(await page.textContent("#account-passkeys-message"), "Passkey added: you can sign in with it now.");
  const labels = await page.$$eval("#account-passkeys-list li button", (bs) => bs.map((b) => b.textContent));
  assert.equal(labels[1], labels[0] + " (2)");
  assert.match(await page.textContent("#account-passkeys-list li:nth-child(2) span"), /, added .+, not used yet$/);
  // The first removed: the second is her way in now.
  await tabToText(page, labels[0], "Shift+Tab");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("#account-passkeys-list li").length === 1);
  assert.equal(await page.textContent("#account-passkeys-message"), `Passkey removed: ${labels[0].replace(/^Remove /, "")}.`);
  assert.equal(await focusedText(page), "Add a passkey");
  assert.equal(await page.textContent("#account-passkeys-list li button"), labels[1]);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.getElementById("account-passkeys-dialog").open);

  // ---- Deleting the account: no password to type; the passkey confirms it.
  await page.focus("#account-line");
  await tabToText(page, "Delete account");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-delete-dialog").open && document.activeElement?.id === "account-delete-go");
  assert.equal(await page.isVisible("#account-delete-password"), false);
  assert.equal(await page.textContent("#account-delete-passkey"), "Your account has no password: confirm with one of your passkeys.");
  assert.deepEqual(await h.axeAudit(page), []);
  from = await h.saidCount(page);
  await page.keyboard.press("Enter");
  assert.equal(await h.said(page, /deleted/, from), "The account Pia is deleted: you play without one now.");
  assert.equal(await account(page), null);
  // The second device's passkey signed the deletion.
  ({ credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId }));
  assert.equal(credentials.length, 1);
  assert.ok(credentials[0].signCount >= 1, JSON.stringify(credentials[0]));
  await page.close();
});

test("a browser dialog that ends without a passkey is said in the sign-in dialog, which has no axe violation", async () => {
  const { page } = await device();
  // This device's authenticator has no passkey for the site: the browser's dialog ends empty.
  await openSignIn(page);
  await page.focus("#account-passkey-sign-in");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-passkey-error").textContent !== "");
  assert.equal(await page.textContent("#account-passkey-error"),
    "No passkey was used: the browser's dialog was closed. Try again when you are ready.");
  assert.equal(await page.getAttribute("#account-passkey-error", "aria-live"), "polite");
  assert.equal(await account(page), null);
  // Signing up needs the name first: said under the name, which takes the focus.
  await page.fill("#account-name", "");
  await page.focus("#account-passkey-create");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.getElementById("account-name-error").textContent !== "");
  assert.equal(await page.textContent("#account-name-error"), "Type the new account's name first.");
  assert.equal(await focusedId(page), "account-name");
  assert.deepEqual(await h.axeAudit(page), []);
  await page.close();
});
