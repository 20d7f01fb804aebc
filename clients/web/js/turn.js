// @ts-check
// The active player's side of a turn: where the drawn tile may go and the follower options of
// each placement (both in the player's own view, `you.placements`), the chosen square, rotation
// and follower, the decision targets on the board for every other phase
// (capture, quarters, the Count, redeploys, market moves, The Castle's scorings), the chosen
// target, and sending the move. The room's controller holds it and draws what it holds (through
// `host.redraw()`); the server judges every move.

import { toast } from './dom.js';
import { t } from './i18n.js';
import { quarterRect } from './city-board.js';
import { actionLabel, featureText, fieldTag } from './decision-text.js';
import { errorText } from './errors.js';

/** @import { Action, Target, View, Catalog, Feature, FeaturePart } from './types.js' */

/**
 * What the turn needs from the room's controller (room-ctrl.js; a fake in the unit tests).
 * @typedef {object} TurnHost
 * @property {string} roomId
 * @property {{ request: (msg: any) => Promise<any>, status: string }} conn
 * @property {Catalog} catalog
 * @property {import('./board.js').Board | null} board
 * @property {View} view
 * @property {number} version the room's version the view is at
 * @property {number | null} me the viewer's seat
 * @property {() => Record<number, string>} names
 * @property {() => void} redraw
 * @property {() => void} resync asks the server for a fresh snapshot
 */

/**
 * @typedef {{ x: number, y: number, rotation: number, options: Action[] }} Placement
 * @typedef {{ placements: Placement[] | null, placementsKey: string | null,
 *   cell: { x: number, y: number } | null, rotation: number,
 *   options: Action[] | null, features: Feature[] | null, optionsKey: string | null, choice: Action | null, pick: string | null,
 *   pickDecision?: string, busy: boolean }} TurnUi
 */

const T = 100;

/** @param {Action} a */
export function actionKey(a) {
  return [a.type, a.segment, a.x, a.y, a.target, a.quarter, a.token].map((v) => (v === undefined ? '' : v)).join(':');
}
/** @type {(a: Action | null | undefined, b: Action | null | undefined) => boolean} */
export const sameAction = (a, b) => !!a && !!b && actionKey(a) === actionKey(b);

/**
 * The view's compact placements (docs/protocol.md): `[x, y, rotation, option...]`, an option
 * being a segment (a follower there), -1 (pass) or an action object.
 * @param {any[][]} raw
 * @returns {Placement[]}
 */
export function decodePlacements(raw) {
  return raw.map(([x, y, rotation, ...rest]) => ({
    x,
    y,
    rotation,
    options: rest.map((o) =>
      typeof o !== 'number' ? o : o < 0 ? { type: 'pass' } : { type: 'place_follower', segment: o },
    ),
  }));
}

// The options of the follower step, chosen on the tile being placed; any other decision after
// the tile (the City's quarters, ...) is made on its own once the tile is laid.
const FOLLOWER_STEP = ['place_follower', 'add_floor', 'tower_follower', 'pass'];

/**
 * The steps sent as one action message when a placement is confirmed: the tile, then the chosen
 * follower option, or passing when the placement leads to a follower step.
 * @param {Placement} placement
 * @param {Action | null} choice
 * @returns {Action[]}
 */
export function placementSteps(placement, choice) {
  const tile = { type: 'place_tile', x: placement.x, y: placement.y, rotation: placement.rotation };
  if (!placement.options.every((a) => FOLLOWER_STEP.includes(a.type))) return [tile];
  const follow =
    (choice && placement.options.find((a) => sameAction(a, choice))) ||
    placement.options.find((a) => a.type === 'pass');
  return follow ? [tile, follow] : [tile];
}

/** @returns {TurnUi} */
const fresh = (rotation = 0) => ({
  placements: null,
  placementsKey: null,
  cell: null,
  rotation,
  options: null,
  features: null,
  optionsKey: null,
  choice: null,
  pick: null,
  busy: false,
});

export class Turn {
  /** @param {TurnHost} host */
  constructor(host) {
    this.host = host;
    this.ui = fresh();
  }

  reset() {
    this.ui = fresh(this.ui.rotation);
  }

