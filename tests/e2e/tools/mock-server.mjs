// Dev tool: a tiny stand-in for carc-server speaking docs/protocol.md well enough to develop the
// browser client before the real server exists. No real rules: edges must match, every segment
// may take a follower, nothing scores until a fake final scoring. Never used by the tests.
// Usage: node mock-server.mjs PORT [tiles-in-game]
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '../../../clients/web');
const port = Number(process.argv[2] || 8098);
const gameLength = Number(process.argv[3] || 8);
const tiles = JSON.parse(fs.readFileSync(path.join(webRoot, 'dev/tiles-fixture.json'), 'utf8')).tiles.map((t, i) => ({ index: i, ...t }));
const byId = new Map(tiles.map((t) => [t.id, t]));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

// ---- WebSocket framing (RFC 6455, text frames only) -------------------------------------------
function wsAccept(req, socket) {
  const key = req.headers['sec-websocket-key'];
  const accept = crypto.createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
  let buf = Buffer.alloc(0);
  const client = { socket, send: (obj) => sendFrame(socket, JSON.stringify(obj)) };
  socket.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      if (buf.length < 2) return;
      const op = buf[0] & 15;
      let len = buf[1] & 127, off = 2;
      if (len === 126) { len = buf.readUInt16BE(2); off = 4; } else if (len === 127) { len = Number(buf.readBigUInt64BE(2)); off = 10; }
      const mask = buf.subarray(off, off + 4);
      if (buf.length < off + 4 + len) return;
      const data = Buffer.from(buf.subarray(off + 4, off + 4 + len)).map((b, i) => b ^ mask[i % 4]);
      buf = buf.subarray(off + 4 + len);
      if (op === 8) { socket.end(); return; }
      if (op === 1) { try { onMessage(client, JSON.parse(data.toString())); } catch (e) { console.error(e); } }
    }
  });
  socket.on('close', () => onClose(client));
  socket.on('error', () => {});
}
function sendFrame(socket, text) {
  const data = Buffer.from(text);
  const head = data.length < 126 ? Buffer.from([0x81, data.length])
    : data.length < 65536 ? Buffer.from([0x81, 126, data.length >> 8, data.length & 255])
      : (() => { const b = Buffer.alloc(10); b[0] = 0x81; b[1] = 127; b.writeBigUInt64BE(BigInt(data.length), 2); return b; })();
  if (!socket.destroyed) socket.write(Buffer.concat([head, data]));
}

// ---- people, rooms ------------------------------------------------------------------------
const people = new Map(); // token -> {person, name, client, rooms:Set}
const rooms = new Map();
const finished = new Map();
let nextPerson = 1, nextRoom = 1;

function onClose(client) {
  if (client.who && client.who.client === client) { client.who.client = null; for (const r of client.who.rooms) touch(rooms.get(r)); }
}

function summary(r) {
  return { id: r.id, name: r.name, rules: r.settings.rules, expansions: Object.keys(r.settings.expansions || {}).filter((k) => r.settings.expansions[k]),
    status: r.status, seats: r.seats.length, taken: r.seats.filter((s) => s.kind !== 'empty').length, bots: r.seats.filter((s) => s.kind === 'bot').length,
    humans_online: 0, spectators: r.spectators.size, spectators_allowed: r.settings.spectators, clock: r.settings.clock, host: people.get(r.hostToken)?.name };
}
function lobbyPush() {
  const list = [...rooms.values()].filter((r) => !r.settings.private).map(summary);
  for (const p of people.values()) if (p.lobby && p.client) p.client.send({ type: 'lobby', rooms: list });
}

