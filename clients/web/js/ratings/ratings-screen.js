// @ts-check
// The ratings' screens under the lobby's tabs: the leaderboard (#/leaderboard/KEY) and a
// player's profile (#/player/NAME, #/player/NAME/vs/OTHER).

import { clear, h } from '../dom.js';
import { lobbyTabs } from '../account/lobby-tabs.js';
import { leaderboardView } from './leaderboard-view.js';
import { profileView } from './profile-view.js';
import { competitionLinks } from '../tournaments/competition-links.js';

/**
 * @param {HTMLElement} root
 * @param {import('../types.js').App} app
 * @param {{ leaderboard?: string, player?: string, vs?: string }} what
 * @returns {() => void} ends the screen
 */
export function renderRatingsScreen(root, app, what) {
  clear(root);
  const body =
    what.player !== undefined
      ? profileView(what.player, what.vs, app.navigate, app)
      : leaderboardView(what.leaderboard || 'carcassonne', app.navigate);
  root.append(
    h('div', { class: 'account-screen screen-ratings' }, lobbyTabs('ratings'), competitionLinks('leaderboard'), body),
  );
  return () => {};
}