  get view() {
    return this.host.view;
  }
  get game() {
    return /** @type {import('./types.js').Game} */ (this.host.view.game);
  }
  get me() {
    return this.host.me;
  }
  get conn() {
    return this.host.conn;
  }
  get catalog() {
    return this.host.catalog;
  }
  get board() {
    return /** @type {import('./board.js').Board} */ (this.host.board);
  }

  isMyPlacement() {
    const g = this.game;
    return (
      this.me !== null &&
      !g.result &&
      this.view.room.status === 'playing' &&
      g.phase === 'place_tile' &&
      g.decider === this.me
    );
  }

  isMyDecision() {
    const g = this.game;
    return (
      this.me !== null &&
      !g.result &&
      g.phase !== 'place_tile' &&
      g.decider === this.me &&
      (this.view.you?.legal || []).length > 0
    );
  }

  // What the decision on the table is: the same turn, phase, decider and choices. A version bump
  // that leaves it alone (a spectator, a clock, a chat) keeps the target the player just chose.
  decisionKey() {
    const g = this.game;
    const legal = (this.view.you?.legal || []).map(actionKey).join(',');
    return `${g.turn}|${g.phase}|${g.decider}|${legal}`;
  }

  // Takes the placements from the view while it is our placement. Keyed by the turn and the
  // list, not the room's version: a version bump that leaves them alone (a spectator, a clock, a
  // chat) must not drop the square the player just chose.
  update() {
    if (!this.isMyPlacement()) {
      if (!this.ui.busy) {
        const decision = this.decisionKey();
        const pick = this.ui.pickDecision === decision ? this.ui.pick : null;
        this.ui = fresh(this.ui.rotation);
        this.ui.pick = pick;
        this.ui.pickDecision = decision;
      }
      return;
    }
    const raw = this.view.you?.placements || [];
    const key = `${this.game.turn}|${this.game.drawn_tile}|${JSON.stringify(raw)}`;
    if (this.ui.placementsKey === key) return;
    this.ui = fresh(this.ui.rotation);
    this.ui.placements = decodePlacements(raw);
    this.ui.placementsKey = key;
  }

  placementAt(x, y, rotation) {
    return (this.ui.placements || []).find((p) => p.x === x && p.y === y && p.rotation === rotation) || null;
  }

  legalCells() {
    const cells = new Map();
    for (const p of this.ui.placements || []) {
      const k = `${p.x},${p.y}`;
      if (!cells.has(k)) cells.set(k, { x: p.x, y: p.y, rotations: [] });
      cells.get(k).rotations.push(p.rotation);
    }
    return [...cells.values()].map((c) => ({ ...c, count: c.rotations.length }));
  }

  chooseCell({ x, y }) {
    if (!this.isMyPlacement() || this.ui.busy) return;
    const cell = this.legalCells().find((c) => c.x === x && c.y === y);
    if (!cell) return;
    if (this.ui.cell && this.ui.cell.x === x && this.ui.cell.y === y) {
      this.rotate(1);
      return;
    } // tap again: turn it
    this.ui.cell = { x, y };
    if (!this.board.visible(cell)) this.board.reveal(x, y); // N/P may pick a square off screen
    if (!cell.rotations.includes(this.ui.rotation)) {
      this.ui.rotation = [0, 1, 2, 3].map((k) => (this.ui.rotation + k) % 4).find((r) => cell.rotations.includes(r));
    }
    this.loadOptions();
  }

  // No follower on the tile being placed.
  clearChoice() {
    this.ui.choice = null;
    this.host.redraw();
  }

  // A tap on the tile being placed turns it to the next rotation that fits.
  tapTile({ x, y }) {
    if (this.isMyPlacement() && this.ui.cell && this.ui.cell.x === x && this.ui.cell.y === y) this.rotate(1);
  }

