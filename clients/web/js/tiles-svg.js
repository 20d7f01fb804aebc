// @ts-check
// SVG art for tiles, drawn from the catalog data through tile-geometry.js. Each tile type
// becomes one <g> in <defs> (canonical orientation, 100 x 100), reused by <use> on the board,
// so a 100-tile board costs 100 tiny elements. Returns markup strings (no DOM needed).

import { tileGeometry } from './tile-geometry.js';

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const tileDomId = (id) => 'tile-' + String(id).replace(/[^A-Za-z0-9_-]/g, '_');

// Shared patterns and symbols, included once per SVG document.
export function sharedDefs() {
  return `
  <pattern id="pat-city" width="12" height="8" patternUnits="userSpaceOnUse">
    <rect width="12" height="8" fill="#e3a862"/>
    <path d="M0 4h12M6 0v4M0 8M3 4v4M9 4v4" stroke="#c98b48" stroke-width="0.8" opacity="0.55"/>
  </pattern>
  <pattern id="pat-stone" width="10" height="10" patternUnits="userSpaceOnUse">
    <rect width="10" height="10" fill="#cfc6b8"/>
    <path d="M0 5h10M5 0v5M0 10M2 5v5M8 5v5" stroke="#a79c8c" stroke-width="0.7" opacity="0.6"/>
  </pattern>
  <pattern id="pat-roof" width="8" height="6" patternUnits="userSpaceOnUse">
    <rect width="8" height="6" fill="#c8553d"/>
    <path d="M0 3h8M4 0v3M0 6M0 3v3M8 3v3" stroke="#9c3b27" stroke-width="0.8" opacity="0.7"/>
  </pattern>
  <pattern id="pat-court" width="14" height="14" patternUnits="userSpaceOnUse">
    <rect width="14" height="14" fill="#9ccc6a"/>
    <path d="M3 4l1-2 1 2M10 11l1-2 1 2" stroke="#78a84a" stroke-width="0.8" fill="none"/>
  </pattern>
  <pattern id="pat-cobble" width="6" height="6" patternUnits="userSpaceOnUse">
    <rect width="6" height="6" fill="#e6dcc6"/>
    <circle cx="1.5" cy="1.5" r="1.1" fill="#d3c5a6"/><circle cx="4.5" cy="4.5" r="1.1" fill="#d3c5a6"/>
  </pattern>
  <radialGradient id="grad-field" cx="50%" cy="45%" r="75%">
    <stop offset="0" stop-color="#8cc265"/><stop offset="1" stop-color="#6aa84f"/>
  </radialGradient>
  <symbol id="sym-shield" viewBox="-8 -9 16 18">
    <path d="M-7 -8H7V0C7 5 3 7.5 0 9C-3 7.5 -7 5 -7 0Z" fill="#2456a6" stroke="#f5f0e1" stroke-width="1.6"/>
    <path d="M0 -8V9M-7 -1H7" stroke="#f5f0e1" stroke-width="1.4"/>
  </symbol>
  <symbol id="sym-meeple" viewBox="-12 -12 24 24">
    <circle cx="0" cy="-7" r="4.2"/>
    <path d="M-3 -3.5L-10 -1.5Q-12.5 0 -10 2.2L-5.2 3L-8.5 11H-2L0 6.5L2 11H8.5L5.2 3L10 2.2Q12.5 0 10 -1.5L3 -3.5Z"/>
  </symbol>`;
}

function grass(id) {
  // Deterministic tufts so a tile type always looks the same.
  let seed = 0;
  for (const ch of String(id)) seed = (seed * 31 + ch.charCodeAt(0)) >>> 0;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  let d = '';
  for (let i = 0; i < 9; i++) {
    const x = 8 + rnd() * 84,
      y = 8 + rnd() * 84;
    d += `M${x.toFixed(1)} ${y.toFixed(1)}l1.4 -3 1.4 3`;
  }
  return `<path d="${d}" stroke="#5a9443" stroke-width="0.9" fill="none" opacity="0.7"/>`;
}

