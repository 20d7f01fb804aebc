// Unit tests of the placing player's choice (clients/web/js/turn.js): the chosen square belongs
// to the turn, so a room version that changes nothing of the turn (a spectator joining, a chat
// line, a clock) keeps it; a new turn starts afresh.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Turn } from '../../../clients/web/js/turn.js';

// A room controller (turn.js's TurnHost) holding a game where seat 0 places `drawn` on `turn`;
// the server's answers are given.
function fakeScreen({ turn = 3, drawn = 'B-V' } = {}) {
  const requests = [];
  const screen = {
    roomId: 'r1',
    me: 0,
    version: 10,
    view: { room: { status: 'playing' }, game: { phase: 'place_tile', decider: 0, turn, drawn_tile: drawn } },
    board: { visible: () => true, reveal() {} },
    redraw() {},
    resync() {},
    names: () => ['Ada', 'Bot 2 (greedy)'],
    catalog: { byId: new Map() },
    conn: {
      request(message) {
        requests.push(message);
        if (message.type === 'legal_placements') return Promise.resolve({ placements: [{ x: 1, y: 0, rotation: 0 }, { x: 0, y: 1, rotation: 2 }] });
        if (message.type === 'follower_options') return Promise.resolve({ options: [] });
        return Promise.reject(new Error(`unexpected ${message.type}`));
      },
    },
  };
  return { screen, requests };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a version bump within the turn keeps the chosen square and asks for placements once', async () => {
  const { screen, requests } = fakeScreen();
  const turn = new Turn(screen);
  turn.update();
  await settle();
  turn.chooseCell({ x: 0, y: 1 });
  assert.deepEqual(turn.ui.cell, { x: 0, y: 1 });
  assert.equal(turn.ui.rotation, 2, 'the only rotation that fits there');

  screen.version = 11; // a spectator joined: same turn, same tile
  turn.update();
  await settle();
  assert.deepEqual(turn.ui.cell, { x: 0, y: 1 });
  assert.equal(requests.filter((m) => m.type === 'legal_placements').length, 1);
});

test('a version bump while the placements are loading does not lose them', async () => {
  const { screen } = fakeScreen();
  const turn = new Turn(screen);
  turn.update();
  screen.version = 11; // arrives before the answer
  turn.update();
  await settle();
  assert.equal(turn.legalCells().length, 2);
  turn.chooseCell({ x: 1, y: 0 });
  assert.deepEqual(turn.ui.cell, { x: 1, y: 0 });
});

test('a new turn drops the old choice and asks again', async () => {
  const { screen, requests } = fakeScreen();
  const turn = new Turn(screen);
  turn.update();
  await settle();
  turn.chooseCell({ x: 1, y: 0 });
  screen.version = 14;
  screen.view.game = { ...screen.view.game, turn: 5, drawn_tile: 'B-D' };
  turn.update();
  assert.equal(turn.ui.cell, null);
  await settle();
  assert.equal(requests.filter((m) => m.type === 'legal_placements').length, 2);
});

// A decision (a follower step, a market pick): the chosen target belongs to the decision, not to
// the room's version.
function decisionScreen() {
  const { screen } = fakeScreen();
  screen.conn.status = 'online';
  const legal = [{ type: 'place_follower', segment: 'C0' }, { type: 'pass' }];
  screen.view = { room: { status: 'playing' }, game: { phase: 'place_follower', decider: 0, turn: 3 }, you: { legal } };
  return screen;
}

test('a version bump within a decision keeps the chosen target', () => {
  const screen = decisionScreen();
  const turn = new Turn(screen);
  turn.update();
  turn.chooseTarget('place_follower:C0:::::');
  assert.equal(turn.confirmBlocked(), null, 'a target is chosen: Confirm is on');
  screen.version = 11; // a spectator joined: the same decision
  turn.update();
  assert.equal(turn.ui.pick, 'place_follower:C0:::::');
  assert.equal(turn.confirmBlocked(), null);
});

test('a new decision drops the chosen target', () => {
  const screen = decisionScreen();
  const turn = new Turn(screen);
  turn.update();
  turn.chooseTarget('place_follower:C0:::::');
  screen.version = 12;
  screen.view.game = { ...screen.view.game, turn: 4 };
  turn.update();
  assert.equal(turn.ui.pick, null);
});
