// Dev tool: turns the tile tables of the reference notation (tiles-carcassonne.md §2-§4) into the
// catalog JSON the server sends, so the renderer can be developed and reviewed without a server.
// Usage: node notation-to-json.mjs ../../../../shared/reference/tiles-carcassonne.md > fixture.json
import fs from 'node:fs';

const SIDES = ['N', 'E', 'S', 'W'];
const HALVES = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
const cityPorts = (edges) => edges.flatMap((e) => [e + 'L', e + 'M', e + 'R']);

function parseSegments(text) {
  const segs = [];
  const cityIndex = {};
  const pending = [];
  for (let tok of text.split(';').map((s) => s.trim()).filter(Boolean)) {
    const flags = [];
    tok = tok.replace(/\[(inn|pig-herd)\]/g, (_, f) => (flags.push(f === 'pig-herd' ? 'pig_herd' : f), ''));
    let m;
    if (tok === 'MON') segs.push({ kind: 'cloister', ports: [] });
    else if (tok === 'SHRINE') segs.push({ kind: 'shrine', ports: [] });
    else if (tok === 'TOWER') segs.push({ kind: 'foundation', ports: [] });
    else if (tok === 'VOLCANO') pending.push('volcano');
    else if ((m = tok.match(/^r:([NESW-]+)$/))) segs.push({ kind: 'road', ports: m[1].split('-').map((e) => e + 'M'), flags });
    else if ((m = tok.match(/^~:([NESW-]+)$/))) segs.push({ kind: 'river', ports: m[1].split('-').map((e) => e + 'M') });
    else if ((m = tok.match(/^(c\d):([NESW+]+)(\**)$/))) {
      cityIndex[m[1]] = segs.length;
      segs.push({ kind: 'city', ports: cityPorts(m[2].split('+')), shields: m[3].length });
    } else if ((m = tok.match(/^f\{([^}]*)\}(?:>([c\d,]+))?$/))) {
      let ports = m[1].split(',').map((s) => s.trim());
      if (/^all/.test(m[1])) ports = HALVES;
      if (/^inner/.test(m[1])) ports = [];
      const touches = (m[2] || '').split(',').filter(Boolean);
      segs.push({ kind: 'field', ports, touches, flags });
    } else throw new Error('unknown token ' + tok);
  }
  for (const s of segs) {
    if (s.kind === 'field') s.touches = s.touches.map((c) => cityIndex[c]);
    if (s.kind === 'river' && pending.includes('volcano')) s.flags = ['volcano'];
    s.shields ??= 0; s.flags ??= []; s.touches ??= [];
  }
  return segs;
}

