// @ts-check
// A live game without a clock whose player has been offline past the grace period: the other
// players may let a bot play that seat until its person is back (docs/protocol.md,
// "bot_for_offline"). The server marks such a seat `offline_long` and checks the request.

import { h } from './dom.js';
import { t } from './i18n.js';

/** @import { Room } from './types.js' */

/**
 * @param {Room} room
 * @param {number | null} me your seat (null: watching)
 * @param {(msg: Record<string, any>) => void} send sends a message about this room
 * @returns {HTMLElement[]}
 */
export function absentPlayerButtons(room, me, send) {
  if (room.status !== 'playing' || me === null) return [];
  const seats = /** @type {{ name?: string, offline_long?: boolean, away?: boolean, resigned?: boolean }[]} */ (
    room.seats
  );
  if (seats[me]?.resigned) return [];
  return seats.flatMap((s, seat) =>
    seat !== me && s.offline_long && !s.away && !s.resigned
      ? [
          h(
            'button',
            { class: 'btn', id: `bot-for-offline-${seat}`, onclick: () => send({ type: 'bot_for_offline', seat }) },
            t('game.room.bot_for_offline', { name: s.name ?? '' }),
          ),
        ]
      : [],
  );
}