function linearMarkup(l) {
  const style = {
    road: ['#7d6a4f', 12, '#f1e6c8', 8.5],
    street: ['#8a7d68', 15, 'url(#pat-cobble)', 11.5],
    river: ['#1f5f99', 19, '#3f8fd2', 15],
  }[l.kind];
  let out = '';
  for (const d of l.paths) {
    out += `<path d="${d}" fill="none" stroke="${style[0]}" stroke-width="${style[1]}" stroke-linecap="round"/>`;
    out += `<path d="${d}" fill="none" stroke="${style[2]}" stroke-width="${style[3]}" stroke-linecap="round"/>`;
    if (l.kind === 'river')
      out += `<path d="${d}" fill="none" stroke="#9fd3f5" stroke-width="1.6" stroke-dasharray="5 7" stroke-linecap="round" opacity="0.9"/>`;
  }
  return out;
}

function cityMarkup(c) {
  let out = `<path d="${c.fill}" fill="url(#pat-city)"/>`;
  for (const w of c.walls) {
    out += `<path d="${w}" fill="none" stroke="#7a4a22" stroke-width="5" stroke-linecap="round"/>`;
    out += `<path d="${w}" fill="none" stroke="#b98550" stroke-width="1.6" stroke-dasharray="3 3"/>`;
  }
  return out;
}

const CENTRE_ART = {
  cloister: (p) => `<g transform="translate(${p.x} ${p.y})">
    <ellipse cx="0" cy="13" rx="17" ry="4" fill="#000" opacity="0.18"/>
    <rect x="-12" y="-4" width="24" height="16" fill="#f3ead6" stroke="#6b5a45" stroke-width="1.2"/>
    <path d="M-15 -3L0 -15L15 -3Z" fill="#c8402e" stroke="#7c2418" stroke-width="1.2"/>
    <rect x="-3" y="3" width="6" height="9" rx="3" fill="#6b5a45"/>
    <path d="M0 -22V-14M-3 -19H3" stroke="#6b5a45" stroke-width="1.6"/></g>`,
  shrine: (p) => `<g transform="translate(${p.x} ${p.y})">
    <ellipse cx="0" cy="13" rx="16" ry="4" fill="#000" opacity="0.18"/>
    <rect x="-11" y="-2" width="22" height="14" fill="#8e8aa0" stroke="#4a4560" stroke-width="1.2"/>
    <path d="M-14 -1L0 -14L14 -1Z" fill="#5d4a8a" stroke="#352a55" stroke-width="1.2"/>
    <path d="M0 0C-4 5 -2 8 0 10C2 8 4 5 0 0Z" fill="#f2a33a"/></g>`,
  foundation: (p) => `<g transform="translate(${p.x} ${p.y})">
    <rect x="-13" y="-13" width="26" height="26" rx="3" fill="url(#pat-stone)" stroke="#6d655a" stroke-width="1.5"/>
    <rect x="-8" y="-8" width="16" height="16" rx="2" fill="none" stroke="#8c8376" stroke-width="1"/></g>`,
};

