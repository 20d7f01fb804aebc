// @ts-check
// Replay viewer for finished games: loads the game record (GET /api/games/{id}) and steps
// forward and back through it. The record's events say what each move did (tile laid, follower
// placed or returned, points scored), so the frames are rebuilt by bookkeeping, not by rules.
// The screen's state is the step shown; go() changes it and redraw() draws that frame.

import { recordName } from './seat-name.js';
import { h, clear, fill, toast } from './dom.js';
import { Board } from './board.js';
import { badgeSvg, styleOf } from './players.js';
import { describeEvent } from './log-text.js';
import { expansionShort } from './lobby.js';
import { t } from './i18n.js';
import { reviewPanel } from './review-panel.js';

export function renderReplay(root, app, gameId, atEnd = false, askReview = false) {
  fill(root, h('div', { class: 'loading' }, t('common.replay_loading')));
  let destroyed = false;
  let keys = null;
  let review = null;
  fetch(`/api/games/${encodeURIComponent(gameId)}`)
    .then(async (r) => {
      if (!r.ok)
        throw new Error(t(r.status === 404 ? 'common.replay_missing' : 'common.replay_failed', { id: gameId }));
      const record = await r.json();
      if (destroyed) return;
      ({ keys, review } = mountReplay(root, app, gameId, record, atEnd, askReview));
    })
    .catch((/** @type {Error} */ e) => {
      // A network failure or a record that is not JSON: said in words, not as the browser's error.
      if (!e.message.includes(gameId) && e.message !== t('common.replay_failed'))
        e = new Error(t('common.replay_failed'));
      fill(
        root,
        h(
          'div',
          { class: 'panel narrow' },
          h('h2', {}, t('common.replay_unavailable')),
          h('p', {}, e.message),
          h('a', { class: 'btn', href: '#/' }, t('common.back_to_lobby')),
        ),
      );
      toast(e.message, 'error');
    });
  return () => {
    destroyed = true;
    if (keys) document.removeEventListener('keydown', keys);
    if (review) review.destroy();
  };
}

// ---- the record -> frames -----------------------------------------------------------------

// Accepts the record shapes we know of: moves with their events, or one flat event list.
export function framesFromRecord(record) {
  const players = record.players || record.seats || [];
  const n = record.config?.players || players.length || 2;
  const start = {
    board: (record.setup || record.initial_board || record.board_setup || []).map((t) => ({
      x: t.x,
      y: t.y,
      tile: t.tile,
      rotation: t.rotation || 0,
      height: 0,
    })),
    followers: [],
    scores: Array(n).fill(0),
    log: [],
    last: null,
    // The City of Carcassonne: the Count starts in the castle quarter (docs/ckc-city.md).
    count: record.settings?.expansions?.count ? 'castle' : null,
    king: -1,
    robber: -1,
  };
  const moves = (record.actions || record.moves || []).map((m) => ({
    seat: m.seat ?? m.actor_seat ?? m.player,
    action: m.action,
    events: m.events || [],
  }));
  if (!moves.length && Array.isArray(record.events)) {
    // One flat list: a new step at every tile placed.
    let cur = null;
    for (const ev of record.events) {
      if (!cur || ev.type === 'tile_placed') {
        cur = { events: [] };
        moves.push(cur);
      }
      cur.events.push(ev);
    }
  }
  if (!start.board.length) start.board.push({ x: 0, y: 0, tile: 'B-D', rotation: 0, height: 0 });
  const frames = [start];
  let state = start;
  for (const m of moves) {
    state = applyEvents(state, m.events);
    frames.push(state);
  }
  return {
    frames,
    players: players.map((p, i) => ({
      seat: p.seat ?? i,
      name: recordName(p.name) || t('log.seat', { seat: i + 1 }),
      score: p.score,
    })),
  };
}

function applyEvents(prev, events) {
  const s = {
    ...prev,
    board: prev.board.slice(),
    followers: prev.followers.slice(),
    scores: prev.scores.slice(),
    log: [],
    events,
  };
  const same = (f, e) =>
    f.owner === e.player && f.x === e.x && f.y === e.y && (e.segment === undefined || f.segment === e.segment);
  for (const e of events) {
    switch (e.type) {
      case 'tile_placed':
        s.board.push({ x: e.x, y: e.y, tile: e.tile, rotation: e.rotation || 0, height: 0 });
        s.last = { x: e.x, y: e.y, player: e.player };
        break;
      case 'follower_placed':
        s.followers.push({ owner: e.player, spot: 'feature', x: e.x, y: e.y, segment: e.segment });
        break;
      case 'follower_returned':
      case 'follower_captured': {
        const owner = e.type === 'follower_captured' ? e.target_player : e.player;
        const i = s.followers.findIndex((f) => same(f, { ...e, player: owner }));
        if (i >= 0) s.followers.splice(i, 1);
        break;
      }
      case 'floor_added': {
        const i = s.board.findIndex((t) => t.x === e.x && t.y === e.y);
        if (i >= 0) s.board[i] = { ...s.board[i], height: e.count };
        break;
      }
      case 'feature_scored':
        for (const p of e.scorers || []) s.scores[p] = (s.scores[p] || 0) + e.points;
        break;
      case 'quarter_follower_placed':
        s.followers.push({ owner: e.player, spot: 'quarter', quarter: e.quarter });
        break;
      case 'follower_moved': {
        // from a quarter onto a feature (redeployment, the market at the end)
        const i = s.followers.findIndex((f) => f.spot === 'quarter' && f.owner === e.player && f.quarter === e.quarter);
        if (i >= 0) s.followers.splice(i, 1);
        s.followers.push({ owner: e.player, spot: 'feature', x: e.x, y: e.y, segment: e.segment });
        break;
      }
      case 'count_moved':
        s.count = e.quarter;
        break;
      case 'token_taken':
        s[e.feature === 'road' ? 'robber' : 'king'] = e.player;
        break;
      case 'token_scored':
        s.scores[e.player] = (s.scores[e.player] || 0) + e.points;
        break;
      case 'ransom_paid':
        s.scores[e.player] -= e.points;
        s.scores[e.target_player] += e.points;
        break;
      default:
        break;
    }
  }
  return s;
}

