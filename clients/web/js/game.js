// The room screen: the waiting room before the start, then the game (board, hand, score board,
// log, chat) and the end-of-game breakdown. Every decision is checked by the server; this file
// only asks it what is legal and shows that.

import { h, clear, fill, toast } from './dom.js';
import { Board } from './board.js';
import { badgeSvg, styleOf } from './players.js';
import { describeEvent } from './log-text.js';
import { t, onLanguageChange } from './i18n.js';
import { Turn, actionKey } from './turn.js';
import { drawHand } from './hand-panel.js';
import { drawScores, tickClock } from './scoreboard.js';
import { drawTilesPanel } from './tiles-panel.js';
import { showEnd } from './end-dialog.js';
import { deadCells } from './dead-cells.js';
import { castleExtent } from './castle-board.js';
import { phasePrompt } from './decision-text.js';
import { lastMove } from './last-move.js';
import { awareness, newTimeouts } from './awareness.js';
import { copyLinkButton, roomLink } from './room-link.js';
import { errorText } from './errors.js';
import { seatName } from './seat-name.js';

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
    this.turn = new Turn(this);
    this.mode = null;
    this.tab = 'turn';          // phones: the bottom sheet's open tab
    this.endShownFor = null;
    this.keyHandler = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keyHandler);
    this.timer = setInterval(() => this.tickClock(), 500);
    // A language switch rebuilds the screen in the new words.
    this.offLanguage = onLanguageChange(() => { if (this.view) { this.mode = null; this.changed({}); } });
  }

  destroy() {
    document.removeEventListener('keydown', this.keyHandler);
    clearInterval(this.timer);
    this.offLanguage();
    this.board?.destroy();
  }

  // Phones and small windows: the side panels become one panel at a time behind tabs (styles.css).
  compact() { return window.matchMedia('(max-width: 760px), (max-height: 520px)').matches; }

  get state() { return this.app.store.get(this.roomId); }
  get view() { return this.state?.view; }
  get me() { return this.view?.you?.seat ?? null; }
  names() { return Object.fromEntries((this.view?.room?.seats || []).map((s) => [s.seat, seatName(s)])); }

  changed(detail) {
    if (detail.kicked) { toast('You were removed from the room', 'error'); this.app.navigate('#/'); return; }
    if (detail.chat) { this.chat = this.state?.chat || [...this.chat, detail.chat]; this.drawChat(); return; }
    const view = this.view;
    if (!view) { fill(this.root, h('div', { class: 'loading' }, t('game.room.joining'))); return; }
    if (detail.snapshot) {
      // The snapshot brings the whole history: the log and the chat start again from it.
      this.log = [];
      this.breakdown = {};
      this.addEvents(this.state.log || []);
      this.lastEvents = undefined; // not one move: the board falls back to the last tile laid
      this.chat = this.state.chat || [];
      this.drawChat();
    } else if (detail.events) {
      this.addEvents(detail.events);
    }
    this.noteTimeouts(detail.snapshot);
    const mode = view.game ? 'game' : 'waiting';
    if (mode !== this.mode) { this.mode = mode; this.build(); }
    if (detail.snapshot) this.turn.reset();
    this.refresh();
  }

  // ---- layout ---------------------------------------------------------------------------

  build() {
    this.board?.destroy();
    this.board = null;
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
    svg.setAttribute('aria-label', t('board.aria'));
    this.board = new Board(svg);
    this.board.setCatalog(this.app.catalog.tiles);
    this.board.addEventListener('cell', (e) => this.turn.chooseCell(e.detail));
    this.board.addEventListener('target', (e) => this.turn.chooseTarget(e.detail.key, e.detail.keyboard));
    this.board.addEventListener('tile', (e) => this.turn.tapTile(e.detail));
    this.banner = h('div', { class: 'turn-banner', 'aria-live': 'polite' });
    const zoom = h('div', { class: 'zoom-controls' },
      h('button', { class: 'btn icon', id: 'zoom-in', title: t('board.zoom_in_key'), 'aria-label': t('board.zoom_in'), onclick: () => this.board.zoom(1 / 1.25) }, '+'),
      h('button', { class: 'btn icon', id: 'zoom-out', title: t('board.zoom_out_key'), 'aria-label': t('board.zoom_out'), onclick: () => this.board.zoom(1.25) }, '−'),
      h('button', { class: 'btn icon', id: 'zoom-fit', title: t('board.fit_key'), 'aria-label': t('board.fit'), onclick: () => this.board.fit(this.board.fitCells(), true) }, '⤢'));
    this.scores = h('section', { class: 'panel scoreboard', 'aria-label': t('game.players'), dataset: { tab: 'players' } });
    this.hand = h('section', { class: 'panel hand', 'aria-label': t('game.your_turn'), dataset: { tab: 'turn' } });
    this.tilesPanel = h('section', { class: 'panel tiles-left', dataset: { tab: 'tiles' } });
    this.logBox = h('ol', { class: 'log', 'aria-live': 'polite' });
    this.chatBox = this.buildChat();
    this.chatBox.dataset.tab = 'chat';
    const logPanel = h('section', { class: 'panel log-panel', dataset: { tab: 'log' } }, h('h3', {}, t('game.log')), this.logBox);
    // Phones: one tab of the sheet at a time (desktop shows every panel and no tabs).
    this.tabs = h('nav', { class: 'sheet-tabs', role: 'tablist', 'aria-label': t('game.panels') },
      ...['turn', 'players', 'tiles', 'log', 'chat'].map((name) => h('button', { class: 'sheet-tab', role: 'tab', type: 'button', dataset: { tab: name }, onclick: () => this.showTab(name) }, t(`game.tab.${name}`))));
    this.sidebar = h('aside', { class: 'sidebar sheet' }, this.tabs, this.hand, this.scores, this.tilesPanel, logPanel, this.chatBox);
    this.root.append(h('div', { class: 'room room-game' }, this.bar,
      h('div', { class: 'room-body' },
        h('div', { class: 'board-wrap' }, svg, this.banner, zoom),
        this.sidebar)));
    this.showTab(this.tab);
    this.redrawLog();
  }

  showTab(name) {
    this.tab = name;
    this.sidebar.dataset.open = name;
    for (const b of this.tabs.children) b.setAttribute('aria-selected', String(b.dataset.tab === name));
  }

  buildChat() {
    this.chatList = h('ol', { class: 'chat-list' });
    const input = h('input', { class: 'chat-input', placeholder: t('game.chat.placeholder'), maxlength: 500, 'aria-label': t('game.chat.label') });
    const box = h('section', { class: 'panel chat-panel' }, h('h3', {}, t('game.tab.chat')), this.chatList,
      h('form', { class: 'row', onsubmit: async (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        input.value = '';
        try { await this.app.conn.request({ type: 'chat', room: this.roomId, text }); } catch (err) { toast(errorText(err), 'error'); }
      } }, input, h('button', { class: 'btn', type: 'submit' }, t('game.chat.send'))));
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
    const wasMine = this.mineNow;
    this.turn.update();
    this.mineNow = this.turn.isMyPlacement() || this.turn.isMyDecision();
    if (this.mineNow && !wasMine && this.compact()) this.showTab('turn'); // phones: the turn comes up
    drawScores(this.scores, this);
    this.drawBanner(); // first: its height is kept free when the board fits
    this.drawBoard();
    drawTilesPanel(this.tilesPanel, this, this.dead.length);
    drawHand(this);
    this.maybeShowEnd();
  }

  refreshTurnParts() { drawHand(this); this.drawBoard(); }
  tickClock() {
    if (!this.scores) return;
    tickClock(this.scores, this.view);
    const mine = this.me !== null && this.scores.querySelector(`[data-clock-seat="${this.me}"]`);
    if (mine) mine.classList.toggle('warn', awareness.clock(this.view.game?.clock, this.me, this.view.room.settings?.clock));
  }
  showEnd() { showEnd(this, this.breakdown); }

  drawBar() {
    const v = this.view, r = v.room;
    const spectator = this.me === null;
    const playing = r.status === 'playing';
    fill(this.bar, 
      h('a', { class: 'back', href: '#/', 'aria-label': t('game.room.back') }, '←'),
      h('h2', {}, r.name),
      h('span', { class: `tag tag-${r.status}` }, t(`game.room.status.${r.status}`)),
      r.settings?.rules === 'castle' ? h('span', { class: 'tag tag-exp' }, t('game.rules_castle')) : null,
      ...Object.entries(r.settings?.expansions || {}).filter(([, on]) => on).map(([k]) => h('span', { class: 'tag tag-exp' }, k.replace('_', ' '))),
      spectator ? h('span', { class: 'tag tag-spectator', id: 'spectator-badge' }, t('game.spectating')) : null,
      h('span', { class: 'spacer' }),
      copyLinkButton(r),
      playing && !spectator ? h('button', { class: 'btn btn-danger', id: 'resign', onclick: () => this.resign() }, t('game.room.resign')) : null,
      h('button', { class: 'btn', id: 'leave', onclick: () => this.leave() }, t('game.room.leave')));
  }

  async leave() {
    const r = this.view?.room;
    if (r?.status === 'playing' && this.me !== null && !confirm(t('game.room.leave_confirm'))) return;
    try { await this.app.conn.request({ type: 'leave', room: this.roomId }); } catch { /* already gone */ }
    this.app.navigate('#/');
  }

  async resign() {
    if (!confirm(t('game.room.resign_confirm'))) return;
    try { await this.app.conn.request({ type: 'resign', room: this.roomId }); } catch (e) { toast(errorText(e), 'error'); }
  }

  // ---- waiting room ---------------------------------------------------------------------

  drawWaiting() {
    const v = this.view, r = v.room;
    const me = this.app.conn.welcome?.person;
    const host = r.host === me;
    const list = h('ol', { class: 'seat-list' });
    for (const s of r.seats) {
      const who = s.kind === 'empty' ? h('span', { class: 'muted' }, t('game.room.empty_seat'))
        : h('span', { class: 'seat-name' }, seatName(s, { short: true }), s.kind === 'bot' ? h('span', { class: 'tag' }, t(`game.room.bot_${s.bot}`)) : null,
          s.person === me ? h('span', { class: 'tag tag-you' }, t('game.room.you')) : null,
          s.person === r.host ? h('span', { class: 'tag' }, t('game.room.host')) : null,
          s.kind === 'human' ? h('span', { class: `online ${s.online ? 'on' : 'off'}`, title: t(s.online ? 'game.room.online' : 'game.room.offline') }) : null);
      const actions = h('span', { class: 'seat-actions' });
      if (s.kind === 'empty') {
        actions.append(h('button', { class: 'btn', onclick: () => this.request({ type: 'join', room: this.roomId, seat: s.seat }) }, t(this.me === null ? 'game.room.sit_here' : 'game.room.move_here')));
        if (host) {
          actions.append(h('button', { class: 'btn', onclick: () => this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: 'greedy' }) }, t('game.room.add_greedy')),
            h('button', { class: 'btn', onclick: () => this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: 'random' }) }, t('game.room.add_random')),
            // The search bots, by strength (docs/bots.md).
            h('select', { class: 'bot-pick', 'aria-label': t('game.room.add_search'), onchange: (e) => { if (e.target.value) this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: e.target.value }); } },
              h('option', { value: '' }, t('game.room.add_search')),
              ...['easy', 'medium', 'hard'].map((k) => h('option', { value: k }, t(`game.room.bot_${k}`)))));
        }
      } else if (host && s.kind === 'bot') {
        actions.append(h('button', { class: 'btn btn-ghost', onclick: () => this.request({ type: 'set_bot', room: this.roomId, seat: s.seat, bot: null }) }, t('game.room.remove_bot')));
      } else if (host && s.kind === 'human' && s.person !== me) {
        actions.append(h('button', { class: 'btn btn-ghost', onclick: () => this.request({ type: 'kick', room: this.roomId, person: s.person }) }, t('game.room.kick')));
      }
      list.append(h('li', { class: 'seat', dataset: { seat: s.seat } }, h('span', { class: 'seat-badge', innerHTML: '' }), who, actions));
      list.lastChild.firstChild.innerHTML = badgeSvg(s.seat, 26);
    }
    const full = r.seats.every((s) => s.kind !== 'empty');
    const s = r.settings || {};
    fill(this.waiting, 
      h('h2', {}, t('game.room.waiting')),
      h('p', { class: 'muted' }, [t(s.rules === 'castle' ? 'game.rules_castle' : 'game.room.rules_carcassonne'),
        t('game.room.seats', { count: r.seats.length }),
        s.clock ? t('game.room.clock', { min: Math.round(s.clock.initial_ms / 60000), sec: Math.round(s.clock.increment_ms / 1000) }) : t('game.room.no_clock'),
        t(r.spectators_allowed ? 'game.room.spectators_yes' : 'game.room.spectators_no'),
        s.options?.pile_limit ? t('game.room.short_game', { count: s.options.pile_limit }) : null].filter(Boolean).join(' · ')),
      h('p', { class: 'room-link' }, t('common.room_link_label'), ' ', h('input', { class: 'link-field', id: 'room-link', readonly: true, value: roomLink(r), onfocus: (e) => e.target.select() }), ' ', copyLinkButton(r)),
      r.invite ? h('p', { class: 'muted' }, t('common.invite_code_label'), ' ', h('code', { class: 'invite-code', id: 'invite' }, r.invite)) : null,
      r.private ? h('p', { class: 'muted', id: 'invite-watch' }, t(r.spectators_allowed ? 'common.invite_watch_yes' : 'common.invite_watch_no')) : null,
      list,
      r.spectators?.length ? h('p', { class: 'muted' }, t('game.room.watching', { names: r.spectators.map((x) => x.name).join(', ') })) : null,
      host ? h('button', { class: 'btn btn-primary btn-wide', id: 'start', disabled: !full, onclick: () => this.request({ type: 'start', room: this.roomId }) }, t(full ? 'game.room.start' : 'game.room.start_waiting'))
        : h('p', { class: 'muted' }, t('game.room.host_starts')));
  }

  async request(msg) {
    try { return await this.app.conn.request(msg); } catch (e) { toast(errorText(e), 'error'); return null; }
  }

  // ---- game: banner and board ------------------------------------------------------------

  drawBanner() {
    const g = this.view.game, names = this.names();
    let text;
    if (g.result) {
      const w = g.result.winners || [];
      text = w.length > 1 ? t('game.banner.draw', { names: w.map((s) => names[s]).join(', ') }) : t('game.banner.wins', { name: names[w[0]] ?? '—' });
    } else if (this.me !== null && g.decider === this.me) text = phasePrompt(g.phase);
    else text = t(g.phase === 'place_tile' ? 'game.banner.placing' : 'game.banner.deciding', { name: names[g.decider] ?? '…' });
    this.banner.textContent = text;
    this.banner.style.setProperty('--pc', styleOf(g.result ? (g.result.winners?.[0] ?? 0) : g.decider).colour);
    this.banner.classList.toggle('mine', this.me !== null && g.decider === this.me && !g.result);
    this.banner.id = 'turn-banner';
    this.board.padTop = this.banner.offsetTop + this.banner.offsetHeight + 6;
    this.banner.dataset.decider = g.decider;
  }

  drawBoard() {
    const g = this.view.game;
    const turn = this.turn;
    const placing = turn.isMyPlacement();
    const targets = turn.targets();
    const quarters = g.count_quarter !== undefined && g.count_quarter !== null ? {
      count: g.count_quarter,
      followers: (g.followers || []).filter((f) => f.spot === 'quarter'),
      targets: targets.filter((s) => s.kind === 'quarter').map((s) => s.action.quarter),
      redeployOnto: g.phase === 'redeploy' ? g.redeploy_onto || null : null,
    } : null;
    // The Castle: only cells inside the walls can ever take a tile.
    const walls = castleExtent(g.castle);
    const inside = walls ? new Set((g.castle.board.interior || []).map(([x, y]) => `${x},${y}`)) : null;
    // The tile in hand is still to be laid too.
    const toCome = [...(g.remaining || [])];
    const drawn = g.drawn_tile && this.app.catalog.byId.get(g.drawn_tile);
    if (drawn) toCome[drawn.index] = (toCome[drawn.index] || 0) + 1;
    this.dead = g.result || !toCome.some((n) => n > 0) ? [] : deadCells(g.board, this.app.catalog.byId, toCome, inside ? (x, y) => inside.has(`${x},${y}`) : undefined);
    const picked = targets.find((s) => s.selected);
    this.board.render({
      board: g.board,
      followers: g.followers,
      legalCells: placing ? turn.legalCells() : [],
      deadCells: this.dead,
      preview: placing && turn.ui.cell ? { x: turn.ui.cell.x, y: turn.ui.cell.y, tile: g.drawn_tile, rotation: turn.ui.rotation } : null,
      targets,
      highlight: this.highlight?.length ? this.highlight : picked?.tiles || [],
      last: lastMove(this.lastEvents, g),
      quarters,
      castle: g.castle,
      scores: (g.players || []).map((p) => p.score),
    });
  }

  // ---- log and end of game ----------------------------------------------------------------

  addEvents(events) {
    const names = this.names();
    if (events.some((ev) => ev.type !== 'turn_started' && ev.type !== 'tile_drawn')) this.lastEvents = events;
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
    // The line under the pointer is replaced: its mouseleave never comes, so drop its highlight.
    if (this.highlight?.length) { this.highlight = []; if (this.board && this.view?.game) this.drawBoard(); }
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

  // ---- keyboard ---------------------------------------------------------------------------

  onKey(e) {
    if (e.target.closest?.('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.mode !== 'game' || document.querySelector('.end-dialog')) return;
    const k = e.key;
    // Enter or Space on a focused button does what that button says, nothing more.
    if ((k === 'Enter' || k === ' ') && e.target.closest?.('button, a, summary, [role=button]')) return;
    const b = this.board;
    const map = {
      ArrowLeft: () => b.pan(-0.1, 0), ArrowRight: () => b.pan(0.1, 0), ArrowUp: () => b.pan(0, -0.1), ArrowDown: () => b.pan(0, 0.1),
      '+': () => b.zoom(1 / 1.25), '=': () => b.zoom(1 / 1.25), '-': () => b.zoom(1.25), '0': () => b.fit(b.fitCells(), true),
    };
    if (this.view?.game && this.turn.onKey(k)) { e.preventDefault(); return; }
    if (map[k]) { map[k](); e.preventDefault(); }
  }
}

export { actionKey };
