// The renderer gives every segment of every tile a follower spot inside the tile, and spots of
// different segments do not sit on top of each other (so each can be clicked).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { tileGeometry, rotatePoint } from '../../../clients/web/js/tile-geometry.js';

const fixture = JSON.parse(fs.readFileSync(new URL('../../../clients/web/dev/tiles-fixture.json', import.meta.url)));

for (const tile of fixture.tiles) {
  test(`spots of ${tile.id}`, () => {
    const g = tileGeometry(tile);
    const pts = [];
    tile.segments.forEach((s, i) => {
      const p = g.spots[i];
      assert.ok(p, `segment ${i} (${s.kind}) has a spot`);
      assert.ok(p.x >= 0 && p.x <= 100 && p.y >= 0 && p.y <= 100, `segment ${i} spot inside the tile`);
      pts.push(p);
    });
    for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) {
      assert.ok(Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y) >= 6, `segments ${i} and ${j} have distinct spots`);
    }
  });
}

test('rotation turns points clockwise about the centre', () => {
  assert.deepEqual(rotatePoint({ x: 50, y: 0 }, 1), { x: 100, y: 50 });
  assert.deepEqual(rotatePoint({ x: 50, y: 0 }, 2), { x: 50, y: 100 });
  assert.deepEqual(rotatePoint({ x: 0, y: 0 }, 3), { x: 0, y: 100 });
});

test('a Castle area over neighbouring half-edges is one region along the outline', async () => {
  const { areaFans } = await import('../../../clients/web/js/tile-geometry.js');
  // K-05's house: NL, NR, EL and WR make one fan from the west middle round to the east middle.
  const [fan, ...more] = areaFans(['NL', 'NR', 'EL', 'WR']);
  assert.equal(more.length, 0, 'one region, not a pinwheel of triangles');
  assert.deepEqual(fan, [{ x: 50, y: 50 }, { x: 0, y: 50 }, { x: 0, y: 0 }, { x: 50, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 50 }]);
  assert.equal(areaFans(['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR']).length, 1, 'the whole tile');
  assert.equal(areaFans(['NL', 'SR']).length, 2, 'two separate halves stay two regions');
});
