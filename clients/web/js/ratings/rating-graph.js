// @ts-check
// A rating's history as a small SVG line graph: one point per rated game, the rating on the
// vertical axis, its lowest and highest values written at the side.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 28;

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 */
function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * @param {number[]} ratings oldest first
 * @param {string} label what the graph shows, for screen readers
 * @returns {SVGSVGElement}
 */
export function ratingGraph(ratings, label) {
  const root = /** @type {SVGSVGElement} */ (
    svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'rating-graph', role: 'img', 'aria-label': label })
  );
  if (!ratings.length) return root;
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const span = Math.max(high - low, 1);
  const x = (/** @type {number} */ i) =>
    PAD + (ratings.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (ratings.length - 1));
  const y = (/** @type {number} */ r) => HEIGHT - 12 - ((r - low) * (HEIGHT - 24)) / span;
  const points = ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ');
  root.append(svg('polyline', { points, fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }));
  for (const [value, at] of [
    [high, 12],
    [low, HEIGHT - 6],
  ]) {
    const text = svg('text', { x: 2, y: at, 'font-size': 10, fill: 'currentColor' });
    text.textContent = String(Math.round(value));
    root.append(text);
  }
  return root;
}
