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
