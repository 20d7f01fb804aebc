// @ts-check
// The end of the game: winner, the points of every seat by feature kind (the server's
// `result.breakdown`), the revealed seed, and links to the replay and back to the board. Fits
// small screens (the card scrolls).

import { h } from './dom.js';
import { t } from './i18n.js';
import { badgeSvg } from './players.js';
import { feature } from './decision-text.js';

/** @import { Game, RoomActions } from './types.js' */

/**
 * The dialog, to be put in the page by the room's view.
 * @param {{ game: Game, names: Record<number, string>, roomId: string }} p
 * @param {RoomActions} actions
 * @returns {HTMLElement}
 */
export function endDialog({ game: g, names, roomId }, actions) {
  const res = g.result || {};
  const order = g.players
    .map((p, seat) => ({ seat, score: res.scores?.[seat] ?? p.score }))
    .sort((a, b) => b.score - a.score);
  const breakdown = res.breakdown || [];
  const kinds = [...new Set(breakdown.flatMap((b) => Object.keys(b || {})))].sort();
  const kindName = (/** @type {string} */ k) =>
    k.endsWith(':final') ? t('game.end.at_end', { feature: feature(k.split(':')[0]) }) : feature(k);
  const winners = res.winners || [];
  const table = h(
    'table',
    { class: 'breakdown' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, t('game.end.player')),
        ...kinds.map((k) => h('th', {}, kindName(k))),
        h('th', {}, t('game.end.total')),
      ),
    ),
    h(
      'tbody',
      {},
      ...order.map(({ seat, score }) => {
        const tr = h(
          'tr',
          { class: winners.includes(seat) ? 'winner' : '' },
          h(
            'td',
            {},
            h('span', { class: 'b' }),
            ' ',
            names[seat],
            winners.includes(seat) ? ` ★ ${t('game.end.winner')}` : '',
            (res.resigned || []).includes(seat) ? ` (${t('game.resigned')})` : '',
          ),
          ...kinds.map((k) => h('td', { dataset: { kind: k } }, String(breakdown[seat]?.[k] || 0))),
          h('td', { class: 'total', dataset: { seat } }, String(score)),
        );
        /** @type {Element} */ (tr.querySelector('.b')).innerHTML = badgeSvg(seat, 18);
        return tr;
      }),
    ),
  );
  return h(
    'div',
    { class: 'end-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'end-title' },
    h(
      'div',
      { class: 'end-card' },
      h(
        'h2',
        { id: 'end-title' },
        winners.length > 1 ? t('game.end.draw') : t('game.end.wins', { name: names[winners[0]] ?? '—' }),
      ),
      h('p', { class: 'muted' }, res.reason === 'resigned' ? t('game.end.by_resignation') : t('game.end.complete')),
      h('div', { class: 'table-scroll' }, table),
      g.seed
        ? h(
            'p',
            { class: 'muted small seed' },
            t('game.end.seed', { seed: g.seed, commitment: `${String(g.seed_commitment).slice(0, 16)}…` }),
          )
        : null,
      h(
        'div',
        { class: 'row end-actions' },
        h(
          'a',
          { class: 'btn', href: `#/replay/${encodeURIComponent(roomId)}`, id: 'open-replay' },
          t('game.end.replay'),
        ),
        h(
          'button',
          { class: 'btn btn-primary', id: 'close-results', onclick: () => actions.closeEnd() },
          t('game.end.back'),
        ),
      ),
    ),
  );
}
