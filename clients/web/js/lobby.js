// @ts-check
// The lobby: the live list of public rooms (open ones to join, running ones to watch), joining
// by invite code or link, the create-room form, and the finished games that can be replayed.
// Its state (the rooms from the server's lobby messages, the finished games from the API) is
// drawn by one redraw(); the create form keeps its own fields.

import { recordName, BOT_KINDS_BY_STRENGTH } from './seat-name.js';
import { limitLength } from './text-limit.js';
import { h, clear, fill, toast, memo } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './errors.js';
import { paceText } from './room-pace.js';
import { lobbyTabs } from './account/lobby-tabs.js';
import { moveTimeSelect, moveTimeField } from './account/move-time.js';
import { ratedOption } from './ratings/rated-option.js';

const EXPANSIONS = ['tower', 'river2', 'count', 'king_robber', 'cult'];
const OPTIONS = [
  ['tower_tiles', 'tower', true],
  ['tower_rules', 'tower', true],
  ['lake_extra_turn', 'river2', true],
  ['count_market_only_at_end', 'count', true],
  ['alt_start_keeps_start_tile', ['river2', 'count'], false],
];
export const expansionShort = (e) => {
  const s = t(`lobby.exp_short.${e}`);
  return s === `lobby.exp_short.${e}` ? e : s;
};

// The lobby's rooms by id: a full `lobby` message replaces them, `lobby_room` adds or updates
// one, `lobby_room_removed` drops one, `lobby_changes` does both for several (docs/protocol.md,
// "Lobby").
export class LobbyRooms {
  constructor() {
    this.rooms = new Map();
  }
  apply(msg) {
    if (msg.type === 'lobby') this.rooms = new Map((msg.rooms || []).map((r) => [r.id, r]));
    else if (msg.type === 'lobby_room' && msg.room?.id) this.rooms.set(msg.room.id, msg.room);
    else if (msg.type === 'lobby_room_removed')
      this.rooms.delete(typeof msg.room === 'string' ? msg.room : msg.room?.id);
    else if (msg.type === 'lobby_changes') {
      for (const r of msg.rooms || []) if (r?.id) this.rooms.set(r.id, r);
      for (const id of msg.removed || []) this.rooms.delete(id);
    } else return false;
    return true;
  }
  // Open: waiting for players with someone there to start it. Abandoned rooms (nobody online)
  // are not offered; they close when their grace runs out.
  open() {
    return [...this.rooms.values()].filter((r) => r.status === 'waiting' && (r.humans_online ?? 1) > 0);
  }
  running() {
    return [...this.rooms.values()].filter((r) => r.status === 'playing' || r.status === 'adjourned');
  }
}

/**
 * @param {HTMLElement} root
 * @param {import('./types.js').App} app
 * @returns {() => void} ends the screen
 */
export function renderLobby(root, app) {
  const { conn } = app;
  clear(root);
  const roomsBox = h(
    'div',
    { class: 'room-list', id: 'room-list', 'aria-live': 'polite' },
    h('p', { class: 'muted' }, t('lobby.loading_rooms')),
  );
  const runningBox = h('div', { class: 'room-list', id: 'running-list' });
  const gamesBox = h('div', { class: 'game-list', id: 'game-list' });
  const invite = h('input', {
    id: 'invite-code',
    placeholder: 'ABCD-EFGH',
    'aria-label': t('lobby.invite_code'),
    autocomplete: 'off',
  });

  root.append(
    lobbyTabs('rooms'),
    h(
      'div',
      { class: 'lobby' },
      h(
        'section',
        { class: 'panel rooms-panel' },
        h(
          'div',
          { class: 'panel-head' },
          h('h2', {}, t('lobby.open_rooms')),
          h('span', { class: 'live-dot', title: t('lobby.live_title') }, t('lobby.live')),
        ),
        roomsBox,
        h(
          'form',
          {
            class: 'invite-form',
            onsubmit: (e) => {
              e.preventDefault();
              joinByInvite(app, invite.value.trim());
            },
          },
          h('label', { for: 'invite-code' }, t('lobby.join_by_invite')),
          h('div', { class: 'row' }, invite, h('button', { type: 'submit', class: 'btn' }, t('lobby.join'))),
        ),
        h('div', { class: 'panel-head' }, h('h2', {}, t('lobby.running_games'))),
        runningBox,
        h('div', { class: 'panel-head' }, h('h2', {}, t('lobby.finished_games'))),
        gamesBox,
      ),
      h('section', { class: 'panel create-panel' }, h('h2', {}, t('lobby.create_room')), createForm(app)),
    ),
  );

  const state = {
    list: new LobbyRooms(),
    listed: false, // a `lobby` message came
    /** @type {Set<string>} */
    finishedSeen: new Set(),
    /** @type {any[] | 'unavailable' | null} the finished games (null until they come) */
    games: null,
  };
  let gone = false;
  const redraw = () => {
    if (gone) return;
    if (state.listed) {
      drawRooms(roomsBox, state.list.open(), app, t('lobby.no_open_rooms'));
      drawRooms(runningBox, state.list.running(), app, t('lobby.no_running_games'));
    }
    memo(gamesBox, [state.games], () => drawGames(gamesBox, state.games));
  };
  const loadGames = () =>
    fetchGames().then(
      (games) => {
        state.games = games;
        redraw();
      },
      () => {
        state.games = 'unavailable';
        redraw();
      },
    );
  const onMessage = (/** @type {Event} */ e) => {
    const msg = /** @type {CustomEvent} */ (e).detail;
    if (!state.list.apply(msg)) return;
    state.listed = true;
    // A game that just ended belongs in the finished list now.
    const finished = new Set([...state.list.rooms.values()].filter((r) => r.status === 'finished').map((r) => r.id));
    if ([...finished].some((id) => !state.finishedSeen.has(id))) loadGames();
    state.finishedSeen = finished;
    redraw();
  };
  conn.addEventListener('message', onMessage);
  const subscribe = () => conn.request({ type: 'lobby_subscribe' }).catch((e) => toast(errorText(e), 'error'));
  conn.ready().then(subscribe);
  conn.addEventListener('welcome', subscribe);
  loadGames();

  return () => {
    gone = true;
    conn.removeEventListener('message', onMessage);
    conn.removeEventListener('welcome', subscribe);
    if (conn.welcome) conn.request({ type: 'lobby_unsubscribe' }).catch(() => {});
  };
}

