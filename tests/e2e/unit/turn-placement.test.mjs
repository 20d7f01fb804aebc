// Unit tests of the placing player's choice (clients/web/js/turn.js): the placements come with
// the player's view (`you.placements`), so choosing asks the server nothing; the chosen square
// belongs to the turn, so a room version that changes nothing of the turn (a spectator joining,
// a chat line, a clock) keeps it; a new turn starts afresh; confirming sends the tile and the
// follower step as one action message.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Turn, decodePlacements, placementSteps } from '../../../clients/web/js/turn.js';

// (1, 0) rotation 0: a follower on segment 0 or 2, or pass; (0, 1) rotation 2: laying ends the decision.
const placements = [[1, 0, 0, 0, 2, -1], [0, 1, 2]];

// A room controller (turn.js's TurnHost) holding a game where seat 0 places `drawn` on `turn`.
function fakeScreen({ turn = 3, drawn = 'B-V' } = {}) {
  const requests = [];
  const screen = {
    roomId: 'r1',
    me: 0,
    version: 10,
    view: {
      room: { status: 'playing' },
      you: { seat: 0, legal: [], placements },
      game: { phase: 'place_tile', decider: 0, turn, drawn_tile: drawn },
    },
    board: { visible: () => true, reveal() {} },
    redraw() {},
    resync() {},
    names: () => ['Ada', 'Bot 2 (greedy)'],
    catalog: { byId: new Map() },
    conn: {
      status: 'online',
      request(message) {
        requests.push(message);
        if (message.type === 'action') return Promise.resolve({ type: 'ack', version: 11 });
        if (message.type === 'follower_options') return Promise.resolve({ options: [], features: [] });
        return Promise.reject(new Error(`unexpected ${message.type}`));
      },
    },
  };
  return { screen, requests };
}

test('the view compact placements decode to actions', () => {
  assert.deepEqual(decodePlacements([[1, -2, 3, 0, -1, { type: 'add_floor', x: 2, y: 2 }]]), [
    {
      x: 1,
      y: -2,
      rotation: 3,
      options: [{ type: 'place_follower', segment: 0 }, { type: 'pass' }, { type: 'add_floor', x: 2, y: 2 }],
    },
  ]);
});

test('a confirmed placement is one message: the tile and the follower, or pass, or the tile alone', () => {
  const [withStep, alone] = decodePlacements(placements);
  const tile = { type: 'place_tile', x: 1, y: 0, rotation: 0 };
  assert.deepEqual(placementSteps(withStep, { type: 'place_follower', segment: 2 }), [tile, { type: 'place_follower', segment: 2 }]);
  assert.deepEqual(placementSteps(withStep, null), [tile, { type: 'pass' }]);
  assert.deepEqual(placementSteps(alone, null), [{ type: 'place_tile', x: 0, y: 1, rotation: 2 }]);
  // A decision other than the follower step (the City's quarters) is left for after the tile.
  const [city] = decodePlacements([[2, 0, 1, { type: 'city_follower', quarter: 'market' }, -1]]);
  assert.deepEqual(placementSteps(city, null), [{ type: 'place_tile', x: 2, y: 0, rotation: 1 }]);
});

test('choosing uses the view, asks nothing, and a version bump within the turn keeps the square', () => {
  const { screen, requests } = fakeScreen();
  const turn = new Turn(screen);
  turn.update();
  turn.chooseCell({ x: 0, y: 1 });
  assert.deepEqual(turn.ui.cell, { x: 0, y: 1 });
  assert.equal(turn.ui.rotation, 2, 'the only rotation that fits there');
  assert.deepEqual(turn.ui.options, []);

  screen.version = 11; // a spectator joined: same turn, same tile
  turn.update();
  assert.deepEqual(turn.ui.cell, { x: 0, y: 1 });
  turn.chooseCell({ x: 1, y: 0 });
  assert.equal(turn.ui.options.length, 3);
  assert.deepEqual(requests, []);
});

test('a new turn drops the old choice', () => {
  const { screen } = fakeScreen();
  const turn = new Turn(screen);
  turn.update();
  turn.chooseCell({ x: 1, y: 0 });
  screen.version = 14;
  screen.view.game = { ...screen.view.game, turn: 5, drawn_tile: 'B-D' };
  turn.update();
  assert.equal(turn.ui.cell, null);
  assert.equal(turn.legalCells().length, 2);
});

test('confirming sends the tile and the chosen follower in one action message', async () => {
  const { screen, requests } = fakeScreen();
  const turn = new Turn(screen);
  turn.update();
  turn.chooseCell({ x: 1, y: 0 });
  turn.chooseTarget('place_follower:2:::::');
  assert.deepEqual(turn.ui.choice, { type: 'place_follower', segment: 2 });
  // Choosing the spot asks for the outline of its feature, nothing else; the move is one message.
  assert.deepEqual(requests.map((m) => m.type), ['follower_options']);
  await turn.confirmPlacement();
  const sent = requests.filter((m) => m.type === 'action');
  assert.equal(sent.length, 1);
  assert.deepEqual(sent[0], {
    type: 'action',
    room: 'r1',
    version: 10,
    actions: [{ type: 'place_tile', x: 1, y: 0, rotation: 0 }, { type: 'place_follower', segment: 2 }],
  });
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
