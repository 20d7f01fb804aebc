// Unit tests of the web client's session following a `redirect` (several server nodes,
// docs/protocol.md): reconnect to the named node with the same token, repeat the redirected
// request there, and go back to the first address when the named node cannot be reached.
import test from 'node:test';
import assert from 'node:assert/strict';

const sockets = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) { this.url = url; this.readyState = 0; this.sent = []; sockets.push(this); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; this.onclose?.({ code: 1000 }); }
  open() { this.readyState = FakeSocket.OPEN; this.onopen?.(); }
  reply(msg) { this.onmessage?.({ data: JSON.stringify(msg) }); }
  drop() { this.readyState = 3; this.onclose?.({ code: 1006 }); }
}
const store = new Map();
globalThis.WebSocket = FakeSocket;
globalThis.localStorage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
globalThis.location = { protocol: 'http:', host: 'entry:8080' };
const timers = [];
globalThis.setTimeout = (fn) => { timers.push(fn); return timers.length; };
const { Connection } = await import('../../../clients/web/js/net.js');

const flush = () => new Promise((resolve) => setImmediate(resolve));
const welcome = (id) => ({ type: 'welcome', id, token: 'tok', name: 'Ada', person: 'p1', rooms: [] });

test('a redirected join is repeated at the named node with the same token', async () => {
  sockets.length = 0;
  store.set('carc.token', 'tok');
  const conn = new Connection('ws://entry:8080/ws');
  conn.connect();
  sockets[0].open();
  sockets[0].reply(welcome(sockets[0].sent[0].id));
  await flush();
  const joined = conn.request({ type: 'join', room: 'r7' });
  const join = sockets[0].sent[1];
  sockets[0].reply({ type: 'redirect', id: join.id, url: 'http://b:8082', ws: 'ws://b:8082/ws', room: 'r7' });
  assert.equal(sockets.length, 2);
  assert.equal(sockets[1].url, 'ws://b:8082/ws');
  sockets[1].open();
  const hello = sockets[1].sent[0];
  assert.equal(hello.type, 'hello');
  assert.equal(hello.token, 'tok');
  sockets[1].reply(welcome(hello.id));
  await flush();
  const again = sockets[1].sent[1];
  assert.equal(again.type, 'join');
  assert.equal(again.room, 'r7');
  sockets[1].reply({ type: 'joined', id: again.id, room: 'r7' });
  assert.equal((await joined).type, 'joined');
});

test('a node that cannot be reached sends the session back to where it started', async () => {
  sockets.length = 0;
  timers.length = 0;
  const conn = new Connection('ws://entry:8080/ws');
  conn.connect();
  sockets[0].open();
  sockets[0].reply({ type: 'redirect', id: sockets[0].sent[0].id, url: 'http://dead:8081', ws: 'ws://dead:8081/ws' });
  assert.equal(sockets[1].url, 'ws://dead:8081/ws');
  sockets[1].drop();
  assert.equal(timers.length, 1);
  timers[0]();
  assert.equal(sockets[2].url, 'ws://entry:8080/ws');
});