const MARKER_ART = {
  junction: (p) =>
    `<g transform="translate(${p.x} ${p.y})"><circle r="9" fill="url(#pat-cobble)" stroke="#7d6a4f" stroke-width="2"/><rect x="-4" y="-4" width="8" height="8" fill="#c8553d" stroke="#7c2e1f" stroke-width="1" transform="rotate(45)"/></g>`,
  hut: (p) =>
    `<g transform="translate(${p.x} ${p.y})"><circle r="6" fill="url(#pat-cobble)" stroke="#7d6a4f" stroke-width="1.5"/><circle r="2.5" fill="#c8553d"/></g>`,
  plaza: (p) => `<circle cx="${p.x}" cy="${p.y}" r="9" fill="url(#pat-cobble)" stroke="#8a7d68" stroke-width="1.5"/>`,
  square: (p) =>
    `<g transform="translate(${p.x} ${p.y})"><circle r="14" fill="url(#pat-cobble)" stroke="#8a7d68" stroke-width="2"/><circle r="5" fill="#4f9ad8" stroke="#6d655a" stroke-width="2"/></g>`,
  pool: (p) => `<circle cx="${p.x}" cy="${p.y}" r="10" fill="#3f8fd2" stroke="#1f5f99" stroke-width="2"/>`,
  spring: (p) =>
    `<g transform="translate(${p.x} ${p.y})"><ellipse rx="13" ry="10" fill="#3f8fd2" stroke="#1f5f99" stroke-width="2"/><ellipse rx="6" ry="4" fill="none" stroke="#9fd3f5" stroke-width="1.4"/><path d="M-6 -12l2 -4 2 4M4 -12l2 -4 2 4" stroke="#4f8a3a" fill="none"/></g>`,
  lake: (
    p,
  ) => `<g transform="translate(${p.x} ${p.y})"><ellipse rx="24" ry="17" fill="#3f8fd2" stroke="#1f5f99" stroke-width="2.2"/><path d="M-12 2q4 -3 8 0t8 0M-2 8q4 -3 8 0" stroke="#9fd3f5" fill="none" stroke-width="1.4"/>
    <g transform="translate(22 -22)"><path d="M-11 8L-3 -7H3L11 8Z" fill="#7a5236" stroke="#4a301e" stroke-width="1.2"/><path d="M-3 -7Q0 -13 3 -7Z" fill="#e2452b"/><path d="M-1 -10q-2 -5 2 -8" stroke="#999" fill="none"/></g></g>`,
};

const AREA_FILL = { house: 'url(#pat-roof)', castle_tower: 'url(#pat-stone)', courtyard: 'url(#pat-court)' };
const AREA_STROKE = { house: '#7c2e1f', castle_tower: '#5e574d', courtyard: '#5f8c3c' };

