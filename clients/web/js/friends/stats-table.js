// @ts-check
// A profile's statistics (docs/friends.md): per rule key, games and wins, and per game the
// score, tiles placed, followers used and the points by kind.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { keyName } from '../ratings/leaderboard-view.js';

/** @param {string} kind a breakdown's kind: city, road, cloister, field, ... */
function kindName(kind) {
  const key = `friends.kind_${kind}`;
  const text = t(key);
  return text === key ? kind : text;
}

/** @param {any} s one entry of the profile's stats */
function statsCard(s) {
  const avg = s.average || {};
  const kinds = Object.entries(avg.points || {}).sort((a, b) => Number(b[1]) - Number(a[1]));
  return h(
    'div',
    { class: 'stats-card', dataset: { key: s.key } },
    h('h3', {}, keyName(s.key)),
    h('p', { class: 'muted' }, t('friends.games_won', { games: s.games, wins: s.wins })),
    h(
      'table',
      { class: 'stats-table' },
      h(
        'tbody',
        {},
        h('tr', {}, h('th', {}, t('friends.avg_score')), h('td', {}, String(avg.score ?? 0))),
        ...kinds.map(([kind, points]) =>
          h('tr', { dataset: { kind } }, h('th', {}, kindName(kind)), h('td', {}, String(points))),
        ),
        h('tr', {}, h('th', {}, t('friends.avg_tiles')), h('td', {}, String(avg.tiles_placed ?? 0))),
        h('tr', {}, h('th', {}, t('friends.avg_followers')), h('td', {}, String(avg.followers_used ?? 0))),
      ),
    ),
  );
}

/** @param {any[] | undefined} stats the profile's `stats` */
export function statsSection(stats) {
  if (!stats?.length) return null;
  return h(
    'section',
    { class: 'profile-stats' },
    h('h3', {}, t('friends.stats')),
    h('div', { class: 'stats-cards' }, ...stats.map(statsCard)),
  );
}
