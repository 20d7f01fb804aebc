// @ts-check
// The room screen's controller (the waiting room, then the game): it holds the screen's state
// (the room from the store, the turn, the phone's open tab, the log line pointed at, the end
// dialog), offers the actions the views may call, and every change, from the server or from the
// player, ends in one redraw() that renders it all through room-view.js. Every decision is
// checked by the server; this only asks it what is legal and shows that.

import { fill, h, toast } from './dom.js';
import { Board } from './board.js';
import { Turn } from './turn.js';
import { rematchRequest, rematchLine } from './rematch.js';
import { awareness } from './awareness.js';
import { errorText } from './errors.js';
import { seatName } from './seat-name.js';
import { describeEvent } from './log-text.js';
import { t } from './i18n.js';
import { tickClock } from './scoreboard.js';
import { renderRoom, waitingLayout, gameLayout } from './room-view.js';
import { account } from './account/account-state.js';

/** @import { App, RoomActions, GameEvent } from './types.js' */
/** @import { Layout } from './room-view.js' */

/**
 * Shows room `roomId` in `root` until the returned function ends it.
 * @param {HTMLElement} root
 * @param {App} app
 * @param {string} roomId
 * @returns {() => void}
 */
export function mountRoom(root, app, roomId) {
  const ctrl = new RoomCtrl(root, app, roomId);
  return () => ctrl.destroy();
}

// Phones and small windows: the side panels become one panel at a time behind tabs (styles.css).
const compact = () => window.matchMedia('(max-width: 760px), (max-height: 520px)').matches;

// Events that are not a move: the board keeps outlining the last move.
const NOT_MOVES = new Set(['turn_started', 'tile_drawn', 'clock_timeout']);

export class RoomCtrl {
  /**
   * @param {HTMLElement} root
   * @param {App} app
   * @param {string} roomId
   */
  constructor(root, app, roomId) {
    this.root = root;
    this.app = app;
    this.roomId = roomId;
    this.conn = app.conn;
    /** @type {Layout | { mode: 'loading' } | null} the DOM the views fill, built once per mode */
    this.layout = null;
    /** @type {Board | null} the game's board (its pan and zoom live in it) */
    this.board = null;
    this.tab = 'turn'; // phones: the bottom sheet's open tab
    /** @type {number[][]} tiles of the log line under the pointer or focus */
    this.highlight = [];
    this.endOpen = false;
    this.endShown = false;
    this.tilesOpen = !compact();
    /** @type {GameEvent[] | undefined} the latest move's events; none after a snapshot (the board then outlines the last tile) */
    this.lastEvents = undefined;
    this.mineNow = false;
    /** the turn panel is to be scrolled into view at the next render (a turn just began) */
    this.revealHand = false;
    this.turn = new Turn(this);
    this.actions = this.makeActions();

    const store = app.store;
    /** @param {Event} e */
    this.onStore = (e) => {
      const d = /** @type {CustomEvent} */ (e).detail;
      if (d.room === roomId) this.changed(d);
    };
    store.addEventListener('change', this.onStore);
    // The connection's state shows in the banner and disables the moves.
    this.onStatus = () => this.redraw();
    this.conn.addEventListener('status', this.onStatus);
    // A restart forgets spectators (and a token it no longer knows starts a new person): a room
    // on screen that the welcome does not list is watched again, so its board does not freeze.
    /** @param {Event} e */
    this.onWelcome = (e) => {
      const rooms = /** @type {CustomEvent} */ (e).detail?.rooms || [];
      if (!this.state || rooms.includes(roomId)) return;
      this.conn.request({ type: 'spectate', room: roomId }).then(
        () => store.resync(roomId),
        () => {},
      );
    };
    this.conn.addEventListener('welcome', this.onWelcome);
    // The vacation days left come with the account.
    this.onAccount = () => this.redraw();
    account.addEventListener('change', this.onAccount);
    /** @param {KeyboardEvent} e */
    this.onKeyDown = (e) => this.onKey(e);
    document.addEventListener('keydown', this.onKeyDown);
    this.timer = setInterval(() => this.tick(), 500);
    // After a reload the server re-sends our rooms' snapshots on welcome; ask if we still lack one.
    this.conn.ready().then(() => {
      if (!store.get(roomId)) store.resync(roomId);
    });
    this.redraw();
  }