function drawRooms(box, rooms, app, emptyText) {
  clear(box);
  if (!rooms.length) {
    box.append(h('p', { class: 'muted empty' }, emptyText));
    return;
  }
  for (const r of rooms) {
    const free = r.seats - r.taken;
    const sub = [
      t('lobby.host', { name: r.host || '—' }),
      t('lobby.seats_taken', { taken: r.taken, seats: r.seats }) +
        (r.bots ? ` ${t('lobby.bots', { count: r.bots })}` : ''),
      t('lobby.watching', { count: r.spectators }),
      paceText(r),
    ];
    if (r.status === 'adjourned') sub.push(t('lobby.adjourned_hint'));
    box.append(
      h(
        'article',
        { class: `room-card status-${r.status}`, dataset: { room: r.id } },
        h(
          'div',
          { class: 'room-main' },
          h('h3', {}, r.name),
          h(
            'div',
            { class: 'room-meta' },
            h('span', { class: 'tag' }, r.rules === 'castle' ? t('lobby.rules_castle') : t('lobby.rules_carcassonne')),
            ...(r.expansions || []).map((e) => h('span', { class: 'tag tag-exp' }, expansionShort(e))),
            h('span', { class: `tag tag-${r.status}` }, t(`lobby.status_${r.status}`)),
          ),
          h('div', { class: 'room-sub muted' }, sub.join(' · ')),
        ),
        h(
          'div',
          { class: 'room-actions' },
          r.status === 'waiting' && free > 0
            ? h('button', { class: 'btn btn-primary btn-join', onclick: () => joinRoom(app, r.id) }, t('lobby.join'))
            : null,
          r.spectators_allowed && r.status !== 'adjourned'
            ? h('button', { class: 'btn btn-watch', onclick: () => spectate(app, r.id) }, t('lobby.watch'))
            : null,
        ),
      ),
    );
  }
}

async function joinRoom(app, room) {
  try {
    await app.conn.request({ type: 'join', room });
    app.navigate(`#/room/${room}`);
  } catch (e) {
    toast(errorText(e), 'error');
  }
}

