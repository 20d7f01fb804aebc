// The room screen: the waiting room before the start, then the game (board, hand, score board,
// log, chat) and the end-of-game breakdown. Every decision is checked by the server; this file
// only asks it what is legal and shows that.

import { h, clear, fill, esc, toast } from './dom.js';
import { Board } from './board.js';
import { badgeSvg, styleOf, meepleMarkup } from './players.js';
import { describeEvent, describeAction, featureName, tokenName } from './log-text.js';
import { rotatePoint } from './tile-geometry.js';
import { tileDomId } from './tiles-svg.js';
import { awareness, newTimeouts } from './awareness.js';
import { copyLinkButton, roomLink } from './room-link.js';
import { errorText } from './errors.js';
import { t } from './i18n.js';

export function renderRoom(root, app, roomId) {
  const { conn, store } = app;
  clear(root);
  const screen = new RoomScreen(root, app, roomId);
  const onChange = (e) => { if (e.detail.room === roomId) screen.changed(e.detail); };
  store.addEventListener('change', onChange);
  // After a reload the server re-sends our rooms' snapshots on welcome; ask if we still lack one.
  conn.ready().then(() => { if (!store.get(roomId)) store.resync(roomId); });
  screen.changed({ snapshot: true });
  return () => { store.removeEventListener('change', onChange); screen.destroy(); };
}

