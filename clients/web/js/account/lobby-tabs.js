// @ts-check
// The tabs over the lobby's screens: the rooms, My games (with the count of games waiting for
// your move), the leaderboard and the account (or signing in).

import { h, fill } from '../dom.js';
import { t } from '../i18n.js';
import { account } from './account-state.js';

/**
 * The tabs, kept up to date with the account (who is signed in is known only after the page's
 * first draw); once the tabs have left the page, the next change lets them go.
 * @param {'rooms' | 'games' | 'account' | 'ratings'} active
 */
export function lobbyTabs(active) {
  const nav = h('nav', { class: 'lobby-tabs', 'aria-label': t('account.tab_rooms') });
  const draw = () => {
    if (!nav.isConnected && nav.firstChild) return account.removeEventListener('change', draw);
    fill(nav, ...tabs(active));
  };
  draw();
  account.addEventListener('change', draw);
  return nav;
}

/** @param {'rooms' | 'games' | 'account' | 'ratings'} active */
function tabs(active) {
  const n = account.yourTurnCount();
  const tab = (/** @type {string} */ key, /** @type {string} */ href, /** @type {any[]} */ ...label) =>
    h('a', { class: 'lobby-tab', href, id: `tab-${key}`, 'aria-current': key === active ? 'page' : null }, ...label);
  return [
    tab('rooms', '#/', t('account.tab_rooms')),
    tab(
      'games',
      '#/games',
      t('account.tab_games'),
      h('span', { class: 'games-count', hidden: !n, 'aria-label': t('account.your_turn') }, n ? String(n) : ''),
    ),
    tab('ratings', '#/leaderboard', t('ratings.tab')),
    tab('account', '#/account', account.signedIn ? account.name : t('account.tab_sign_in')),
  ];
}
