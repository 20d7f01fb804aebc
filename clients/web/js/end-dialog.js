// @ts-check
// The end of the game: winner, the points of every seat by feature kind (the server's
// `result.breakdown`), the revealed seed, and links to the replay and back to the board. Fits
// small screens (the card scrolls).

import { h } from './dom.js';
import { t } from './i18n.js';
import { reportButton } from './moderation/report-form.js';
import { badgeSvg } from './players.js';
import { feature } from './decision-text.js';

/** @import { Game, RoomActions } from './types.js' */

/**
 * The dialog, to be put in the page by the room's view. `rematch`: the link of a rematch someone
 * offered (joined from here), else a seated player may offer one.
 * @param {{ game: Game, names: Record<number, string>, roomId: string, seated?: boolean, rematch?: string | null, reportable?: string[] }} p
 * @param {RoomActions} actions
 * @returns {HTMLElement}
 */
export function endDialog({ game: g, names, roomId, seated = false, rematch = null, reportable = [] }, actions) {
  const res = g.result || {};
  const order = g.players
    .map((p, seat) => ({ seat, score: res.scores?.[seat] ?? p.score }))
    .sort((a, b) => b.score - a.score);
  const breakdown = res.breakdown || [];
  const kinds = [...new Set(breakdown.flatMap((b) => Object.keys(b || {})))].sort();
  const kindName = (/** @type {string} */ k) =>
    k.endsWith(':final') ? t('game.end.at_end', { feature: feature(k.split(':')[0]) }) : feature(k);
  const winners = res.winners || [];
  // One column per player and one row per feature kind, the totals last: as many columns as
  // players, so the table fits a phone's width whatever the expansions score.
  const head = (/** @type {{seat: number}} */ { seat }) => {
    const th = h(
      'th',
      { scope: 'col', class: winners.includes(seat) ? 'winner' : '' },
      h('span', { class: 'b' }),
      ' ',
      names[seat],
      // A star, not a word: a word in a narrow column would be broken mid-word.
      winners.includes(seat)
        ? h(
            'span',
            { class: 'winner-mark', title: t('game.end.winner') },
            ' ★',
            h('span', { class: 'sr-only' }, t('game.end.winner')),
          )
        : '',
      (res.resigned || []).includes(seat) ? ` (${t('game.resigned')})` : '',
    );
    /** @type {Element} */ (th.querySelector('.b')).innerHTML = badgeSvg(seat, 18);
    return th;
  };
  const cell = (/** @type {number} */ seat, /** @type {string} */ kind) =>
    h(
      'td',
      { class: winners.includes(seat) ? 'winner' : '', dataset: { kind, seat } },
      String(breakdown[seat]?.[kind] || 0),
    );
  const table = h(
    'table',
    { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('game.end.feature')), ...order.map(head))),
    h(
      'tbody',
      {},
      ...kinds.map((k) =>
        h('tr', {}, h('th', { scope: 'row' }, kindName(k)), ...order.map(({ seat }) => cell(seat, k))),
      ),
      h(
        'tr',
        { class: 'total-row' },
        h('th', { scope: 'row' }, t('game.end.total')),
        ...order.map(({ seat, score }) =>
          h('td', { class: `total${winners.includes(seat) ? ' winner' : ''}`, dataset: { seat } }, String(score)),
        ),
      ),
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
      table,
      // The seed and its commitment are for whoever wants to check the shuffle, folded away.
      g.seed
        ? h(
            'details',
            { class: 'verify-game' },
            h('summary', { class: 'muted small' }, t('game.end.verify')),
            h(
              'p',
              { class: 'muted small seed' },
              t('game.end.seed', { seed: g.seed, commitment: `${String(g.seed_commitment).slice(0, 16)}…` }),
            ),
          )
        : null,
      h(
        'div',
        { class: 'row end-actions' },
        rematch
          ? h('a', { class: 'btn btn-primary', href: rematch, id: 'join-rematch' }, t('game.end.join_rematch'))
          : seated
            ? h(
                'button',
                { class: 'btn btn-primary', id: 'rematch', onclick: () => actions.rematch() },
                t('game.end.rematch'),
              )
            : null,
        h(
          'a',
          { class: 'btn', href: `#/replay/${encodeURIComponent(roomId)}`, id: 'open-replay' },
          t('game.end.replay'),
        ),
        h(
          'a',
          { class: 'btn', href: `#/replay/${encodeURIComponent(roomId)}/review`, id: 'open-review' },
          t('game.end.review'),
        ),
        h('button', { class: 'btn', id: 'close-results', onclick: () => actions.closeEnd() }, t('game.end.back')),
      ),
      // Signed in: the other players may be reported to the operator (docs/moderation.md).
      reportable.length
        ? h(
            'div',
            { class: 'row end-reports' },
            ...reportable.map((name) => reportButton(name, { room: roomId }, `${t('moderation.report')}: ${name}`)),
          )
        : null,
    ),
  );
}
