// @ts-check
// My games (#/games): every game this person holds a seat in, as the server's `my_games` lists
// them (your turn first, then games in play, adjourned, waiting rooms, finished games): whose
// turn, the time left on a deadline, a link into the room or to a finished game's replay.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { account } from './account-state.js';
import { pushOffer } from './push-view.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// "2 days 3 hours", "5 hours 10 minutes", "7 minutes": the two largest units.
/** @param {number} ms */
export function timeLeftText(ms) {
  if (ms <= 0) return t('account.time_up');
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.max(1, Math.floor((ms % HOUR) / MINUTE));
  const parts = days
    ? [t('account.days', { count: days }), hours ? t('account.hours', { count: hours }) : '']
    : hours
      ? [t('account.hours', { count: hours }), t('account.minutes', { count: minutes })]
      : [t('account.minutes', { count: minutes })];
  return t('account.time_left', { time: parts.filter(Boolean).join(' ') });
}

/** @param {any} g one entry of my_games */
function gameRow(g) {
  const finished = g.status === 'finished';
  const href = finished && g.game ? `#/replay/${encodeURIComponent(g.game)}` : `#/room/${encodeURIComponent(g.room)}`;
  const rules = g.rules === 'castle' ? t('lobby.rules_castle') : t('lobby.rules_carcassonne');
  const parts = [rules, t('account.seat', { n: Number(g.seat) + 1 })];
  if (g.status === 'playing' && !g.your_turn) parts.push(t('account.their_turn')); // the tag says "your turn"
  if (g.status === 'playing' && g.deadline_ms) parts.push(timeLeftText(g.deadline_ms - Date.now()));
  if (g.resigned) parts.push(t('account.resigned'));
  return h(
    'a',
    { class: `my-game${g.your_turn ? ' mine' : ''}`, href, dataset: { room: g.room, status: g.status } },
    h(
      'span',
      { class: 'my-game-main' },
      h('span', { class: 'my-game-name' }, g.name || g.room),
      h('small', { class: 'muted' }, parts.join(' · ')),
    ),
    h(
      'span',
      { class: `tag tag-${g.your_turn ? 'you' : g.status}` },
      t(g.your_turn ? 'account.your_turn' : `account.status_${g.status}`),
    ),
    h('span', { class: 'replay-link' }, t(finished ? 'account.replay' : 'account.open')),
  );
}

// The offer to notify on your turn (the Notification API), while the browser has not decided.
function notifyButton() {
  if (typeof Notification === 'undefined') return null;
  if (Notification.permission === 'granted') return h('small', { class: 'muted' }, t('account.notify_on'));
  if (Notification.permission === 'denied') return h('small', { class: 'muted' }, t('account.notify_blocked'));
  return h(
    'button',
    {
      type: 'button',
      class: 'btn btn-ghost',
      id: 'notify-enable',
      onclick: async () => {
        await Notification.requestPermission().catch(() => 'denied');
        account.changed();
      },
    },
    t('account.notify_enable'),
  );
}

export function myGamesView() {
  const games = account.games;
  return h(
    'section',
    { class: 'panel my-games' },
    h('div', { class: 'panel-head' }, h('h2', {}, t('account.games_title')), notifyButton(), pushOffer()),
    account.signedIn ? null : h('p', { class: 'muted' }, h('a', { href: '#/account' }, t('account.games_guest_hint'))),
    games === null
      ? h('p', { class: 'muted' }, t('account.loading'))
      : games.length
        ? h('div', { class: 'my-game-list', id: 'my-games' }, games.map(gameRow))
        : h('p', { class: 'muted empty', id: 'my-games-empty' }, t('account.games_empty')),
  );
}
