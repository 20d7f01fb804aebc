// @ts-check
// The Castle's walled board under the tiles: interior spaces, the wall with its 0-99 track, the
// corner towers (a face-down token shows as "?" until someone takes it), the score markers on
// the track and each player's keep. Pure markup from view.game.castle; no rules here.

import { shapeMarkup, styleOf } from './players.js';

const T = 100;

// The board rectangle the walled board covers, in cells: {minX, minY, maxX, maxY}.
export function castleExtent(castle) {
  const cells = [...(castle?.board?.wall || []), ...(castle?.board?.interior || []).map(([x, y]) => ({ x, y }))];
  if (!cells.length) return null;
  const xs = cells.map((c) => c.x),
    ys = cells.map((c) => c.y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

// scores: per seat, the total score (the marker stands on score mod 100).
export function castleMarkup(castle, scores) {
  const b = castle?.board;
  if (!b) return '';
  const withToken = new Set(castle.towers_with_token || []);
  let out = '<g class="castle-board">';
  for (const [x, y] of b.interior)
    out += `<rect class="castle-ground" x="${x * T}" y="${y * T}" width="${T}" height="${T}"/>`;
  for (const w of b.wall) {
    const cls = w.tower ? 'castle-tower' : w.start ? 'castle-start' : 'castle-wall';
    const x = w.x * T,
      y = w.y * T;
    out += `<g class="${cls}" data-track="${w.track}">`;
    if (w.tower) out += `<circle cx="${x + 50}" cy="${y + 50}" r="46"/>`;
    else out += `<rect x="${x + 2}" y="${y + 2}" width="${T - 4}" height="${T - 4}" rx="4"/>`;
    out += `<text class="track-number" x="${x + 50}" y="${y + 22}">${w.track}·${w.track + 1}</text>`;
    if (w.slot >= 0 && withToken.has(w.slot)) {
      out +=
        `<g class="wall-token" data-slot="${w.slot}"><circle cx="${x + 50}" cy="${y + 58}" r="18"/>` +
        `<text x="${x + 50}" y="${y + 64}">?</text><title>A face-down wall token</title></g>`;
    }
    out += '</g>';
  }
  // Score markers: two cells per wall cell, so position p sits on wall cell floor(p / 2).
  (scores || []).forEach((score, seat) => {
    const pos = ((score % 100) + 100) % 100;
    const w = b.wall[Math.floor(pos / 2)];
    if (!w) return;
    const dx = seat === 0 ? 28 : 72,
      dy = 84;
    const lap =
      score >= 100 ? `<text class="lap" x="${dx + 14}" y="${dy - 10}">+${Math.floor(score / 100) * 100}</text>` : '';
    out +=
      `<g class="score-marker" data-seat="${seat}" data-position="${pos}" transform="translate(${w.x * T} ${w.y * T})">` +
      `<circle cx="${dx}" cy="${dy}" r="12" fill="${styleOf(seat).colour}" stroke="#fff" stroke-width="2"/>` +
      `<g transform="translate(${dx} ${dy})">${shapeMarkup(seat, 6)}</g>${lap}<title>score ${score}</title></g>`;
  });
  // Keeps: a small donjon in the owner's colour on a cell of its house.
  (castle.players || []).forEach((p, seat) => {
    if (!p.keep) return;
    const x = p.keep.x * T + 74,
      y = p.keep.y * T + 8;
    out +=
      `<g class="keep" data-seat="${seat}" transform="translate(${x} ${y})">` +
      `<path d="M0 20V4h4v3h4V4h4v3h4V4h4v16Z" fill="${styleOf(seat).colour}" stroke="#fff" stroke-width="1.5"/>` +
      `<title>keep on a house of ${p.keep.size} tiles</title></g>`;
  });
  return out + '</g>';
}