  rotate(dir) {
    if (!this.isMyPlacement() || this.ui.busy) return;
    const cell = this.ui.cell && this.legalCells().find((c) => c.x === this.ui.cell.x && c.y === this.ui.cell.y);
    if (cell) {
      for (let k = 1; k <= 4; k++) {
        const r = (this.ui.rotation + dir * k + 8) % 4;
        if (cell.rotations.includes(r)) {
          this.ui.rotation = r;
          break;
        }
      }
      this.loadOptions();
    } else {
      this.ui.rotation = (this.ui.rotation + dir + 4) % 4;
      this.host.redraw();
    }
  }

  cycleCell(dir) {
    const cells = this.legalCells();
    if (!cells.length) return;
    const i = this.ui.cell ? cells.findIndex((c) => c.x === this.ui.cell.x && c.y === this.ui.cell.y) : -1;
    const next = cells[(i + dir + cells.length) % cells.length];
    this.ui.cell = null; // so choosing it is not taken as a second tap
    this.chooseCell(next);
  }

  // The follower options of the chosen square and rotation, from the view's placements.
  loadOptions() {
    const { x, y } = this.ui.cell;
    const rotation = this.ui.rotation;
    this.ui.optionsKey = `${x},${y},${rotation}`;
    this.ui.options = this.placementAt(x, y, rotation)?.options || [];
    this.ui.features = null;
    this.ui.choice = null;
    this.host.redraw();
  }

  // The spots come with the view, so choosing and confirming wait for nothing; the whole
  // features they join (outlined, with who holds them and their worth) are asked for once a
  // spot is chosen, and drawn when they come.
  loadFeatures() {
    if (!this.ui.cell || this.ui.features) return;
    const { x, y } = this.ui.cell;
    const rotation = this.ui.rotation;
    const key = this.ui.optionsKey;
    this.ui.features = [];
    this.conn
      .request({ type: 'follower_options', room: this.host.roomId, x, y, rotation })
      .then((r) => {
        if (this.ui.optionsKey !== key) return;
        this.ui.options = r.options || [];
        this.ui.features = r.features || [];
        this.host.redraw();
      })
      .catch((e) => toast(errorText(e), 'error'));
  }

  // ---- targets on the board ----------------------------------------------------------------

  label(a) {
    return actionLabel(a, { names: this.host.names(), game: this.game, tiles: this.catalog.byId });
  }

  // The feature an action of `actions` names (from the server's `features` beside them), or null.
  /** @returns {Feature | null} */
  featureOf(action, actions, features) {
    const i = actions.findIndex((a) => sameAction(a, action));
    return (i >= 0 && (features || []).find((f) => f.actions.includes(i))) || null;
  }

  // Where each segment of a feature lies: a laid tile, or the tile being placed (`here`).
  /** @returns {FeaturePart[]} */
  partsOf(feature, here = null) {
    const at = new Map(this.game.board.map((b) => [`${b.x},${b.y}`, b]));
    if (here) at.set(`${here.x},${here.y}`, here);
    const out = [];
    for (const [x, y, segment] of feature?.segments || []) {
      const tl = at.get(`${x},${y}`);
      if (tl) out.push({ x, y, tile: tl.tile, rotation: tl.rotation || 0, segment });
    }
    return out;
  }

  // The label of a target with what its feature holds and is worth.
  featureLabel(a, feature) {
    return feature ? `${this.label(a)}. ${featureText(feature, this.host.names())}` : this.label(a);
  }

  // The feature of the chosen follower spot or target, for the turn panel.
  /** @returns {Feature | null} */
  chosenFeature() {
    if (this.isMyPlacement())
      return this.ui.choice ? this.featureOf(this.ui.choice, this.ui.options || [], this.ui.features) : null;
    const a = this.pickedAction();
    return a ? this.featureOf(a, this.view.you.legal, this.view.you.features) : null;
  }

  // The board point of a follower spot (segment) on a laid tile or the tile being placed.
  tileSpot(tl, segment) {
    return this.board.spotPoint(tl.x, tl.y, tl.tile, tl.rotation, segment);
  }
  towerSpot(tl) {
    return this.board.spotPoint(tl.x, tl.y, tl.tile, tl.rotation, this.board.foundationSeg(tl.tile));
  }