function polyD(pts) {
  return 'M' + pts.map((p) => `${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join('L') + 'Z';
}

// Icons drawn upright at a spot whatever the tile's rotation: shields, markets, flags.
export function tileIcons(tile, geometry) {
  const icons = geometry.centres.map((c) => ({ kind: c.kind, seg: c.seg, k: 0 }));
  for (const c of geometry.cities) {
    for (let k = 0; k < c.shields; k++) icons.push({ kind: 'shield', seg: c.seg, k });
  }
  for (const a of geometry.areas) for (let k = 0; k < a.markets; k++) icons.push({ kind: 'market', seg: a.seg, k });
  tile.segments.forEach((s, i) => {
    for (const f of s.flags || [])
      if (f === 'inn' || f === 'pig_herd' || f === 'well') icons.push({ kind: f, seg: i, k: 0 });
  });
  return icons;
}

export function iconMarkup(kind, p) {
  if (CENTRE_ART[kind]) return CENTRE_ART[kind](p);
  const t = `translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`;
  switch (kind) {
    case 'shield':
      return `<use href="#sym-shield" x="${(p.x - 7).toFixed(1)}" y="${(p.y - 8).toFixed(1)}" width="14" height="16"/>`;
    case 'market':
      return `<g transform="${t}"><rect x="-8" y="-2" width="16" height="9" fill="#f3ead6" stroke="#6b5a45" stroke-width="1"/><path d="M-10 -2L-7 -8H7L10 -2Z" fill="#d64545" stroke="#7c2418" stroke-width="1"/><path d="M-4 -8L-5 -2M0 -8V-2M4 -8L5 -2" stroke="#fff" stroke-width="1.4"/></g>`;
    case 'inn':
      return `<g transform="${t}"><rect x="-6" y="-4" width="12" height="9" fill="#f6e7b0" stroke="#6b5a45"/><path d="M-8 -3L0 -9L8 -3Z" fill="#2c7a4b"/></g>`;
    case 'pig_herd':
      return `<g transform="${t}"><ellipse rx="7" ry="4.5" fill="#f3a6b5" stroke="#a05a6a"/><circle cx="6" cy="-1" r="2.3" fill="#f3a6b5" stroke="#a05a6a"/></g>`;
    case 'well':
      return `<g transform="${t}"><circle r="6" fill="#4f9ad8" stroke="#6d655a" stroke-width="2.5"/><path d="M-7 -7H7M0 -7V-3" stroke="#6b5a45" stroke-width="1.5"/></g>`;
    default:
      return '';
  }
}

// Where the k-th icon of a segment goes, in canonical coordinates (beside its spot).
export function iconPoint(geometry, seg, k, kind) {
  const s = geometry.spots[seg] || { x: 50, y: 50 };
  if (CENTRE_ART[kind]) return s;
  if (kind === 'shield' || kind === 'market') return { x: s.x + 13 + k * 12, y: s.y - 10 };
  return { x: s.x + 12, y: s.y + 10 };
}

// The art of one tile type in canonical orientation.
export function tileArt(tile) {
  const g = tileGeometry(tile);
  const city = tile.set === 'city';
  let out = '';
  if (g.castle) out += `<rect width="100" height="100" fill="url(#pat-cobble)"/>`;
  else if (city) out += `<rect width="100" height="100" fill="url(#pat-city)"/>`;
  else out += `<rect width="100" height="100" fill="url(#grad-field)"/>` + grass(tile.id);
  if (city) out += cityCellMarkup(tile);
  for (const a of g.areas) {
    for (const f of a.fans)
      out += `<path d="${polyD(f)}" fill="${AREA_FILL[a.kind]}" stroke="${AREA_STROKE[a.kind]}" stroke-width="1.5" stroke-linejoin="round"/>`;
  }
  for (const l of g.linear) if (!l.over) out += linearMarkup(l);
  for (const c of g.cities) out += cityMarkup(c);
  for (const l of g.linear) if (l.over) out += linearMarkup(l);
  for (const m of g.markers) out += MARKER_ART[m.kind](m.at);
  // Centre buildings are drawn upright by the board (tileIcons), like shields.
  return { markup: out, geometry: g };
}

// The City of Carcassonne's cells: rooftops inside, green belts along field half-edges.
function cityCellMarkup(tile) {
  let out = '';
  const strip = {
    NL: [0, 0, 50, 20],
    NR: [50, 0, 50, 20],
    EL: [80, 0, 20, 50],
    ER: [80, 50, 20, 50],
    SL: [50, 80, 50, 20],
    SR: [0, 80, 50, 20],
    WL: [0, 50, 20, 50],
    WR: [0, 0, 20, 50],
  };
  for (const s of tile.segments) {
    if (s.kind !== 'field') continue;
    for (const p of s.ports) {
      const r = strip[p];
      if (r) out += `<rect x="${r[0]}" y="${r[1]}" width="${r[2]}" height="${r[3]}" fill="#7db55a"/>`;
    }
  }
  // A few roofs so the cells read as a town.
  for (const [x, y] of [
    [30, 32],
    [58, 40],
    [38, 62],
    [66, 66],
  ]) {
    out += `<g transform="translate(${x} ${y})"><rect x="-7" y="-3" width="14" height="9" fill="#f3ead6" stroke="#7a5a3a" stroke-width="0.8"/><path d="M-9 -2L0 -9L9 -2Z" fill="url(#pat-roof)" stroke="#7c2e1f" stroke-width="0.8"/></g>`;
  }
  return out;
}

// One <g> per tile type for a <defs> block, plus the geometry for spot lookups.
export function tileDef(tile) {
  const { markup, geometry } = tileArt(tile);
  const id = tileDomId(tile.id);
  return {
    geometry,
    markup: `<g id="${id}" data-tile="${esc(tile.id)}"><clipPath id="${id}-clip"><rect width="100" height="100"/></clipPath><g clip-path="url(#${id}-clip)">${markup}</g></g>`,
  };
}
