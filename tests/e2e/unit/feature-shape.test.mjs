// Every segment of every tile has a shape the board can draw as part of a feature: a field is
// its own region (it contains its follower spot and no other field's), so the market move's
// fields are tapped on the field itself; roads are lines, cities and the rest areas.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { tileGeometry, CELL } from '../../../clients/web/js/tile-geometry.js';
import { segmentShape, rasterD } from '../../../clients/web/js/feature-shape.js';

const fixture = JSON.parse(fs.readFileSync(new URL('../../../clients/web/dev/tiles-fixture.json', import.meta.url)));

test('a raster region is one rectangle per run of cells down a column', () => {
  const d = rasterD([[0, 0], [0, 1], [0, 3], [2, 5]]);
  assert.equal((d.match(/M/g) || []).length, 3, d);
  assert.match(d, /^M-0\.2 0h2\.4v4h-2\.4Z/);
});

const inCells = (cells, p) => cells.some(([i, j]) => p.x >= i * CELL - 0.01 && p.x <= (i + 1) * CELL + 0.01 && p.y >= j * CELL - 0.01 && p.y <= (j + 1) * CELL + 0.01);

for (const tile of fixture.tiles) {
  test(`segment shapes of ${tile.id}`, () => {
    const g = tileGeometry(tile);
    tile.segments.forEach((s, i) => {
      const shape = segmentShape(g, i);
      assert.match(shape.d, /^M/, `segment ${i} (${s.kind}) has a path`);
      assert.equal(shape.line, ['road', 'river', 'street'].includes(s.kind), `segment ${i} (${s.kind}) line or area`);
      if (s.kind !== 'field' || !g.fieldCells[i]?.length) return;
      assert.ok(inCells(g.fieldCells[i], g.spots[i]), `field ${i}'s shape holds its spot`);
      tile.segments.forEach((o, j) => {
        if (j === i || o.kind !== 'field' || !g.fieldCells[j]?.length) return;
        const mine = new Set(g.fieldCells[i].map(([a, b]) => a * 100 + b));
        assert.ok(!g.fieldCells[j].some(([a, b]) => mine.has(a * 100 + b)), `fields ${i} and ${j} do not overlap`);
      });
    });
  });
}
