// @ts-check
// The board: an SVG of the laid tiles with pan (drag, arrow keys, one finger) and zoom (wheel,
// +/-, two-finger pinch), overlays for legal cells, dead cells, the tile being placed, the last
// move, followers and the decision targets (every choice is made here, by click, tap or keyboard:
// Tab to a target and Enter). It knows no rules: the game screen hands it what to show and
// listens for the events `cell`, `target`, `tile`.

import { sharedDefs, tileDef, tileDomId, tileIcons, iconMarkup, iconPoint } from './tiles-svg.js';
import { rotatePoint } from './tile-geometry.js';
import { segmentShape, segmentSpan } from './feature-shape.js';
import { meepleMarkup, styleOf, shapeMarkup } from './players.js';
import { castleMarkup, castleExtent } from './castle-board.js';
import { quartersMarkup } from './city-board.js';
import { esc } from './dom.js';
import { t } from './i18n.js';
import { runningAnimations } from './last-move.js';

const T = 100; // board units per tile
// The smallest tap target drawn, in CSS pixels (the platforms' touch guideline). A legal square
// is T - 8 units, so the board's own fits never show a tile under MIN_TILE_PX.
export const TAP_PX = 44;
const MIN_TILE_PX = Math.ceil((TAP_PX * T) / (T - 8));
// Screen pixels kept round a framed target's marker for its tag.
const TAG_PX = 30;

export class Board extends EventTarget {
  constructor(svg) {
    super();
    this.svg = svg;
    this.tiles = new Map(); // id -> tile
    this.geometry = new Map(); // id -> geometry (canonical)
    this.defined = new Set();
    this.view = { x: -250, y: -250, w: 600, h: 600 };
    this.autoFit = true; // follows the growing board until the player pans or zooms
    /** @type {import('./last-move.js').Animations} the last move's animations running */
    this.anim = {};
    /** @type {number | undefined} screen pixels the turn banner takes on top (the room's view sets it) */
    this.padTop = undefined;
    svg.innerHTML =
      `<defs id="board-defs">${sharedDefs()}</defs><g class="layer-castle"></g><g class="layer-tiles"></g><g class="layer-marks"></g>` +
      `<g class="layer-cells"></g><g class="layer-preview"></g><g class="layer-followers"></g><g class="layer-spots"></g>`;
    this.defs = svg.querySelector('#board-defs');
    this.layers = Object.fromEntries(
      ['castle', 'tiles', 'marks', 'cells', 'preview', 'followers', 'spots'].map((n) => [
        n,
        svg.querySelector('.layer-' + n),
      ]),
    );
    this.installPanZoom();
    this.installKeys();
    // Re-fit when the window or the layout changes the board's size.
    if (typeof ResizeObserver !== 'undefined') {
      this.resizer = new ResizeObserver(() => {
        if (this.chooser?.framing) this.centreInFree(this.framePpu(), this.chooser.x, this.chooser.y);
        else if (this.chooser) this.zoomTo(this.neededPpu(), this.chooser.x, this.chooser.y);
        else if (this.autoFit && this.model) this.fit(this.fitCells());
        else {
          this.keepZoom();
          this.revealSomeTarget(); // a board made smaller by a panel may hide every square
        }
        if (!this.chooser) this.keepTargetsInside();
      });
      this.resizer.observe(svg);
    }
    this.applyView();
  }

