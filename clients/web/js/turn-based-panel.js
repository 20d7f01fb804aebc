// @ts-check
// A turn-based game's own buttons in the room bar (docs/protocol.md, "Turn-based games"): a
// vacation day taken on your move, your seat taken back from the bot that plays it since your
// time ran out, or the win claimed when a bot plays your only opponent's seat. The server
// checks each; a refusal comes back as an error toast like any request's.

import { h } from './dom.js';
import { t } from './i18n.js';
import { timeLeftText } from './account/my-games-view.js';

/** @import { Room } from './types.js' */

/**
 * @param {Room} room
 * @param {number | null} me your seat (null: watching)
 * @param {number | undefined} decider whose decision the game waits for
 * @param {(msg: Record<string, any>) => void} send sends a message about this room
 * @param {number | null} [deadline] when your move's time runs out (Unix ms, the view's `you.deadline_ms`)
 * @param {number | null} [daysLeft] the account's vacation days in hand (GET /api/me), null unknown
 * @returns {HTMLElement[]}
 */
export function turnBasedButtons(room, me, decider, send, deadline = null, daysLeft = null) {
  const settings = /** @type {{ move_time_s?: number | null } | undefined} */ (room.settings);
  if (!settings?.move_time_s || room.status !== 'playing' || me === null) return [];
  const seats = /** @type {{ away?: boolean }[]} */ (room.seats);
  /** @param {string} type @param {string} [label] @param {() => boolean} [ask] */
  const button = (type, label = t(`account.${type}`), ask = () => true) =>
    h('button', { class: 'btn', id: type.replaceAll('_', '-'), onclick: () => ask() && send({ type }) }, label);
  if (seats[me]?.away) return [button('take_seat_back')];
  const out = [];
  if (decider === me && deadline)
    out.push(h('span', { class: 'tag tag-deadline', id: 'move-deadline' }, timeLeftText(deadline - Date.now())));
  // A vacation day is spent for good: the button says how many are in hand, and asks first.
  if (decider === me) {
    const known = typeof daysLeft === 'number';
    out.push(
      button(
        'take_vacation',
        known ? t('account.take_vacation_left', { count: daysLeft }) : t('account.take_vacation'),
        () =>
          confirm(
            known
              ? t('account.take_vacation_confirm', { count: daysLeft })
              : t('account.take_vacation_confirm_unknown'),
          ),
      ),
    );
  }
  if (seats.length === 2 && seats[1 - me]?.away) out.push(button('claim_win'));
  return out;
}
