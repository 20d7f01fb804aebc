// Dev tool: finds server seeds (--fixed-seed) under which market-phone.test.mjs's scripted game
// (Count, King & Robber, Cult, River II) reaches Alice's market move, and how many fields she may
// choose from then. Usage (Node 20 needs the flag for WebSocket):
//   node --experimental-websocket tools/scan-market.mjs FROM TO [PILE_LIMIT]
import { startServer } from '../board-play.mjs';
function client(url) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const waiting = new Map();
  let id = 1;
  ws.onmessage = (e) => { const m = JSON.parse(e.data); const w = m.id !== undefined && waiting.get(m.id); if (w) { waiting.delete(m.id); (m.type === 'error' ? w.reject : w.resolve)(m); } };
  const open = new Promise((r) => { ws.onopen = r; });
  return { open, close: () => ws.close(), req: (msg) => new Promise((resolve, reject) => { const n = id++; waiting.set(n, { resolve, reject: (m) => reject(new Error(`${m.code}: ${m.message}`)) }); ws.send(JSON.stringify({ ...msg, id: n })); }) };
}
const [from, to, pile] = process.argv.slice(2).map(Number);
for (let seed = from; seed <= to; seed++) {
  const server = await startServer(seed);
  const alice = client(server.url), bob = client(server.url);
  await alice.open; await bob.open;
  await alice.req({ type: 'hello', protocol: 1, name: 'Alice' });
  await bob.req({ type: 'hello', protocol: 1, name: 'Bob' });
  const { room } = await alice.req({ type: 'create_room', name: 'scan', seats: 2, rules: 'carcassonne', expansions: { river2: true, count: true, king_robber: true, cult: true }, options: pile ? { pile_limit: pile } : {} });
  await bob.req({ type: 'join', room, seat: 1 });
  await alice.req({ type: 'start', room });
  let found = null;
  for (let n = 0; n < 3000; n++) {
    const me = (await alice.req({ type: 'snapshot', room })).view.game.decider === 0 ? alice : bob;
    const snap = await me.req({ type: 'snapshot', room });
    const g = snap.view.game;
    if (g.result) break;
    const seat = g.decider;
    let action;
    const legal = snap.view.you.legal;
    const pass = legal.find((a) => a.type === 'pass');
    if (g.phase === 'place_tile') { const p = (await me.req({ type: 'legal_placements', room })).placements[0]; action = { type: 'place_tile', x: p.x, y: p.y, rotation: p.rotation }; }
    else if (seat === 1) action = (g.phase === 'place_follower' ? legal.find((a) => a.type === 'place_follower') : legal.find((a) => a.type !== 'pass')) || pass || legal[0];
    else if (g.phase === 'market_move') { found = { tiles: g.board.length, fields: new Set(snap.view.you.features.filter((f) => f.kind === 'field').map((f) => JSON.stringify(f.segments))).size }; break; }
    else if (g.phase === 'city_follower') action = legal.find((a) => a.quarter === 'market') || pass;
    else action = pass || legal[0];
    await me.req({ type: 'action', room, version: snap.version, action });
  }
  console.log(seed, JSON.stringify(found));
  alice.close(); bob.close(); await server.stop();
}
