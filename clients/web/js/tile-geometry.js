// @ts-check
// Tile geometry from the catalog's segment data: shapes for cities, roads, rivers, streets and
// the Castle's areas, and one "spot" per segment where a follower (or a click target) goes.
// Everything is in the tile's canonical orientation on a 100 x 100 square (x east, y south);
// the board rotates the finished art. Pure functions, no DOM, so Node tests can check them.

export const SIDES = ['N', 'E', 'S', 'W'];
const CENTRE = { x: 50, y: 50 };
const MID = { N: { x: 50, y: 0 }, E: { x: 100, y: 50 }, S: { x: 50, y: 100 }, W: { x: 0, y: 50 } };
// Corners at the clockwise start of each edge (NW for N, NE for E, ...).
const START = { N: { x: 0, y: 0 }, E: { x: 100, y: 0 }, S: { x: 100, y: 100 }, W: { x: 0, y: 100 } };
const INWARD = { N: { x: 0, y: 1 }, E: { x: -1, y: 0 }, S: { x: 0, y: -1 }, W: { x: 1, y: 0 } };

const lerp = (a, b, t) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const add = (a, b, k = 1) => ({ x: a.x + b.x * k, y: a.y + b.y * k });
const edgeEnd = (side) => START[SIDES[(SIDES.indexOf(side) + 1) % 4]];

// The rim point of a port: halves at their middle, thirds for the Castle's three-part edges.
export function portPoint(port, thirds = false) {
  const side = port[0],
    part = port[1];
  const t = thirds ? { L: 1 / 6, M: 0.5, R: 5 / 6 }[part] : { L: 0.25, M: 0.5, R: 0.75 }[part];
  return lerp(START[side], edgeEnd(side), t);
}

// ---- paths: lists of cubic pieces, turned into SVG "d" strings and sampled polygons ----------

const fmt = (n) => Math.round(n * 10) / 10;
function cubicAt(p0, c1, c2, p3, t) {
  const u = 1 - t;
  const a = u * u * u,
    b = 3 * u * u * t,
    c = 3 * u * t * t,
    d = t * t * t;
  return { x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y };
}
// A path is { start, pieces: [{c1, c2, to} | {to}] } (a piece without controls is a line).
function pathD(path, close = false) {
  let d = `M${fmt(path.start.x)} ${fmt(path.start.y)}`;
  for (const p of path.pieces) {
    d += p.c1
      ? `C${fmt(p.c1.x)} ${fmt(p.c1.y)} ${fmt(p.c2.x)} ${fmt(p.c2.y)} ${fmt(p.to.x)} ${fmt(p.to.y)}`
      : `L${fmt(p.to.x)} ${fmt(p.to.y)}`;
  }
  return close ? d + 'Z' : d;
}
function samplePath(path, steps = 12) {
  const out = [path.start];
  let at = path.start;
  for (const p of path.pieces) {
    if (p.c1) for (let i = 1; i <= steps; i++) out.push(cubicAt(at, p.c1, p.c2, p.to, i / steps));
    else out.push(p.to);
    at = p.to;
  }
  return out;
}
const line = (to) => ({ to });
const curve = (c1, c2, to) => ({ c1, c2, to });

// A smooth bend from port midpoint `a` to `b` (quarter-circle like; straight when opposite).
function bend(a, b) {
  const k = 0.55;
  if (Math.abs(a.x - b.x) === 100 || Math.abs(a.y - b.y) === 100) return line(b);
  return curve(lerp(a, CENTRE, k), lerp(b, CENTRE, k), b);
}

// ---- cities -------------------------------------------------------------------------------

// Contiguous clockwise runs of a set of sides, e.g. {N, E, W} -> [[W, N, E]].
function sideRuns(sides) {
  const has = SIDES.map((s) => sides.has(s));
  if (has.every(Boolean)) return [SIDES.slice()];
  const first = has.findIndex((h, i) => h && !has[(i + 3) % 4]);
  const runs = [];
  for (let k = 0; k < 4; k++) {
    const i = (first + k) % 4;
    if (!has[i]) continue;
    if (!has[(i + 3) % 4]) runs.push([]);
    runs[runs.length - 1].push(SIDES[i]);
  }
  return runs;
}

