// The lobby: the live list of public rooms, joining by invite code, the create-room form and
// the finished games that can be replayed.

import { h, clear, fill, toast } from './dom.js';

const EXPANSIONS = [
  ['tower', 'The Tower'],
  ['river2', 'River II'],
  ['count', 'City of Carcassonne & the Count'],
  ['king_robber', 'King & Robber Baron'],
  ['cult', 'Cult (shrines)'],
];
const OPTIONS = [
  ['tower_tiles', 'Tower tiles', 'tower', true],
  ['tower_rules', 'Tower rules (floors, capture)', 'tower', true],
  ['lake_extra_turn', 'Lake gives an extra turn', 'river2', true],
  ['count_market_only_at_end', 'Only the market redeploys at game end', 'count', true],
  ['alt_start_keeps_start_tile', 'Shuffle the base start tile into the pile', ['river2', 'count'], false],
];
export const EXP_SHORT = { tower: 'Tower', river2: 'River II', count: 'Count', king_robber: 'King & Robber', cult: 'Cult' };

export function renderLobby(root, app) {
  const { conn } = app;
  clear(root);
  const roomsBox = h('div', { class: 'room-list', id: 'room-list', 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading rooms…'));
  const gamesBox = h('div', { class: 'game-list', id: 'game-list' });
  const invite = h('input', { id: 'invite-code', placeholder: 'ABCD-EFGH', 'aria-label': 'Invite code', autocomplete: 'off' });

  root.append(h('div', { class: 'lobby' },
    h('section', { class: 'panel rooms-panel' },
      h('div', { class: 'panel-head' }, h('h2', {}, 'Open rooms'), h('span', { class: 'live-dot', title: 'updates live' }, 'live')),
      roomsBox,
      h('form', { class: 'invite-form', onsubmit: (e) => { e.preventDefault(); joinByInvite(app, invite.value.trim()); } },
        h('label', { for: 'invite-code' }, 'Join a private room with an invite code'),
        h('div', { class: 'row' }, invite, h('button', { type: 'submit', class: 'btn' }, 'Join'))),
      h('div', { class: 'panel-head' }, h('h2', {}, 'Finished games')),
      gamesBox),
    h('section', { class: 'panel create-panel' }, h('h2', {}, 'Create a room'), createForm(app))));

  const showRooms = (rooms) => drawRooms(roomsBox, rooms, app);
  const onLobby = (e) => showRooms(e.detail.rooms || []);
  conn.addEventListener('lobby', onLobby);
  const subscribe = () => conn.request({ type: 'lobby_subscribe' }).catch((e) => toast(e.message, 'error'));
  conn.ready().then(subscribe);
  conn.addEventListener('welcome', subscribe);
  loadGames(gamesBox);

  return () => {
    conn.removeEventListener('lobby', onLobby);
    conn.removeEventListener('welcome', subscribe);
    if (conn.welcome) conn.request({ type: 'lobby_unsubscribe' }).catch(() => {});
  };
}

function clockText(c) {
  if (!c) return 'no clock';
  const m = Math.round(c.initial_ms / 60000);
  return `${m} min + ${Math.round(c.increment_ms / 1000)} s`;
}

function drawRooms(box, rooms, app) {
  clear(box);
  if (!rooms.length) { box.append(h('p', { class: 'muted empty' }, 'No open rooms yet: create one!')); return; }
  for (const r of rooms) {
    const free = r.seats - r.taken;
    const exps = (r.expansions || []).map((e) => EXP_SHORT[e] || e);
    box.append(h('article', { class: `room-card status-${r.status}`, dataset: { room: r.id } },
      h('div', { class: 'room-main' },
        h('h3', {}, r.name),
        h('div', { class: 'room-meta' },
          h('span', { class: 'tag' }, r.rules === 'castle' ? 'The Castle' : 'Carcassonne'),
          ...exps.map((e) => h('span', { class: 'tag tag-exp' }, e)),
          h('span', { class: `tag tag-${r.status}` }, r.status)),
        h('div', { class: 'room-sub muted' },
          `host ${r.host} · seats ${r.taken}/${r.seats}${r.bots ? ` (${r.bots} bot${r.bots > 1 ? 's' : ''})` : ''} · ${r.spectators} watching · ${clockText(r.clock)}`)),
      h('div', { class: 'room-actions' },
        r.status === 'waiting' && free > 0 ? h('button', { class: 'btn btn-primary btn-join', onclick: () => joinRoom(app, r.id) }, 'Join') : null,
        r.spectators_allowed ? h('button', { class: 'btn btn-watch', onclick: () => spectate(app, r.id) }, 'Watch') : null)));
  }
}

async function joinRoom(app, room) {
  try {
    await app.conn.request({ type: 'join', room });
    app.navigate(`#/room/${room}`);
  } catch (e) { toast(e.message, 'error'); }
}

async function joinByInvite(app, code) {
  if (!code) return;
  try {
    const r = await app.conn.request({ type: 'join', invite: code.toUpperCase() });
    app.navigate(`#/room/${r.room}`);
  } catch (e) { toast(e.message, 'error'); }
}

async function spectate(app, room) {
  try {
    await app.conn.request({ type: 'spectate', room });
    app.navigate(`#/room/${room}`);
  } catch (e) { toast(e.message, 'error'); }
}

async function loadGames(box) {
  try {
    const r = await fetch('/api/games');
    if (!r.ok) throw new Error(r.status);
    const j = await r.json();
    const games = j.games || j;
    clear(box);
    if (!games.length) { box.append(h('p', { class: 'muted empty' }, 'No finished games yet.')); return; }
    for (const g of games.slice(0, 20)) {
      const players = (g.players || []).map((p) => `${p.name} ${p.score}${p.winner ? ' ★' : ''}`).join(' · ');
      box.append(h('a', { class: 'game-row', href: `#/replay/${encodeURIComponent(g.game_id || g.id)}` },
        h('span', {}, players || g.game_id), h('span', { class: 'muted' }, new Date(g.finished_at_ms || g.finished_at || 0).toLocaleString())));
    }
  } catch {
    fill(box, h('p', { class: 'muted empty' }, 'Replays are not available.'));
  }
}

// ---- create-room form ---------------------------------------------------------------------

function createForm(app) {
  const f = {};
  const field = (label, input, hint) => h('label', { class: 'field' }, h('span', {}, label), input, hint ? h('small', { class: 'muted' }, hint) : null);
  f.name = h('input', { name: 'name', maxlength: 60, placeholder: `${app.conn.name || 'My'}'s room` });
  f.rules = h('select', { name: 'rules' }, h('option', { value: 'carcassonne' }, 'Carcassonne'), h('option', { value: 'castle' }, 'The Castle (2 players)'));
  f.seats = h('select', { name: 'seats' }, ...[2, 3, 4, 5, 6].map((n) => h('option', { value: n }, `${n} players`)));
  const expBox = h('fieldset', { class: 'checks' }, h('legend', {}, 'Expansions'));
  f.exp = {};
  for (const [key, label] of EXPANSIONS) {
    f.exp[key] = h('input', { type: 'checkbox', name: `exp-${key}` });
    expBox.append(h('label', { class: 'check' }, f.exp[key], label));
  }
  const optBox = h('fieldset', { class: 'checks' }, h('legend', {}, 'Options'));
  f.opt = {};
  for (const [key, label, needs, def] of OPTIONS) {
    f.opt[key] = h('input', { type: 'checkbox', name: `opt-${key}`, checked: def });
    optBox.append(h('label', { class: 'check', dataset: { needs: [].concat(needs).join(' ') } }, f.opt[key], label));
  }
  const botBox = h('div', { class: 'bots' });
  f.private = h('input', { type: 'checkbox', name: 'private' });
  f.spectators = h('input', { type: 'checkbox', name: 'spectators', checked: true });
  f.clock = h('select', { name: 'clock' },
    h('option', { value: '' }, 'No clock'), h('option', { value: '5' }, '5 min + 10 s'), h('option', { value: '10' }, '10 min + 15 s'),
    h('option', { value: '20' }, '20 min + 30 s'), h('option', { value: '2' }, '2 min + 5 s (blitz)'));
  f.length = h('select', { name: 'pile_limit' }, h('option', { value: '0' }, 'every tile'),
    h('option', { value: '30' }, 'short: 30 tiles'), h('option', { value: '12' }, 'quick: 12 tiles'), h('option', { value: '4' }, 'taster: 4 tiles'));
  f.timeout = h('select', { name: 'on_timeout' }, h('option', { value: 'random' }, 'play a random move'), h('option', { value: 'forfeit' }, 'forfeit'));

  const sync = () => {
    const castle = f.rules.value === 'castle';
    if (castle) f.seats.value = '2';
    f.seats.disabled = castle;
    for (const k in f.exp) { f.exp[k].disabled = castle; if (castle) f.exp[k].checked = false; }
    for (const lab of optBox.querySelectorAll('[data-needs]')) {
      lab.hidden = !lab.dataset.needs.split(' ').some((e) => f.exp[e]?.checked);
    }
    optBox.hidden = ![...optBox.querySelectorAll('[data-needs]')].some((l) => !l.hidden);
    // One bot selector per seat except the creator's.
    const n = Number(f.seats.value);
    const old = [...botBox.querySelectorAll('select')].map((s) => s.value);
    fill(botBox, h('span', { class: 'bots-title' }, 'Seats'));
    botBox.append(h('div', { class: 'seat-row' }, h('span', {}, 'Seat 1'), h('span', { class: 'muted' }, 'you')));
    for (let s = 1; s < n; s++) {
      botBox.append(h('div', { class: 'seat-row' }, h('span', {}, `Seat ${s + 1}`),
        h('select', { name: `bot-${s}`, 'aria-label': `Seat ${s + 1}` }, h('option', { value: '' }, 'open for a person'),
          h('option', { value: 'random', selected: old[s - 1] === 'random' }, 'random bot'),
          h('option', { value: 'greedy', selected: old[s - 1] === 'greedy' }, 'greedy bot'))));
    }
    f.timeout.disabled = !f.clock.value;
  };
  for (const el of [f.rules, f.seats, f.clock, ...Object.values(f.exp)]) el.addEventListener('change', sync);

  const form = h('form', { class: 'create-form', id: 'create-form', onsubmit: (e) => { e.preventDefault(); submit(); } },
    field('Room name', f.name),
    h('div', { class: 'row2' }, field('Game', f.rules), field('Players', f.seats)),
    field('Length', f.length),
    expBox, optBox, botBox,
    h('div', { class: 'row2' },
      field('Turn clock', f.clock),
      field('On timeout', f.timeout)),
    h('div', { class: 'checks-inline' },
      h('label', { class: 'check' }, f.private, 'Private (invite code only)'),
      h('label', { class: 'check' }, f.spectators, 'Spectators allowed')),
    h('button', { type: 'submit', class: 'btn btn-primary btn-wide' }, 'Create room'));
  sync();

  async function submit() {
    const seats = Number(f.seats.value);
    const msg = {
      type: 'create_room',
      rules: f.rules.value,
      seats,
      expansions: Object.fromEntries(Object.entries(f.exp).map(([k, el]) => [k, el.checked])),
      options: { ...Object.fromEntries(Object.entries(f.opt).map(([k, el]) => [k, el.checked])), pile_limit: Number(f.length.value) },
      bots: [...botBox.querySelectorAll('select')].map((s, i) => ({ seat: i + 1, kind: s.value })).filter((b) => b.kind),
      private: f.private.checked,
      spectators: f.spectators.checked,
      clock: f.clock.value ? {
        initial_ms: Number(f.clock.value) * 60000,
        increment_ms: { 2: 5000, 5: 10000, 10: 15000, 20: 30000 }[f.clock.value],
        on_timeout: f.timeout.value,
      } : null,
    };
    if (f.name.value.trim()) msg.name = f.name.value.trim();
    try {
      const r = await app.conn.request(msg);
      app.navigate(`#/room/${r.room}`);
    } catch (e) { toast(e.message, 'error'); }
  }
  return form;
}