function viewFor(r, token) {
  const seat = r.seats.findIndex((s) => s.token === token);
  const g = r.game;
  const you = { seat: seat >= 0 ? seat : null, legal: [] };
  if (g && seat === g.decider && g.phase === 'place_follower') {
    const t = byId.get(g.board[g.board.length - 1].tile);
    you.legal = [...t.segments.map((s, i) => ({ type: 'place_follower', segment: i })).filter((a) => t.segments[a.segment].kind !== 'river'), { type: 'pass' }];
  }
  return {
    room: { id: r.id, name: r.name, status: r.status, host: people.get(r.hostToken)?.person, private: !!r.settings.private, invite: r.invite,
      spectators_allowed: r.settings.spectators !== false, settings: r.settings,
      seats: r.seats.map((s, i) => s.kind === 'human' ? { seat: i, kind: 'human', person: people.get(s.token).person, name: people.get(s.token).name, online: !!people.get(s.token).client, resigned: false }
        : s.kind === 'bot' ? { seat: i, kind: 'bot', bot: s.bot, name: `${s.bot} bot`, resigned: false } : { seat: i, kind: 'empty' }),
      spectators: [...r.spectators].map((t) => ({ person: people.get(t).person, name: people.get(t).name, online: !!people.get(t).client })) },
    you,
    game: g ? structuredClone(g) : null,
  };
}
function members(r) { return [...r.seats.filter((s) => s.token).map((s) => s.token), ...r.spectators]; }
function touch(r, events = []) {
  if (!r) return;
  r.version++;
  for (const t of new Set(members(r))) {
    const p = people.get(t);
    const v = viewFor(r, t);
    if (p.client) p.client.send({ type: 'patch', room: r.id, version: r.version, events,
      patch: [{ op: 'replace', path: '/room', value: v.room }, { op: 'replace', path: '/you', value: v.you }, { op: 'replace', path: '/game', value: v.game }] });
  }
  lobbyPush();
}
function snapshot(r, token, id) { people.get(token).client?.send({ type: 'snapshot', id, room: r.id, version: r.version, view: viewFor(r, token) }); }

// ---- the fake game ------------------------------------------------------------------------
const edgeAt = (t, rot, side) => t.edges[(side - rot + 8) % 4];
function placements(g) {
  const t = byId.get(g.drawn_tile);
  const taken = new Map(g.board.map((b) => [`${b.x},${b.y}`, b]));
  const out = [];
  const cand = new Set();
  for (const b of g.board) for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) if (!taken.has(`${b.x + dx},${b.y + dy}`)) cand.add(`${b.x + dx},${b.y + dy}`);
  for (const c of cand) {
    const [x, y] = c.split(',').map(Number);
    for (let rot = 0; rot < 4; rot++) {
      let ok = true;
      [[0, -1], [1, 0], [0, 1], [-1, 0]].forEach(([dx, dy], side) => {
        const n = taken.get(`${x + dx},${y + dy}`);
        if (n && edgeAt(t, rot, side) !== edgeAt(byId.get(n.tile), n.rotation, (side + 2) % 4)) ok = false;
      });
      if (ok) out.push({ x, y, rotation: rot });
    }
  }
  return out;
}
function startGame(r) {
  const n = r.seats.length;
  const pile = [];
  for (const t of tiles.filter((t) => t.set === 'base')) for (let k = 0; k < t.count; k++) pile.push(t.id);
  pile.sort(() => Math.random() - 0.5);
  r.pile = pile.slice(0, gameLength);
  r.game = { rules: 'carcassonne', players: n, phase: 'place_tile', turn: 1, turn_player: 0, decider: 0, drawn_tile: r.pile.shift(), tiles_left: r.pile.length,
    remaining: tiles.map((t) => r.pile.filter((p) => p === t.id).length),
    board: [{ x: 0, y: 0, tile: 'B-D', rotation: 0, height: 0 }], followers: [], players: Array.from({ length: n }, () => ({ score: 0, supply: 7, floors: 0, prisoners: Array(n).fill(0) })),
    clock: r.settings.clock ? { remaining_ms: Array(n).fill(r.settings.clock.initial_ms), running: 0, since: Date.now() } : null,
    seed_commitment: 'ab'.repeat(32), seed: null, seed_nonce: null, result: null };
  r.status = 'playing';
  r.record = [];
  touch(r, [{ type: 'turn_started', player: 0 }]);
  botMove(r);
}
function apply(r, seat, a) {
  const g = r.game;
  const ev = [];
  if (a.type === 'place_tile') {
    if (!placements(g).some((p) => p.x === a.x && p.y === a.y && p.rotation === a.rotation)) throw { code: 'illegal_action', message: 'does not fit' };
    g.board.push({ x: a.x, y: a.y, tile: g.drawn_tile, rotation: a.rotation, height: 0 });
    ev.push({ type: 'tile_placed', player: seat, tile: g.drawn_tile, x: a.x, y: a.y, rotation: a.rotation });
    g.phase = 'place_follower';
  } else if (g.phase === 'place_follower') {
    const last = g.board[g.board.length - 1];
    if (a.type === 'place_follower') {
      g.followers.push({ owner: seat, spot: 'feature', x: last.x, y: last.y, segment: a.segment });
      g.players[seat].supply--;
      ev.push({ type: 'follower_placed', player: seat, x: last.x, y: last.y, segment: a.segment, feature: byId.get(last.tile).segments[a.segment].kind });
      if (Math.random() < 0.3) {
        g.players[seat].score += 4;
        ev.push({ type: 'feature_scored', feature: byId.get(last.tile).segments[a.segment].kind, scorers: [seat], points: 4, count: 2, tiles: [[last.x, last.y]], final: false, completed: true, detail: '2 tiles x 2' });
        g.followers.pop(); g.players[seat].supply++;
        ev.push({ type: 'follower_returned', player: seat, x: last.x, y: last.y, segment: a.segment, feature: byId.get(last.tile).segments[a.segment].kind });
      }
    }
    if (!r.pile.length) {
      ev.push({ type: 'final_scoring' });
      g.followers.forEach((f) => { g.players[f.owner].score += 1; ev.push({ type: 'feature_scored', feature: 'road', scorers: [f.owner], points: 1, count: 1, tiles: [[f.x, f.y]], final: true, completed: false, detail: '1 tile x 1' }); });
      g.phase = 'game_over';
      const scores = g.players.map((p) => p.score), best = Math.max(...scores);
      g.result = { reason: 'complete', scores, winners: scores.map((s, i) => (s === best ? i : -1)).filter((i) => i >= 0), resigned: [] };
      g.seed = '12345'; g.seed_nonce = 'cd'.repeat(16);
      r.status = 'finished';
      ev.push({ type: 'game_over' });
      finished.set(r.id, r);
    } else {
      g.turn_player = g.decider = (seat + 1) % g.players.length;
      g.drawn_tile = r.pile.shift(); g.tiles_left = r.pile.length; g.turn++;
      g.remaining = tiles.map((t) => r.pile.filter((p) => p === t.id).length);
      g.phase = 'place_tile';
      if (g.clock) { g.clock.running = g.decider; g.clock.since = Date.now(); }
      ev.push({ type: 'turn_started', player: g.decider });
    }
  }
  r.record.push({ seat, action: a, events: ev });
  touch(r, ev);
  botMove(r);
}
function botMove(r) {
  const g = r.game;
  if (!g || g.result || r.seats[g.decider].kind !== 'bot') return;
  setTimeout(() => {
    if (g.phase === 'place_tile') { const p = placements(g); apply(r, g.decider, { type: 'place_tile', ...p[Math.floor(Math.random() * p.length)] }); }
    else apply(r, g.decider, { type: 'pass' });
  }, 300);
}

