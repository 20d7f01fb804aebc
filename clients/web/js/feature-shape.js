// @ts-check
// The outline of one segment of a tile (a field, a city, a road, a Castle area, a cloister), in
// the tile's canonical 100 x 100 square, so the board can draw a whole feature (every segment
// the server lists for it) as one highlight or one tap target. Pure, tested in Node.

import { CELL } from './tile-geometry.js';

/**
 * @typedef {{ d: string, line: boolean }} SegmentShape a filled path, or a line to stroke (roads)
 */

const n = (v) => Math.round(v * 10) / 10;
const polyD = (pts) => 'M' + pts.map((p) => `${n(p.x)} ${n(p.y)}`).join('L') + 'Z';

// A raster region as one path: a rectangle per run of cells down each column.
/** @param {number[][]} cells [i, j] raster cells */
export function rasterD(cells) {
  const cols = new Map();
  for (const [i, j] of cells) {
    if (!cols.has(i)) cols.set(i, []);
    cols.get(i).push(j);
  }
  let d = '';
  for (const [i, js] of [...cols.entries()].sort((a, b) => a[0] - b[0])) {
    js.sort((a, b) => a - b);
    for (let k = 0; k < js.length;) {
      let end = k;
      while (end + 1 < js.length && js[end + 1] === js[end] + 1) end++;
      // Slightly wider than a cell so neighbouring columns leave no seams.
      d += `M${n(i * CELL - 0.2)} ${n(js[k] * CELL)}h${n(CELL + 0.4)}v${n((end - k + 1) * CELL)}h${n(-CELL - 0.4)}Z`;
      k = end + 1;
    }
  }
  return d;
}

/**
 * How wide a segment's shape is where it is narrowest (the shorter side of its box, in tile
 * units): a field's region, else its spot's surroundings.
 * @param {any} geometry
 * @param {number} seg
 */
export function segmentSpan(geometry, seg) {
  const cells = geometry?.fieldCells?.[seg];
  if (!cells || !cells.length) return 40;
  const is = cells.map((c) => c[0]),
    js = cells.map((c) => c[1]);
  return (Math.min(Math.max(...is) - Math.min(...is), Math.max(...js) - Math.min(...js)) + 1) * CELL;
}

/**
 * @param {any} geometry a tile's geometry (tile-geometry.js)
 * @param {number} seg the segment's index on the tile
 * @returns {SegmentShape}
 */
export function segmentShape(geometry, seg) {
  const field = geometry?.fieldCells?.[seg];
  if (field && field.length) return { d: rasterD(field), line: false };
  const city = geometry?.cities?.find((c) => c.seg === seg);
  if (city) return { d: city.fill, line: false };
  const linear = geometry?.linear?.find((l) => l.seg === seg);
  if (linear && linear.paths.length) return { d: linear.paths.join(''), line: true };
  const area = geometry?.areas?.find((a) => a.seg === seg);
  if (area) return { d: area.fans.map(polyD).join(''), line: false };
  // Cloisters, shrines and anything else: a disc around the spot.
  const p = geometry?.spots?.[seg] || { x: 50, y: 50 };
  return { d: `M${n(p.x - 20)} ${n(p.y)}a20 20 0 1 0 40 0a20 20 0 1 0 -40 0Z`, line: false };
}