  // Every choice now open to this player, placed where it is on the board.
  targets() {
    const g = this.game;
    const seat = this.me;
    const out = [];
    const kindOf = (tileId, seg) => this.catalog.byId.get(tileId)?.segments?.[seg]?.kind;
    if (this.isMyPlacement()) {
      if (!this.ui.cell || !this.ui.options) return out;
      const here = { ...this.ui.cell, tile: g.drawn_tile, rotation: this.ui.rotation };
      for (const o of this.ui.options) {
        const selected = sameAction(this.ui.choice, o);
        if (o.type === 'place_follower') {
          const p = this.tileSpot(here, o.segment);
          const feature = this.featureOf(o, this.ui.options, this.ui.features);
          out.push({
            key: actionKey(o),
            action: o,
            px: p.x,
            py: p.y,
            seat,
            kind: 'follower',
            lying: kindOf(g.drawn_tile, o.segment) === 'field',
            label: this.featureLabel(o, feature),
            selected,
            feature: feature || undefined,
            parts: feature ? this.partsOf(feature, here) : undefined,
          });
        } else if (o.type === 'add_floor' || o.type === 'tower_follower') {
          const tl = o.x === here.x && o.y === here.y ? here : g.board.find((b) => b.x === o.x && b.y === o.y);
          if (!tl) continue;
          const p = this.towerSpot(tl);
          const floor = o.type === 'add_floor';
          out.push({
            key: actionKey(o),
            action: o,
            px: p.x + (floor ? -16 : 16),
            py: p.y - 18,
            seat,
            kind: floor ? 'floor' : 'tower',
            text: floor ? '+1' : undefined,
            label: this.label(o),
            selected,
          });
        }
      }
      return out;
    }
    if (!this.isMyDecision()) return out;
    const pick = this.ui.pick;
    const pending = g.castle?.pending || [];
    const legal = this.view.you.legal;
    const features = this.view.you.features || [];
    const marketDone = new Set(); // a field is one target, however many tiles it spans
    for (const a of legal) {
      const key = actionKey(a);
      const base = { key, action: a, seat, label: this.label(a), selected: key === pick };
      switch (a.type) {
        case 'place_follower': {
          const tl = g.board[g.board.length - 1];
          if (!tl) break;
          const p = this.tileSpot(tl, a.segment);
          const feature = this.featureOf(a, legal, features);
          out.push({
            ...base,
            label: this.featureLabel(a, feature),
            px: p.x,
            py: p.y,
            kind: 'follower',
            lying: kindOf(tl.tile, a.segment) === 'field',
            feature: feature || undefined,
            parts: feature ? this.partsOf(feature) : undefined,
          });
          break;
        }
        case 'add_floor':
        case 'tower_follower': {
          const tl = g.board.find((b) => b.x === a.x && b.y === a.y);
          if (!tl) break;
          const p = this.towerSpot(tl);
          const floor = a.type === 'add_floor';
          out.push({
            ...base,
            px: p.x + (floor ? -16 : 16),
            py: p.y - 18,
            kind: floor ? 'floor' : 'tower',
            text: floor ? '+1' : undefined,
          });
          break;
        }
        case 'capture': {
          const f = g.followers[a.target];
          const tl = f && g.board.find((b) => b.x === f.x && b.y === f.y);
          if (!tl) break;
          const p = f.spot === 'tower' ? this.towerSpot(tl) : this.tileSpot(tl, f.segment);
          out.push({ ...base, px: p.x, py: p.y - (f.spot === 'tower' ? 14 : 0), kind: 'capture', seat: undefined });
          break;
        }
        case 'city_follower':
        case 'move_count':
        case 'redeploy': {
          const r = quarterRect(a.quarter, g.board);
          out.push({
            ...base,
            kind: 'quarter',
            rect: { x: r.x + 2, y: r.y + 2, w: r.w - 4, h: r.h - 4 },
            px: r.x + r.w / 2,
            py: r.y + r.h / 2,
          });
          break;
        }
        case 'market_move': {
          const feature = this.featureOf(a, legal, features);
          if (feature && marketDone.has(feature)) break;
          if (feature) marketDone.add(feature);
          const parts = feature ? this.partsOf(feature) : [];
          // The field's own shape is the target; its marker sits on the spot nearest its middle.
          const spots = (parts.length ? parts : [{ ...a, segment: a.segment }]).map((q) => {
            const tl = g.board.find((b) => b.x === q.x && b.y === q.y);
            return tl ? this.tileSpot(tl, q.segment) : null;
          });
          const pts = spots.filter((q) => q !== null);
          if (!pts.length) break;
          const mx = pts.reduce((s, q) => s + q.x, 0) / pts.length,
            my = pts.reduce((s, q) => s + q.y, 0) / pts.length;
          const p = pts.reduce((b, q) => (Math.hypot(q.x - mx, q.y - my) < Math.hypot(b.x - mx, b.y - my) ? q : b));
          out.push({
            ...base,
            label: this.featureLabel(a, feature),
            px: p.x,
            py: p.y,
            kind: 'market',
            lying: true,
            feature: feature || undefined,
            parts: parts.length ? parts : undefined,
            area: parts.length > 0,
            tag: feature ? fieldTag(feature, this.host.names()) : undefined,
          });
          break;
        }
        case 'choose_scoring': {
          const cells = pending[a.target]?.tiles || [];
          if (!cells.length) break;
          const cx = cells.reduce((s, c) => s + c[0], 0) / cells.length,
            cy = cells.reduce((s, c) => s + c[1], 0) / cells.length;
          // Several scorings may share tiles: spread their markers; a doubled one sits beside its plain one.
          const px = (cx + 0.5) * T + (a.target % 3) * 30 - 30 + (a.token > 0 ? 34 : 0);
          const py = (cy + 0.5) * T + Math.floor(a.target / 3) * 30 + (a.token > 0 ? 0 : 0);
          out.push({
            ...base,
            px,
            py,
            kind: 'scoring',
            text: a.token > 0 ? '×2' : String(a.target + 1),
            seat: undefined,
            tiles: cells,
          });
          break;
        }
        default:
          break; // pass, ransom, use_token: buttons of the turn panel
      }
    }
    // Stepping order: reading order on the board.
    return out.sort((a, b) => a.py - b.py || a.px - b.px);
  }

