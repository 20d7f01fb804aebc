// @ts-check
// The City of Carcassonne's four quarters, drawn over the City's two inner cells (CO-6, CO-7):
// each quarter with what it feeds, the followers in it and the Count in his. Pure markup from
// the view (count_quarter, followers with spot "quarter"); no rules here.

import { meepleMarkup } from './players.js';
import { t } from './i18n.js';

const T = 100;
export const QUARTERS = ['cathedral', 'castle', 'blacksmith', 'market']; // NW, NE, SW, SE
const COUNT_FIGURE =
  '<path d="M0 -14a5 5 0 1 1 0.1 0M-6 10L-4 -6H4L6 10Z" fill="#3b2f5c" stroke="#fff" stroke-width="1.2"/>';

// Where a quarter is drawn, in board units: {x, y, w, h} (over the City's inner cells).
export function quarterRect(name, board) {
  const inner = board.filter((tl) => tl.tile === 'CO-6' || tl.tile === 'CO-7');
  const x0 = inner.length ? Math.min(...inner.map((tl) => tl.x)) * T : -T;
  const y0 = inner.length ? Math.min(...inner.map((tl) => tl.y)) * T : 0;
  const i = QUARTERS.indexOf(name);
  return { x: x0 + (i % 2) * T, y: y0 + Math.floor(i / 2) * (T / 2), w: T, h: T / 2 };
}

// q: {count: quarter name, followers: [{owner, quarter}], targets: [quarter names the player may pick]}
export function quartersMarkup(q, board) {
  let out = '<g class="quarters">';
  QUARTERS.forEach((name) => {
    const { x, y, w, h: hgt } = quarterRect(name, board);
    const here = (q.followers || []).filter((f) => f.quarter === name);
    const count = q.count === name;
    const label =
      t('board.quarter_label', { quarter: t(`board.quarter.${name}`), count: here.length }) +
      (count ? t('board.quarter_has_count') : '');
    out +=
      `<g class="quarter${q.targets?.includes(name) ? ' target' : ''}${count ? ' has-count' : ''}" data-quarter="${name}" data-followers="${here.length}" role="img" aria-label="${label}">` +
      `<title>${label}; ${t(`board.quarter_feeds.${name}`)}</title>` +
      `<rect x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${hgt - 6}" rx="6"/>` +
      `<text class="quarter-name" x="${x + 10}" y="${y + 16}">${t(`board.quarter_title.${name}`)}</text>` +
      `<text class="quarter-feeds" x="${x + 10}" y="${y + 27}">→ ${t(`board.quarter_short.${name}`)}</text>`;
    here.forEach((f, k) => {
      out += meepleMarkup(f.owner, x + 14 + (k % 5) * 14, y + 38 + Math.floor(k / 5) * 4, { size: 16 });
    });
    if (count)
      out += `<g class="count-figure" transform="translate(${x + w - 16} ${y + hgt - 22})">${COUNT_FIGURE}<title>${t('board.count')}</title></g>`;
    out += '</g>';
  });
  return out + '</g>';
}
