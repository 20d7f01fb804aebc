// @ts-check
// A rematch: the same settings in a new room, and everyone of the finished room invited. The
// player who asks creates the room (with the same bots) and puts its invite link into the
// finished room's chat, marked so every viewer's end dialog offers to join it. Pure but for
// the link's origin.

/** @import { Room, ChatLine } from './types.js' */

// The mark of a rematch line in the chat.
export const REMATCH_MARK = '↻';

/**
 * The `create_room` request for a room like `room`: its settings and its bots (the asker takes
 * the first seat, the bots the next ones).
 * @param {Room} room
 */
export function rematchRequest(room) {
  const s = room.settings || {};
  const bots = room.seats.filter((seat) => seat.kind === 'bot' && seat.bot);
  return {
    type: 'create_room',
    name: room.name,
    rules: s.rules,
    expansions: s.expansions,
    options: s.options,
    seats: s.seats ?? room.seats.length,
    bots: bots.map((b, i) => ({ seat: i + 1, kind: b.bot })),
    private: !!room.private,
    spectators: room.spectators_allowed !== false,
    clock: s.clock ?? null,
  };
}

/**
 * The chat line that invites the finished room to the new one.
 * @param {string} words "Rematch" in the asker's language
 * @param {string} invite the new room's invite code
 */
export function rematchLine(words, invite) {
  return `${REMATCH_MARK} ${words}: ${location.origin}${location.pathname}#/invite/${encodeURIComponent(invite)}`;
}

/**
 * The hash of the newest rematch offered in a room's chat, or null.
 * @param {ChatLine[]} chat
 * @returns {string | null}
 */
export function offeredRematch(chat) {
  for (let i = chat.length - 1; i >= 0; i--) {
    const text = chat[i].text || '';
    const m = text.startsWith(REMATCH_MARK) ? /#\/invite\/([A-Za-z0-9%-]+)\s*$/.exec(text) : null;
    if (m) return `#/invite/${m[1]}`;
  }
  return null;
}