  destroy() {
    this.app.store.removeEventListener('change', this.onStore);
    this.conn.removeEventListener('status', this.onStatus);
    this.conn.removeEventListener('welcome', this.onWelcome);
    account.removeEventListener('change', this.onAccount);
    document.removeEventListener('keydown', this.onKeyDown);
    clearInterval(this.timer);
    this.board?.destroy();
    document.querySelector('.end-dialog')?.remove();
  }

  // ---- state -------------------------------------------------------------------------------

  get state() {
    return this.app.store.get(this.roomId);
  }
  get view() {
    return /** @type {import('./types.js').View} */ (this.state?.view);
  }
  get version() {
    return this.state?.version ?? -1;
  }
  get catalog() {
    return this.app.catalog;
  }
  /** @returns {number | null} */
  get me() {
    return this.state?.view?.you?.seat ?? null;
  }
  /** @returns {Record<number, string>} */
  names() {
    return Object.fromEntries((this.state?.view?.room?.seats || []).map((s) => [s.seat, seatName(s)]));
  }

  /**
   * The store changed this room: a snapshot, a patch with its events, a chat line, or we were kicked.
   * @param {{ snapshot?: boolean, events?: GameEvent[], chat?: unknown, kicked?: boolean }} d
   */
  changed(d) {
    if (d.kicked) {
      toast(t('game.room.kicked'), 'error');
      this.app.navigate('#/');
      return;
    }
    if (d.snapshot) {
      this.lastEvents = undefined;
      this.highlight = [];
      this.turn.reset();
    }
    if (d.events?.length) {
      if (d.events.some((ev) => !NOT_MOVES.has(ev.type))) this.lastEvents = d.events;
      this.highlight = []; // the log is drawn again: the line pointed at is gone
      // The server moved for a seat whose time ran out: the log says so, and a toast.
      for (const ev of d.events)
        if (ev.type === 'clock_timeout') toast(describeEvent(ev, this.names())?.text ?? '', 'error');
    }
    this.redraw();
  }

  // The one way the screen changes: brings the derived state in step, then renders it all.
  redraw() {
    const view = this.view;
    if (!view) {
      if (this.layout?.mode !== 'loading') this.mount('loading');
      return;
    }
    const g = view.game;
    awareness.update({
      roomName: view.room.name,
      myTurn: !!g && !g.result && this.me !== null && g.decider === this.me,
    });
    const mode = g ? 'game' : 'waiting';
    if (this.layout?.mode !== mode) this.mount(mode);
    if (g) {
      this.turn.update();
      const mine = this.turn.isMyPlacement() || this.turn.isMyDecision();
      if (mine && !this.mineNow && compact()) this.tab = 'turn'; // phones: the turn comes up
      if (mine && !this.mineNow) this.revealHand = true; // desktop: back up to Confirm after chatting
      this.mineNow = mine;
      if (g.result && !this.endShown) {
        this.endShown = true;
        this.endOpen = true;
      }
    }
    renderRoom(this);
  }

  /** @param {'loading' | 'waiting' | 'game'} mode */
  mount(mode) {
    this.board?.destroy();
    this.board = null;
    if (mode === 'loading') {
      this.layout = { mode };
      fill(this.root, h('div', { class: 'loading' }, t('game.room.joining')));
      return;
    }
    const layout = mode === 'game' ? gameLayout(this.actions) : waitingLayout(this.actions);
    this.layout = layout;
    fill(this.root, layout.el);
    if (layout.mode !== 'game') return;
    const board = new Board(layout.svg);
    board.setCatalog(this.catalog.tiles);
    const detail = (/** @type {Event} */ e) => /** @type {CustomEvent} */ (e).detail;
    board.addEventListener('cell', (e) => this.turn.chooseCell(detail(e)));
    board.addEventListener('target', (e) => this.turn.chooseTarget(detail(e).key, detail(e).keyboard));
    board.addEventListener('tile', (e) => this.turn.tapTile(detail(e)));
    this.board = board;
  }