// Accepts the code or a whole invite link pasted in. Takes a free seat; when there is none,
// the invite page offers what is left (watching).
async function joinByInvite(app, text) {
  const code = decodeURIComponent(text.match(/#\/invite\/([^/?#]+)/)?.[1] ?? text)
    .trim()
    .toUpperCase();
  if (!code) return;
  try {
    const r = await app.conn.request({ type: 'join', invite: code });
    app.navigate(`#/room/${encodeURIComponent(r.room)}`);
  } catch (e) {
    if (e.code === 'no_such_room') toast(errorText(e), 'error');
    else app.navigate(`#/invite/${encodeURIComponent(code)}`);
  }
}

async function spectate(app, room) {
  try {
    await app.conn.request({ type: 'spectate', room });
    app.navigate(`#/room/${room}`);
  } catch (e) {
    toast(errorText(e), 'error');
  }
}

// GET /api/games answers {running: [...], finished: [...]}; finished games link to their replay.
/** @returns {Promise<any[]>} */
async function fetchGames() {
  const r = await fetch('/api/games?limit=20');
  if (!r.ok) throw new Error(String(r.status));
  const j = await r.json();
  return Array.isArray(j) ? j : j.finished || [];
}

/**
 * @param {HTMLElement} box
 * @param {any[] | 'unavailable' | null} games
 */
function drawGames(box, games) {
  clear(box);
  if (games === null) return;
  if (games === 'unavailable') {
    fill(box, h('p', { class: 'muted empty' }, t('lobby.replays_unavailable')));
    return;
  }
  if (!games.length) {
    box.append(h('p', { class: 'muted empty' }, t('lobby.no_finished_games')));
    return;
  }
  for (const g of games) {
    const id = g.id || g.game_id;
    const players = (g.players || []).map((p) => `${recordName(p.name)} ${p.score}${p.winner ? ' ★' : ''}`).join(' · ');
    box.append(
      h(
        'a',
        { class: 'game-row', href: `#/replay/${encodeURIComponent(id)}`, dataset: { game: id } },
        h('span', { class: 'game-players' }, players || id),
        h(
          'span',
          { class: 'muted' },
          `${g.rules === 'castle' ? t('lobby.rules_castle') : t('lobby.rules_carcassonne')} · ${new Date(g.finished_at_ms || 0).toLocaleString()}`,
        ),
        h('span', { class: 'replay-link' }, t('lobby.replay')),
      ),
    );
  }
}

// ---- create-room form ---------------------------------------------------------------------

function createForm(app) {
  const f = {};
  const field = (label, input, hint) =>
    h('label', { class: 'field' }, h('span', {}, label), input, hint ? h('small', { class: 'muted' }, hint) : null);
  f.name = h('input', {
    name: 'name',
    placeholder: t('lobby.room_name_placeholder', { name: app.conn.name || t('lobby.my') }),
  });
  limitLength(/** @type {HTMLInputElement} */ (f.name), 60);
  f.rules = h(
    'select',
    { name: 'rules' },
    h('option', { value: 'carcassonne' }, t('lobby.rules_carcassonne')),
    h('option', { value: 'castle' }, t('lobby.rules_castle_two')),
  );
  f.seats = h(
    'select',
    { name: 'seats' },
    ...[2, 3, 4, 5, 6].map((n) => h('option', { value: n }, t('lobby.n_players', { count: n }))),
  );
  const expBox = h('fieldset', { class: 'checks' }, h('legend', {}, t('lobby.expansions')));
  f.exp = {};
  for (const key of EXPANSIONS) {
    f.exp[key] = h('input', { type: 'checkbox', name: `exp-${key}` });
    expBox.append(h('label', { class: 'check' }, f.exp[key], t(`lobby.exp.${key}`)));
  }
  const optBox = h('fieldset', { class: 'checks' }, h('legend', {}, t('lobby.options')));
  f.opt = {};
  for (const [key, needs, def] of OPTIONS) {
    f.opt[key] = h('input', { type: 'checkbox', name: `opt-${key}`, checked: def });
    optBox.append(
      h('label', { class: 'check', dataset: { needs: [].concat(needs).join(' ') } }, f.opt[key], t(`lobby.opt.${key}`)),
    );
  }
  const botBox = h('div', { class: 'bots' });
  f.private = h('input', { type: 'checkbox', name: 'private' });
  f.spectators = h('input', { type: 'checkbox', name: 'spectators', checked: true });
  const rated = ratedOption();
  const spectatorsLabel = h('span', {});
  f.clock = h(
    'select',
    { name: 'clock' },
    h('option', { value: '' }, t('lobby.clock_none')),
    h('option', { value: '5' }, t('lobby.clock_short', { minutes: 5, seconds: 10 })),
    h('option', { value: '10' }, t('lobby.clock_short', { minutes: 10, seconds: 15 })),
    h('option', { value: '20' }, t('lobby.clock_short', { minutes: 20, seconds: 30 })),
    h('option', { value: '2' }, t('lobby.clock_blitz')),
  );
  f.length = h(
    'select',
    { name: 'pile_limit' },
    h('option', { value: '0' }, t('lobby.length_all')),
    h('option', { value: '30' }, t('lobby.length_short')),
    h('option', { value: '12' }, t('lobby.length_quick')),
    h('option', { value: '4' }, t('lobby.length_taster')),
  );
  f.timeout = h(
    'select',
    { name: 'on_timeout' },
    h('option', { value: 'random' }, t('lobby.timeout_random')),
    h('option', { value: 'forfeit' }, t('lobby.timeout_forfeit')),
  );

  f.moveTime = moveTimeSelect();

  const sync = () => {
    // A game is either live (the clock) or turn-based (a time per move).
    f.clock.disabled = !!f.moveTime.value;
    if (f.moveTime.value) f.clock.value = '';
    const castle = f.rules.value === 'castle';
    if (castle) f.seats.value = '2';
    f.seats.disabled = castle;
    for (const k in f.exp) {
      f.exp[k].disabled = castle;
      if (castle) f.exp[k].checked = false;
    }
    const needy = /** @type {HTMLElement[]} */ ([...optBox.querySelectorAll('[data-needs]')]);
    for (const lab of needy) lab.hidden = !(lab.dataset.needs ?? '').split(' ').some((e) => f.exp[e]?.checked);
    optBox.hidden = !needy.some((l) => !l.hidden);
    // One bot selector per seat except the creator's.
    const n = Number(f.seats.value);
    const old = [...botBox.querySelectorAll('select')].map((s) => s.value);
    fill(botBox, h('span', { class: 'bots-title' }, t('lobby.seats')));
    botBox.append(
      h(
        'div',
        { class: 'seat-row' },
        h('span', {}, t('lobby.seat_n', { n: 1 })),
        h('span', { class: 'muted' }, t('lobby.you')),
      ),
    );
    for (let s = 1; s < n; s++) {
      botBox.append(
        h(
          'div',
          { class: 'seat-row' },
          h('span', {}, t('lobby.seat_n', { n: s + 1 })),
          h(
            'select',
            { name: `bot-${s}`, 'aria-label': t('lobby.seat_n', { n: s + 1 }) },
            h('option', { value: '' }, t('lobby.seat_open')),
            // Every bot kind, weakest first (docs/bots.md, "The ladder").
            ...BOT_KINDS_BY_STRENGTH.map((k) =>
              h('option', { value: k, selected: old[s - 1] === k }, t(`lobby.bot_${k}`)),
            ),
          ),
        ),
      );
    }
    f.timeout.disabled = !f.clock.value;
    // A rated game is played with the whole pile (the server refuses a short one).
    if (rated.checked()) f.length.value = '0';
    f.length.disabled = rated.checked();
    // In a private room, spectators are the people with the invite link.
    spectatorsLabel.textContent = t(f.private.checked ? 'lobby.spectators_by_invite' : 'lobby.spectators_allowed');
  };
  for (const el of [f.rules, f.seats, f.clock, f.moveTime, f.private, rated.input, ...Object.values(f.exp)])
    el?.addEventListener('change', sync);

  const form = h(
    'form',
    {
      class: 'create-form',
      id: 'create-form',
      onsubmit: (e) => {
        e.preventDefault();
        submit();
      },
    },
    field(t('lobby.room_name'), f.name),
    h('div', { class: 'row2' }, field(t('lobby.game'), f.rules), field(t('lobby.players'), f.seats)),
    field(t('lobby.length'), f.length),
    expBox,
    optBox,
    botBox,
    h('div', { class: 'row2' }, field(t('lobby.turn_clock'), f.clock), field(t('lobby.on_timeout'), f.timeout)),
    moveTimeField(f.moveTime),
    h(
      'div',
      { class: 'checks-inline' },
      h('label', { class: 'check' }, f.private, t('lobby.private')),
      h('label', { class: 'check' }, f.spectators, spectatorsLabel),
      rated.field,
    ),
    h('button', { type: 'submit', class: 'btn btn-primary btn-wide' }, t('lobby.create')),
  );
  sync();

  async function submit() {
    const seats = Number(f.seats.value);
    const msg = {
      type: 'create_room',
      rules: f.rules.value,
      seats,
      expansions: Object.fromEntries(Object.entries(f.exp).map(([k, el]) => [k, el.checked])),
      options: {
        ...Object.fromEntries(Object.entries(f.opt).map(([k, el]) => [k, el.checked])),
        pile_limit: Number(f.length.value),
      },
      bots: [...botBox.querySelectorAll('select')]
        .map((s, i) => ({ seat: i + 1, kind: s.value }))
        .filter((b) => b.kind),
      private: f.private.checked,
      spectators: f.spectators.checked,
      clock: f.clock.value
        ? {
            initial_ms: Number(f.clock.value) * 60000,
            increment_ms: { 2: 5000, 5: 10000, 10: 15000, 20: 30000 }[f.clock.value],
            on_timeout: f.timeout.value,
          }
        : null,
    };
    // An unnamed room gets the name its placeholder showed, in the creator's language (the
    // server's own default is English).
    const name =
      f.name.value.trim() || (app.conn.name ? t('lobby.room_name_placeholder', { name: app.conn.name }) : '');
    if (name) msg.name = name;
    if (f.moveTime.value) msg.move_time_s = Number(f.moveTime.value); // only when chosen
    if (rated.checked()) msg.rated = true;
    try {
      const r = await app.conn.request(msg);
      app.navigate(`#/room/${r.room}`);
    } catch (e) {
      toast(errorText(e), 'error');
    }
  }
  return form;
}
