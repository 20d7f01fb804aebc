// @ts-check
// A player's profile (#/player/NAME): ratings per rating key with a graph over time, rated
// games played and won, and the head-to-head against an opponent named in the form. The RD
// shown is the server's RD now, grown by the time since the last rated game.

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { ratingGraph } from './rating-graph.js';
import { fetchProfile } from './ratings-api.js';
import { keyName } from './leaderboard-view.js';
import { friendActions } from '../friends/friend-actions.js';
import { statsSection } from '../friends/stats-table.js';

/** @param {any} r one entry of the profile's ratings */
function ratingCard(r, /** @type {any[]} */ history) {
  const points = history.filter((p) => p.key === r.key).map((p) => p.rating);
  return h(
    'div',
    { class: 'rating-card', dataset: { key: r.key } },
    h('h3', {}, keyName(r.key)),
    h(
      'p',
      {},
      h('strong', { class: 'rating-value' }, String(Math.round(r.rating))),
      ` ±${Math.round(r.rd)}`,
      r.provisional ? h('span', { class: 'tag' }, t('ratings.provisional')) : null,
    ),
    h('p', { class: 'muted' }, t('ratings.played_won', { games: r.games, wins: r.wins })),
    ratingGraph(points, t('ratings.graph', { key: keyName(r.key) })),
  );
}

/** @param {any} h2h the profile's head_to_head */
function headToHead(h2h) {
  if (!h2h.results.length) return h('p', { class: 'muted' }, t('ratings.h2h_none', { name: h2h.opponent }));
  return h(
    'ul',
    { class: 'head-to-head' },
    ...h2h.results.map((/** @type {any} */ r) =>
      h('li', {}, `${keyName(r.key)}: `, t('ratings.h2h_line', { wins: r.wins, losses: r.losses, draws: r.draws })),
    ),
  );
}

/**
 * @param {string} name
 * @param {string} [vs]
 * @param {(hash: string) => void} [navigate]
 * @param {import('../types.js').App} [app] for the friend buttons
 */
export function profileView(name, vs, navigate, app) {
  const body = h('div', { class: 'profile-body' }, h('p', { class: 'muted' }, t('ratings.loading')));
  const opponent = h('input', { id: 'h2h-name', maxlength: 32, value: vs ?? '', 'aria-label': t('ratings.opponent') });
  const form = h(
    'form',
    {
      class: 'h2h-form',
      onsubmit: (/** @type {Event} */ e) => {
        e.preventDefault();
        const other = opponent.value.trim();
        if (navigate)
          navigate(`#/player/${encodeURIComponent(name)}${other ? `/vs/${encodeURIComponent(other)}` : ''}`);
      },
    },
    h('label', { for: 'h2h-name' }, t('ratings.opponent')),
    opponent,
    h('button', { class: 'btn', type: 'submit' }, t('ratings.compare')),
  );
  fetchProfile(name, vs)
    .then((p) => {
      // fill, not replaceChildren: the absent parts (no friend buttons, no stats) are null,
      // which replaceChildren would show as the text "null".
      fill(
        body,
        h('h2', {}, p.name),
        app ? friendActions(p.name, app) : null,
        p.ratings.length
          ? h('div', { class: 'rating-cards' }, ...p.ratings.map((/** @type {any} */ r) => ratingCard(r, p.history)))
          : h('p', { class: 'muted' }, t('ratings.unrated')),
        statsSection(p.stats),
        form,
        p.head_to_head ? headToHead(p.head_to_head) : null,
      );
    })
    .catch((err) => fill(body, h('p', { class: 'error' }, err.status === 404 ? t('ratings.no_player') : err.message)));
  return h('section', { class: 'profile-screen' }, body);
}
