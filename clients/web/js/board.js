// The board: an SVG of the laid tiles with pan (drag, arrow keys) and zoom (wheel, +/-),
// overlays for legal cells, the tile being placed, clickable spots and followers. It knows no
// rules: the game screen hands it what to show and listens for clicks.

import { sharedDefs, tileDef, tileDomId, tileIcons, iconMarkup, iconPoint } from './tiles-svg.js';
import { rotatePoint } from './tile-geometry.js';
import { meepleMarkup, styleOf, shapeMarkup } from './players.js';
import { castleMarkup, castleExtent } from './castle-board.js';
import { quartersMarkup } from './city-board.js';
import { esc } from './dom.js';

const T = 100; // board units per tile

export class Board extends EventTarget {
  constructor(svg) {
    super();
    this.svg = svg;
    this.tiles = new Map();     // id -> tile
    this.geometry = new Map();  // id -> geometry (canonical)
    this.defined = new Set();
    this.view = { x: -250, y: -250, w: 600, h: 600 };
    this.fitted = false;
    svg.innerHTML = `<defs id="board-defs">${sharedDefs()}</defs><g class="layer-castle"></g><g class="layer-tiles"></g><g class="layer-marks"></g>` +
      `<g class="layer-cells"></g><g class="layer-preview"></g><g class="layer-followers"></g><g class="layer-spots"></g>`;
    this.defs = svg.querySelector('#board-defs');
    this.layers = Object.fromEntries(['castle', 'tiles', 'marks', 'cells', 'preview', 'followers', 'spots'].map((n) => [n, svg.querySelector('.layer-' + n)]));
    this.installPanZoom();
    this.applyView();
  }

  setCatalog(tiles) {
    for (const t of tiles) this.tiles.set(t.id, t);
  }

  // Defines a tile type's art once and returns its canonical geometry.
  ensureTile(id) {
    if (!this.defined.has(id)) {
      const tile = this.tiles.get(id);
      if (!tile) return null;
      const def = tileDef(tile);
      this.defs.insertAdjacentHTML('beforeend', def.markup);
      this.geometry.set(id, def.geometry);
      this.defined.add(id);
    }
    return this.geometry.get(id);
  }

  // Board point of a segment's spot on a laid tile.
  spotPoint(x, y, tileId, rotation, seg) {
    const g = this.ensureTile(tileId);
    const p = rotatePoint(g?.spots?.[seg] || { x: 50, y: 50 }, rotation);
    return { x: x * T + p.x, y: y * T + p.y };
  }

  tileMarkup(t, cls = '') {
    if (!this.ensureTile(t.tile)) return `<rect x="${t.x * T}" y="${t.y * T}" width="${T}" height="${T}" fill="#ccc"/>`;
    const tile = this.tiles.get(t.tile);
    const g = this.geometry.get(t.tile);
    let out = `<g class="tile ${cls}" data-x="${t.x}" data-y="${t.y}" data-tile="${esc(t.tile)}" transform="translate(${t.x * T} ${t.y * T})">` +
      `<use href="#${tileDomId(t.tile)}" transform="rotate(${(t.rotation || 0) * 90} 50 50)"/>`;
    // Icons stay upright: place them at rotated spots.
    for (const ic of tileIcons(tile, g)) out += iconMarkup(ic.kind, rotatePoint(iconPoint(g, ic.seg, ic.k, ic.kind), t.rotation || 0));
    out += `<rect class="tile-edge" width="${T}" height="${T}"/></g>`;
    return out;
  }

