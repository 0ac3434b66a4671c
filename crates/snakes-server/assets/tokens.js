// The tokens' shapes: each seat its own (a circle, a square, a diamond, a hexagon, then four
// more), so that two tokens are told apart by shape and letter as well as by colour. Their
// colours are the style sheet's (--token-0 to --token-7 in theme.css: one set on a light page,
// another on a dark one, system colours under forced colours); the board, the players' table,
// the lobby's seats and the turn's mark all draw them from here.

const SHAPES = ["circle", "square", "diamond", "hexagon", "pentagon", "octagon", "shield", "triangle"];

/** The name of the shape of seat `seat`'s token. */
export const shapeOf = (seat) => SHAPES[seat % SHAPES.length];

// A regular polygon of `n` corners within the radius `r`, the first at `start` degrees.
function polygon(n, r, start) {
  const points = Array.from({ length: n }, (_, k) => {
    const a = ((start + (360 * k) / n) * Math.PI) / 180;
    return `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
  });
  return "M" + points.join(" L") + " Z";
}

/**
 * The outline of seat `seat`'s token as an SVG path around (0, 0), within the radius `r`: every
 * shape fits the same circle, so that tokens sharing a square never touch.
 */
export function shapePath(seat, r) {
  switch (shapeOf(seat)) {
    case "square": {
      const h = r * 0.82, c = r * 0.22;
      return `M${-h + c} ${-h} H${h - c} Q${h} ${-h} ${h} ${-h + c} V${h - c} Q${h} ${h} ${h - c} ${h} H${-h + c} Q${-h} ${h} ${-h} ${h - c} V${-h + c} Q${-h} ${-h} ${-h + c} ${-h} Z`;
    }
    case "diamond": return polygon(4, r, -90);
    case "hexagon": return polygon(6, r, 0);
    case "pentagon": return polygon(5, r, -90);
    case "octagon": return polygon(8, r, 22.5);
    case "shield": return `M${-r * 0.85} ${-r * 0.8} H${r * 0.85} V${r * 0.05} Q${r * 0.85} ${r * 0.7} 0 ${r} Q${-r * 0.85} ${r * 0.7} ${-r * 0.85} ${r * 0.05} Z`;
    case "triangle": return polygon(3, r, -90);
    default: return `M${-r} 0 A${r} ${r} 0 1 0 ${r} 0 A${r} ${r} 0 1 0 ${-r} 0 Z`;
  }
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * A token as a small picture for the page around the board (the players' table, the lobby, the
 * turn's mark): seat `seat`'s shape and colour with `letter` on it, or an empty dashed outline
 * for a free seat (`seat` null). Hidden from screen readers: the words beside it say who it is.
 */
export function tokenIcon(seat, letter) {
  const icon = document.createElementNS(SVG, "svg");
  icon.setAttribute("viewBox", "-25 -25 50 50");
  icon.setAttribute("aria-hidden", "true");
  icon.setAttribute("class", seat === null ? "token-icon free" : "token-icon");
  if (seat !== null) icon.dataset.seat = String(seat % SHAPES.length);
  const shape = document.createElementNS(SVG, "path");
  shape.setAttribute("d", shapePath(seat ?? 0, 22));
  shape.setAttribute("class", "token-disc");
  icon.appendChild(shape);
  if (seat !== null && letter) {
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("class", "token-letter");
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("dy", "0.35em");
    text.setAttribute("font-size", [...letter].length > 1 || letter.length > 2 ? "19" : "25");
    text.textContent = letter;
    icon.appendChild(text);
  }
  return icon;
}
