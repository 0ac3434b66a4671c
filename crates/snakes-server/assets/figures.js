// The figures of "How long is a game here" as a list, for narrow screens: one item per ending,
// each figure under its column's heading, so that no table is cut inside a scrolling box. The
// style sheet shows the table or the list, never both (a screen reader meets the one shown).

import { el } from "./dom.js";

/**
 * The list made from the figures' table `table` (a header row, then a row per ending: its name,
 * then its figures or a cell spanning several with why there are none), in a box like the
 * table's, named `label`.
 */
export function figuresList(table, label) {
  const heads = [...table.tHead.rows[0].cells].map((c) => c.textContent);
  const list = el("ul", { class: "figures-list" });
  for (const row of table.tBodies[0].rows) {
    const item = el("li");
    if (row.classList.contains("in-force")) item.className = "in-force";
    const [name, ...cells] = [...row.cells];
    item.appendChild(el("p", { class: "figures-ending" }, name.textContent));
    const figures = el("dl");
    let column = 1;
    for (const cell of cells) {
      if (cell.colSpan > 1) item.appendChild(el("p", {}, cell.textContent));
      else figures.append(el("dt", {}, heads[column]), el("dd", {}, cell.textContent));
      column += cell.colSpan;
    }
    item.appendChild(figures);
    list.appendChild(item);
  }
  const box = el("div", { class: "figures-narrow", tabindex: "0", role: "region", "aria-label": label });
  box.appendChild(list);
  return box;
}