const SETS = { B: 'base', T: 'tower', S: 'cult', K: 'king_robber', R2: 'river2' };
function tilesFromTables(md) {
  const out = [];
  for (const line of md.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5) continue;
    const id = cells[1].replace(/\*/g, '');
    const m = id.match(/^(B|T|S|K|R2)-\d*[A-Z]?\d*$/);
    if (!m) continue;
    const code = cells.slice(2).map((c) => c.match(/^`([^`]*)`/)?.[1]);
    const ei = code.findIndex((c) => c && /^[CRFI]{4}$/.test(c));
    const count = /^\D*(\d+)/.exec(cells.slice(2, 2 + ei).find((c) => /\d/.test(c) && !c.includes('/')) || '1');
    out.push({ id, set: SETS[m[1]], count: Number(count ? count[1] : 1), edges: code[ei], segments: parseSegments(code[ei + 1]) });
  }
  return out;
}

// City of Carcassonne cells (§4.4, JCZ layout): the segment lists with their edge letters.
const CITY = {
  1: 'r:W ; f{NL,NR,EL,WR} ; f{SR,WL}', 2: 'f{NL,NR,EL,WR}', 3: 'f{NL,NR,EL,WR}',
  4: 'r:N ; f{NL,WR} ; f{NR,EL,ER,SL}', 5: 'f{NL,SR,WL,WR}', 6: '', 7: '', 8: 'f{NR,EL,ER,SL}',
  9: 'c1:S ; f{NL,ER,WL,WR}>c1', 10: 'f{ER,SL,SR,WL}', 11: 'r:S ; f{ER,SL} ; f{SR,WL}', 12: 'c1:E ; f{NR,SL,SR,WL}>c1',
};
function edgesOf(segs) {
  return SIDES.map((s) => {
    const k = segs.find((g) => g.ports.includes(s + 'M'))?.kind;
    return k === 'city' ? 'C' : k === 'road' ? 'R' : k === 'river' ? 'I' : 'F';
  }).join('');
}
function cityTiles() {
  return Object.entries(CITY).map(([n, text]) => {
    const segments = text ? parseSegments(text) : [];
    return { id: 'CO-' + n, set: 'city', count: 0, edges: edgesOf(segments), segments };
  });
}

// A few Castle tiles from the synthetic deck (the-castle.md §7.4); castle segment i == port i.
const PORTS = ['NL', 'NM', 'NR', 'EL', 'EM', 'ER', 'SL', 'SM', 'SR', 'WL', 'WM', 'WR'];
const P = (...idx) => idx.map((i) => PORTS[i]);
const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const seg = (kind, ports, extra = {}) => ({ kind, ports, shields: 0, flags: [], touches: [], ...extra });
const CASTLE = [
  ['A01', 3, [seg('house', PORTS)]],
  ['A02', 2, [seg('castle_tower', PORTS)]],
  ['A03', 3, [seg('courtyard', PORTS, { shields: 1 })]],
  ['A05', 3, [seg('house', P(0, 1, 2, 3, 11)), seg('courtyard', P(...range(4, 10)))]],
  ['A07', 3, [seg('house', P(0, 1, 2, 3, 11)), seg('castle_tower', P(...range(4, 10)))]],
  ['A08', 4, [seg('street', P(1, 7)), seg('courtyard', P(8, 9, 10, 11, 0)), seg('courtyard', P(2, 3, 4, 5, 6))]],
  ['A09', 3, [seg('street', P(1, 7), { flags: ['well'] }), seg('courtyard', P(8, 9, 10, 11, 0)), seg('courtyard', P(2, 3, 4, 5, 6))]],
  ['A11', 3, [seg('street', P(4, 10)), seg('house', P(11, 0, 1, 2, 3)), seg('castle_tower', P(5, 6, 7, 8, 9))]],
  ['A12', 3, [seg('street', P(1, 4)), seg('castle_tower', P(2, 3)), seg('courtyard', P(5, 6, 7, 8, 9, 10, 11, 0))]],
  ['A14', 4, [seg('street', P(1)), seg('house', P(0, ...range(2, 11)))]],
  ['A16', 3, [seg('street', P(1)), seg('street', P(4)), seg('street', P(10)), seg('courtyard', P(11, 0)), seg('courtyard', P(2, 3)), seg('house', P(5, 6, 7, 8, 9))], ['square']],
  ['A18', 2, [seg('street', P(1, 4, 7)), seg('courtyard', P(2, 3)), seg('courtyard', P(5, 6)), seg('courtyard', P(8, 9, 10, 11, 0))]],
  ['A20', 2, [seg('street', P(1, 7)), seg('courtyard', P(2, 3, 4, 5, 6), { shields: 1 }), seg('courtyard', P(8, 9, 10, 11, 0))]],
  ['A21', 2, [seg('house', P(10, 11, 0, 1)), seg('courtyard', P(...range(2, 9)), { shields: 1 })]],
];
function castleTiles() {
  return CASTLE.map(([id, count, segments, flags]) => {
    const edges = SIDES.map((s) => (segments.some((g) => g.kind === 'street' && g.ports.includes(s + 'M')) ? 'R' : 'F')).join('');
    return { id: 'X-' + id, set: 'castle', count, edges, segments, flags: flags || [] };
  });
}

const md = fs.readFileSync(process.argv[2], 'utf8');
const tiles = [...tilesFromTables(md), ...cityTiles(), ...castleTiles()];
process.stdout.write(JSON.stringify({ tiles }, null, 1) + '\n');
