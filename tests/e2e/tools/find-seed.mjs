// Dev tool: finds server seeds (--fixed-seed) under which the scripted games of board.test.mjs
// reach a decision, by playing them without a browser: Alice as the test's taps choose (first
// legal square in reading order, the page's rotation rule, her follower/decision policy), Bob as
// the scripted opponent. Usage (Node 20 needs the flag for WebSocket):
//   node --experimental-websocket tools/find-seed.mjs KIND FROM TO
// KIND: tower | ckc | castle. Prints the seeds whose game has Alice decide every wanted phase.
import { startServer } from '../board-play.mjs';

const [kind, from = '1', to = '30'] = process.argv.slice(2);
const SPECS = {
  tower: { room: { rules: 'carcassonne', expansions: { tower: true }, options: { pile_limit: 16 } }, want: ['tower_capture'], follower: false, floor: true,
    decide: (legal) => legal.find((a) => a.type === 'capture') },
  ckc: { room: { rules: 'carcassonne', expansions: { river2: true, count: true, king_robber: true, cult: true }, options: { pile_limit: 20 } }, want: ['city_follower', 'market_move'], follower: false,
    decide: (legal, phase) => (phase === 'city_follower' ? legal.find((a) => a.quarter === 'market') : phase === 'market_move' ? legal.find((a) => a.type === 'market_move') : null) },
  castle: { room: { rules: 'castle', options: { pile_limit: 20 } }, want: ['choose_scoring'], follower: true,
    decide: (legal, phase) => (phase === 'choose_scoring' ? legal.find((a) => a.type === 'choose_scoring') : phase === 'extra_turn' ? legal.find((a) => a.type === 'use_token') : null) },
};
const spec = SPECS[kind];

function client(url) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const waiting = new Map();
  let id = 1;
  ws.onmessage = (e) => { const m = JSON.parse(e.data); const w = m.id !== undefined && waiting.get(m.id); if (w) { waiting.delete(m.id); (m.type === 'error' ? w.reject : w.resolve)(m); } };
  const open = new Promise((r) => { ws.onopen = r; });
  return {
    open, close: () => ws.close(),
    req: (msg) => new Promise((resolve, reject) => { const n = id++; waiting.set(n, { resolve, reject: (m) => reject(new Error(`${m.code}: ${m.message}`)) }); ws.send(JSON.stringify({ ...msg, id: n })); }),
  };
}

async function play(seed) {
  const server = await startServer(seed);
  const alice = client(server.url), bob = client(server.url);
  try {
    await alice.open; await bob.open;
    await alice.req({ type: 'hello', protocol: 1, name: 'Alice' });
    await bob.req({ type: 'hello', protocol: 1, name: 'Bob' });
    const { room } = await alice.req({ type: 'create_room', name: 'scan', seats: 2, ...spec.room });
    await bob.req({ type: 'join', room, seat: 1 });
    await alice.req({ type: 'start', room });
    let rotation = 0;
    const done = new Set();
    for (let n = 0; n < 2000; n++) {
      const snap = await alice.req({ type: 'snapshot', room });
      const g = snap.view.game;
      if (g.result) break;
      const me = g.decider === 0 ? alice : bob;
      const view = g.decider === 0 ? snap.view : (await bob.req({ type: 'snapshot', room })).view;
      let action;
      if (g.phase === 'place_tile') {
        const { placements } = await me.req({ type: 'legal_placements', room });
        if (g.decider === 1) action = { type: 'place_tile', ...placements[0] };
        else {
          const cells = [...new Set(placements.map((p) => `${p.x},${p.y}`))].map((k) => k.split(',').map(Number)).sort((a, b) => (a[1] - b[1]) || (a[0] - b[0]));
          const [x, y] = cells[0];
          const rots = placements.filter((p) => p.x === x && p.y === y).map((p) => p.rotation);
          if (!rots.includes(rotation)) rotation = [0, 1, 2, 3].map((k) => (rotation + k) % 4).find((r) => rots.includes(r));
          action = { type: 'place_tile', x, y, rotation };
        }
      } else {
        const legal = view.you.legal;
        const pass = legal.find((a) => a.type === 'pass');
        if (g.decider === 1) action = (g.phase === 'place_follower' ? legal.find((a) => a.type === 'place_follower') : legal.find((a) => a.type !== 'pass')) || pass;
        else if (g.phase === 'place_follower') {
          action = (spec.floor && legal.find((a) => a.type === 'add_floor')) || (spec.follower && legal.find((a) => a.type === 'place_follower')) || pass;
        } else {
          const chosen = spec.decide(legal, g.phase);
          if (chosen) done.add(g.phase);
          action = chosen || pass || legal[0];
        }
      }
      await me.req({ type: 'action', room, version: snap.version, action });
    }
    if (process.env.DEBUG) console.log(seed, [...done]);
    return spec.want.every((p) => done.has(p)) ? [...done] : null;
  } finally {
    alice.close(); bob.close();
    await server.stop();
  }
}

for (let seed = Number(from); seed <= Number(to); seed++) {
  const hit = await play(seed);
  if (hit) console.log(`${kind}: seed ${seed} (${hit.join(', ')})`);
}
