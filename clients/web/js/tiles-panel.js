// @ts-check
// Board aid: the tiles still to come (from the view's public `remaining` counts), each with
// how many are left, and the number of dead cells on the board (cells no such tile can fill).

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { tileDomId } from './tiles-svg.js';

/** @import { Game, Catalog, RoomActions } from './types.js' */

/**
 * @param {HTMLElement} box
 * @param {{ game: Game, catalog: Catalog, deadCount: number, open: boolean, ensureTile: (id: string) => unknown }} p
 * @param {RoomActions} actions
 */
export function drawTilesPanel(box, { game: g, catalog, deadCount, open, ensureTile }, actions) {
  const grid = h('div', { class: 'remaining-grid', id: 'remaining-tiles' });
  const faceDown = (g.remaining || []).reduce((a, n) => a + n, 0);
  (g.remaining || []).forEach((n, i) => {
    const tile = catalog.byIndex.get(i);
    if (!n || !tile) return;
    ensureTile(tile.id);
    const cell = h(
      'div',
      {
        class: 'remaining-tile',
        dataset: { tile: tile.id, n },
        title: t('board.remaining_title', { id: tile.id, count: n }),
      },
      h('span', { class: 'mini' }),
      h('span', { class: 'n' }, `×${n}`),
    );
    /** @type {Element} */ (cell.firstChild).innerHTML =
      `<svg viewBox="0 0 100 100" width="34" height="34" aria-hidden="true"><use href="#${tileDomId(tile.id)}"/></svg>`;
    grid.append(cell);
  });
  const details = h(
    'details',
    { open },
    h(
      'summary',
      {},
      h('b', { id: 'tiles-left', dataset: { n: g.tiles_left } }, `${g.tiles_left}`),
      ' ',
      t('board.tiles_left', { count: g.tiles_left }),
    ),
    // A short game draws only part of the box, and which tiles were cut is secret: the grid shows
    // every face-down tile, so say how many of them will really come.
    faceDown > (g.tiles_left ?? faceDown)
      ? h(
          'p',
          { class: 'muted small', id: 'short-pile' },
          t('board.short_pile', { count: g.tiles_left, total: faceDown }),
        )
      : null,
    deadCount ? h('p', { class: 'muted small', id: 'dead-count' }, t('board.dead_count', { count: deadCount })) : null,
    grid,
  );
  details.addEventListener('toggle', () => actions.setTilesOpen(details.open));
  fill(box, details);
}
