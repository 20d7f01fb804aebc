// The room's history is kept once, in the store (clients/web/js/rooms.js), and the room screen
// draws its log from it (log-view.js): a patch that shows the server moved for a seat out of
// time adds the client's own `clock_timeout` event, worded in the current language.
import test from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './catalogs.mjs';
import { RoomStore, newTimeouts } from '../../../clients/web/js/rooms.js';
import { logLines } from '../../../clients/web/js/log-view.js';

// A connection that only delivers pushes.
class FakeConnection extends EventTarget {
  push(msg) { this.dispatchEvent(new CustomEvent(msg.type, { detail: msg })); }
  request() { return Promise.resolve({}); }
}

const view = (timeouts, onTimeout = 'random') => ({
  room: { seats: [{ seat: 0, kind: 'human', name: 'Ada' }, { seat: 1, kind: 'human', name: 'Bob' }], settings: { clock: { on_timeout: onTimeout } } },
  game: { clock: { remaining_ms: [1000, 0], running: 0, since: 0, timeouts } },
});

function storeWith(onTimeout) {
  const conn = new FakeConnection();
  const store = new RoomStore(/** @type {any} */ (conn));
  const changes = [];
  store.addEventListener('change', (e) => changes.push(e.detail));
  conn.push({ type: 'snapshot', room: 'r1', version: 1, view: view([0, 0], onTimeout), log: [{ type: 'turn_started', player: 1 }], chat: [] });
  return { conn, store, changes };
}

test('newTimeouts names the seats whose count grew', () => {
  assert.deepEqual(newTimeouts({ timeouts: [0, 1] }, { timeouts: [1, 1] }), [0]);
  assert.deepEqual(newTimeouts(null, { timeouts: [0, 2] }), [1]);
  assert.deepEqual(newTimeouts({ timeouts: [0, 0] }, undefined), []);
});

test('a patch with a timeout adds a clock_timeout event to the history and to the change', () => {
  const { conn, store, changes } = storeWith('random');
  conn.push({ type: 'patch', room: 'r1', version: 2, patch: [{ op: 'replace', path: '/game/clock/timeouts/1', value: 1 }],
    events: [{ type: 'tile_placed', player: 1, tile: 'B-D', x: 1, y: 0 }] });
  const timeout = { type: 'clock_timeout', player: 1, forfeit: false };
  assert.deepEqual(store.get('r1').log.at(-1), timeout);
  assert.deepEqual(changes.at(-1).events.at(-1), timeout);
  // A patch without a new timeout adds nothing of the client's.
  conn.push({ type: 'patch', room: 'r1', version: 3, patch: [], events: [] });
  assert.equal(store.get('r1').log.length, 3);
});

test('the log is worded from the history, a forfeit as such, in both languages', () => {
  const { conn, store } = storeWith('forfeit');
  conn.push({ type: 'patch', room: 'r1', version: 2, patch: [{ op: 'replace', path: '/game/clock/timeouts/0', value: 1 }], events: [] });
  useLanguage('en');
  const lines = logLines(store.get('r1').log, { 0: 'Ada', 1: 'Bob' });
  assert.equal(lines.length, 2);
  assert.match(lines[1].text, /^Ada ran out of time and forfeits/);
  assert.equal(lines[1].kind, 'timeout');
  useLanguage('ru');
  assert.match(logLines(store.get('r1').log, { 0: 'Ada', 1: 'Bob' })[1].text, /Ada/);
  assert.doesNotMatch(logLines(store.get('r1').log, { 0: 'Ada', 1: 'Bob' })[1].text, /log\./);
  useLanguage('en');
});

test('the log keeps the last lines only', () => {
  const events = Array.from({ length: 10 }, (_, i) => ({ type: 'turn_started', player: i % 2 }));
  const lines = logLines([{ type: 'tile_drawn' }, ...events], { 0: 'Ada', 1: 'Bob' }, 4);
  assert.equal(lines.length, 4);
  assert.ok(lines.every((l) => l.kind === 'turn'));
});

test('chat lines are kept once, in the store, the last 100', () => {
  const { conn, store } = storeWith('random');
  for (let i = 0; i < 105; i++) conn.push({ type: 'chat', room: 'r1', from: 'p1', name: 'Ada', text: `line ${i}` });
  const chat = store.get('r1').chat;
  assert.equal(chat.length, 100);
  assert.equal(chat[0].text, 'line 5');
});
