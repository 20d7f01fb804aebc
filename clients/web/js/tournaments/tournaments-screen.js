// @ts-check
// The tournaments' screens under the Ratings tab: the list with the creation form
// (#/tournaments) and one tournament (#/tournament/ID).

import { clear, h } from '../dom.js';
import { t } from '../i18n.js';
import { lobbyTabs } from '../account/lobby-tabs.js';
import { account } from '../account/account-state.js';
import { listTournaments } from './tournaments-api.js';
import { tournamentCreateForm } from './tournament-create.js';
import { tournamentView } from './tournament-view.js';
import { competitionLinks } from './competition-links.js';

/** @param {(hash: string) => void} navigate */
function listView(navigate) {
  const list = h('ul', { class: 'tournament-list', id: 'tournament-list' });
  listTournaments()
    .then((answer) =>
      list.replaceChildren(
        ...answer.tournaments.map((/** @type {any} */ tour) =>
          h(
            'li',
            {},
            h('a', { href: `#/tournament/${encodeURIComponent(tour.id)}` }, tour.name),
            ` · ${t(`tournaments.status_${tour.status}`)}`,
          ),
        ),
      ),
    )
    .catch((err) => list.replaceChildren(h('li', { class: 'error' }, err.message)));
  return h(
    'section',
    { class: 'tournaments-screen' },
    h('h2', {}, t('tournaments.title')),
    list,
    account.signedIn ? tournamentCreateForm(navigate) : h('p', { class: 'muted' }, t('tournaments.sign_in')),
  );
}

/**
 * @param {HTMLElement} root
 * @param {import('../types.js').App} app
 * @param {{ id?: string }} what
 * @returns {() => void} ends the screen
 */
export function renderTournamentsScreen(root, app, what) {
  clear(root);
  let stop = () => {};
  let view;
  if (what.id) {
    const shown = tournamentView(what.id);
    stop = shown.stop;
    view = shown.node;
  } else {
    view = listView(app.navigate);
  }
  root.append(
    h(
      'div',
      { class: 'account-screen screen-tournaments' },
      lobbyTabs('ratings'),
      competitionLinks('tournaments'),
      view,
    ),
  );
  return stop;
}