// City outline: its edges along the rim, joined by inward curves across the gaps between runs.
// `depth` scales how far caps reach in (smaller when the tile must leave room for a pocket).
function cityOutline(sides, opts) {
  const runs = sideRuns(sides);
  if (runs.length === 1 && runs[0].length === 4) {
    const d = 'M0 0L100 0L100 100L0 100Z';
    return { fill: d, walls: [], poly: [START.N, START.E, START.S, START.W] };
  }
  const pieces = [];
  const walls = [];
  const start = START[runs[0][0]];
  runs.forEach((run, ri) => {
    for (const s of run) pieces.push(line(edgeEnd(s)));
    const from = edgeEnd(run[run.length - 1]);
    const next = runs[(ri + 1) % runs.length];
    const to = START[next[0]];
    const gap = (SIDES.indexOf(next[0]) - SIDES.indexOf(run[run.length - 1]) + 3) % 4 || 4;
    const c = gapCurve(from, to, gap, run, opts);
    pieces.push(c);
    walls.push({ start: from, pieces: [c] });
  });
  const path = { start, pieces };
  return { fill: pathD(path, true), walls: walls.map((w) => pathD(w)), poly: samplePath(path) };
}

function gapCurve(from, to, gap, run, opts) {
  if (gap === 2) {
    // Two-sided corner city: a gentle concave diagonal.
    const mid = lerp(from, to, 0.5);
    const cityCorner = START[run[run.length - 1]];
    const ctl = lerp(mid, cityCorner, opts.corner);
    return curve(lerp(from, ctl, 0.66), lerp(to, ctl, 0.66), to);
  }
  // gap 1: curve across the one free edge; gap 3: a cap bulging in from its own edge.
  const inward = gap === 1 ? INWARD[SIDES[(SIDES.indexOf(run[run.length - 1]) + 1) % 4]] : INWARD[run[0]];
  const depth = gap === 1 ? opts.band : opts.cap;
  return curve(add(lerp(from, to, 0.25), inward, depth), add(lerp(from, to, 0.75), inward, depth), to);
}

// Two cities crossing on one tile (one on a bridge over the other): straight bands, leaving
// the four corners as the enclosed field pockets.
function crossingBand(sides) {
  const [a, b] = sides.has('N') ? [30, 70] : [30, 70];
  const pts = sides.has('N')
    ? [
        { x: a, y: 0 },
        { x: b, y: 0 },
        { x: b, y: 100 },
        { x: a, y: 100 },
      ]
    : [
        { x: 0, y: a },
        { x: 100, y: a },
        { x: 100, y: b },
        { x: 0, y: b },
      ];
  const d = (p, q) => `M${p.x} ${p.y}L${q.x} ${q.y}`;
  return {
    fill: `M${pts.map((p) => `${p.x} ${p.y}`).join('L')}Z`,
    walls: [d(pts[0], pts[1]), d(pts[2], pts[3])],
    poly: pts,
  };
}

// ---- the Castle's areas: fans from the tile centre over their rim halves ---------------------
// The catalogue gives areas by half-edges (NL, NR, ...); a street or an area on a middle port
// (NM) lies over both halves of that edge. Neighbouring halves of one area make one fan, so a
// house over NL, NR, EL is one region hugging the tile's outline, not a triangle per half.