  // Twice a second: the clocks, and the warning when the viewer's own runs low.
  tick() {
    const L = this.layout;
    if (L?.mode !== 'game') return;
    const g = this.view?.game;
    tickClock(L.scores, g);
    const mine = this.me !== null && L.scores.querySelector(`[data-clock-seat="${this.me}"]`);
    if (mine) mine.classList.toggle('warn', awareness.clock(g?.clock, this.me, this.view.room.settings?.clock));
  }

  resync() {
    this.app.store.resync(this.roomId);
  }

  // ---- actions -----------------------------------------------------------------------------

  /** @returns {RoomActions} */
  makeActions() {
    const turn = this.turn;
    return {
      confirm: () => turn.confirm(),
      pass: () => turn.pass(),
      rotate: (dir) => turn.rotate(dir),
      act: (a) => {
        turn.act(a);
      },
      clearChoice: () => turn.clearChoice(),
      showTab: (name) => {
        this.tab = name;
        this.redraw();
      },
      showEnd: () => {
        this.endOpen = true;
        this.redraw();
      },
      closeEnd: () => {
        this.endOpen = false;
        this.redraw();
      },
      rematch: () => this.rematch(),
      point: (tiles) => {
        this.highlight = tiles;
        this.redraw();
      },
      sendChat: (text) => {
        this.request({ type: 'chat', room: this.roomId, text });
      },
      send: (msg) => {
        // A vacation day's new deadline comes as a patch of the view; the days in hand with the
        // account.
        this.request({ ...msg, room: this.roomId }).then((reply) => {
          if (reply && msg.type === 'take_vacation') account.loadMe();
        });
      },
      leave: () => this.leave(),
      resign: () => this.resign(),
      zoom: (factor) => this.board?.zoom(factor),
      fit: () => this.board?.fit(this.board.fitCells(), true),
      setTilesOpen: (open) => {
        this.tilesOpen = open;
      },
    };
  }

  // The same settings in a new room; the finished room's chat carries its invite to everyone.
  async rematch() {
    const created = await this.request(rematchRequest(this.view.room));
    if (!created) return;
    await this.request({ type: 'chat', room: this.roomId, text: rematchLine(t('game.end.rematch'), created.invite) });
    this.endOpen = false;
    this.app.navigate(`#/room/${encodeURIComponent(created.room)}`);
  }

  /** @param {Record<string, any>} msg */
  async request(msg) {
    try {
      return await this.conn.request(msg);
    } catch (e) {
      toast(errorText(e), 'error');
      return null;
    }
  }

  async leave() {
    const r = this.view?.room;
    if (r?.status === 'playing' && this.me !== null && !confirm(t('game.room.leave_confirm'))) return;
    try {
      await this.conn.request({ type: 'leave', room: this.roomId });
    } catch {
      /* already gone */
    }
    this.app.navigate('#/');
  }

  async resign() {
    if (!confirm(t('game.room.resign_confirm'))) return;
    await this.request({ type: 'resign', room: this.roomId });
  }

  // ---- keyboard ----------------------------------------------------------------------------

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const target = /** @type {Element} */ (e.target);
    if (target.closest?.('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.layout?.mode !== 'game' || this.endOpen) return;
    const k = e.key;
    // Enter or Space on a focused button does what that button says, nothing more.
    if ((k === 'Enter' || k === ' ') && target.closest?.('button, a, summary, [role=button]')) return;
    const b = this.board;
    if (!b) return;
    /** @type {Record<string, () => void>} */
    const map = {
      ArrowLeft: () => b.pan(-0.1, 0),
      ArrowRight: () => b.pan(0.1, 0),
      ArrowUp: () => b.pan(0, -0.1),
      ArrowDown: () => b.pan(0, 0.1),
      '+': () => b.zoom(1 / 1.25),
      '=': () => b.zoom(1 / 1.25),
      '-': () => b.zoom(1.25),
      0: () => b.fit(b.fitCells(), true),
    };
    if (this.view?.game && this.turn.onKey(k)) {
      e.preventDefault();
      return;
    }
    if (map[k]) {
      map[k]();
      e.preventDefault();
    }
  }
}
