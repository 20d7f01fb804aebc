// Board aid: the tiles still to come (from the view's public `remaining` counts), each with
// how many are left, and the number of dead cells on the board (cells no such tile can fill).

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { tileDomId } from './tiles-svg.js';

export function drawTilesPanel(box, screen, deadCount) {
  const g = screen.view.game;
  const cat = screen.app.catalog;
  const open = box.querySelector('details') ? box.querySelector('details').open : !screen.compact();
  const grid = h('div', { class: 'remaining-grid', id: 'remaining-tiles' });
  (g.remaining || []).forEach((n, i) => {
    const tile = cat.byIndex.get(i);
    if (!n || !tile) return;
    screen.board.ensureTile(tile.id);
    const cell = h('div', { class: 'remaining-tile', dataset: { tile: tile.id, n }, title: t('board.remaining_title', { id: tile.id, count: n }) }, h('span', { class: 'mini' }), h('span', { class: 'n' }, `×${n}`));
    cell.firstChild.innerHTML = `<svg viewBox="0 0 100 100" width="34" height="34" aria-hidden="true"><use href="#${tileDomId(tile.id)}"/></svg>`;
    grid.append(cell);
  });
  fill(box, h('details', { open },
    h('summary', {}, h('b', { id: 'tiles-left', dataset: { n: g.tiles_left } }, `${g.tiles_left}`), ' ', t('board.tiles_left', { count: g.tiles_left })),
    deadCount ? h('p', { class: 'muted small', id: 'dead-count' }, t('board.dead_count', { count: deadCount })) : null,
    grid));
}