const HALF_ORDER = ['NL', 'NR', 'EL', 'ER', 'SL', 'SR', 'WL', 'WR'];
function halvesOf(ports) {
  const out = new Set();
  for (const p of ports) {
    if (p[1] === 'M') {
      out.add(`${p[0]}L`);
      out.add(`${p[0]}R`);
    } else out.add(p);
  }
  return out;
}
function halfRuns(ports) {
  const has = HALF_ORDER.map((p) => ports.has(p));
  if (has.every(Boolean)) return [HALF_ORDER.slice()];
  const first = has.findIndex((h, i) => h && !has[(i + 7) % 8]);
  if (first < 0) return [];
  const runs = [];
  for (let k = 0; k < 8; k++) {
    const i = (first + k) % 8;
    if (!has[i]) continue;
    if (!has[(i + 7) % 8]) runs.push([]);
    runs[runs.length - 1].push(HALF_ORDER[i]);
  }
  return runs;
}
const halfStart = (half) => (half[1] === 'L' ? START[half[0]] : MID[half[0]]);
const halfEnd = (half) => (half[1] === 'L' ? MID[half[0]] : edgeEnd(half[0]));
export function areaFans(ports) {
  const halves = halvesOf(ports);
  if (halves.size === 8) return [[START.N, START.E, START.S, START.W]];
  return halfRuns(halves).map((run) => [CENTRE, halfStart(run[0]), ...run.map(halfEnd)]);
}

// ---- roads, rivers, streets -----------------------------------------------------------------

const CENTRE_KINDS = new Set(['cloister', 'shrine', 'foundation']);
const LINEAR = new Set(['road', 'river', 'street']);

// ---- spots: a raster flood fill finds a clear point inside every area ------------------------

export const GRID = 50,
  CELL = 100 / GRID;
function pointInPoly(p, poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i],
      b = poly[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
function distToPolyline(p, pts) {
  let best = Infinity;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1],
      b = pts[i];
    const dx = b.x - a.x,
      dy = b.y - a.y;
    const len2 = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return best;
}
// Picks the most open cell of a region (largest clearance, mildly preferring its centroid).
function bestCell(cells, member) {
  if (!cells.length) return null;
  const dist = new Map();
  const queue = [];
  for (const c of cells) {
    const [i, j] = c;
    const edge = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ].some(([di, dj]) => !member(i + di, j + dj));
    if (edge) {
      dist.set(i * GRID + j, 1);
      queue.push(c);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const [i, j] = queue[q];
    const d = dist.get(i * GRID + j);
    for (const [di, dj] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const k = (i + di) * GRID + (j + dj);
      if (member(i + di, j + dj) && !dist.has(k)) {
        dist.set(k, d + 1);
        queue.push([i + di, j + dj]);
      }
    }
  }
  const cx = cells.reduce((s, c) => s + c[0], 0) / cells.length;
  const cy = cells.reduce((s, c) => s + c[1], 0) / cells.length;
  let best = cells[0],
    score = -Infinity;
  for (const c of cells) {
    const s = Math.min(dist.get(c[0] * GRID + c[1]) || 0, 7) - 0.12 * Math.hypot(c[0] - cx, c[1] - cy);
    if (s > score) {
      score = s;
      best = c;
    }
  }
  return { x: (best[0] + 0.5) * CELL, y: (best[1] + 0.5) * CELL };
}

// ---- the whole tile ------------------------------------------------------------------------

export function isCastleTile(tile) {
  return (
    tile.set === 'castle' ||
    tile.segments.some((s) => ['street', 'house', 'castle_tower', 'courtyard'].includes(s.kind))
  );
}

