// The last move's animations play in full: a redraw in the middle of one (the opponent's
// follower right after their tile, a clock, someone coming online) continues it from where it
// is instead of cutting it short or starting it again. Times are given, not measured.
import test from 'node:test';
import assert from 'node:assert/strict';
import { runningAnimations, TILE_IN_MS, PULSE_MS } from '../../../clients/web/js/last-move.js';

const tileMove = { key: '5:tile_placed@1,0', placed: [1, 0] };
const followerMove = { key: '5:follower_placed@1,0', placed: null };

test('the tile laid keeps fading in through the follower placed right after it', () => {
  let a = runningAnimations({}, tileMove, 1000);
  assert.deepEqual(a.tile, { x: 1, y: 0, start: 1000 });
  assert.deepEqual(a.pulse, { start: 1000 });
  a = runningAnimations(a, followerMove, 1200);
  assert.deepEqual(a.tile, { x: 1, y: 0, start: 1000 }, 'still fading in, from its own start');
  assert.deepEqual(a.pulse, { start: 1200 }, 'the new move is outlined afresh');
  a = runningAnimations(a, followerMove, 1000 + TILE_IN_MS + 1);
  assert.equal(a.tile, null, 'done once its time is over');
});

test('a redraw of the same move neither restarts nor cuts its animations', () => {
  let a = runningAnimations({}, tileMove, 0);
  a = runningAnimations(a, tileMove, 300);
  assert.deepEqual(a.tile, { x: 1, y: 0, start: 0 });
  assert.deepEqual(a.pulse, { start: 0 });
  a = runningAnimations(a, tileMove, PULSE_MS + 10);
  assert.equal(a.pulse, null);
  a = runningAnimations(a, tileMove, PULSE_MS + 500);
  assert.equal(a.pulse, null, 'an old move is not animated again');
  assert.equal(a.tile, null);
});
