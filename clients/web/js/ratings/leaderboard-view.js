// @ts-check
// The leaderboard (#/leaderboard/KEY): accounts with an established rating under one rating
// key, best first, and the bots' fixed ratings to measure against.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { COMMON_KEYS, fetchLeaderboard } from './ratings-api.js';

/** @param {string} key */
export function keyName(key) {
  const text = t(`ratings.key_${key.replaceAll('+', '_')}`);
  return text.startsWith('ratings.') ? key : text;
}

/**
 * @param {string} key
 * @param {(hash: string) => void} navigate
 */
export function leaderboardView(key, navigate) {
  const select = h(
    'select',
    { id: 'leaderboard-rules', onchange: () => navigate(`#/leaderboard/${encodeURIComponent(select.value)}`) },
    ...COMMON_KEYS.map((k) => h('option', { value: k, selected: k === key }, keyName(k))),
  );
  const body = h('div', { class: 'leaderboard-body' }, h('p', { class: 'muted' }, t('ratings.loading')));
  fetchLeaderboard(key)
    .then((board) => {
      body.replaceChildren(
        board.players.length
          ? h(
              'table',
              { class: 'leaderboard' },
              h(
                'tr',
                {},
                h('th', {}, '#'),
                h('th', {}, t('ratings.player')),
                h('th', {}, t('ratings.rating')),
                h('th', {}, t('ratings.games')),
              ),
              ...board.players.map((/** @type {any} */ p) =>
                h(
                  'tr',
                  {},
                  h('td', {}, String(p.rank)),
                  h('td', {}, h('a', { href: `#/player/${encodeURIComponent(p.name)}` }, p.name)),
                  h('td', {}, `${Math.round(p.rating)} ±${Math.round(p.rd)}`),
                  h('td', {}, String(p.games)),
                ),
              ),
            )
          : h('p', { class: 'muted' }, t('ratings.board_empty', { games: board.min_games, rd: board.max_rd })),
        h(
          'p',
          { class: 'muted bots-ladder' },
          t('ratings.bots'),
          ' ',
          board.bots.map((/** @type {any} */ b) => `${botName(b)} ${Math.round(b.rating)}`).join(' · '),
        ),
      );
    })
    .catch((err) => body.replaceChildren(h('p', { class: 'error' }, err.message)));
  return h('section', { class: 'leaderboard-screen' }, h('h2', {}, t('ratings.leaderboard')), select, body);
}

/**
 * A ladder bot in the page's language (the server names it in English).
 * @param {{ bot: string, name: string }} b
 */
function botName(b) {
  const key = `ratings.bot_${b.bot}`;
  const text = t(key);
  return text === key ? b.name : text;
}