// ---- messages -----------------------------------------------------------------------------
function onMessage(client, m) {
  const reply = (obj) => client.send({ ...obj, id: m.id });
  const fail = (code, message) => reply({ type: 'error', code, message });
  if (m.type === 'hello') {
    let who = m.token && people.get(m.token);
    if (m.token && !who) return fail('unknown_token', 'unknown token');
    let token = m.token;
    if (!who) { token = crypto.randomBytes(32).toString('hex'); who = { person: `p${nextPerson++}`, rooms: new Set() }; people.set(token, who); }
    who.name = m.name; who.client = client; client.who = who; client.token = token;
    reply({ type: 'welcome', protocol: 1, server: 'mock', person: who.person, name: who.name, token, resumed: !!m.token, rooms: [...who.rooms] });
    for (const id of who.rooms) { const r = rooms.get(id); touch(r); snapshot(r, token); }
    return;
  }
  const token = client.token;
  const r = m.room ? rooms.get(m.room) : null;
  try {
    switch (m.type) {
      case 'lobby_subscribe': people.get(token).lobby = true; // fallthrough
      case 'list_rooms': return reply({ type: 'lobby', rooms: [...rooms.values()].filter((x) => !x.settings.private).map(summary) });
      case 'lobby_unsubscribe': people.get(token).lobby = false; return reply({ type: 'ack' });
      case 'get_tiles': return reply({ type: 'tiles', tiles });
      case 'create_room': {
        const id = `r${nextRoom++}`;
        const n = m.seats || 2;
        const room = { id, name: m.name || `${people.get(token).name}'s room`, hostToken: token, status: 'waiting', version: 0, invite: crypto.randomBytes(4).toString('hex').toUpperCase(),
          settings: { rules: m.rules || 'carcassonne', expansions: m.expansions || {}, options: m.options || {}, seats: n, clock: m.clock || null, private: !!m.private, spectators: m.spectators !== false },
          seats: Array.from({ length: n }, () => ({ kind: 'empty' })), spectators: new Set(), game: null };
        for (const b of m.bots || []) room.seats[b.seat] = { kind: 'bot', bot: b.kind };
        room.seats[room.seats.findIndex((s) => s.kind === 'empty')] = { kind: 'human', token };
        rooms.set(id, room); people.get(token).rooms.add(id);
        reply({ type: 'room_created', room: id, invite: room.invite });
        snapshot(room, token); lobbyPush();
        return;
      }
      case 'join': {
        const room = m.invite ? [...rooms.values()].find((x) => x.invite === m.invite) : r;
        if (!room) return fail('no_such_room', 'no such room');
        if (room.status !== 'waiting') return fail('wrong_status', 'game running');
        const cur = room.seats.findIndex((s) => s.token === token);
        const seat = m.seat ?? room.seats.findIndex((s) => s.kind === 'empty');
        if (seat < 0 || room.seats[seat].kind !== 'empty') return fail('seat_taken', 'seat taken');
        if (cur >= 0) room.seats[cur] = { kind: 'empty' };
        room.spectators.delete(token);
        room.seats[seat] = { kind: 'human', token };
        people.get(token).rooms.add(room.id);
        reply({ type: 'joined', room: room.id, seat });
        touch(room); snapshot(room, token);
        return;
      }
      case 'spectate':
        r.spectators.add(token); people.get(token).rooms.add(r.id);
        reply({ type: 'joined', room: r.id, seat: null }); touch(r); snapshot(r, token); return;
      case 'leave': {
        const i = r.seats.findIndex((s) => s.token === token);
        if (i >= 0 && r.status === 'waiting') r.seats[i] = { kind: 'empty' };
        r.spectators.delete(token); people.get(token).rooms.delete(r.id);
        reply({ type: 'left', room: r.id }); touch(r); return;
      }
      case 'set_bot': r.seats[m.seat] = m.bot ? { kind: 'bot', bot: m.bot } : { kind: 'empty' }; reply({ type: 'ack' }); touch(r); return;
      case 'start': reply({ type: 'ack' }); startGame(r); return;
      case 'chat':
        for (const t of new Set(members(r))) people.get(t).client?.send({ type: 'chat', room: r.id, from: people.get(token).person, name: people.get(token).name, text: m.text, time: Date.now() });
        return reply({ type: 'ack' });
      case 'snapshot': return snapshot(r, token, m.id);
      case 'legal_placements': return reply({ type: 'legal_placements', room: r.id, version: r.version, tile: r.game.drawn_tile, placements: placements(r.game) });
      case 'follower_options': {
        const t = byId.get(r.game.drawn_tile);
        return reply({ type: 'follower_options', room: r.id, version: r.version, placement: { x: m.x, y: m.y, rotation: m.rotation },
          options: [...t.segments.map((s, i) => ({ type: 'place_follower', segment: i })).filter((a) => t.segments[a.segment].kind !== 'river'), { type: 'pass' }] });
      }
      case 'action': {
        const seat = r.seats.findIndex((s) => s.token === token);
        if (seat !== r.game.decider) return fail('not_your_turn', 'not your turn');
        if (m.version !== r.version) return reply({ type: 'error', code: 'stale_version', message: 'stale', version: r.version });
        apply(r, seat, m.action);
        return reply({ type: 'ack', version: r.version });
      }
      case 'resign': return reply({ type: 'ack' });
      default: return fail('unknown_type', m.type);
    }
  } catch (e) { fail(e.code || 'internal', e.message || String(e)); }
}