// ---- the screen ---------------------------------------------------------------------------

/**
 * @param {HTMLElement} root
 * @param {import('./types.js').App} app
 * @param {string} gameId
 * @param {any} record
 * @param {boolean} atEnd
 * @param {boolean} askReview  ask for the move review at once (the end dialog's offer)
 */
function mountReplay(root, app, gameId, record, atEnd, askReview) {
  const { frames, players } = framesFromRecord(record);
  const names = Object.fromEntries(players.map((p) => [p.seat, p.name]));
  let step = atEnd ? frames.length - 1 : 0;
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'board');
  const board = new Board(svg);
  board.setCatalog(app.catalog.tiles);
  const counter = h('span', { class: 'step-counter', id: 'replay-step' });
  const slider = h('input', {
    type: 'range',
    min: 0,
    max: frames.length - 1,
    value: 0,
    'aria-label': t('common.replay_slider'),
    id: 'replay-slider',
    oninput: () => go(Number(slider.value)),
  });
  const scores = h('ol', { class: 'players' });
  const log = h('ol', { class: 'log' });
  // A finished game's move review, beside the replay (review-panel.js).
  const review =
    record.status === 'finished'
      ? reviewPanel({ gameId, players, go: (i) => go(i), changed: () => redraw(), askNow: askReview })
      : null;
  const btn = (id, label, title, fn) =>
    h('button', { class: 'btn', id, title, 'aria-label': title, onclick: fn }, label);
  fill(
    root,
    h(
      'div',
      { class: 'room replay' },
      h(
        'header',
        { class: 'room-bar' },
        h('a', { class: 'back', href: '#/', 'aria-label': t('common.back_to_lobby') }, '←'),
        h('h2', {}, t('common.replay_title', { name: record.settings?.name || gameId })),
        h(
          'span',
          { class: 'tag' },
          (record.settings?.rules || record.rules) === 'castle'
            ? t('lobby.rules_castle')
            : t('lobby.rules_carcassonne'),
        ),
        ...Object.entries(record.settings?.expansions || {})
          .filter(([, on]) => on)
          .map(([e]) => h('span', { class: 'tag tag-exp' }, expansionShort(e))),
        h('span', { class: 'spacer' }),
        btn('replay-first', '|◀', t('common.replay_first'), () => go(0)),
        btn('replay-back', '◀', t('common.replay_back'), () => go(step - 1)),
        counter,
        btn('replay-forward', '▶', t('common.replay_forward'), () => go(step + 1)),
        btn('replay-last', '▶|', t('common.replay_last'), () => go(frames.length - 1)),
      ),
      h(
        'div',
        { class: 'room-body' },
        h('div', { class: 'board-wrap' }, svg, h('div', { class: 'replay-slider' }, slider)),
        h(
          'aside',
          { class: 'sidebar' },
          h('section', { class: 'panel scoreboard' }, h('h3', {}, t('common.replay_players')), scores),
          h('section', { class: 'panel log-panel' }, h('h3', {}, t('common.replay_this_move')), log),
          review ? review.element : null,
        ),
      ),
    ),
  );

  /** @param {number} i */
  function go(i) {
    step = Math.max(0, Math.min(frames.length - 1, i));
    redraw();
  }

  function redraw() {
    const f = frames[step];
    slider.value = String(step);
    counter.textContent = t('common.replay_step', { step, last: frames.length - 1 });
    counter.dataset.step = String(step);
    board.render({
      board: f.board,
      followers: f.followers,
      last: f.last,
      quarters: f.count ? { count: f.count, followers: f.followers.filter((x) => x.spot === 'quarter') } : null,
      ghost: review ? review.ghostAt(step, f) : null,
    });
    if (review) review.mark(step);
    if (step === 0 || step === frames.length - 1) board.fit(f.board);
    clear(scores);
    players.forEach((p) => {
      const li = h(
        'li',
        { class: 'player', dataset: { seat: p.seat }, style: `--pc:${styleOf(p.seat).colour}` },
        h('span', { class: 'p-badge' }),
        h('span', { class: 'p-name' }, p.name),
        h('span', { class: 'p-score', dataset: { score: f.scores[p.seat] || 0 } }, String(f.scores[p.seat] || 0)),
        f.king === p.seat || f.robber === p.seat
          ? h(
              'span',
              { class: 'p-sub' },
              f.king === p.seat ? h('span', { class: 'token token-king' }, t('common.king')) : null,
              f.robber === p.seat ? h('span', { class: 'token token-robber' }, t('common.robber_baron')) : null,
            )
          : null,
      );
      /** @type {Element} */ (li.firstChild).innerHTML = badgeSvg(p.seat, 26);
      scores.append(li);
    });
    clear(log);
    for (const ev of f.events || []) {
      const d = describeEvent(ev, names, app.catalog.byId);
      if (d) log.append(h('li', { class: `log-${d.kind}` }, d.text));
    }
    if (!log.firstChild) log.append(h('li', { class: 'muted' }, step ? '' : t('common.replay_start')));
  }
  const keys = (e) => {
    if (e.target.closest?.('input:not([type=range]), textarea')) return;
    const k = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: frames.length - 1 }[e.key];
    if (k !== undefined) {
      go(k);
      e.preventDefault();
    }
  };
  document.addEventListener('keydown', keys);
  go(step);
  return { keys, review };
}