  // model: {board, followers, legalCells, preview, spots, targets, highlight, last, quarters,
  //         castle: view.game.castle, scores}
  render(model) {
    const board = model.board || [];
    this.castle = model.castle || null;
    this.layers.castle.innerHTML = this.castle ? castleMarkup(this.castle, model.scores) : '';
    const at = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
    this.at = at;
    this.layers.tiles.innerHTML = board.map((t) => this.tileMarkup(t)).join('');

    // Marks: the last tile laid, scored features being pointed at, towers, the City's quarters.
    let marks = '';
    if (model.last) {
      const c = styleOf(model.last.player ?? 0).colour;
      marks += `<rect class="last-placed" x="${model.last.x * T + 2}" y="${model.last.y * T + 2}" width="${T - 4}" height="${T - 4}" stroke="${c}"/>`;
    }
    for (const [x, y] of model.highlight || []) marks += `<rect class="feature-highlight" x="${x * T}" y="${y * T}" width="${T}" height="${T}"/>`;
    for (const t of board) if (t.height > 0) marks += this.towerMarkup(t);
    if (model.quarters) marks += quartersMarkup(model.quarters, board) + this.redeployMarkup(model.quarters.redeployOnto, at);
    this.layers.marks.innerHTML = marks;

    // Legal cells for the tile in hand.
    this.layers.cells.innerHTML = (model.legalCells || []).map((c) =>
      `<g class="legal-cell${model.preview && model.preview.x === c.x && model.preview.y === c.y ? ' chosen' : ''}" data-x="${c.x}" data-y="${c.y}" tabindex="-1">` +
      `<rect x="${c.x * T + 4}" y="${c.y * T + 4}" width="${T - 8}" height="${T - 8}" rx="8"/>` +
      `<text x="${c.x * T + 50}" y="${c.y * T + 56}">${c.count > 1 ? c.count + '↻' : '+'}</text></g>`).join('');

    this.layers.preview.innerHTML = model.preview ? this.tileMarkup(model.preview, 'preview') : '';

    // Followers.
    let fol = '';
    for (const f of model.followers || []) {
      if (f.spot === 'quarter') continue; // drawn inside the quarters
      const t = at.get(`${f.x},${f.y}`);
      if (!t) continue;
      if (f.spot === 'tower') {
        const p = this.spotPoint(t.x, t.y, t.tile, t.rotation, this.foundationSeg(t.tile));
        fol += meepleMarkup(f.owner, p.x, p.y - 14 - Math.min(t.height || 0, 6) * 2, { size: 24 });
      } else {
        const p = this.spotPoint(t.x, t.y, t.tile, t.rotation, f.segment);
        const kind = this.tiles.get(t.tile)?.segments[f.segment]?.kind;
        fol += meepleMarkup(f.owner, p.x, p.y, { lying: kind === 'field', size: 26 });
      }
    }
    this.layers.followers.innerHTML = fol;

    // Clickable spots: follower choices on the tile being placed, tower and quarter targets.
    let spots = '';
    for (const s of model.spots || []) {
      spots += `<g class="spot${s.selected ? ' selected' : ''}" data-key="${esc(s.key)}" role="button" aria-label="${esc(s.label)}">` +
        `<circle cx="${s.px.toFixed(1)}" cy="${s.py.toFixed(1)}" r="13"/>` +
        (s.selected ? meepleMarkup(s.seat, s.px, s.py, { size: 24, lying: s.lying }) : `<circle class="dot" cx="${s.px.toFixed(1)}" cy="${s.py.toFixed(1)}" r="4"/>`) +
        `<title>${esc(s.label)}</title></g>`;
    }
    this.layers.spots.innerHTML = spots;

    // Fit once at the start, and again whenever a tile lands outside the visible area.
    if (board.length && (!this.fitted || (board.length !== this.lastCount && !this.visible(board[board.length - 1])))) { this.fit(board); this.fitted = true; }
    this.lastCount = board.length;
  }

  foundationSeg(tileId) {
    return this.tiles.get(tileId)?.segments.findIndex((s) => s.kind === 'foundation') ?? 0;
  }

  towerMarkup(t) {
    const p = this.spotPoint(t.x, t.y, t.tile, t.rotation, this.foundationSeg(t.tile));
    const h = t.height;
    let out = `<g class="tower" transform="translate(${p.x} ${p.y})">`;
    const levels = Math.min(h, 6);
    for (let i = 0; i < levels; i++) {
      out += `<rect x="-10" y="${6 - i * 4}" width="20" height="4.5" fill="${i % 2 ? '#b9b0a2' : '#cfc6b8'}" stroke="#5e574d" stroke-width="0.8"/>`;
    }
    const top = 6 - (levels - 1) * 4;
    out += `<path d="M-10 ${top}v-3h4v2h4v-2h4v2h4v-2h4v3Z" fill="#cfc6b8" stroke="#5e574d" stroke-width="0.8"/>`;
    out += `<circle cx="12" cy="10" r="6.5" fill="#fff" stroke="#5e574d"/><text class="tower-height" x="12" y="10">${h}</text></g>`;
    return out;
  }

