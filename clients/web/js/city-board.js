// The City of Carcassonne's four quarters, drawn over the City's two inner cells (CO-6, CO-7):
// each quarter with what it feeds, the followers in it and the Count in his. Pure markup from
// the view (count_quarter, followers with spot "quarter"); no rules here.

import { meepleMarkup } from './players.js';

const T = 100;
export const QUARTERS = ['cathedral', 'castle', 'blacksmith', 'market']; // NW, NE, SW, SE
const FEEDS = { castle: 'cities', blacksmith: 'roads', cathedral: 'monasteries, shrines', market: 'fields (at the end)' };
const COUNT_FIGURE = '<path d="M0 -14a5 5 0 1 1 0.1 0M-6 10L-4 -6H4L6 10Z" fill="#3b2f5c" stroke="#fff" stroke-width="1.2"/>';

// q: {count: quarter name, followers: [{owner, quarter}], targets: [quarter names the player may pick]}
export function quartersMarkup(q, board) {
  const inner = board.filter((t) => t.tile === 'CO-6' || t.tile === 'CO-7');
  const x0 = inner.length ? Math.min(...inner.map((t) => t.x)) * T : -T;
  const y0 = inner.length ? Math.min(...inner.map((t) => t.y)) * T : 0;
  const w = T, hgt = T / 2;
  let out = '<g class="quarters">';
  QUARTERS.forEach((name, i) => {
    const x = x0 + (i % 2) * w, y = y0 + Math.floor(i / 2) * hgt;
    const here = (q.followers || []).filter((f) => f.quarter === name);
    const count = q.count === name;
    const label = `${name} quarter: ${here.length} follower${here.length === 1 ? '' : 's'}${count ? ', the Count' : ''}`;
    out += `<g class="quarter${q.targets?.includes(name) ? ' target' : ''}${count ? ' has-count' : ''}" data-quarter="${name}" data-followers="${here.length}" role="img" aria-label="${label}">` +
      `<title>${label}; joins ${FEEDS[name]}</title>` +
      `<rect x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${hgt - 6}" rx="6"/>` +
      `<text class="quarter-name" x="${x + 10}" y="${y + 16}">${name}</text>` +
      `<text class="quarter-feeds" x="${x + 10}" y="${y + 27}">→ ${FEEDS[name].split(' ')[0].replace(',', '')}</text>`;
    here.forEach((f, k) => { out += meepleMarkup(f.owner, x + 14 + (k % 5) * 14, y + 38 + Math.floor(k / 5) * 4, { size: 16 }); });
    if (count) out += `<g class="count-figure" transform="translate(${x + w - 16} ${y + hgt - 22})">${COUNT_FIGURE}<title>The Count</title></g>`;
    out += '</g>';
  });
  return out + '</g>';
}
