// Unit tests of the dead-cell aid: an empty cell next to the board is dead when no tile still to
// come fits its neighbours' edges in any rotation.
import test from 'node:test';
import assert from 'node:assert/strict';
import { deadCells, edgeTypes, rotatedEdge } from '../../../clients/web/js/dead-cells.js';

// Tiles given by their edge letters [N E S W]: F field, R road, C city.
const tile = (id, index, edges) => ({ id, index, edges, segments: [] });
const catalog = new Map([
  ['CCCC', tile('CCCC', 0, 'CCCC')],
  ['FFFF', tile('FFFF', 1, 'FFFF')],
  ['CFFF', tile('CFFF', 2, 'CFFF')],
]);

test('edge types come from the edge letters, else from the middle ports', () => {
  assert.deepEqual(edgeTypes(tile('x', 0, 'CRFI')), ['city', 'road', 'field', 'river']);
  const roadNorth = { segments: [{ kind: 'road', ports: ['NM', 'SM'] }, { kind: 'city', ports: ['EL', 'EM', 'ER'] }] };
  assert.deepEqual(edgeTypes(roadNorth), ['road', 'city', 'road', 'field']);
  // Turned once clockwise, the north edge comes from the west.
  assert.equal(rotatedEdge(['city', 'road', 'field', 'field'], 1, 1), 'city');
  assert.equal(rotatedEdge(['city', 'road', 'field', 'field'], 1, 0), 'field');
});

test('a cell between a city edge and a field edge is dead without a tile that has both', () => {
  // (0,0) has a city on its east side, (2,0) a field on its west side: (1,0) needs W city, E field.
  const board = [{ x: 0, y: 0, tile: 'CCCC', rotation: 0 }, { x: 2, y: 0, tile: 'FFFF', rotation: 0 }];
  const onlyPlain = [1, 1, 0]; // CCCC and FFFF still to come, no CFFF
  const dead = deadCells(board, catalog, onlyPlain);
  assert.deepEqual(dead, [{ x: 1, y: 0 }]);
  // With a CFFF left, it fits (rotated so its city faces west).
  assert.deepEqual(deadCells(board, catalog, [0, 0, 1]), []);
});

test('cells that may never take a tile are not marked', () => {
  const board = [{ x: 0, y: 0, tile: 'CCCC', rotation: 0 }, { x: 2, y: 0, tile: 'FFFF', rotation: 0 }];
  assert.deepEqual(deadCells(board, catalog, [1, 1, 0], (x) => x !== 1), []);
});

test('nothing is dead when every cell has a fitting tile left', () => {
  const board = [{ x: 0, y: 0, tile: 'CFFF', rotation: 2 }];
  assert.deepEqual(deadCells(board, catalog, [1, 1, 0]), []);
  assert.equal(deadCells(board, catalog, [0, 1, 0]).length, 1, 'only the cell facing the city needs a city edge');
});