export function tileGeometry(tile) {
  const segs = tile.segments;
  const castle = isCastleTile(tile);
  // fieldCells: each field's raster cells ([i, j] on a GRID x GRID raster of the tile), its shape.
  const g = { cities: [], linear: [], areas: [], centres: [], markers: [], spots: {}, fieldCells: {}, castle };
  const hasCentreKind = segs.some((s) => CENTRE_KINDS.has(s.kind));
  const cityCount = segs.filter((s) => s.kind === 'city').length;
  const pocket = segs.some((s) => s.kind === 'field' && !s.ports.length);

  // Cities. Two crossing bands (K-5) or a pocket field (T-17) need slimmer shapes.
  const sidesOf = (s) => new Set(s.ports.filter((p) => p[1] === 'M').map((p) => p[0]));
  const bands = segs.filter((s) => s.kind === 'city' && sideRuns(sidesOf(s)).length === 2).length;
  segs.forEach((s, i) => {
    if (s.kind !== 'city') return;
    const opts = { cap: 34, band: 42, corner: 0.45 };
    if (pocket && cityCount > 1) {
      opts.cap = 22;
      opts.band = 56;
    }
    const sides = sidesOf(s);
    const outline = bands >= 2 && sideRuns(sides).length === 2 ? crossingBand(sides) : cityOutline(sides, opts);
    g.cities.push({ seg: i, ...outline, shields: s.shields || 0 });
  });

  // Castle areas.
  segs.forEach((s, i) => {
    if (['house', 'castle_tower', 'courtyard'].includes(s.kind)) {
      g.areas.push({
        seg: i,
        kind: s.kind,
        fans: areaFans(s.ports),
        markets: s.kind === 'courtyard' ? s.shields || 0 : 0,
      });
    }
  });

  // Where a dead-end road, river or street stops: the centre building, a square, the city it
  // enters, a lake or a spring, or a junction where three or more stubs meet.
  const stubs = segs.filter((s) => LINEAR.has(s.kind) && s.ports.length === 1);
  const square = (tile.flags || []).includes('square');
  const cityTarget = () => {
    const c = g.cities[0];
    if (!c) return null;
    const inside = c.poly.reduce((a, p) => add(a, p, 1 / c.poly.length), { x: 0, y: 0 });
    return inside;
  };
  segs.forEach((s, i) => {
    if (!LINEAR.has(s.kind)) return;
    const mids = s.ports.filter((p) => p[1] === 'M').map((p) => MID[p[0]]);
    const paths = [];
    let over = false; // drawn above cities (a bridge) or below them (entering a gate)
    let spotAt = null;
    if (mids.length === 2) {
      paths.push({ start: mids[0], pieces: [bend(mids[0], mids[1])] });
      over = s.kind !== 'river';
    } else if (mids.length >= 3) {
      for (const m of mids) paths.push({ start: m, pieces: [line(CENTRE)] });
      g.markers.push({ kind: s.kind === 'river' ? 'pool' : 'plaza', at: CENTRE, seg: i });
      spotAt = lerp(mids[0], CENTRE, 0.5);
    } else if (mids.length === 1) {
      const from = mids[0];
      let to = CENTRE,
        marker = null;
      if (hasCentreKind || (castle && !square)) to = CENTRE;
      else if (square) {
        marker = 'square';
      } else if (s.kind === 'river') {
        const volcano = (s.flags || []).includes('volcano');
        if (cityCount) to = cityTarget();
        else marker = volcano ? 'lake' : segs.filter((x) => x.kind === 'river').length === 1 ? 'spring' : 'pool';
      } else if (cityCount && stubs.length <= 2 && !segs.some((x) => x.kind === 'river')) to = cityTarget();
      else if (segs.some((x) => x.kind === 'river')) {
        to = lerp(from, CENTRE, 0.55);
        marker = 'hut';
      } else marker = 'junction';
      paths.push({ start: from, pieces: [line(to)] });
      if (marker && !g.markers.some((m) => m.kind === marker))
        g.markers.push({ kind: marker, at: marker === 'hut' ? to : CENTRE, seg: i });
      spotAt = lerp(from, to, 0.45);
    }
    const flags = s.flags || [];
    g.linear.push({
      seg: i,
      kind: s.kind,
      over,
      paths: paths.map((p) => pathD(p)),
      points: paths.map((p) => samplePath(p)),
      flags,
      raw: paths,
      through: mids.length === 2 && (mids[0].x === mids[1].x || mids[0].y === mids[1].y) ? s.ports : null,
    });
    g.spots[i] = spotAt || (paths[0] ? pointOnPath(paths[0], 0.5) : { ...CENTRE });
  });

  // Centre buildings: a cloister and a tower foundation on one tile (T-03) share the middle.
  const centres = segs.map((s, i) => [s, i]).filter(([s]) => CENTRE_KINDS.has(s.kind));
  // A straight road or river through the middle pushes the building onto one side of it,
  // the side without a city when there is one.
  const through = g.linear.find((l) => l.through);
  let home = { x: 50, y: 50 };
  if (through) {
    const vertical = through.through.some((p) => p[0] === 'N');
    const [a, b] = vertical ? ['E', 'W'] : ['S', 'N'];
    const cityOn = (side) => segs.some((x) => x.kind === 'city' && x.ports.includes(side + 'M'));
    const side = cityOn(a) && !cityOn(b) ? b : a;
    home = add(CENTRE, INWARD[side], -26);
  }
  centres.forEach(([s, i]) => {
    const at = centres.length > 1 && s.kind === 'foundation' ? { x: 76, y: 76 } : home;
    g.centres.push({ seg: i, kind: s.kind, at });
    g.spots[i] = at;
  });
  // Spots of roads and rivers must not sit on a building or on each other's spot.
  const taken = g.centres.map((c) => c.at);
  for (const l of g.linear) {
    const p = g.spots[l.seg];
    if (taken.some((q) => Math.hypot(p.x - q.x, p.y - q.y) < 10) && l.raw[0])
      g.spots[l.seg] = pointOnPath(l.raw[0], 0.22);
    taken.push(g.spots[l.seg]);
  }

  // Spots for cities, fields and castle areas from a raster of what is free.
  const blocked = (p) => {
    for (const l of g.linear)
      for (const pts of l.points) if (distToPolyline(p, pts) < (l.kind === 'river' ? 11 : 8)) return true;
    for (const c of g.centres) if (Math.hypot(p.x - c.at.x, p.y - c.at.y) < 17) return true;
    for (const m of g.markers) if (Math.hypot(p.x - m.at.x, p.y - m.at.y) < 11) return true;
    return false;
  };
  const cellPoint = (i, j) => ({ x: (i + 0.5) * CELL, y: (j + 0.5) * CELL });
  const inCity = (p) => g.cities.some((c) => pointInPoly(p, c.poly));
  const regionSpot = (test) => {
    const grid = new Uint8Array(GRID * GRID);
    const cells = [];
    for (let i = 0; i < GRID; i++)
      for (let j = 0; j < GRID; j++) {
        const p = cellPoint(i, j);
        if (test(p) && !blocked(p)) {
          grid[i * GRID + j] = 1;
          cells.push([i, j]);
        }
      }
    const member = (i, j) => i >= 0 && j >= 0 && i < GRID && j < GRID && grid[i * GRID + j] === 1;
    return bestCell(cells, member);
  };
  for (const c of g.cities) {
    const others = g.cities.filter((o) => o !== c);
    // A city drawn later covers earlier ones where they overlap (the K-5 bridge).
    const later = others.filter((o) => o.seg > c.seg);
    g.spots[c.seg] =
      regionSpot((p) => pointInPoly(p, c.poly) && !later.some((o) => pointInPoly(p, o.poly))) ||
      samplePolyCentre(c.poly);
  }
  for (const a of g.areas) {
    g.spots[a.seg] = regionSpot((p) => a.fans.some((f) => pointInPoly(p, f))) || { ...CENTRE };
  }
  fieldSpots(tile, g, (p) => !inCity(p) && !blocked(p) && !castle);
  return g;
}

