// Unit tests of the City of Carcassonne, King & Robber Baron and River II in the browser:
// the sentences for their events and decisions, the quarters' markup, and the replay's
// bookkeeping of quarter followers, the Count and the King/Robber points.
import test from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './catalogs.mjs';
import { describeAction, describeEvent } from '../../../clients/web/js/log-text.js';
import { quartersMarkup } from '../../../clients/web/js/city-board.js';
import { framesFromRecord } from '../../../clients/web/js/replay.js';

const names = { 0: 'Ada', 1: 'Bob' };
useLanguage('en');
const text = (ev) => describeEvent(ev, names).text;

test('City, King & Robber and River II events are sentences', () => {
  assert.equal(text({ type: 'quarter_follower_placed', player: 1, quarter: 'market' }), 'Bob put a follower into the market quarter of the City');
  assert.equal(text({ type: 'count_moved', quarter: 'blacksmith' }), 'The Count moves to the blacksmith quarter');
  assert.equal(text({ type: 'follower_moved', player: 0, quarter: 'castle', x: 2, y: -1, segment: 1, feature: 'city' }),
    'Ada moved a follower from the castle quarter onto the city at (2, -1)');
  assert.equal(text({ type: 'token_taken', player: 0, feature: 'city', count: 5 }), 'Ada takes the King: the biggest city so far, 5 tiles');
  assert.equal(text({ type: 'token_taken', player: 1, feature: 'road', count: 4 }), 'Bob takes the Robber Baron: the biggest road so far, 4 tiles');
  assert.equal(text({ type: 'token_scored', player: 1, feature: 'road', count: 1, points: 1 }), 'Robber Baron: Bob +1 for 1 completed road');
  assert.equal(text({ type: 'token_scored', player: 0, feature: 'city', count: 6, points: 6 }), 'King: Ada +6 for 6 completed cities');
  assert.equal(text({ type: 'tile_set_aside', player: 0, tile: 'R2-05' }), 'Ada drew a tile, which fits nowhere yet: it goes back under the river stack');
  assert.match(text({ type: 'feature_scored', feature: 'shrine', scorers: [1], points: 9, count: 9, completed: true, tiles: [] }), /^Shrine of 9 tiles completed: Bob \+9/);
});

test('City decisions say what they do, passing too', () => {
  const game = { phase: 'city_follower', count_quarter: 'castle' };
  assert.equal(describeAction({ type: 'city_follower', quarter: 'blacksmith' }, names, [], null, game), 'Put a follower into the blacksmith quarter (joins road scorings)');
  assert.equal(describeAction({ type: 'city_follower', quarter: 'castle' }, names, [], null, game), 'Put a follower into the castle quarter (joins city scorings), where the Count stands');
  assert.equal(describeAction({ type: 'pass' }, names, [], null, game), 'Keep your followers: put none into the City');
  const move = { phase: 'move_count', count_quarter: 'castle' };
  assert.equal(describeAction({ type: 'move_count', quarter: 'market' }, names, [], null, move), 'Move the Count to the market quarter');
  assert.equal(describeAction({ type: 'pass' }, names, [], null, move), 'Leave the Count in the castle quarter');
  const redeploy = { phase: 'redeploy', count_quarter: 'market', redeploy_onto: { x: 3, y: 1, segment: 2, feature: 'road' } };
  assert.equal(describeAction({ type: 'redeploy', quarter: 'blacksmith' }, names, [], null, redeploy), 'Move a follower from the blacksmith quarter onto the road at (3, 1) being scored');
  assert.equal(describeAction({ type: 'pass' }, names, [], null, redeploy), 'Leave your followers in the quarter');
  assert.equal(describeAction({ type: 'market_move', x: -3, y: 2, segment: 0 }, names), 'Move a follower from the market onto the field at (-3, 2)');
  assert.equal(describeAction({ type: 'pass' }, names), 'Pass');
});

test('the quarters are drawn over the inner cells with their followers and the Count', () => {
  const board = [{ x: -1, y: 0, tile: 'CO-6' }, { x: 0, y: 0, tile: 'CO-7' }, { x: 5, y: 5, tile: 'B-D' }];
  const svg = quartersMarkup({ count: 'market', followers: [{ owner: 0, quarter: 'castle' }, { owner: 1, quarter: 'castle' }, { owner: 1, quarter: 'cathedral' }], targets: ['blacksmith'] }, board);
  const quarter = (name) => svg.match(new RegExp(`<g class="quarter[^"]*" data-quarter="${name}"[\\s\\S]*?(?=<g class="quarter[ "]|</g>$)`))[0];
  for (const q of ['cathedral', 'castle', 'blacksmith', 'market']) assert.ok(svg.includes(`data-quarter="${q}"`), q);
  assert.equal((quarter('castle').match(/class="meeple/g) || []).length, 2);
  assert.match(quarter('castle'), /data-followers="2"/);
  assert.match(quarter('cathedral'), /data-followers="1"/);
  assert.equal((svg.match(/class="count-figure"/g) || []).length, 1, 'one Count');
  assert.match(svg, /class="quarter has-count" data-quarter="market"/);
  assert.match(svg, /class="quarter target" data-quarter="blacksmith"/);
  // NW quarter (cathedral) starts at the left inner cell's corner: x = -100, y = 0.
  assert.match(quarter('cathedral'), /<rect x="-97" y="3"/);
  assert.match(quarter('market'), /<rect x="3" y="53"/);
});

test('the replay follows quarter followers, the Count and the King and Robber points', () => {
  const record = {
    settings: { expansions: { count: true } },
    players: [{ seat: 0, name: 'Ada' }, { seat: 1, name: 'Bob' }],
    setup: [{ x: 0, y: 0, tile: 'CO-7', rotation: 0 }],
    actions: [
      { seat: 0, action: { type: 'city_follower', quarter: 'blacksmith' }, events: [{ type: 'quarter_follower_placed', player: 0, quarter: 'blacksmith' }] },
      { seat: 0, action: { type: 'move_count', quarter: 'market' }, events: [{ type: 'count_moved', quarter: 'market' }] },
      { seat: 0, action: { type: 'redeploy', quarter: 'blacksmith' }, events: [
        { type: 'follower_moved', player: 0, quarter: 'blacksmith', x: 1, y: 0, segment: 2, feature: 'road' },
        { type: 'token_taken', player: 1, feature: 'road', count: 4 }] },
      { seat: 1, action: { type: 'pass' }, events: [{ type: 'final_scoring' }, { type: 'token_scored', player: 1, feature: 'road', count: 3, points: 3 }] },
    ],
  };
  const { frames } = framesFromRecord(record);
  assert.equal(frames[0].count, 'castle', 'the Count starts in the castle');
  assert.deepEqual(frames[1].followers, [{ owner: 0, spot: 'quarter', quarter: 'blacksmith' }]);
  assert.equal(frames[2].count, 'market');
  assert.deepEqual(frames[3].followers, [{ owner: 0, spot: 'feature', x: 1, y: 0, segment: 2 }]);
  assert.equal(frames[3].robber, 1);
  assert.equal(frames[3].king, -1);
  assert.deepEqual(frames[4].scores, [0, 3]);
  assert.equal(framesFromRecord({ players: [], actions: [] }).frames[0].count, null, 'no Count without the City');
});
