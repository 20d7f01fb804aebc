// @ts-check
// One tournament (#/tournament/ID): its settings, the standings with their tie-breaks, the
// current round with links to its games, every earlier round, and join, withdraw or start.
// Polled while shown: rounds start by themselves on the server.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { account } from '../account/account-state.js';
import { fetchTournament, tournamentAction } from './tournaments-api.js';

const POLL_MS = 5000;

/**
 * Points at tables of 3 to 5 come in thirds and quarters: at most two decimals, none when whole.
 * @param {number} points
 */
export function formatPoints(points) {
  return String(Math.round(points * 100) / 100);
}

/** @param {any} row */
function standingRow(row) {
  return h(
    'tr',
    { class: row.withdrawn ? 'withdrawn' : '' },
    h('td', {}, String(row.rank)),
    h('td', {}, row.name, row.withdrawn ? ` (${t('tournaments.withdrawn')})` : ''),
    h('td', {}, formatPoints(row.points)),
    h('td', {}, row.buchholz.toFixed(2)),
    h('td', {}, row.sonneborn_berger.toFixed(2)),
  );
}

/** @param {any} table */
function tableItem(table) {
  const names = table.players
    .map((/** @type {any} */ p) => (p.place === undefined ? p.name : `${p.name} (${p.place + 1})`))
    .join(' – ');
  if (table.bye) return h('li', { class: 'bye' }, `${names}: ${t('tournaments.bye')}`);
  return h(
    'li',
    {},
    h('a', { href: `#/room/${encodeURIComponent(table.room)}` }, `${t('tournaments.table')} ${table.table + 1}`),
    ': ',
    names,
    table.finished ? ` · ${t('tournaments.finished')}` : '',
  );
}

/** @param {any} tour */
function body(tour, /** @type {() => void} */ reload) {
  const me = account.signedIn ? tour.standings.find((/** @type {any} */ r) => r.name === account.name) : undefined;
  const error = h('p', { class: 'error', role: 'alert' });
  const act = (/** @type {'join' | 'withdraw' | 'start'} */ what) =>
    tournamentAction(tour.id, what)
      .then(reload)
      .catch((err) => (error.textContent = err.message));
  const buttons = [];
  if (tour.status !== 'finished' && account.signedIn && (!me || me.withdrawn))
    buttons.push(
      h('button', { class: 'btn', id: 'tournament-join', onclick: () => act('join') }, t('tournaments.join')),
    );
  if (tour.status !== 'finished' && me && !me.withdrawn)
    buttons.push(
      h(
        'button',
        { class: 'btn', id: 'tournament-withdraw', onclick: () => act('withdraw') },
        t('tournaments.withdraw'),
      ),
    );
  if (tour.status === 'open' && account.signedIn && tour.creator_name === account.name)
    buttons.push(
      h(
        'button',
        { class: 'btn btn-primary', id: 'tournament-start', onclick: () => act('start') },
        t('tournaments.start'),
      ),
    );
  const rounds = [...tour.tables]
    .map((tables, i) =>
      h(
        'section',
        { class: 'tournament-round' },
        h('h4', {}, t('tournaments.round', { n: i + 1 })),
        h('ul', {}, ...tables.map(tableItem)),
      ),
    )
    .reverse();
  const format =
    tour.format === 'swiss'
      ? t('tournaments.swiss_rounds', { rounds: tour.rounds })
      : t('tournaments.rr_tables', { size: tour.table_size });
  return h(
    'div',
    { class: 'tournament', dataset: { status: tour.status, round: String(tour.round) } },
    h('h2', {}, tour.name),
    h('p', { class: 'muted' }, format, ' · ', t(`tournaments.status_${tour.status}`), ' · ', location.href),
    h('div', { class: 'tournament-actions' }, ...buttons),
    error,
    // A long name must not widen the page on a phone: the table scrolls inside its box.
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        { class: 'leaderboard standings', id: 'tournament-standings' },
        h(
          'tr',
          {},
          h('th', {}, '#'),
          h('th', {}, t('tournaments.player')),
          h('th', {}, t('tournaments.points')),
          h('th', { title: t('tournaments.buchholz_title') }, 'Buchholz'),
          h('th', { title: t('tournaments.sb_title') }, 'SB'),
        ),
        ...tour.standings.map(standingRow),
      ),
    ),
    ...rounds,
  );
}

/**
 * @param {string} id
 * @returns {{ node: HTMLElement, stop: () => void }}
 */
export function tournamentView(id) {
  const node = h('section', { class: 'tournament-screen' }, h('p', { class: 'muted' }, t('tournaments.loading')));
  let timer = 0;
  const load = () =>
    fetchTournament(id)
      .then((tour) => node.replaceChildren(body(tour, load)))
      .catch((err) => node.replaceChildren(h('p', { class: 'error' }, err.message)));
  load();
  timer = window.setInterval(load, POLL_MS);
  return { node, stop: () => window.clearInterval(timer) };
}
