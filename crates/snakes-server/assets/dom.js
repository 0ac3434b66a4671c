// What every module of the page uses to reach it: elements by id, new elements, the page's
// words (from its catalogue, written into the page by the server), the rules explained, and its
// modal dialogs opened and closed.

/** The element of id `id`. */
export const $ = (id) => document.getElementById(id);

/** A new element `tag` with the attributes `attrs` and the text `text`, if given. */
export function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The page's fixed words, written into the page by the server from its catalogue.
let WORDS = null;
/** The page word `id` (ui.ftl), in the page's language. */
export function word(id) {
  if (WORDS === null) {
    try { WORDS = JSON.parse($("words")?.textContent || "{}"); } catch { WORDS = {}; }
  }
  return WORDS[id] ?? id;
}

let GUIDE = null;
/** Every rule option with its values' names and meanings (GET /api/rules), fetched once. */
export function rulesGuide() {
  GUIDE ??= fetch(`api/rules?lang=${encodeURIComponent(document.documentElement.lang)}`).then((r) => r.json()).catch(() => { GUIDE = null; return { options: [] }; });
  return GUIDE;
}

/** Whether `node` is off the page or inside something hidden. */
export const isHidden = (node) => !node.isConnected || node.closest("[hidden]") !== null;

/** Opens `dialog` (modal), the focus on `first`; it goes back where it was once it closes
 * (moderation.js sees to every dialog's closing). */
export function openDialog(dialog, first) {
  if (!dialog.open) {
    const from = document.activeElement;
    dialog.returnTo = from && from !== document.body ? from : null;
    // What the live regions hold was said: a modal dialog hides them from the screen reader,
    // and closing it shows them again, which Orca takes for new lines and says once more. They
    // stay on show, out of the screen reader's way (the history keeps them to read again).
    for (const id of ["lobby-live", "live"]) {
      for (const line of document.getElementById(id)?.children ?? []) line.setAttribute("aria-hidden", "true");
    }
    dialog.showModal();
  }
  first.focus();
}

/** Closes `dialog`, if open. */
export const closeDialog = (dialog) => { if (dialog.open) dialog.close(); };