  destroy() {
    this.resizer?.disconnect();
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

  // A tile's accessible name: where it lies and what it holds ("Tile at (1, 0): city, road, field").
  tileLabel(tl) {
    const kinds = [...new Set((this.tiles.get(tl.tile)?.segments || []).map((s) => s.kind))];
    const features = kinds.map((k) => t(`board.feature.${k}`)).join(', ');
    return t('board.tile_label', { x: tl.x, y: tl.y, features });
  }

  tileMarkup(t, cls = '', style = '') {
    if (!this.ensureTile(t.tile)) return `<rect x="${t.x * T}" y="${t.y * T}" width="${T}" height="${T}" fill="#ccc"/>`;
    const tile = this.tiles.get(t.tile);
    const g = this.geometry.get(t.tile);
    let out =
      `<g class="tile ${cls}" ${style ? `style="${style}" ` : ''}role="img" aria-label="${esc(this.tileLabel(t))}" data-x="${t.x}" data-y="${t.y}" data-tile="${esc(t.tile)}" transform="translate(${t.x * T} ${t.y * T})">` +
      `<use href="#${tileDomId(t.tile)}" transform="rotate(${(t.rotation || 0) * 90} 50 50)"/>`;
    // Icons stay upright: place them at rotated spots.
    for (const ic of tileIcons(tile, g))
      out += iconMarkup(ic.kind, rotatePoint(iconPoint(g, ic.seg, ic.k, ic.kind), t.rotation || 0));
    out += `<rect class="tile-edge" width="${T}" height="${T}"/></g>`;
    return out;
  }

  // A move review's better move (review-panel.js): {x, y, tile, rotation, showTile, segment?,
  // seat}: the tile laid there, translucent, with a translucent follower on `segment`.
  ghostMarkup(gh) {
    let out = `<g class="review-ghost" data-x="${gh.x}" data-y="${gh.y}">`;
    if (gh.showTile) out += this.tileMarkup(gh, 'ghost');
    if (gh.segment !== undefined && gh.segment !== null && this.ensureTile(gh.tile)) {
      const p = this.spotPoint(gh.x, gh.y, gh.tile, gh.rotation || 0, gh.segment);
      const kind = this.tiles.get(gh.tile)?.segments[gh.segment]?.kind;
      out += meepleMarkup(gh.seat, p.x, p.y, { lying: kind === 'field', size: 26, ghost: true, cls: 'ghost-follower' });
    }
    return out + '</g>';
  }

  // model: {board, followers, legalCells, deadCells, preview, targets, highlight, last, quarters,
  //         castle: view.game.castle, scores, ghost}
  // targets: [{key, px, py, label, kind, seat?, selected?, lying?, rect?: {x, y, w, h}, text?}]
  // last: {cells: [[x, y]], player, key} (the last move, outlined; animated when its key is new)
  render(model) {
    // {x, y, player} (the replay's form) is a last move of one cell.
    if (model.last && !model.last.cells && model.last.x !== undefined) {
      model = {
        ...model,
        last: {
          cells: [[model.last.x, model.last.y]],
          player: model.last.player,
          key: `${model.last.x},${model.last.y}`,
          placed: [model.last.x, model.last.y],
        },
      };
    }
    this.model = model;
    const board = model.board || [];
    this.castle = model.castle || null;
    this.layers.castle.innerHTML = this.castle ? castleMarkup(this.castle, model.scores) : '';
    const at = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
    this.at = at;
    const now = performance.now();
    this.anim = runningAnimations(this.anim, model.last || null, now);
    const { tile: fading, pulse } = this.anim;
    const delay = (/** @type {{ start: number }} */ a) => `animation-delay:${Math.round(a.start - now)}ms`;
    this.layers.tiles.innerHTML = board
      .map((t) =>
        fading && fading.x === t.x && fading.y === t.y
          ? this.tileMarkup(t, 'just-placed', delay(fading))
          : this.tileMarkup(t),
      )
      .join('');

    // Marks: dead cells, the last move, scored features pointed at, towers, the City's quarters.
    let marks = '';
    for (const c of model.deadCells || []) {
      marks +=
        `<g class="dead-cell" data-x="${c.x}" data-y="${c.y}"><rect x="${c.x * T + 6}" y="${c.y * T + 6}" width="${T - 12}" height="${T - 12}" rx="6"/>` +
        `<path d="M${c.x * T + 40} ${c.y * T + 40}l20 20m0 -20l-20 20"/><title>${esc(t('board.dead_cell'))}</title></g>`;
    }
    if (model.last) {
      const c =
        model.last.player === null || model.last.player === undefined ? '#5b4a33' : styleOf(model.last.player).colour;
      for (const [x, y] of model.last.cells || []) {
        marks += `<rect class="last-placed${pulse ? ' fresh' : ''}" ${pulse ? `style="${delay(pulse)}" ` : ''}data-x="${x}" data-y="${y}" x="${x * T + 2}" y="${y * T + 2}" width="${T - 4}" height="${T - 4}" stroke="${c}"/>`;
      }
    }
    for (const [x, y] of model.highlight || [])
      marks += `<rect class="feature-highlight" x="${x * T}" y="${y * T}" width="${T}" height="${T}"/>`;
    for (const tl of board) if (tl.height > 0) marks += this.towerMarkup(tl);
    if (model.quarters)
      marks += quartersMarkup(model.quarters, board) + this.redeployMarkup(model.quarters.redeployOnto, at);
    this.layers.marks.innerHTML = marks;

    // Legal cells for the tile in hand.
    this.layers.cells.innerHTML = (model.legalCells || [])
      .map(
        (c) =>
          `<g class="legal-cell${model.preview && model.preview.x === c.x && model.preview.y === c.y ? ' chosen' : ''}" data-x="${c.x}" data-y="${c.y}" tabindex="0" role="button" aria-label="${esc(t('board.cell_label', { x: c.x, y: c.y, count: c.count }))}">` +
          `<rect x="${c.x * T + 4}" y="${c.y * T + 4}" width="${T - 8}" height="${T - 8}" rx="8"/>` +
          `<text x="${c.x * T + 50}" y="${c.y * T + 56}">${c.count > 1 ? c.count + '↻' : '+'}</text></g>`,
      )
      .join('');

    this.layers.preview.innerHTML =
      (model.preview ? this.tileMarkup(model.preview, 'preview') : '') +
      (model.ghost ? this.ghostMarkup(model.ghost) : '');

    // Followers.
    let fol = '';
    for (const f of model.followers || []) {
      if (f.spot === 'quarter') continue; // drawn inside the quarters
      const tl = at.get(`${f.x},${f.y}`);
      if (!tl) continue;
      if (f.spot === 'tower') {
        const p = this.spotPoint(tl.x, tl.y, tl.tile, tl.rotation, this.foundationSeg(tl.tile));
        fol += meepleMarkup(f.owner, p.x, p.y - 14 - Math.min(tl.height || 0, 6) * 2, { size: 24 });
      } else {
        const p = this.spotPoint(tl.x, tl.y, tl.tile, tl.rotation, f.segment);
        const kind = this.tiles.get(tl.tile)?.segments[f.segment]?.kind;
        fol += meepleMarkup(f.owner, p.x, p.y, { lying: kind === 'field', size: 26 });
      }
    }
    this.layers.followers.innerHTML = fol;

    // Decision targets: follower spots, tower floors, capture targets, quarters, market fields,
    // The Castle's scorings. Each is a focusable button of the SVG.
    let spots = '';
    // The whole feature of the chosen target (a follower spot's city, road, field or cloister).
    const chosen = (model.targets || []).find((s) => s.selected && s.parts && !s.area);
    if (chosen) spots += `<g class="feature-area">${this.partsMarkup(chosen.parts || [])}</g>`;
    // The chosen target last, so its neighbours never cover it.
    for (const s of [...(model.targets || [])].sort((a, b) => Number(!!a.selected) - Number(!!b.selected))) {
      const attrs = `class="spot spot-${esc(s.kind || 'follower')}${s.selected ? ' selected' : ''}${s.area ? ' spot-area' : ''}" data-key="${esc(s.key)}" tabindex="0" role="button" aria-pressed="${s.selected ? 'true' : 'false'}" aria-label="${esc(s.label)}"`;
      if (s.area) {
        // A field chosen by tapping the field itself: its shape is the target.
        spots +=
          `<g ${attrs}><g class="area">${this.partsMarkup(s.parts || [])}</g>` +
          (s.selected && s.seat !== undefined && s.seat !== null
            ? meepleMarkup(s.seat, s.px, s.py, { size: 24, lying: true })
            : `<circle class="dot" cx="${s.px.toFixed(1)}" cy="${s.py.toFixed(1)}" r="6"/>`) +
          (s.tag ? this.tagMarkup(s.px, s.py, s.tag) : '') +
          `<title>${esc(s.label)}</title></g>`;
        continue;
      }
      if (s.rect) {
        spots += `<g ${attrs}><rect class="hit" x="${s.rect.x}" y="${s.rect.y}" width="${s.rect.w}" height="${s.rect.h}" rx="6"/><title>${esc(s.label)}</title></g>`;
        continue;
      }
      spots +=
        `<g ${attrs}><circle class="hit" cx="${s.px.toFixed(1)}" cy="${s.py.toFixed(1)}" r="13"/>` +
        (s.selected && s.seat !== undefined && s.seat !== null && !s.text
          ? meepleMarkup(s.seat, s.px, s.py, { size: 24, lying: s.lying })
          : s.text
            ? `<text class="spot-text" x="${s.px.toFixed(1)}" y="${s.py.toFixed(1)}">${esc(s.text)}</text>`
            : s.kind === 'capture'
              ? ''
              : `<circle class="dot" cx="${s.px.toFixed(1)}" cy="${s.py.toFixed(1)}" r="4"/>`) +
        `<title>${esc(s.label)}</title></g>`;
    }
    this.layers.spots.innerHTML = spots;
    this.scaleSpots();

    // Follow the board while it grows (until the player pans or zooms); the player's own zoom is
    // kept: new targets or a chosen square are only panned into view.
    const grew = board.length !== this.lastCount;
    this.lastCount = board.length;
    const targetsKey = (model.targets || []).map((s) => s.key).join('|') + '#' + (model.legalCells || []).length;
    const newTargets = targetsKey !== this.targetsKey;
    this.targetsKey = targetsKey;
    const previewKey = model.preview ? `${model.preview.x},${model.preview.y}` : '';
    const newPreview = previewKey !== this.previewKey;
    this.previewKey = previewKey;
    if (!board.length) return;
    if (newTargets) this.closeChooser();
    if (this.autoFit && (grew || newTargets || !this.fitted)) {
      this.fit(this.fitCells());
      this.fitted = true;
    } else {
      if (grew && !this.visible(board[board.length - 1]))
        this.reveal(board[board.length - 1].x, board[board.length - 1].y);
      if (newTargets) this.revealSomeTarget();
    }
    if (newPreview && model.preview && !this.visible(model.preview)) this.reveal(model.preview.x, model.preview.y);
    if (newTargets) this.openChooser();
    if (newTargets && !this.chooser) this.keepTargetsInside();
  }

  // A target's tag (a field's worth on a pill in its holder's colour, a dot for each other
  // holder), drawn at a fixed size on screen: scaleSpots scales it against the zoom.
  tagMarkup(px, py, tag) {
    const w = Math.max(22, tag.text.length * 8 + 12);
    const s = tag.seats.length ? styleOf(tag.seats[0]) : null;
    const fill = s ? s.colour : '#fffcf0',
      ink = s ? s.ink : '#2d2418';
    let out =
      `<g class="spot-tag" data-px="${px.toFixed(1)}" data-py="${py.toFixed(1)}" transform="translate(${px.toFixed(1)} ${py.toFixed(1)})">` +
      `<circle class="tag-hit" r="${TAP_PX / 2}"/>` +
      `<rect x="${-w / 2}" y="-11" width="${w}" height="22" rx="11" style="fill:${fill}"/>` +
      `<text x="0" y="4.5" style="fill:${ink}">${esc(tag.text)}</text>`;
    tag.seats.slice(1).forEach((seat, i) => {
      out += `<circle class="tag-holder" cx="${w / 2 + 3 + i * 9}" cy="-8" r="5" style="fill:${styleOf(seat).colour}"/>`;
    });
    return out + `<title>${esc(tag.title)}</title></g>`;
  }

  // The shapes of a feature's segments, each on its tile (turned as the tile is).
  /** @param {import('./types.js').FeaturePart[]} parts */
  partsMarkup(parts) {
    let out = '';
    for (const q of parts) {
      const shape = segmentShape(this.ensureTile(q.tile), q.segment);
      out += `<path class="${shape.line ? 'part-line' : 'part'}" d="${shape.d}" transform="translate(${q.x * T} ${q.y * T}) rotate(${(q.rotation || 0) * 90} 50 50)"/>`;
    }
    return out;
  }

  // Pans (never zooms) so that the decision targets lie inside the board, clear of its edges and
  // of the turn banner, when they fit at the player's zoom.
  keepTargetsInside() {
    const targets = this.model?.targets || [];
    if (!targets.length || !this.svg.clientWidth) return;
    const v = this.view,
      ppu = this.ppu();
    const m = TAP_PX / ppu,
      top = (this.padTop ?? 44) / ppu;
    const box = (/** @type {any[]} */ list) => {
      const xs = list.flatMap((s) => (s.rect ? [s.rect.x, s.rect.x + s.rect.w] : [s.px]));
      const ys = list.flatMap((s) => (s.rect ? [s.rect.y, s.rect.y + s.rect.h] : [s.py]));
      return [Math.min(...xs) - m, Math.max(...xs) + m, Math.min(...ys) - top, Math.max(...ys) + m];
    };
    let [x0, x1, y0, y1] = box(targets);
    if (x1 - x0 > v.w || y1 - y0 > v.h) {
      // Too spread for this zoom: at least the chosen one, else those on the tile being placed.
      const p = this.model?.preview;
      const onTile = p
        ? targets.filter((s) => !s.rect && Math.floor(s.px / T) === p.x && Math.floor(s.py / T) === p.y)
        : [];
      const anchor = targets.filter((s) => s.selected);
      [x0, x1, y0, y1] = box(anchor.length ? anchor : onTile.length ? onTile : [targets[0]]);
      if (x1 - x0 > v.w || y1 - y0 > v.h) return;
    }
    v.x = Math.min(Math.max(v.x, x1 - v.w), x0);
    v.y = Math.min(Math.max(v.y, y1 - v.h), y0);
    this.applyView();
  }

  // The cells a fit must show: the board, the legal cells and the decision targets.
  fitCells() {
    const m = this.model || {};
    const cells = [...(m.board || []), ...(m.legalCells || [])];
    for (const s of m.targets || []) {
      const x = s.rect ? s.rect.x + s.rect.w / 2 : s.px,
        y = s.rect ? s.rect.y + s.rect.h / 2 : s.py;
      cells.push({ x: Math.floor(x / T), y: Math.floor(y / T) });
    }
    return cells;
  }

  targetsVisible() {
    const v = this.view;
    return (
      (this.model?.targets || []).every((s) => {
        const x = s.rect ? s.rect.x : s.px,
          y = s.rect ? s.rect.y : s.py;
        return x >= v.x && x <= v.x + v.w && y >= v.y && y <= v.y + v.h;
      }) && (this.model?.legalCells || []).every((c) => this.visible(c))
    );
  }

  // A new size of the board (a phone turned, a panel opened) keeps the player's zoom: the same
  // screen pixels per unit around the same middle.
  keepZoom() {
    const v = this.view,
      w = this.svg.clientWidth,
      hgt = this.svg.clientHeight;
    if (this.lastWidth && w > 0 && hgt > 0) {
      const ppu = this.lastWidth / v.w;
      const cx = v.x + v.w / 2,
        cy = v.y + v.h / 2;
      this.view = { x: cx - w / ppu / 2, y: cy - hgt / ppu / 2, w: w / ppu, h: hgt / ppu };
    }
    this.applyView();
  }

  // Screen pixels per board unit.
  ppu() {
    return this.svg.clientWidth ? this.svg.clientWidth / this.view.w : 1;
  }

  // Sizes round targets to at least TAP_PX across on screen, but never so big that one covers
  // the middle of its nearest neighbour; marks the board when some target is still too small to
  // tap at this zoom (a tap then zooms in instead of choosing).
  scaleSpots() {
    const ppu = this.ppu();
    const round = this.roundTargets();
    for (const g of this.layers.spots.querySelectorAll('.spot')) {
      const c = g.querySelector('circle.hit');
      if (!c) continue;
      const min = g.classList.contains('spot-capture') ? 17 : 13; // a capture ring goes round the follower
      const want = Math.max(min, TAP_PX / 2 / ppu);
      c.setAttribute('r', Math.min(want, this.roomFor(g.dataset.key ?? '')).toFixed(1));
    }
    for (const g of this.layers.spots.querySelectorAll('.spot-tag')) {
      if (!(g instanceof SVGGElement)) continue;
      g.setAttribute('transform', `translate(${g.dataset.px} ${g.dataset.py}) scale(${(1 / ppu).toFixed(4)})`);
      const key = g.closest('.spot')?.getAttribute('data-key') ?? '';
      g.querySelector('.tag-hit')?.setAttribute('r', Math.min(TAP_PX / 2, this.roomFor(key) * ppu).toFixed(1));
    }
    const small = this.svg.clientWidth > 0 && round.length + (this.model?.legalCells?.length ?? 0) > 0;
    this.svg.classList.toggle('small-targets', small && this.neededPpu() > ppu * 1.001);
  }

  roundTargets() {
    // A field with a tag is tapped on its tag too: round, like a follower spot.
    const round = (this.model?.targets || []).filter((s) => !s.rect && (!s.area || s.tag));
    if (this.nearestFor !== round) {
      this.nearest = new Map(
        round.map((a) => [
          a.key,
          round.reduce((m, b) => (b === a ? m : Math.min(m, Math.hypot(a.px - b.px, a.py - b.py))), Infinity),
        ]),
      );
      this.nearestFor = round;
    }
    return round;
  }

  // The largest radius (board units) a round target may take: short of its nearest neighbour's
  // middle, so a tap on any target's middle picks that target.
  roomFor(key) {
    return (this.nearest?.get(key) ?? Infinity) * 0.9;
  }

  // Screen pixels per board unit at which every target on the board is at least TAP_PX across.
  neededPpu() {
    let need = this.model?.legalCells?.length ? TAP_PX / (T - 8) : 0;
    const round = (s) => TAP_PX / 2 / Math.min(this.roomFor(s.key), 1e9);
    for (const s of this.roundTargets()) if (!s.area) need = Math.max(need, round(s));
    // A tagged field needs its shape or its tag to be a tap across.
    for (const s of this.model?.targets || [])
      need = Math.max(need, s.tag ? Math.min(this.shapeNeed(s), round(s)) : this.shapeNeed(s));
    return need;
  }

  // Screen pixels per board unit at which a target drawn as a shape (a quarter, a field) is
  // TAP_PX across; 0 for a round one.
  shapeNeed(s) {
    if (s.rect) return TAP_PX / Math.min(s.rect.w, s.rect.h);
    if (!s.area) return 0;
    // A field is as easy to tap as its widest part on one tile.
    const span = Math.max(...(s.parts || []).map((q) => segmentSpan(this.ensureTile(q.tile), q.segment)), 1);
    return TAP_PX / span;
  }

  // When the targets of a decision are too small to tap at the player's zoom, the board zooms in
  // on them (the zoomed chooser) and goes back to the player's view once they are gone. Fields
  // (the market move) are framed all together instead, each with its tag, so they can be
  // compared; a tap on one too small there zooms in around it first.
  openChooser() {
    const targets = this.model?.targets || [];
    if (!targets.length || !this.svg.clientWidth) return;
    const framing = targets.every((s) => s.area);
    const need = framing ? this.framePpu() : this.neededPpu();
    if (framing ? this.allTagsInside() : need <= this.ppu() * 1.001) return;
    const pts = targets.map((s) =>
      s.rect ? { x: s.rect.x + s.rect.w / 2, y: s.rect.y + s.rect.h / 2 } : { x: s.px, y: s.py },
    );
    const sel = targets.findIndex((s) => s.selected);
    const xs = pts.map((p) => p.x),
      ys = pts.map((p) => p.y);
    const fits = framing || (Math.max(...xs) - Math.min(...xs) + T) * need <= this.svg.clientWidth;
    const c = fits
      ? { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 }
      : pts[sel >= 0 ? sel : 0];
    this.chooser = { view: { ...this.view }, autoFit: this.autoFit, x: c.x, y: c.y, framing };
    if (framing) this.centreInFree(need, c.x, c.y);
    else this.zoomTo(need, c.x, c.y);
  }

  // The zoom that frames every target's marker and tag in the part of the board clear of the
  // banner and the zoom buttons (no closer than a tile's width on screen per 100 px).
  framePpu() {
    const targets = this.model?.targets || [];
    const xs = targets.map((s) => s.px),
      ys = targets.map((s) => s.py);
    const w = this.svg.clientWidth,
      hgt = this.svg.clientHeight;
    const spanX = Math.max(Math.max(...xs) - Math.min(...xs), 1),
      spanY = Math.max(Math.max(...ys) - Math.min(...ys), 1);
    // Screen room left for the tags: TAG_PX each side, the pill below the lowest marker.
    const fitW = Math.max(w - 60 - 2 * TAG_PX, 40) / spanX;
    const fitH = Math.max(hgt - (this.padTop ?? 44) - 8 - 2 * TAG_PX, 40) / spanY;
    return Math.max(Math.min(fitW, fitH, Math.max(this.neededPpu(), 1)), w / 6000);
  }

  // Whether every target's marker (and the start of its tag) lies in the free part of the board.
  allTagsInside() {
    const f = this.freeArea(),
      r = TAG_PX / this.ppu();
    return (this.model?.targets || []).every(
      (s) => s.px - r >= f.x0 && s.px + r <= f.x1 && s.py - r >= f.y0 && s.py + r <= f.y1,
    );
  }

  // Puts board point (x, y) in the middle of the free part of the board at `ppu`.
  centreInFree(ppu, x, y) {
    const w = this.svg.clientWidth || 600,
      hgt = this.svg.clientHeight || 600;
    const vw = Math.min(6000, Math.max(220, w / ppu));
    const k = vw / w,
      top = this.padTop ?? 44;
    this.view = { x: x - (8 + (w - 60) / 2) * k, y: y - (top + (hgt - top - 8) / 2) * k, w: vw, h: hgt * k };
    this.applyView();
  }

  closeChooser() {
    if (!this.chooser) return;
    this.view = this.chooser.view;
    this.autoFit = this.chooser.autoFit;
    this.chooser = null;
    this.applyView();
  }

  // Centres board point (x, y) at `ppu` screen pixels per unit (within the zoom's limits).
  zoomTo(ppu, x, y) {
    const w = this.svg.clientWidth || 600,
      hgt = this.svg.clientHeight || 600;
    const vw = Math.min(6000, Math.max(220, w / ppu));
    const top = this.padTop ?? 44;
    const vh = (vw * hgt) / w;
    this.view = { x: x - vw / 2, y: y - ((top + (hgt - top) / 2) / hgt) * vh, w: vw, h: vh };
    this.applyView();
  }

  // The part of the view a player sees and taps, in board units: clear of the turn banner on
  // top and of the zoom buttons on the right (both drawn over the board).
  freeArea() {
    const v = this.view,
      ppu = this.ppu();
    const pad = { top: this.padTop ?? 44, right: 52, bottom: 8, left: 8 };
    return {
      x0: v.x + pad.left / ppu,
      x1: v.x + v.w - pad.right / ppu,
      y0: v.y + pad.top / ppu,
      y1: v.y + v.h - pad.bottom / ppu,
    };
  }

  // Whether a finger's tap (TAP_PX) on the middle of cell (x, y) lands on it in the free area.
  tappable(c) {
    const f = this.freeArea(),
      r = TAP_PX / 2 / this.ppu();
    const mx = (c.x + 0.5) * T,
      my = (c.y + 0.5) * T;
    return mx - r >= f.x0 && mx + r <= f.x1 && my - r >= f.y0 && my + r <= f.y1;
  }

  // Pans (never zooms) the least that puts the box [x0, x1] x [y0, y1] (board units) inside the
  // free area; a box wider or taller than it is kept centred on that axis.
  panToShow(x0, x1, y0, y1) {
    const f = this.freeArea(),
      v = this.view;
    const shift = (lo, hi, f0, f1) =>
      hi - lo > f1 - f0 ? (lo + hi) / 2 - (f0 + f1) / 2 : lo < f0 ? lo - f0 : hi > f1 ? hi - f1 : 0;
    v.x += shift(x0, x1, f.x0, f.x1);
    v.y += shift(y0, y1, f.y0, f.y1);
    this.applyView();
  }

  // Keeps the player's zoom and brings the squares (and targets) of the decision into view: all of
  // them when they fit at this zoom, else, when none can be tapped, the one nearest the middle.
  revealSomeTarget() {
    const m = this.model || {};
    const cells = [...(m.legalCells || [])];
    for (const s of m.targets || []) {
      const x = s.rect ? s.rect.x + s.rect.w / 2 : s.px,
        y = s.rect ? s.rect.y + s.rect.h / 2 : s.py;
      cells.push({ x: Math.floor(x / T), y: Math.floor(y / T) });
    }
    if (!cells.length || !this.svg.clientWidth) return;
    const f = this.freeArea();
    const xs = cells.map((c) => c.x),
      ys = cells.map((c) => c.y);
    const all = [Math.min(...xs) * T, (Math.max(...xs) + 1) * T, Math.min(...ys) * T, (Math.max(...ys) + 1) * T];
    if (all[1] - all[0] <= f.x1 - f.x0 && all[3] - all[2] <= f.y1 - f.y0) {
      this.panToShow(all[0], all[1], all[2], all[3]);
      return;
    }
    if (cells.some((c) => this.tappable(c))) return;
    const mid = { x: (f.x0 + f.x1) / 2 / T - 0.5, y: (f.y0 + f.y1) / 2 / T - 0.5 };
    const near = cells.reduce((a, b) =>
      Math.hypot(b.x - mid.x, b.y - mid.y) < Math.hypot(a.x - mid.x, a.y - mid.y) ? b : a,
    );
    // The whole square with a margin when it fits, else at least a finger's tap on its middle.
    const r = Math.min(T / 2 + T / 8, Math.max(TAP_PX / 2 / this.ppu(), Math.min(f.x1 - f.x0, f.y1 - f.y0) / 2));
    const cx = (near.x + 0.5) * T,
      cy = (near.y + 0.5) * T;
    this.panToShow(cx - r, cx + r, cy - r, cy + r);
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
    return (
      `<g class="redeploy-onto"><rect x="${t.x * T + 1}" y="${t.y * T + 1}" width="${T - 2}" height="${T - 2}"/>` +
      `<circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="15"/><title>${esc(t('board.redeploy_onto'))}</title></g>`
    );
  }

  // ---- pan and zoom -------------------------------------------------------------------

  applyView() {
    // The viewBox has the element's aspect ratio, so the board uses all of its space.
    const v = this.view;
    const w = this.svg.clientWidth,
      hgt = this.svg.clientHeight;
    if (w > 0 && hgt > 0) {
      const want = hgt / w;
      if (Math.abs(v.h / v.w - want) > 1e-3) {
        const cy = v.y + v.h / 2;
        v.h = v.w * want;
        v.y = cy - v.h / 2;
      }
    }
    this.svg.setAttribute('viewBox', `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
    this.lastWidth = w;
    this.scaleSpots();
  }

  // Shows every given cell with a margin; `user` (the fit button, key 0) resumes following.
  fit(cells, user = false) {
    if (user) this.autoFit = true;
    const walls = castleExtent(this.castle); // The Castle: the whole walled board (at a tappable size)
    if (walls)
      cells = [
        { x: walls.minX, y: walls.minY },
        { x: walls.maxX, y: walls.maxY },
      ];
    if (!cells?.length) return;
    const xs = cells.map((c) => c.x),
      ys = cells.map((c) => c.y);
    const margin = walls ? 0.15 : 0.6;
    const minX = (Math.min(...xs) - margin) * T,
      maxX = (Math.max(...xs) + 1 + margin) * T;
    const minY = (Math.min(...ys) - margin) * T,
      maxY = (Math.max(...ys) + 1 + margin) * T;
    const w = this.svg.clientWidth || 600,
      hgt = this.svg.clientHeight || 600;
    // Screen pixels kept free: the turn banner on top (its height, set by the screen), the zoom
    // buttons on the right.
    const pad = { top: this.padTop ?? 44, right: 52, bottom: 8, left: 8 };
    const iw = Math.max(w - pad.left - pad.right, 50),
      ih = Math.max(hgt - pad.top - pad.bottom, 50);
    // At least three tiles across, so one tile is never blown up to the whole screen.
    const bw = Math.max(maxX - minX, 3 * T),
      bh = Math.max(maxY - minY, 3 * T);
    let scale = Math.max(bw / iw, bh / ih);
    let cx = (minX + maxX) / 2,
      cy = (minY + maxY) / 2;
    // The board's own fit never shrinks tiles under MIN_TILE_PX (squares stay tappable): a big
    // board is then shown around the squares to choose from (or the last tile), and panned.
    if (!user && scale > T / MIN_TILE_PX) {
      scale = T / MIN_TILE_PX;
      const m = this.model || {};
      const focus = m.preview ? [m.preview] : m.legalCells?.length ? m.legalCells : (m.board || []).slice(-1);
      if (focus.length) {
        const fx = focus.map((c) => c.x),
          fy = focus.map((c) => c.y);
        cx = ((Math.min(...fx) + Math.max(...fx) + 1) * T) / 2;
        cy = ((Math.min(...fy) + Math.max(...fy) + 1) * T) / 2;
      }
    }
    const x = cx - (pad.left + iw / 2) * scale,
      y = cy - (pad.top + ih / 2) * scale;
    this.view = { x, y, w: w * scale, h: hgt * scale };
    this.applyView();
    if (!user) this.revealSomeTarget();
  }

  // Pans (without zooming) just enough that cell (x, y) is in view, with a quarter-tile margin.
  reveal(x, y) {
    const v = this.view,
      m = T / 4;
    const left = x * T - m,
      right = (x + 1) * T + m,
      top = y * T - m,
      bottom = (y + 1) * T + m;
    if (left < v.x) v.x = left;
    else if (right > v.x + v.w) v.x = right - v.w;
    if (top < v.y) v.y = top;
    else if (bottom > v.y + v.h) v.y = bottom - v.h;
    this.applyView();
  }

  visible(t) {
    const v = this.view;
    return t.x * T >= v.x && (t.x + 1) * T <= v.x + v.w && t.y * T >= v.y && (t.y + 1) * T <= v.y + v.h;
  }

  zoom(factor, cx, cy) {
    this.autoFit = false;
    this.chooser = null;
    const v = this.view;
    const nw = Math.min(6000, Math.max(220, v.w * factor));
    const k = nw / v.w;
    cx ??= v.x + v.w / 2;
    cy ??= v.y + v.h / 2;
    this.view = { x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w: nw, h: v.h * k };
    this.applyView();
  }

  pan(dx, dy) {
    // in fractions of the visible width
    this.autoFit = false;
    this.chooser = null;
    this.view.x += dx * this.view.w;
    this.view.y += dy * this.view.h;
    this.applyView();
  }

  toBoard(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  installPanZoom() {
    const svg = this.svg;
    const pointers = new Map(); // pointerId -> {x, y}
    let drag = null;
    let pinch = null;
    svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const p = this.toBoard(e);
        this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
      },
      { passive: false },
    );
    const pinchState = () => {
      const [a, b] = [...pointers.values()];
      return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    };
    svg.addEventListener('pointerdown', (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2) {
        pinch = { ...pinchState(), view: { ...this.view } };
        drag = null;
        return;
      }
      if (pointers.size === 1)
        drag = { x: e.clientX, y: e.clientY, vx: this.view.x, vy: this.view.y, moved: false, id: e.pointerId };
    });
    svg.addEventListener('pointermove', (e) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && pointers.size === 2) {
        // Two fingers: the board point under their middle stays under it while they spread.
        const now = pinchState();
        const rect = svg.getBoundingClientRect();
        const k = Math.min(6000 / pinch.view.w, Math.max(220 / pinch.view.w, pinch.d / now.d));
        const scale0 = pinch.view.w / rect.width;
        const bx = pinch.view.x + (pinch.x - rect.left) * scale0,
          by = pinch.view.y + (pinch.y - rect.top) * scale0;
        const w = pinch.view.w * k,
          hh = pinch.view.h * k,
          scale = w / rect.width;
        this.view = { x: bx - (now.x - rect.left) * scale, y: by - (now.y - rect.top) * scale, w, h: hh };
        this.autoFit = false;
        this.chooser = null;
        this.applyView();
        return;
      }
      if (!drag || drag.id !== e.pointerId) return;
      const dx = e.clientX - drag.x,
        dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 6) return;
      if (!drag.moved) svg.setPointerCapture?.(e.pointerId);
      drag.moved = true;
      this.autoFit = false;
      this.chooser = null;
      const scale = this.view.w / (svg.clientWidth || 1);
      this.view.x = drag.vx - dx * scale;
      this.view.y = drag.vy - dy * scale;
      this.applyView();
      svg.classList.add('panning');
    });
    const end = (e) => {
      pointers.delete(e.pointerId);
      if (pinch) {
        if (pointers.size < 2) pinch = null;
        drag = null;
        return;
      }
      if (!drag || drag.id !== e.pointerId) return;
      const wasDrag = drag.moved;
      drag = null;
      svg.classList.remove('panning');
      if (!wasDrag && e.type === 'pointerup') this.click(e);
    };
    // A tap is handled on pointerup; the click a browser sends after the touch ends would land
    // on whatever the choice moved under the finger (the phone's sheet grows), so none is sent
    // (cancelled at the start: the touch's own element may be redrawn away before it ends).
    svg.addEventListener('touchstart', (e) => e.cancelable && e.preventDefault(), { passive: false });
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
  }

  // Keyboard: Enter or Space on a focused target or legal cell chooses it.
  installKeys() {
    this.svg.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const el = e.target.closest?.('.spot, .legal-cell');
      if (!el) return;
      e.preventDefault();
      e.stopPropagation();
      if (el.classList.contains('spot')) this.emit('target', { key: el.dataset.key, keyboard: true });
      else this.emit('cell', { x: Number(el.dataset.x), y: Number(el.dataset.y) });
    });
  }

  // Focuses the target with this key (keyboard stepping), bringing it into view.
  focusTarget(key) {
    const el = [...this.layers.spots.querySelectorAll('.spot')].find((s) => s.dataset.key === key);
    const s = (this.model?.targets || []).find((x) => x.key === key);
    if (s) {
      const x = s.rect ? s.rect.x + s.rect.w / 2 : s.px,
        y = s.rect ? s.rect.y + s.rect.h / 2 : s.py;
      this.reveal(Math.floor(x / T), Math.floor(y / T));
    }
    el?.focus({ preventScroll: true });
  }

  click(e) {
    const target = document.elementFromPoint(e.clientX, e.clientY) || e.target;
    const hit = target.closest?.('.spot, .legal-cell');
    // A shape big enough to tap at this zoom is chosen whatever the size of the others.
    const shape = hit && (this.model?.targets || []).find((s) => s.key === hit.dataset.key && s.area);
    // So is a field's tag, when it is a tap across.
    const tag = target.closest?.('.spot-tag') && (this.model?.targets || []).find((s) => s.key === hit?.dataset.key);
    const bigEnough =
      (!!shape && this.shapeNeed(shape) <= this.ppu() * 1.001) ||
      (!!tag && this.roomFor(tag.key) * this.ppu() >= TAP_PX / 2 - 0.5);
    if (this.svg.classList.contains('small-targets') && this.view.w > 221 && hit && !bigEnough) {
      // Too small to tap safely at this zoom: zoom in around the tap, choose on the next tap.
      const p = this.toBoard(e);
      const ppu = this.ppu(),
        need = this.neededPpu();
      this.zoom(ppu / need, p.x, p.y);
      return;
    }
    const spot = target.closest?.('.spot');
    if (spot) return this.emit('target', { key: spot.dataset.key });
    const cell = target.closest?.('.legal-cell');
    if (cell) return this.emit('cell', { x: Number(cell.dataset.x), y: Number(cell.dataset.y) });
    const tile = target.closest?.('.tile');
    if (tile) return this.emit('tile', { x: Number(tile.dataset.x), y: Number(tile.dataset.y) });
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

export { shapeMarkup };