  // The choices of a decision that have no place on the board (tokens; ransom is separate).
  panelActions() {
    if (!this.isMyDecision()) return [];
    return this.view.you.legal.filter((a) => a.type === 'use_token');
  }

  canPass() {
    if (this.isMyPlacement()) return !!(this.ui.cell && this.ui.options);
    return this.isMyDecision() && this.view.you.legal.some((a) => a.type === 'pass');
  }

  // A tap toggles a follower spot; Enter on the focused, already chosen spot confirms.
  chooseTarget(key, keyboard = false) {
    if (this.ui.busy) return;
    if (this.isMyPlacement()) {
      const o = (this.ui.options || []).find((a) => actionKey(a) === key);
      if (!o) return;
      if (keyboard && sameAction(this.ui.choice, o)) {
        this.confirm();
        return;
      }
      this.ui.choice = sameAction(this.ui.choice, o) ? null : o;
      if (this.ui.choice) this.loadFeatures();
      this.host.redraw();
      return;
    }
    if (!this.isMyDecision()) return;
    const a = this.view.you.legal.find((x) => actionKey(x) === key);
    if (!a) return;
    if (this.ui.pick === key) {
      this.confirm();
      return;
    } // a second tap confirms
    this.ui.pick = key;
    this.ui.pickDecision = this.decisionKey();
    this.host.redraw();
  }

  // Steps the chosen target through the board's targets (keys N/P, or 1-9 for the n-th).
  step(dir, index = null) {
    const list = this.targets();
    if (!list.length) return;
    let next;
    if (index !== null) next = list[index];
    else {
      const cur = this.isMyPlacement() ? (this.ui.choice ? actionKey(this.ui.choice) : null) : this.ui.pick;
      const i = list.findIndex((s) => s.key === cur);
      next = list[(i + dir + list.length) % list.length];
    }
    if (!next) return;
    if (this.isMyPlacement()) {
      if (!sameAction(this.ui.choice, next.action)) this.chooseTarget(next.key);
    } else if (this.ui.pick !== next.key) this.chooseTarget(next.key);
    this.board.focusTarget(next.key);
  }