class RoomScreen {
  constructor(root, app, roomId) {
    this.root = root;
    this.app = app;
    this.roomId = roomId;
    this.log = [];
    this.chat = [];
    this.breakdown = {};      // seat -> kind -> points, from the scoring events seen
    this.ui = freshUi();
    this.mode = null;
    this.endShownFor = null;
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keyHandler);
    this.timer = setInterval(() => this.tickClock(), 500);
  }

  destroy() {
    document.removeEventListener('keydown', this.keyHandler);
    clearInterval(this.timer);
  }

  get state() { return this.app.store.get(this.roomId); }
  get view() { return this.state?.view; }
  get me() { return this.view?.you?.seat ?? null; }
  names() { return Object.fromEntries((this.view?.room?.seats || []).map((s) => [s.seat, s.name || `Seat ${s.seat + 1}`])); }

  changed(detail) {
    if (detail.kicked) { toast('You were removed from the room', 'error'); this.app.navigate('#/'); return; }
    if (detail.chat) { this.chat = this.state?.chat || [...this.chat, detail.chat]; this.drawChat(); return; }
    const view = this.view;
    if (!view) { fill(this.root, h('div', { class: 'loading' }, 'Joining the room…')); return; }
    if (detail.snapshot) {
      // The snapshot brings the whole history: the log and the chat start again from it.
      this.log = [];
      this.breakdown = {};
      this.addEvents(this.state.log || []);
      this.chat = this.state.chat || [];
      this.drawChat();
    } else if (detail.events) {
      this.addEvents(detail.events);
    }
    this.noteTimeouts(detail.snapshot);
    const mode = view.game ? 'game' : 'waiting';
    if (mode !== this.mode) { this.mode = mode; this.build(); }
    if (detail.snapshot) this.ui = freshUi();
    this.refresh();
  }

  // ---- layout ---------------------------------------------------------------------------

  build() {
    clear(this.root);
    this.bar = h('header', { class: 'room-bar' });
    if (this.mode === 'waiting') {
      this.waiting = h('section', { class: 'panel waiting-room' });
      this.chatBox = this.buildChat();
      this.root.append(h('div', { class: 'room' }, this.bar, h('div', { class: 'room-body waiting-body' }, this.waiting, h('aside', { class: 'sidebar' }, this.chatBox))));
      return;
    }
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'board');
    svg.setAttribute('role', 'application');
    svg.setAttribute('aria-label', 'Game board: drag to pan, wheel or +/- to zoom');
    this.board = new Board(svg);
    this.board.setCatalog(this.app.catalog.tiles);
    this.board.addEventListener('cell', (e) => this.chooseCell(e.detail));
    this.board.addEventListener('spot', (e) => this.chooseSpot(e.detail.key));
    this.board.addEventListener('quarter', (e) => this.chooseQuarter(e.detail.quarter));
    this.banner = h('div', { class: 'turn-banner', 'aria-live': 'polite' });
    const zoom = h('div', { class: 'zoom-controls' },
      h('button', { class: 'btn icon', title: 'Zoom in (+)', 'aria-label': 'Zoom in', onclick: () => this.board.zoom(1 / 1.25) }, '+'),
      h('button', { class: 'btn icon', title: 'Zoom out (-)', 'aria-label': 'Zoom out', onclick: () => this.board.zoom(1.25) }, '−'),
      h('button', { class: 'btn icon', title: 'Fit the board (0)', 'aria-label': 'Fit the board', onclick: () => this.board.fit(this.view.game.board) }, '⤢'));
    this.scores = h('section', { class: 'panel scoreboard', 'aria-label': 'Score board' });
    this.hand = h('section', { class: 'panel hand', 'aria-label': 'Your turn' });
    this.tilesPanel = h('section', { class: 'panel tiles-left' });
    this.logBox = h('ol', { class: 'log', 'aria-live': 'polite' });
    this.chatBox = this.buildChat();
    this.root.append(h('div', { class: 'room' }, this.bar,
      h('div', { class: 'room-body' },
        h('div', { class: 'board-wrap' }, svg, this.banner, zoom),
        h('aside', { class: 'sidebar' }, this.scores, this.hand, this.tilesPanel,
          h('section', { class: 'panel log-panel' }, h('h3', {}, 'Game log'), this.logBox), this.chatBox))));
    this.redrawLog();
  }

  buildChat() {
    this.chatList = h('ol', { class: 'chat-list' });
    const input = h('input', { class: 'chat-input', placeholder: 'Say something…', maxlength: 500, 'aria-label': 'Chat message' });
    const box = h('section', { class: 'panel chat-panel' }, h('h3', {}, 'Chat'), this.chatList,
      h('form', { class: 'row', onsubmit: async (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        input.value = '';
        try { await this.app.conn.request({ type: 'chat', room: this.roomId, text }); } catch (err) { toast(errorText(err), 'error'); }
      } }, input, h('button', { class: 'btn', type: 'submit' }, 'Send')));
    this.drawChat();
    return box;
  }

  drawChat() {
    if (!this.chatList) return;
    clear(this.chatList);
    for (const m of this.chat.slice(-100)) {
      const seat = (this.view?.room?.seats || []).find((s) => s.person === m.from)?.seat;
      this.chatList.append(h('li', {}, h('b', { style: seat !== undefined ? `color:${styleOf(seat).colour === '#f2c12e' ? '#a07c00' : styleOf(seat).colour}` : '' }, m.name), ' ', m.text));
    }
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  // The server moved for a seat whose time ran out: say so in the log and as a toast.
  noteTimeouts(fresh) {
    const clock = this.view?.game?.clock;
    const before = this.seenClock;
    this.seenClock = clock ? { timeouts: [...(clock.timeouts || [])] } : null;
    if (fresh || !clock) return;
    const names = this.names();
    const forfeit = this.view.room.settings?.clock?.on_timeout === 'forfeit';
    for (const seat of newTimeouts(before, clock)) {
      const text = t(forfeit ? 'log.timeout_forfeit' : 'log.timeout_random', { who: names[seat] ?? seat + 1 });
      this.log.push({ text, kind: 'timeout', player: seat, type: 'clock_timeout' });
      toast(text, 'error');
    }
    this.redrawLog();
  }

  refresh() {
    const g = this.view.game;
    awareness.update({ roomName: this.view.room.name, myTurn: !!g && !g.result && this.me !== null && g.decider === this.me });
    this.drawBar();
    if (this.mode === 'waiting') { this.drawWaiting(); return; }
    this.drawScores();
    this.drawTilesLeft();
    this.updateTurn();
    this.drawHand();
    this.drawBoard();
    this.drawBanner();
    this.maybeShowEnd();
  }

  drawBar() {
    const v = this.view, r = v.room;
    const spectator = this.me === null;
    const playing = r.status === 'playing';
    fill(this.bar, 
      h('a', { class: 'back', href: '#/', 'aria-label': 'Back to the lobby' }, '←'),
      h('h2', {}, r.name),
      h('span', { class: `tag tag-${r.status}` }, r.status),
      r.settings?.rules === 'castle' ? h('span', { class: 'tag' }, 'The Castle') : null,
      ...Object.entries(r.settings?.expansions || {}).filter(([, on]) => on).map(([k]) => h('span', { class: 'tag tag-exp' }, k.replace('_', ' '))),
      spectator ? h('span', { class: 'tag tag-spectator', id: 'spectator-badge' }, 'Spectating') : null,
      h('span', { class: 'spacer' }),
      copyLinkButton(r),
      playing && !spectator ? h('button', { class: 'btn btn-danger', id: 'resign', onclick: () => this.resign() }, 'Resign') : null,
      h('button', { class: 'btn', id: 'leave', onclick: () => this.leave() }, 'Leave'));
  }

  async leave() {
    const r = this.view?.room;
    if (r?.status === 'playing' && this.me !== null && !confirm('Leaving a running game resigns it. Leave?')) return;
    try { await this.app.conn.request({ type: 'leave', room: this.roomId }); } catch { /* already gone */ }
    this.app.navigate('#/');
  }

  async resign() {
    if (!confirm('Resign this game?')) return;
    try { await this.app.conn.request({ type: 'resign', room: this.roomId }); } catch (e) { toast(errorText(e), 'error'); }
  }

  // ---- waiting room ---------------------------------------------------------------------

  drawWaiting() {
    const v = this.view, r = v.room;
    const me = this.app.conn.welcome?.person;
    const host = r.host === me;
    const list = h('ol', { class: 'seat-list' });
    for (const s of r.seats) {
      const who = s.kind === 'empty' ? h('span', { class: 'muted' }, 'empty seat')
        : h('span', { class: 'seat-name' }, s.name, s.kind === 'bot' ? h('span', { class: 'tag' }, `${s.bot} bot`) : null,
          s.person === me ? h('span', { class: 'tag tag-you' }, 'you') : null,
          s.person === r.host ? h('span', { class: 'tag' }, 'host') : null,
          s.kind === 'human' ? h('span', { class: `online ${s.online ? 'on' : 'off'}`, title: s.online ? 'online' : 'offline' }) : null);
      const actions = h('span', { class: 'seat-actions' });
      if (s.kind === 'empty') {
        actions.append(h('button', { class: 'btn', onclick: () => this.request({ type: 'join', room: this.roomId, seat: s.seat }) }, this.me === null ? 'Sit here' : 'Move here'));
        if (host) {
          actions.append(h('button', { class: 'btn', onclick: () => this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: 'greedy' }) }, '+ greedy bot'),
            h('button', { class: 'btn', onclick: () => this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: 'random' }) }, '+ random bot'));
        }
      } else if (host && s.kind === 'bot') {
        actions.append(h('button', { class: 'btn btn-ghost', onclick: () => this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: null }) }, 'remove bot'));
      } else if (host && s.kind === 'human' && s.person !== me) {
        actions.append(h('button', { class: 'btn btn-ghost', onclick: () => this.request({ type: 'kick', room: this.roomId, person: s.person }) }, 'kick'));
      }
      list.append(h('li', { class: 'seat', dataset: { seat: s.seat } }, h('span', { class: 'seat-badge', innerHTML: '' }), who, actions));
      list.lastChild.firstChild.innerHTML = badgeSvg(s.seat, 26);
    }
    const full = r.seats.every((s) => s.kind !== 'empty');
    const s = r.settings || {};
    fill(this.waiting, 
      h('h2', {}, 'Waiting for players'),
      h('p', { class: 'muted' }, `${s.rules === 'castle' ? 'The Castle' : 'Carcassonne'} · ${r.seats.length} seats · ${s.clock ? `clock ${Math.round(s.clock.initial_ms / 60000)} min + ${Math.round(s.clock.increment_ms / 1000)} s` : 'no clock'} · ${r.spectators_allowed ? 'spectators welcome' : 'no spectators'}${s.options?.pile_limit ? ` · short game: ${s.options.pile_limit} tiles` : ''}`),
      h('p', { class: 'room-link' }, t('common.room_link_label'), ' ', h('input', { class: 'link-field', id: 'room-link', readonly: true, value: roomLink(r), onfocus: (e) => e.target.select() }), ' ', copyLinkButton(r)),
      r.invite ? h('p', { class: 'muted' }, t('common.invite_code_label'), ' ', h('code', { class: 'invite-code', id: 'invite' }, r.invite)) : null,
      r.private ? h('p', { class: 'muted', id: 'invite-watch' }, t(r.spectators_allowed ? 'common.invite_watch_yes' : 'common.invite_watch_no')) : null,
      list,
      r.spectators?.length ? h('p', { class: 'muted' }, `Watching: ${r.spectators.map((x) => x.name).join(', ')}`) : null,
      host ? h('button', { class: 'btn btn-primary btn-wide', id: 'start', disabled: !full, onclick: () => this.request({ type: 'start', room: this.roomId }) }, full ? 'Start the game' : 'Waiting for every seat to be filled…')
        : h('p', { class: 'muted' }, 'The host starts the game when every seat is filled.'));
  }

  async request(msg) {
    try { return await this.app.conn.request(msg); } catch (e) { toast(errorText(e), 'error'); return null; }
  }

  // ---- game: score board, tiles left, banner ----------------------------------------------

  drawScores() {
    const v = this.view, g = v.game;
    const names = this.names();
    const list = h('ol', { class: 'players' });
    const clock = g.clock;
    (g.players || []).forEach((p, seat) => {
      const s = v.room.seats[seat] || {};
      const active = g.decider === seat && !g.result;
      const crowns = [g.king === seat ? h('span', { class: 'token token-king', title: 'King: 1 point per completed city at the end' }, '♛ King') : null,
        g.robber === seat ? h('span', { class: 'token token-robber', title: 'Robber Baron: 1 point per completed road at the end' }, '⚔ Robber Baron') : null];
      const held = (p.prisoners || []).map((n, owner) => (n ? `${n}× ${names[owner]}` : null)).filter(Boolean);
      const li = h('li', { class: `player${active ? ' active' : ''}${seat === this.me ? ' me' : ''}${s.resigned ? ' resigned' : ''}`, dataset: { seat }, style: `--pc:${styleOf(seat).colour}` },
        h('span', { class: 'p-badge' }),
        h('span', { class: 'p-name' }, names[seat], seat === this.me ? h('span', { class: 'tag tag-you' }, 'you') : null,
          s.kind === 'bot' ? h('span', { class: 'tag' }, 'bot') : null,
          s.kind === 'human' && !s.online ? h('span', { class: 'tag tag-off' }, 'offline') : null,
          s.resigned ? h('span', { class: 'tag' }, 'resigned') : null),
        h('span', { class: 'p-score', dataset: { score: p.score } }, String(p.score)),
        h('span', { class: 'p-sub' },
          h('span', { class: 'supply', title: `${p.supply} followers in supply` }, h('span', { class: 'meeple-icon' }), `× ${p.supply}`),
          g.tower_rules || p.floors ? h('span', { title: 'tower floors in supply' }, `▥ ${p.floors}`) : null,
          held.length ? h('span', { title: 'prisoners held' }, `holds ${held.join(', ')}`) : null,
          ...crowns,
          clock ? h('span', { class: 'clock', dataset: { clockSeat: seat } }, '') : null),
        g.castle ? this.castleTokens(g.castle.players?.[seat]) : null,
        active ? h('span', { class: 'p-turn', 'aria-label': 'to play' }, '◀ to play') : null);
      li.firstChild.innerHTML = badgeSvg(seat, 28);
      list.append(li);
    });
    fill(this.scores, h('h3', {}, 'Players'), list);
    this.tickClock();
  }

  // The Castle: face-up wall tokens (faded until usable from the owner's next turn) and the keep.
  castleTokens(cp) {
    if (!cp) return null;
    const chips = Object.entries(cp.tokens || {}).map(([kind, n]) => h('span', {
      class: `wall-chip${(cp.usable?.[kind] ?? 0) < n ? ' fresh' : ''}`, dataset: { kind }, title: tokenName(kind),
    }, `${n > 1 ? `${n}× ` : ''}${tokenName(kind)}`));
    if (cp.keep) chips.push(h('span', { class: 'wall-chip keep-chip' }, `keep: house of ${cp.keep.size}`));
    return chips.length ? h('span', { class: 'p-tokens' }, ...chips) : null;
  }

  tickClock() {
    const c = this.view?.game?.clock;
    if (!c || !this.scores) return;
    for (const el of this.scores.querySelectorAll('[data-clock-seat]')) {
      const seat = Number(el.dataset.clockSeat);
      let ms = c.remaining_ms[seat];
      if (c.running === seat && !this.view.game.result) ms -= Math.max(0, Date.now() - c.since);
      ms = Math.max(0, ms);
      const m = Math.floor(ms / 60000), s = Math.floor((ms % 60000) / 1000);
      el.textContent = `◷ ${m}:${String(s).padStart(2, '0')}`;
      el.classList.toggle('low', ms < 30000);
      if (seat === this.me) el.classList.toggle('warn', awareness.clock(c, this.me, this.view.room.settings?.clock));
      el.classList.toggle('running', c.running === seat);
    }
  }

  drawTilesLeft() {
    const g = this.view.game;
    const cat = this.app.catalog;
    const open = this.tilesPanel.querySelector('details')?.open;
    const grid = h('div', { class: 'remaining-grid' });
    (g.remaining || []).forEach((n, i) => {
      const t = cat.byIndex.get(i);
      if (!n || !t) return;
      this.board.ensureTile(t.id);
      grid.append(h('div', { class: 'remaining-tile', title: `${t.id}: ${n} left` }, h('span', { class: 'mini' }), h('span', { class: 'n' }, `×${n}`)));
      grid.lastChild.firstChild.innerHTML = `<svg viewBox="0 0 100 100" width="34" height="34"><use href="#${tileDomId(t.id)}"/></svg>`;
    });
    fill(this.tilesPanel, h('details', { open },
      h('summary', {}, h('b', { id: 'tiles-left', dataset: { n: g.tiles_left } }, `${g.tiles_left}`), ` tile${g.tiles_left === 1 ? '' : 's'} left in the pile`), grid));
  }

  drawBanner() {
    const g = this.view.game, names = this.names();
    let text;
    if (g.result) {
      const w = g.result.winners || [];
      text = w.length > 1 ? `Game over: draw between ${w.map((s) => names[s]).join(' and ')}` : `Game over: ${names[w[0]] ?? 'nobody'} wins`;
    } else if (this.me !== null && g.decider === this.me) text = PHASE_PROMPT[g.phase] || 'Your decision';
    else text = `${names[g.decider] ?? '…'} ${g.phase === 'place_tile' ? 'is placing a tile' : 'is deciding'}`;
    this.banner.textContent = text;
    this.banner.style.setProperty('--pc', styleOf(g.result ? (g.result.winners?.[0] ?? 0) : g.decider).colour);
    this.banner.classList.toggle('mine', this.me !== null && g.decider === this.me && !g.result);
    this.banner.id = 'turn-banner';
    this.banner.dataset.decider = g.decider;
  }

  // ---- the active player's turn ------------------------------------------------------------

  isMyPlacement() {
    const g = this.view.game;
    return this.me !== null && !g.result && this.view.room.status === 'playing' && g.phase === 'place_tile' && g.decider === this.me;
  }

  updateTurn() {
    const version = this.state.version;
    if (!this.isMyPlacement()) { if (!this.ui.busy) this.ui = freshUi(this.ui.rotation); return; }
    if (this.ui.placementsVersion === version || this.ui.loading === version) return;
    this.ui = freshUi(this.ui.rotation);
    this.ui.loading = version;
    this.app.conn.request({ type: 'legal_placements', room: this.roomId }).then((r) => {
      if (this.state.version !== version) return;
      this.ui.placements = r.placements || [];
      this.ui.placementsVersion = version;
      this.ui.loading = null;
      this.refreshTurnParts();
    }).catch((e) => { this.ui.loading = null; toast(errorText(e), 'error'); });
  }

  refreshTurnParts() { this.drawHand(); this.drawBoard(); }

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
    this.ui.cell = { x, y };
    if (!this.board.visible(cell)) this.board.reveal(x, y); // N/P may pick a square off screen
    if (!cell.rotations.includes(this.ui.rotation)) {
      this.ui.rotation = [0, 1, 2, 3].map((k) => (this.ui.rotation + k) % 4).find((r) => cell.rotations.includes(r));
    }
    this.loadOptions();
  }

  rotate(dir) {
    if (!this.isMyPlacement() || this.ui.busy) return;
    const cell = this.ui.cell && this.legalCells().find((c) => c.x === this.ui.cell.x && c.y === this.ui.cell.y);
    if (cell) {
      for (let k = 1; k <= 4; k++) {
        const r = (this.ui.rotation + dir * k + 8) % 4;
        if (cell.rotations.includes(r)) { this.ui.rotation = r; break; }
      }
      this.loadOptions();
    } else {
      this.ui.rotation = (this.ui.rotation + dir + 4) % 4;
      this.refreshTurnParts();
    }
  }

  cycleCell(dir) {
    const cells = this.legalCells();
    if (!cells.length) return;
    const i = this.ui.cell ? cells.findIndex((c) => c.x === this.ui.cell.x && c.y === this.ui.cell.y) : -1;
    this.chooseCell(cells[(i + dir + cells.length) % cells.length]);
  }

  loadOptions() {
    const { x, y } = this.ui.cell;
    const rotation = this.ui.rotation;
    const key = `${x},${y},${rotation}`;
    this.ui.optionsKey = key;
    this.ui.options = null;
    this.ui.choice = null;
    this.refreshTurnParts();
    this.app.conn.request({ type: 'follower_options', room: this.roomId, x, y, rotation }).then((r) => {
      if (this.ui.optionsKey !== key) return;
      this.ui.options = r.options || [];
      this.refreshTurnParts();
    }).catch((e) => toast(errorText(e), 'error'));
  }

  // Clickable spots on the board for the current choices.
  spotList() {
    const g = this.view.game;
    const spots = [];
    const seat = this.me;
    if (this.isMyPlacement() && this.ui.cell && this.ui.options) {
      const { x, y } = this.ui.cell;
      const tile = this.app.catalog.byId.get(g.drawn_tile);
      for (const o of this.ui.options) {
        if (o.type === 'place_follower') {
          const p = this.board.spotPoint(x, y, g.drawn_tile, this.ui.rotation, o.segment);
          const kind = tile?.segments[o.segment]?.kind;
          spots.push({ key: actionKey(o), px: p.x, py: p.y, seat, lying: kind === 'field', label: `Put a follower on the ${featureName(kind)}`, selected: sameAction(this.ui.choice, o) });
        } else if (o.type === 'add_floor' || o.type === 'tower_follower') {
          const t = (o.x === x && o.y === y) ? { x, y, tile: g.drawn_tile, rotation: this.ui.rotation } : g.board.find((b) => b.x === o.x && b.y === o.y);
          if (!t) continue;
          const p = this.board.spotPoint(t.x, t.y, t.tile, t.rotation, this.board.foundationSeg(t.tile));
          const dx = o.type === 'add_floor' ? -16 : 16;
          spots.push({ key: actionKey(o), px: p.x + dx, py: p.y - 18, seat, label: describeAction(o, this.names()), selected: sameAction(this.ui.choice, o) });
        }
      }
    } else if (this.me !== null && g.decider === this.me && !g.result) {
      for (const o of this.view.you.legal || []) {
        if (o.type === 'capture') {
          const f = g.followers[o.target];
          const t = f && g.board.find((b) => b.x === f.x && b.y === f.y);
          if (!t) continue;
          const p = f.spot === 'tower' ? this.board.spotPoint(t.x, t.y, t.tile, t.rotation, this.board.foundationSeg(t.tile))
            : this.board.spotPoint(t.x, t.y, t.tile, t.rotation, f.segment);
          spots.push({ key: actionKey(o), px: p.x, py: p.y - 16, seat, label: describeAction(o, this.names(), g.followers) });
        } else if (o.type === 'market_move' || (o.type === 'place_follower' && o.x !== undefined)) {
          const t = g.board.find((b) => b.x === o.x && b.y === o.y);
          if (!t) continue;
          const p = this.board.spotPoint(t.x, t.y, t.tile, t.rotation, o.segment);
          spots.push({ key: actionKey(o), px: p.x, py: p.y, seat, label: describeAction(o, this.names()) });
        }
      }
    }
    return spots;
  }

  chooseSpot(key) {
    if (this.isMyPlacement()) {
      const o = (this.ui.options || []).find((a) => actionKey(a) === key);
      if (!o) return;
      this.ui.choice = sameAction(this.ui.choice, o) ? null : o;
      this.refreshTurnParts();
      return;
    }
    const o = (this.view.you.legal || []).find((a) => actionKey(a) === key);
    if (o) this.act(o);
  }

  chooseQuarter(quarter) {
    const o = (this.view.you?.legal || []).find((a) => a.quarter === quarter);
    if (o) this.act(o);
  }

  // Lays the tile, then sends the chosen follower step (or pass) on the new version.
  async confirm() {
    if (!this.isMyPlacement() || !this.ui.cell || this.ui.busy) return;
    const { x, y } = this.ui.cell;
    const choice = this.ui.choice;
    this.ui.busy = true;
    this.drawHand();
    try {
      await this.app.conn.request({ type: 'action', room: this.roomId, version: this.state.version, action: { type: 'place_tile', x, y, rotation: this.ui.rotation } });
      const v = this.view;
      if (v.game.phase === 'place_follower' && v.game.decider === this.me) {
        const legal = v.you.legal || [];
        const follow = (choice && legal.find((a) => sameAction(a, choice))) || legal.find((a) => a.type === 'pass');
        if (follow) await this.app.conn.request({ type: 'action', room: this.roomId, version: this.state.version, action: follow });
      }
    } catch (e) {
      toast(errorText(e), 'error');
      if (e.code === 'stale_version') this.app.store.resync(this.roomId);
    } finally {
      this.ui = freshUi(this.ui.rotation);
      this.refresh();
    }
  }

  async act(action) {
    try {
      await this.app.conn.request({ type: 'action', room: this.roomId, version: this.state.version, action });
    } catch (e) {
      toast(errorText(e), 'error');
      if (e.code === 'stale_version') this.app.store.resync(this.roomId);
    }
  }

  drawHand() {
    const v = this.view, g = v.game;
    const names = this.names();
    clear(this.hand);
    this.hand.dataset.busy = this.ui.busy ? 'yes' : 'no';
    if (g.result) { this.hand.append(h('h3', {}, 'Game over'), h('button', { class: 'btn btn-primary btn-wide', id: 'show-results', onclick: () => this.showEnd() }, 'Show the final scores')); return; }
    if (this.me === null) {
      this.hand.append(h('h3', {}, 'Spectating'), h('p', { class: 'muted' }, `You are watching this game. ${names[g.decider] ?? ''} is to play.`));
      if (g.drawn_tile) this.hand.append(this.tilePreview(g.drawn_tile, 0, 'Tile in play'));
      return;
    }
    if (this.isMyPlacement()) {
      const ui = this.ui;
      const chosen = ui.cell ? `Placing at (${ui.cell.x}, ${ui.cell.y})` : (ui.placements ? `${this.legalCells().length} places fit: pick a highlighted square` : 'Finding where it fits…');
      const opts = ui.options || [];
      const choices = h('div', { class: 'choices' });
      if (ui.cell && ui.options) {
        choices.append(h('button', { class: `btn choice${!ui.choice ? ' on' : ''}`, id: 'choice-none', onclick: () => { ui.choice = null; this.refreshTurnParts(); } }, 'No follower'));
        opts.filter((o) => o.type !== 'pass').forEach((o, i) => {
          const kind = o.type === 'place_follower' ? this.app.catalog.byId.get(g.drawn_tile)?.segments[o.segment]?.kind : null;
          const label = kind ? `${i + 1}. ${featureName(kind)}` : `${i + 1}. ${describeAction(o, names)}`;
          choices.append(h('button', { class: `btn choice${sameAction(ui.choice, o) ? ' on' : ''}`, dataset: { key: actionKey(o) }, onclick: () => this.chooseSpot(actionKey(o)) }, label));
        });
      }
      this.hand.append(
        h('h3', {}, 'Your turn'),
        h('div', { class: 'hand-row' },
          this.tilePreview(g.drawn_tile, ui.rotation, 'Your tile'),
          h('div', { class: 'hand-controls' },
            h('div', { class: 'row' },
              h('button', { class: 'btn icon', id: 'rotate-left', title: 'Rotate left (Q)', 'aria-label': 'Rotate left', onclick: () => this.rotate(-1) }, '⟲'),
              h('button', { class: 'btn icon', id: 'rotate-right', title: 'Rotate right (R or E)', 'aria-label': 'Rotate right', onclick: () => this.rotate(1) }, '⟳')),
            h('p', { class: 'hint' }, chosen))),
        choices,
        h('button', { class: 'btn btn-primary btn-wide', id: 'confirm', disabled: !ui.cell || !ui.options || ui.busy, onclick: () => this.confirm() },
          ui.busy ? 'Sending…' : ui.choice ? 'Confirm tile and follower (Enter)' : 'Confirm tile (Enter)'),
        ...this.ransomButtons(),
        h('p', { class: 'keys muted' }, 'Keys: N/P next square · R/Q rotate · 1-9 follower · Enter confirm · arrows pan · +/− zoom'));
      return;
    }
    if (this.ui.busy) { this.hand.append(h('h3', {}, 'Your turn'), h('p', { class: 'muted' }, 'Sending your move…')); return; }
    if (g.decider === this.me && (v.you.legal || []).length) {
      const box = h('div', { class: 'choices column' });
      v.you.legal.forEach((o, i) => box.append(h('button', { class: 'btn choice', dataset: { key: actionKey(o) }, onclick: () => this.act(o) },
        `${i < 9 ? `${i + 1}. ` : ''}${describeAction(o, names, g.followers, g.castle, g)}`)));
      this.hand.append(h('h3', {}, PHASE_PROMPT[g.phase] || 'Your decision'), box);
      return;
    }
    this.hand.append(h('h3', {}, `${names[g.decider] ?? '…'} to play`));
    if (g.drawn_tile) this.hand.append(this.tilePreview(g.drawn_tile, 0, 'Their tile'));
    this.hand.append(...this.ransomButtons());
  }

  // The Tower: pay 3 points to get back a follower another player holds, during one's own turn
  // (the server refuses it when the score would go below 0 or a ransom was paid this turn).
  ransomButtons() {
    const g = this.view.game, mine = this.me, names = this.names();
    if (mine === null || g.turn_player !== mine || g.result) return [];
    return (g.players || []).flatMap((p, holder) => (holder !== mine && p.prisoners?.[mine]
      ? [h('button', { class: 'btn ransom', dataset: { key: actionKey({ type: 'ransom', target: holder }) }, disabled: g.players[mine].score < 3,
        onclick: () => this.act({ type: 'ransom', target: holder }) }, `Pay 3 points ransom to ${names[holder]}`)] : []));
  }

  tilePreview(id, rotation, label) {
    const box = h('figure', { class: 'tile-preview', id: 'hand-tile', dataset: { tile: id, rotation } });
    if (this.board.ensureTile(id)) {
      box.innerHTML = `<svg viewBox="-3 -3 106 106" width="96" height="96" role="img" aria-label="${esc(label)} ${esc(id)}">${this.board.tileMarkup({ x: 0, y: 0, tile: id, rotation })}<rect x="0" y="0" width="100" height="100" fill="none" stroke="#5b4a33" stroke-width="2"/></svg><figcaption>${esc(id)}</figcaption>`;
    }
    return box;
  }

  drawBoard() {
    const g = this.view.game;
    const placing = this.isMyPlacement();
    const lastEv = [...this.log].reverse().find((e) => e.type === 'tile_placed');
    const last = lastEv ? { x: lastEv.tiles[0][0], y: lastEv.tiles[0][1], player: lastEv.player }
      : g.board.length > 1 ? { ...g.board[g.board.length - 1], player: null } : null;
    const quarters = g.count_quarter !== undefined && g.count_quarter !== null ? {
      count: g.count_quarter,
      followers: (g.followers || []).filter((f) => f.spot === 'quarter'),
      targets: this.me !== null && g.decider === this.me ? (this.view.you.legal || []).map((a) => a.quarter).filter(Boolean) : [],
      redeployOnto: g.phase === 'redeploy' ? g.redeploy_onto || null : null,
    } : null;
    this.board.render({
      board: g.board,
      followers: g.followers,
      legalCells: placing ? this.legalCells() : [],
      preview: placing && this.ui.cell ? { x: this.ui.cell.x, y: this.ui.cell.y, tile: g.drawn_tile, rotation: this.ui.rotation } : null,
      spots: this.spotList(),
      highlight: this.highlight || [],
      last: last && last.player !== null ? last : null,
      quarters,
      castle: g.castle,
      scores: (g.players || []).map((p) => p.score),
    });
  }

  // ---- log and end of game ----------------------------------------------------------------

  addEvents(events) {
    const names = this.names();
    for (const ev of events) {
      if (ev.type === 'feature_scored') {
        for (const s of ev.scorers || []) {
          const b = (this.breakdown[s] ||= {});
          const key = ev.final ? `${ev.feature}:final` : ev.feature;
          b[key] = (b[key] || 0) + ev.points;
        }
      }
      const d = describeEvent(ev, names);
      if (d) this.log.push({ ...d, type: ev.type });
    }
    if (this.log.length > 400) this.log.splice(0, this.log.length - 400);
    this.redrawLog();
  }

  redrawLog() {
    if (!this.logBox) return;
    clear(this.logBox);
    for (const e of this.log.slice(-150)) {
      const li = h('li', { class: `log-${e.kind}` });
      if (e.player !== undefined && e.player !== null && e.kind !== 'heading') li.insertAdjacentHTML('beforeend', badgeSvg(e.player, 14));
      if (e.kind === 'score' && e.scorers?.length) e.scorers.forEach((s) => li.insertAdjacentHTML('beforeend', badgeSvg(s, 14)));
      li.append(' ', e.text);
      if (e.tiles?.length) {
        li.tabIndex = 0;
        const on = () => { this.highlight = e.tiles; this.drawBoard(); };
        const off = () => { this.highlight = []; this.drawBoard(); };
        li.addEventListener('mouseenter', on); li.addEventListener('mouseleave', off);
        li.addEventListener('focus', on); li.addEventListener('blur', off);
      }
      this.logBox.append(li);
    }
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  maybeShowEnd() {
    const g = this.view.game;
    if (g.result && this.endShownFor !== this.roomId) { this.endShownFor = this.roomId; this.showEnd(); }
  }

  showEnd() {
    const g = this.view.game, names = this.names();
    const res = g.result;
    document.querySelector('.end-dialog')?.remove();
    const order = g.players.map((p, seat) => ({ seat, score: res.scores?.[seat] ?? p.score })).sort((a, b) => b.score - a.score);
    // The server's breakdown (exact, by feature kind) when it sends one; else the scorings seen here.
    const breakdown = res.breakdown ? Object.fromEntries(res.breakdown.map((b, seat) => [seat, b])) : this.breakdown;
    const kinds = [...new Set(Object.values(breakdown).flatMap((b) => Object.keys(b)))].sort();
    const table = h('table', { class: 'breakdown' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Player'), ...kinds.map((k) => h('th', {}, k.endsWith(':final') ? `${featureName(k.split(':')[0])} (end)` : featureName(k))), h('th', {}, 'Total'))),
      h('tbody', {}, ...order.map(({ seat, score }) => {
        const tr = h('tr', { class: (res.winners || []).includes(seat) ? 'winner' : '' },
          h('td', {}, h('span', { class: 'b' }), ' ', names[seat], (res.winners || []).includes(seat) ? ' ★ winner' : '', (res.resigned || []).includes(seat) ? ' (resigned)' : ''),
          ...kinds.map((k) => h('td', { dataset: { kind: k } }, String(breakdown[seat]?.[k] || 0))),
          h('td', { class: 'total', dataset: { seat } }, String(score)));
        tr.firstChild.firstChild.innerHTML = badgeSvg(seat, 18);
        return tr;
      })));
    const w = res.winners || [];
    const dlg = h('div', { class: 'end-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'end-title' },
      h('div', { class: 'end-card' },
        h('h2', { id: 'end-title' }, w.length > 1 ? 'A draw!' : `${names[w[0]] ?? 'Nobody'} wins!`),
        h('p', { class: 'muted' }, res.reason === 'resigned' ? 'The game ended by resignation.' : 'All tiles are placed and the final scoring is done.'),
        table,
        g.seed ? h('p', { class: 'muted small' }, `Seed ${g.seed} revealed; commitment ${String(g.seed_commitment).slice(0, 16)}…`) : null,
        h('div', { class: 'row' },
          h('a', { class: 'btn', href: `#/replay/${encodeURIComponent(this.roomId)}`, id: 'open-replay' }, 'Watch the replay'),
          h('button', { class: 'btn btn-primary', id: 'close-results', onclick: () => dlg.remove() }, 'Back to the board'))));
    document.body.append(dlg);
    dlg.querySelector('#close-results').focus();
  }

  // ---- keyboard ---------------------------------------------------------------------------

  onKey(e) {
    if (e.target.closest?.('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.mode !== 'game') return;
    const k = e.key;
    const b = this.board;
    const map = {
      ArrowLeft: () => b.pan(-0.1, 0), ArrowRight: () => b.pan(0.1, 0), ArrowUp: () => b.pan(0, -0.1), ArrowDown: () => b.pan(0, 0.1),
      '+': () => b.zoom(1 / 1.25), '=': () => b.zoom(1 / 1.25), '-': () => b.zoom(1.25), '0': () => b.fit(this.view.game.board),
      r: () => this.rotate(1), e: () => this.rotate(1), R: () => this.rotate(-1), q: () => this.rotate(-1),
      n: () => this.cycleCell(1), p: () => this.cycleCell(-1), ']': () => this.cycleCell(1), '[': () => this.cycleCell(-1),
      Enter: () => this.confirm(),
      Escape: () => { if (this.ui.cell) { this.ui.cell = null; this.ui.options = null; this.ui.choice = null; this.refreshTurnParts(); } },
    };
    if (/^[1-9]$/.test(k) && this.isMyPlacement() && this.ui.options) {
      const o = this.ui.options.filter((a) => a.type !== 'pass')[Number(k) - 1];
      if (o) { this.chooseSpot(actionKey(o)); e.preventDefault(); }
      return;
    }
    const g = this.view?.game;
    if (/^[1-9]$/.test(k) && g && !g.result && this.me !== null && g.decider === this.me && g.phase !== 'place_tile') {
      const o = (this.view.you.legal || [])[Number(k) - 1]; // the numbered decision buttons
      if (o) { this.act(o); e.preventDefault(); }
      return;
    }
    if (map[k]) { map[k](); e.preventDefault(); }
  }
}

const PHASE_PROMPT = {
  place_tile: 'Your turn: place your tile',
  place_follower: 'Place a follower or pass',
  tower_capture: 'Capture a follower in reach of your tower, or pass',
  city_follower: 'You may put a follower into a quarter of the City',
  move_count: 'You may move the Count',
  redeploy: 'Move followers from the quarter onto the feature?',
  market_move: 'Move a follower from the market onto a field',
  choose_scoring: 'Choose which scoring comes next',
  extra_turn: 'Use your extra-turn token?',
};

function freshUi(rotation = 0) {
  return { placements: null, placementsVersion: null, loading: null, cell: null, rotation, options: null, optionsKey: null, choice: null, busy: false };
}

export function actionKey(a) {
  return [a.type, a.segment, a.x, a.y, a.target, a.quarter, a.token].map((v) => (v === undefined ? '' : v)).join(':');
}
function sameAction(a, b) { return !!a && !!b && actionKey(a) === actionKey(b); }

export { meepleMarkup, rotatePoint };
