// @ts-check
// What the game's board shows, from the view and the turn: the tiles and followers, the squares
// the tile in hand fits, the dead squares, the tile being placed, the decision targets, the
// tiles pointed at, the last move, the City's quarters and The Castle's walls. Pure: the room's
// view hands the result to board.js.

import { deadCells } from './dead-cells.js';
import { castleExtent } from './castle-board.js';
import { lastMove } from './last-move.js';

/** @import { Game, GameEvent, Target, Catalog } from './types.js' */

/**
 * The empty squares next to the board that no tile still to come (nor the tile in hand) fits.
 * @param {Game} g
 * @param {Catalog} catalog
 * @returns {{ x: number, y: number }[]}
 */
export function deadSquares(g, catalog) {
  // The Castle: only cells inside the walls can ever take a tile.
  const walls = castleExtent(g.castle);
  const inside = walls ? new Set((g.castle?.board?.interior || []).map(([x, y]) => `${x},${y}`)) : null;
  // The tile in hand is still to be laid too.
  const toCome = [...(g.remaining || [])];
  const drawn = g.drawn_tile ? catalog.byId.get(g.drawn_tile) : undefined;
  if (drawn) toCome[drawn.index] = (toCome[drawn.index] || 0) + 1;
  if (g.result || !toCome.some((n) => n > 0)) return [];
  return deadCells(g.board, catalog.byId, toCome, inside ? (x, y) => inside.has(`${x},${y}`) : undefined);
}

/**
 * @param {object} p
 * @param {Game} p.game
 * @param {{ x: number, y: number, count: number, rotations: number[] }[]} p.legalCells the placing player's squares
 * @param {{ x: number, y: number, rotation: number } | null} p.placing the tile in hand where it is being tried
 * @param {Target[]} p.targets
 * @param {{ x: number, y: number }[]} p.dead
 * @param {number[][]} p.highlight tiles of the log line pointed at
 * @param {GameEvent[] | undefined} p.lastEvents the latest move's events (none after a snapshot)
 */
export function boardModel({ game: g, legalCells, placing, targets, dead, highlight, lastEvents }) {
  const quarters =
    g.count_quarter !== undefined && g.count_quarter !== null
      ? {
          count: g.count_quarter,
          followers: (g.followers || []).filter((f) => f.spot === 'quarter'),
          targets: targets.filter((s) => s.kind === 'quarter').map((s) => s.action.quarter),
          redeployOnto: g.phase === 'redeploy' ? g.redeploy_onto || null : null,
        }
      : null;
  const picked = targets.find((s) => s.selected);
  return {
    board: g.board,
    followers: g.followers,
    legalCells,
    deadCells: dead,
    preview: placing ? { x: placing.x, y: placing.y, tile: g.drawn_tile ?? '', rotation: placing.rotation } : null,
    targets,
    highlight: highlight.length ? highlight : picked?.tiles || [],
    last: lastMove(lastEvents, g),
    quarters,
    castle: g.castle,
    scores: (g.players || []).map((p) => p.score),
  };
}
