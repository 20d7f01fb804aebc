// @ts-check
// The last move, for the board to outline (in the mover's colour) and briefly animate: the cells
// the latest batch of events touched (a tile laid, a follower placed, moved or captured, a floor
// built). Falls back to the last tile on the board after a reload.

const MOVES = new Set([
  'tile_placed',
  'follower_placed',
  'floor_added',
  'follower_captured',
  'follower_moved',
  'keep_placed',
]);

// events: the latest patch's events (or undefined); game: view.game.
// Returns {cells: [[x, y]], player, key, placed: [x, y] | null} or null.
export function lastMove(events, game) {
  const moves = (events || []).filter((ev) => MOVES.has(ev.type) && ev.x !== undefined);
  if (moves.length) {
    const cells = [];
    for (const ev of moves) if (!cells.some(([x, y]) => x === ev.x && y === ev.y)) cells.push([ev.x, ev.y]);
    const laid = moves.find((ev) => ev.type === 'tile_placed');
    return {
      cells,
      player: moves[0].player ?? null,
      key: `${game.turn}:${moves.map((ev) => `${ev.type}@${ev.x},${ev.y}`).join(';')}`,
      placed: laid ? [laid.x, laid.y] : null,
    };
  }
  const board = game.board || [];
  if (board.length < 2) return null;
  const tl = board[board.length - 1];
  return { cells: [[tl.x, tl.y]], player: null, key: `board:${board.length}`, placed: null };
}

// How long the board's two animations run (styles.css: tile-in, last-pulse twice), in ms.
export const TILE_IN_MS = 700;
export const PULSE_MS = 1800;

/**
 * @typedef {{ seen?: string | null, tile?: { x: number, y: number, start: number } | null,
 *   pulse?: { start: number } | null }} Animations
 */

/**
 * The animations to draw now, so that a redraw in the middle of one (the opponent's follower
 * right after their tile, a clock, someone coming online) continues it instead of cutting it
 * short or starting it again: each is drawn with a negative delay, the time it has already run.
 * A new move outlines its cells afresh; the tile laid keeps fading in through it.
 * @param {Animations} was the previous call's answer
 * @param {{ key: string, placed?: number[] | null } | null} last the last move (lastMove)
 * @param {number} now ms
 * @returns {Animations}
 */
export function runningAnimations(was, last, now) {
  const fresh = !!last && last.key !== was.seen;
  let tile = was.tile && now - was.tile.start < TILE_IN_MS ? was.tile : null;
  let pulse = !fresh && was.pulse && now - was.pulse.start < PULSE_MS ? was.pulse : null;
  if (fresh) {
    pulse = { start: now };
    if (last.placed) tile = { x: last.placed[0], y: last.placed[1], start: now };
  }
  return { seen: last?.key ?? null, tile, pulse };
}
