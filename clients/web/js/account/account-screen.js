// @ts-check
// The lobby's other two screens: My games (#/games) and the account (#/account: signing in or
// up while signed out, the account's settings while signed in). Each redraws when the account
// state changes; the account screen only when what it shows changes (so typing is not lost).

import { clear, h } from '../dom.js';
import { account } from './account-state.js';
import { lobbyTabs } from './lobby-tabs.js';
import { myGamesView } from './my-games-view.js';
import { authView } from './auth-view.js';
import { accountView } from './account-view.js';

/**
 * @param {HTMLElement} root
 * @param {import('../types.js').App} app
 * @param {'games' | 'account'} which
 * @returns {() => void} ends the screen
 */
export function renderAccountScreen(root, app, which) {
  let shown = '';
  const draw = () => {
    const key = which === 'games' ? 'games' : `${account.signedIn}:${!!account.me}`;
    if (key === shown && which === 'account') return;
    shown = key;
    clear(root);
    const body = which === 'games' ? myGamesView() : account.signedIn ? accountView(app) : authView(app);
    root.append(h('div', { class: `account-screen screen-${which}` }, lobbyTabs(which), body));
  };
  draw();
  account.addEventListener('change', draw);
  if (which === 'games') account.loadGames();
  return () => account.removeEventListener('change', draw);
}