  pickedAction() {
    if (!this.isMyDecision() || !this.ui.pick) return null;
    return this.view.you.legal.find((a) => actionKey(a) === this.ui.pick) || null;
  }

  // Why the confirm button is off, or null when it is on.
  // The server cannot be reached: no move can be sent until it is back.
  offline() {
    return this.conn.status !== 'online';
  }

  confirmBlocked() {
    if (this.offline()) return t('game.why.offline');
    if (this.ui.busy) return t('game.why.sending');
    if (this.isMyPlacement()) {
      if (!this.ui.placements) return t('game.why.finding');
      if (!this.ui.cell) return t('game.why.pick_square');
      if (!this.ui.options) return t('game.why.checking');
      return null;
    }
    if (this.isMyDecision() && !this.pickedAction()) return t('game.why.pick_target');
    return null;
  }

  confirm() {
    if (this.confirmBlocked()) return;
    if (this.isMyPlacement()) return this.confirmPlacement();
    const a = this.pickedAction();
    if (a) return this.act(a);
  }

  pass() {
    if (this.offline()) return;
    if (this.isMyPlacement()) {
      if (this.canPass()) {
        this.ui.choice = null;
        this.confirmPlacement();
      }
      return;
    }
    const a = this.isMyDecision() && this.view.you.legal.find((x) => x.type === 'pass');
    if (a) this.act(a);
  }

  // Lays the tile and takes the chosen follower step (or passes) in one action message.
  async confirmPlacement() {
    if (!this.isMyPlacement() || !this.ui.cell || this.ui.busy) return;
    const placement = this.placementAt(this.ui.cell.x, this.ui.cell.y, this.ui.rotation);
    if (!placement) return;
    this.ui.busy = true;
    this.host.redraw();
    try {
      const actions = placementSteps(placement, this.ui.choice);
      await this.conn.request({ type: 'action', room: this.host.roomId, version: this.host.version, actions });
    } catch (e) {
      toast(errorText(e), 'error');
      if (e.code === 'stale_version') this.host.resync();
    } finally {
      this.ui = fresh(this.ui.rotation);
      this.host.redraw();
    }
  }

  async act(action) {
    if (this.ui.busy || this.offline()) return;
    this.ui.busy = true;
    this.host.redraw();
    try {
      await this.conn.request({ type: 'action', room: this.host.roomId, version: this.host.version, action });
    } catch (e) {
      toast(errorText(e), 'error');
      if (e.code === 'stale_version') this.host.resync();
    } finally {
      this.ui.busy = false;
      this.ui.pick = null;
      this.host.redraw();
    }
  }

  // Keys of the turn (the room's controller handles panning and zooming). True when the key was used.
  onKey(k) {
    if (this.isMyPlacement()) {
      const map = {
        r: () => this.rotate(1),
        e: () => this.rotate(1),
        R: () => this.rotate(-1),
        q: () => this.rotate(-1),
        n: () => this.cycleCell(1),
        p: () => this.cycleCell(-1),
        ']': () => this.cycleCell(1),
        '[': () => this.cycleCell(-1),
        f: () => this.step(1),
        F: () => this.step(-1),
        Enter: () => this.confirm(),
        Escape: () => {
          if (this.ui.cell) {
            this.ui.cell = null;
            this.ui.options = null;
            this.ui.choice = null;
            this.host.redraw();
          }
        },
      };
      if (/^[1-9]$/.test(k) && this.ui.options) {
        this.step(0, Number(k) - 1);
        return true;
      }
      if (map[k]) {
        map[k]();
        return true;
      }
      return false;
    }
    if (!this.isMyDecision()) return false;
    const map = {
      n: () => this.step(1),
      p: () => this.step(-1),
      ']': () => this.step(1),
      '[': () => this.step(-1),
      Enter: () => this.confirm(),
      Escape: () => {
        this.ui.pick = null;
        this.host.redraw();
      },
      x: () => this.pass(),
    };
    if (/^[1-9]$/.test(k)) {
      this.step(0, Number(k) - 1);
      return true;
    }
    if (map[k]) {
      map[k]();
      return true;
    }
    return false;
  }
}
