// The language of the page and its menu.

import { $ } from "./dom.js";
import { app, keepSettings, noteHeard } from "./state.js";

// ---- the language -----------------------------------------------------------------------------
// The server writes the page in one language (its `lang`), from `?lang=` or the browser's
// Accept-Language; the menu offers every language it has. The reader's choice is kept in
// localStorage; without one, the first of navigator.languages the server has. A page in another
// language is asked for again (the seat and what was heard are in localStorage: nothing is lost).
// A member's choice is their account's too (account.js): sent before the page is left, and
// followed on every device they sign in on, over the address's.
export const LANG = document.documentElement.lang;
const LANGS = [...$("lang-menu").options].map((o) => o.value);
function shippedLang(tag) {
  const base = String(tag || "").toLowerCase().split(/[-_]/)[0];
  return LANGS.find((l) => l.toLowerCase().split("-")[0] === base) ?? null;
}
function openInLang(tag) {
  // Chosen now, by someone at the page: what it said so far was heard, and the page in the other
  // language does not say it again as "while you were away".
  if (app.announced) noteHeard(app.announced);
  const url = new URL(location.href);
  url.searchParams.set("lang", tag);
  location.replace(url.href);
}
export function chooseLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  const stored = localStorage.getItem("snakes.lang");
  // An address that names its language is obeyed (a language the server lacks gets English and
  // a note written by the server); otherwise the stored choice, then the browser's languages.
  if (asked) return false;
  // A stored choice the server does not have (any more) is forgotten, not asked for on every visit.
  if (stored && !shippedLang(stored)) localStorage.removeItem("snakes.lang");
  const wanted = (stored && shippedLang(stored)) || (navigator.languages || []).map(shippedLang).find(Boolean);
  if (wanted && wanted !== LANG) { openInLang(wanted); return true; }
  return false;
}
/** Opens the page in `tag`, a member's language, kept as this browser's choice too: true when
 * the page goes (the server has it, and the page is in another). */
export function followLang(tag) {
  const lang = shippedLang(tag);
  if (!lang || lang === LANG) return false;
  localStorage.setItem("snakes.lang", lang);
  openInLang(lang);
  return true;
}
// The menu changes the language on Enter or its button, or when a language is picked with the
// pointer: arrowing through it (as NVDA and JAWS users do, hearing each language) reloads nothing.
// A member's account is told first, so that the page opened in it does not find the old one there.
let switching = false;
async function switchLang() {
  const chosen = $("lang-menu").value;
  if (chosen === LANG || switching) return;
  switching = true;
  localStorage.setItem("snakes.lang", chosen);
  await keepSettings({ lang: chosen }, true);
  openInLang(chosen);
}
let langByKey = false;
$("lang-menu").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); switchLang(); } else langByKey = true;
});
$("lang-menu").addEventListener("pointerdown", () => { langByKey = false; });
$("lang-menu").addEventListener("change", () => { if (!langByKey) switchLang(); });
$("lang-form").addEventListener("submit", (e) => { e.preventDefault(); switchLang(); });