function samplePolyCentre(poly) {
  return poly.reduce((a, p) => add(a, p, 1 / poly.length), { x: 0, y: 0 });
}

function pointOnPath(path, t) {
  const pts = samplePath(path, 20);
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  let want = total * t;
  for (let i = 1; i < pts.length; i++) {
    const d = Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
    if (want <= d) return lerp(pts[i - 1], pts[i], d ? want / d : 0);
    want -= d;
  }
  return pts[pts.length - 1];
}

// Fields: flood fill the free raster from each field's half-edges; what no edge reaches is an
// enclosed pocket, handed to the port-less fields in order.
function fieldSpots(tile, g, free) {
  const fields = tile.segments.map((s, i) => [s, i]).filter(([s]) => s.kind === 'field');
  if (!fields.length) return;
  const label = new Int16Array(GRID * GRID).fill(-1);
  const isFree = new Uint8Array(GRID * GRID);
  for (let i = 0; i < GRID; i++)
    for (let j = 0; j < GRID; j++) {
      if (free({ x: (i + 0.5) * CELL, y: (j + 0.5) * CELL })) isFree[i * GRID + j] = 1;
    }
  const flood = (seed, id) => {
    const out = [];
    const stack = [seed];
    while (stack.length) {
      const [i, j] = stack.pop();
      if (i < 0 || j < 0 || i >= GRID || j >= GRID) continue;
      const k = i * GRID + j;
      if (!isFree[k] || label[k] !== -1) continue;
      label[k] = id;
      out.push([i, j]);
      stack.push([i + 1, j], [i - 1, j], [i, j + 1], [i, j - 1]);
    }
    return out;
  };
  const nearestFree = (p) => {
    let best = null,
      bd = Infinity;
    for (let i = 0; i < GRID; i++)
      for (let j = 0; j < GRID; j++) {
        if (!isFree[i * GRID + j]) continue;
        const d = Math.hypot((i + 0.5) * CELL - p.x, (j + 0.5) * CELL - p.y);
        if (d < bd) {
          bd = d;
          best = [i, j];
        }
      }
    return bd < 20 ? best : null;
  };
  const regions = new Map();
  for (const [s, idx] of fields) {
    if (!s.ports.length) continue;
    const cells = [];
    for (const port of s.ports) {
      const seed = nearestFree(add(portPoint(port), INWARD[port[0]], 3));
      if (!seed) continue;
      const k = seed[0] * GRID + seed[1];
      if (label[k] === -1) cells.push(...flood(seed, idx));
      else if (label[k] !== idx && regions.has(label[k])) {
        // Two fields reach the same raster region (they are split by something too thin to
        // rasterise): share it, the spot falls back to the ports' mean below.
      }
    }
    regions.set(idx, cells);
  }
  // Pockets: free cells no edge reached.
  const pockets = [];
  for (let i = 0; i < GRID; i++)
    for (let j = 0; j < GRID; j++) {
      if (isFree[i * GRID + j] && label[i * GRID + j] === -1) {
        const cells = flood([i, j], 999);
        if (cells.length > 12) pockets.push(cells);
      }
    }
  pockets.sort((a, b) => a[0][0] + a[0][1] - (b[0][0] + b[0][1]));
  for (const [s, idx] of fields) {
    if (s.ports.length) {
      const cells = regions.get(idx) || [];
      const set = new Set(cells.map(([i, j]) => i * GRID + j));
      const spot = bestCell(cells, (i, j) => set.has(i * GRID + j));
      g.spots[idx] = spot || samplePolyCentre(s.ports.map((p) => add(portPoint(p), INWARD[p[0]], 12)));
      g.fieldCells[idx] = cells;
    } else {
      const cells = pockets.shift() || [];
      g.fieldCells[idx] = cells;
      const set = new Set(cells.map(([i, j]) => i * GRID + j));
      g.spots[idx] = bestCell(cells, (i, j) => set.has(i * GRID + j)) || { ...CENTRE };
    }
  }
}

// Rotates a canonical point by `rotation` clockwise quarter turns about the tile centre.
export function rotatePoint(p, rotation) {
  let { x, y } = p;
  for (let r = 0; r < ((rotation % 4) + 4) % 4; r++) [x, y] = [100 - y, x];
  return { x, y };
}
