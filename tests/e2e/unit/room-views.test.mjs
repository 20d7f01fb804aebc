// Pure parts of the room screen's redraw (clients/web/js): memo() leaves a part alone while its
// inputs are the same, and boardModel() derives what the board shows from the view and the turn.
import test from 'node:test';
import assert from 'node:assert/strict';
import { memo } from '../../../clients/web/js/dom.js';
import { boardModel } from '../../../clients/web/js/board-model.js';

test('memo draws again only when an input changed', () => {
  const part = {}; // any object stands for an element here
  const log = [];
  const chat = [];
  let draws = 0;
  const redraw = () => memo(/** @type {any} */ (part), [log, log.length, 7], () => { draws++; });
  redraw();
  redraw();
  assert.equal(draws, 1, 'same inputs: drawn once');
  log.push('line');
  redraw();
  assert.equal(draws, 2, 'a longer log: drawn again');
  memo(/** @type {any} */ (part), [chat, 0, 7], () => { draws++; });
  assert.equal(draws, 3, 'another array: drawn again');
});

const game = {
  phase: 'place_tile', turn: 4, decider: 0, drawn_tile: 'B-V',
  board: [{ x: 0, y: 0, tile: 'B-D', rotation: 0 }, { x: 1, y: 0, tile: 'B-U', rotation: 1 }],
  followers: [{ owner: 1, spot: 'feature', x: 0, y: 0, segment: 1 }],
  players: [{ score: 3 }, { score: 5 }],
};
const base = { game, legalCells: [], placing: null, targets: [], dead: [], highlight: [], lastEvents: undefined };

test('the board shows the tile in hand only where it is being tried', () => {
  assert.equal(boardModel(base).preview, null);
  const m = boardModel({ ...base, placing: { x: 2, y: 0, rotation: 3 } });
  assert.deepEqual(m.preview, { x: 2, y: 0, tile: 'B-V', rotation: 3 });
  assert.deepEqual(m.scores, [3, 5]);
  assert.equal(m.quarters, null, 'no City of Carcassonne: no quarters');
});

test('the tiles pointed at in the log win over the chosen target\'s', () => {
  const targets = [{ key: 'a', action: { type: 'choose_scoring', target: 0 }, px: 0, py: 0, label: '', kind: 'scoring', selected: true, tiles: [[0, 0]] }];
  assert.deepEqual(boardModel({ ...base, targets }).highlight, [[0, 0]]);
  assert.deepEqual(boardModel({ ...base, targets, highlight: [[1, 0]] }).highlight, [[1, 0]]);
});

test('the last move comes from its events, else the last tile laid', () => {
  assert.deepEqual(boardModel(base).last?.cells, [[1, 0]]);
  const events = [{ type: 'tile_placed', player: 1, x: 1, y: 0 }, { type: 'follower_placed', player: 1, x: 1, y: 0 }];
  const last = boardModel({ ...base, lastEvents: events }).last;
  assert.equal(last?.player, 1);
  assert.deepEqual(last?.placed, [1, 0]);
});

test('the City\'s quarters carry the Count, their followers and the quarter targets', () => {
  const city = { ...game, phase: 'city_follower', count_quarter: 'castle', followers: [...game.followers, { owner: 0, spot: 'quarter', quarter: 'market' }] };
  const targets = [{ key: 'q', action: { type: 'city_follower', quarter: 'market' }, px: 0, py: 0, label: '', kind: 'quarter' }];
  const q = boardModel({ ...base, game: city, targets }).quarters;
  assert.equal(q?.count, 'castle');
  assert.deepEqual(q?.targets, ['market']);
  assert.equal(q?.followers.length, 1);
  assert.equal(q?.redeployOnto, null);
});
