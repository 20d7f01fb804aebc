// Unit tests of The Castle's board markup: every wall cell, tower and interior space is drawn,
// face-down tokens only where the view says, score markers on the right wall cell (second lap
// included), keeps in their owner's cell.
import test from 'node:test';
import assert from 'node:assert/strict';
import { castleMarkup, castleExtent } from '../../../clients/web/js/castle-board.js';

// A tiny made-up wall: 4 cells in track order (0-1 tower with no slot, 2-3, 4-5 tower slot 0, 6-7 start).
const castle = {
  board: {
    interior: [[1, 1], [2, 1]],
    wall: [
      { x: 0, y: 0, track: 0, tower: true, start: false, slot: -1 },
      { x: 1, y: 0, track: 2, tower: false, start: false, slot: -1 },
      { x: 2, y: 0, track: 4, tower: true, start: false, slot: 0 },
      { x: 3, y: 0, track: 6, tower: false, start: true, slot: -1 },
    ],
  },
  towers_with_token: [0],
  players: [{ tokens: {}, usable: {}, keep: { x: 2, y: 1, size: 3 } }, { tokens: {}, usable: {}, keep: null }],
};

const count = (html, cls) => (html.match(new RegExp(`class="${cls}"`, 'g')) || []).length;

test('castle markup draws the wall, towers, ground and face-down tokens', () => {
  const html = castleMarkup(castle, [0, 0]);
  assert.equal(count(html, 'castle-tower'), 2);
  assert.equal(count(html, 'castle-wall'), 1);
  assert.equal(count(html, 'castle-start'), 1);
  assert.equal(count(html, 'castle-ground'), 2);
  assert.match(html, /class="wall-token" data-slot="0"/);
  assert.doesNotMatch(castleMarkup({ ...castle, towers_with_token: [] }, [0, 0]), /wall-token/);
  assert.match(html, />4·5</);
});

test('score markers stand on score mod 100, two numbers per wall cell', () => {
  const html = castleMarkup(castle, [5, 103]);
  assert.match(html, /data-seat="0" data-position="5" transform="translate\(200 0\)"/);
  assert.match(html, /data-seat="1" data-position="3" transform="translate\(100 0\)"/);
  assert.match(html, /\+100/); // second lap shown
});

test('keeps are drawn for their owners only; extent covers wall and ground', () => {
  const html = castleMarkup(castle, [0, 0]);
  assert.equal(count(html, 'keep'), 1);
  assert.match(html, /class="keep" data-seat="0" transform="translate\(274 108\)"/);
  assert.deepEqual(castleExtent(castle), { minX: 0, minY: 0, maxX: 3, maxY: 1 });
  assert.equal(castleExtent(null), null);
  assert.equal(castleMarkup({}, []), '');
});
