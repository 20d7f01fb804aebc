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