// ---- HTTP ---------------------------------------------------------------------------------
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const json = (o, code = 200) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(o));
  if (url.pathname === '/api/tiles') return json({ tiles });
  if (url.pathname === '/api/rooms') return json({ rooms: [...rooms.values()].map(summary) });
  if (url.pathname === '/api/games') return json({ games: [...finished.values()].map((r) => ({ game_id: r.id, finished_at_ms: Date.now(), rule_system: 'carcassonne', players: r.seats.map((s, i) => ({ seat: i, name: s.token ? people.get(s.token).name : 'bot', score: r.game.players[i].score, winner: r.game.result.winners.includes(i) })) })) });
  const gm = url.pathname.match(/^\/api\/games\/(.+)$/);
  if (gm) {
    const r = finished.get(gm[1]);
    if (!r) return json({ error: 'no such game' }, 404);
    return json({ game_id: r.id, rules: 'carcassonne', players: r.seats.map((s, i) => ({ seat: i, name: s.token ? people.get(s.token).name : 'bot', score: r.game.players[i].score })), actions: r.record });
  }
  let file = path.join(webRoot, decodeURIComponent(url.pathname));
  if (url.pathname === '/') file = path.join(webRoot, 'index.html');
  fs.readFile(file, (err, data) => err ? res.writeHead(404).end() : res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' }).end(data));
});
server.on('upgrade', (req, socket) => wsAccept(req, socket));
server.listen(port, '127.0.0.1', () => console.log(`mock server on ${port}`));
