// @ts-check
// The links between the screens under the Ratings tab: the leaderboard and the tournaments
// (a fifth tab would not fit a phone's width).

import { h } from '../dom.js';
import { t } from '../i18n.js';

/** @param {'leaderboard' | 'tournaments'} active */
export function competitionLinks(active) {
  const link = (/** @type {string} */ key, /** @type {string} */ href, /** @type {string} */ label) =>
    h('a', { class: 'lobby-tab', href, id: `link-${key}`, 'aria-current': key === active ? 'page' : null }, label);
  return h(
    'nav',
    { class: 'lobby-tabs competition-links', 'aria-label': t('ratings.tab') },
    link('leaderboard', '#/leaderboard', t('ratings.leaderboard')),
    link('tournaments', '#/tournaments', t('tournaments.tab')),
  );
}