  // Redeployment: the feature about to be scored that a quarter's followers would join.
  redeployMarkup(onto, at) {
    const t = onto && at.get(`${onto.x},${onto.y}`);
    if (!t) return '';
    const p = this.spotPoint(t.x, t.y, t.tile, t.rotation, onto.segment);
    return `<g class="redeploy-onto"><rect x="${t.x * T + 1}" y="${t.y * T + 1}" width="${T - 2}" height="${T - 2}"/>` +
      `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="15"/><title>Followers from the quarter would join this ${esc(onto.feature || 'feature')}</title></g>`;
  }

  // ---- pan and zoom -------------------------------------------------------------------

  applyView() {
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  fit(board) {
    const walls = castleExtent(this.castle); // The Castle: always the whole walled board
    if (walls) board = [{ x: walls.minX + 1, y: walls.minY + 1 }, { x: walls.maxX - 1, y: walls.maxY - 1 }];
    if (!board.length) return;
    const xs = board.map((t) => t.x), ys = board.map((t) => t.y);
    const minX = (Math.min(...xs) - 1.5) * T, maxX = (Math.max(...xs) + 2.5) * T;
    const minY = (Math.min(...ys) - 1.5) * T, maxY = (Math.max(...ys) + 2.5) * T;
    const size = Math.max(maxX - minX, maxY - minY, 700);
    this.view = { x: (minX + maxX) / 2 - size / 2, y: (minY + maxY) / 2 - size / 2, w: size, h: size };
    this.applyView();
  }

  // Pans (without zooming) just enough that cell (x, y) is in view, with a quarter-tile margin.
  reveal(x, y) {
    const v = this.view, m = T / 4;
    const left = x * T - m, right = (x + 1) * T + m, top = y * T - m, bottom = (y + 1) * T + m;
    if (left < v.x) v.x = left; else if (right > v.x + v.w) v.x = right - v.w;
    if (top < v.y) v.y = top; else if (bottom > v.y + v.h) v.y = bottom - v.h;
    this.applyView();
  }

  visible(t) {
    const v = this.view;
    return t.x * T >= v.x && (t.x + 1) * T <= v.x + v.w && t.y * T >= v.y && (t.y + 1) * T <= v.y + v.h;
  }

  zoom(factor, cx, cy) {
    const v = this.view;
    const nw = Math.min(6000, Math.max(220, v.w * factor));
    const k = nw / v.w;
    cx ??= v.x + v.w / 2; cy ??= v.y + v.h / 2;
    this.view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w: nw, h: v.h * k };
    this.applyView();
  }

  pan(dx, dy) { // in fractions of the visible width
    this.view.x += dx * this.view.w; this.view.y += dy * this.view.h;
    this.applyView();
  }

  toBoard(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  installPanZoom() {
    const svg = this.svg;
    let drag = null;
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const p = this.toBoard(e);
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    svg.addEventListener('pointerdown', (e) => {
      drag = { x: e.clientX, y: e.clientY, vx: this.view.x, vy: this.view.y, moved: false, id: e.pointerId };
    });
    svg.addEventListener('pointermove', (e) => {
      if (!drag || drag.id !== e.pointerId) return;
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) svg.setPointerCapture(e.pointerId);
      drag.moved = true;
      const scale = this.view.w / svg.clientWidth;
      this.view.x = drag.vx - dx * scale; this.view.y = drag.vy - dy * scale;
      this.applyView();
      svg.classList.add('panning');
    });
    const end = (e) => {
      if (!drag) return;
      const wasDrag = drag.moved;
      drag = null;
      svg.classList.remove('panning');
      if (!wasDrag && e.type === 'pointerup') this.click(e);
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
  }

  click(e) {
    const target = document.elementFromPoint(e.clientX, e.clientY) || e.target;
    const spot = target.closest?.('.spot');
    if (spot) return this.emit('spot', { key: spot.dataset.key });
    const quarter = target.closest?.('.quarter');
    if (quarter) return this.emit('quarter', { quarter: quarter.dataset.quarter });
    const cell = target.closest?.('.legal-cell');
    if (cell) return this.emit('cell', { x: Number(cell.dataset.x), y: Number(cell.dataset.y) });
    const tile = target.closest?.('.tile');
    if (tile) return this.emit('tile', { x: Number(tile.dataset.x), y: Number(tile.dataset.y) });
  }

  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }
}

export { shapeMarkup };
