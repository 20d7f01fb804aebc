// @ts-check
// Board aid: empty cells next to the board that no tile still to come can fill, whatever its
// rotation. Only edges are compared (road/street, city, river, field, as the engine's edge
// types); the server stays the judge of every placement. Pure functions, tested in Node.

const SIDES = ['N', 'E', 'S', 'W'];
const STEP = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
]; // y grows south
const EDGE = { road: 'road', street: 'road', city: 'city', river: 'river' };

// A tile's edge types [N, E, S, W] in its canonical orientation: the kind at each side's middle.
const LETTER = { F: 'field', R: 'road', C: 'city', I: 'river' };
export function edgeTypes(tile) {
  if (/^[FRCI]{4}$/.test(tile.edges || '')) return [...tile.edges].map((c) => LETTER[c]);
  return SIDES.map((side) => {
    const seg = (tile.segments || []).find((s) => (s.ports || []).includes(`${side}M`));
    return (seg && EDGE[seg.kind]) || 'field';
  });
}

// The edge on `side` (0 = N .. 3 = W) of a tile turned `rotation` quarter turns clockwise.
export const rotatedEdge = (edges, rotation, side) => edges[(side - rotation + 8) % 4];

// board: [{x, y, tile, rotation}]; catalog: Map id -> tile; remaining: [count by catalogue index];
// allowed(x, y): false for cells no tile may ever take (outside The Castle's walls).
// Returns [{x, y}] of the dead cells.
/**
 * @param {{ x: number, y: number, tile: string, rotation?: number }[]} board
 * @param {Map<string, any>} catalog
 * @param {number[]} remaining
 * @param {(x: number, y: number) => boolean} [allowed]
 * @returns {{ x: number, y: number }[]}
 */
export function deadCells(board, catalog, remaining, allowed = () => true) {
  const at = new Map(board.map((t) => [`${t.x},${t.y}`, t]));
  const edgesOf = new Map();
  const edges = (id) => {
    if (!edgesOf.has(id)) {
      const t = catalog.get(id);
      edgesOf.set(id, t ? edgeTypes(t) : null);
    }
    return edgesOf.get(id);
  };
  // Distinct edge signatures of the tiles still to come (one per rotation).
  const byIndex = new Map([...catalog.values()].map((t) => [t.index, t]));
  const signatures = new Set();
  (remaining || []).forEach((n, i) => {
    const t = n > 0 && byIndex.get(i);
    if (!t) return;
    const e = edgeTypes(t);
    for (let r = 0; r < 4; r++) signatures.add([0, 1, 2, 3].map((s) => rotatedEdge(e, r, s)).join());
  });
  const candidates = [...signatures].map((s) => s.split(','));
  const dead = [];
  const seen = new Set();
  for (const t of board) {
    for (const [dx, dy] of STEP) {
      const x = t.x + dx,
        y = t.y + dy,
        key = `${x},${y}`;
      if (at.has(key) || seen.has(key)) continue;
      seen.add(key);
      if (!allowed(x, y)) continue;
      // What each laid neighbour demands on the shared edge.
      const need = STEP.map(([sx, sy], side) => {
        const n = at.get(`${x + sx},${y + sy}`);
        const e = n && edges(n.tile);
        return e ? rotatedEdge(e, n.rotation || 0, (side + 2) % 4) : null;
      });
      if (!candidates.some((c) => need.every((want, side) => want === null || c[side] === want))) dead.push({ x, y });
    }
  }
  return dead;
}
