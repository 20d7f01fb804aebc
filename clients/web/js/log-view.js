// @ts-check
// The room's log and chat, drawn from the room's history (rooms.js keeps it once): the log is
// the game's events worded by log-text.js, the chat the room's last lines.

import { h, clear } from './dom.js';
import { badgeSvg, styleOf } from './players.js';
import { describeEvent } from './log-text.js';
import { t } from './i18n.js';

/** @import { GameEvent, ChatLine, Seat, LogLine } from './types.js' */

export const LOG_LINES = 150;

/**
 * The last `limit` lines of the log, worded from the room's events.
 * @param {GameEvent[]} events
 * @param {Record<number, string>} names
 * @param {number} [limit]
 * @param {Map<string, import('./types.js').CatalogTile>} [tiles] the catalog by id
 * @returns {LogLine[]}
 */
export function logLines(events, names, limit = LOG_LINES, tiles = undefined) {
  /** @type {LogLine[]} */
  const out = [];
  for (let i = events.length - 1; i >= 0 && out.length < limit; i--) {
    const line = describeEvent(events[i], names, tiles);
    if (line) out.push(line);
  }
  return out.reverse();
}

// Whether the shown lines from `from` on are the first lines of `lines`.
/** @param {LogLine[]} shown @param {number} from @param {LogLine[]} lines */
function continues(shown, from, lines) {
  if (shown.length - from > lines.length) return false;
  for (let i = from; i < shown.length; i++) if (shown[i].text !== lines[i - from].text) return false;
  return true;
}

/**
 * @param {HTMLElement} list
 * @param {LogLine[]} lines
 * @param {(tiles: number[][]) => void} point shows a line's tiles on the board ([] for none)
 */
export function drawLog(list, lines, point) {
  // The lines already shown stay as they are, so the live region announces only the new ones:
  // find where the shown lines go on in the new list (the oldest may have dropped off the top).
  /** @type {LogLine[]} */
  const shown = /** @type {any} */ (list).shownLines || [];
  let dropped = 0;
  while (dropped < shown.length && !continues(shown, dropped, lines)) dropped++;
  for (let i = 0; i < dropped && list.firstChild; i++) list.firstChild.remove();
  if (dropped === shown.length) clear(list); // nothing in common (another language): drawn anew
  /** @type {any} */ (list).shownLines = lines;
  for (const e of lines.slice(shown.length - dropped)) {
    const li = h('li', { class: `log-${e.kind}` });
    if (e.player !== undefined && e.player !== null && e.kind !== 'heading')
      li.insertAdjacentHTML('beforeend', badgeSvg(e.player, 14));
    if (e.kind === 'score' && e.scorers?.length)
      e.scorers.forEach((s) => li.insertAdjacentHTML('beforeend', badgeSvg(s, 14)));
    li.append(' ', e.text);
    const tiles = e.tiles;
    if (tiles?.length) {
      li.tabIndex = 0;
      const on = () => point(tiles);
      const off = () => point([]);
      li.addEventListener('mouseenter', on);
      li.addEventListener('mouseleave', off);
      li.addEventListener('focus', on);
      li.addEventListener('blur', off);
    }
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

/**
 * @param {HTMLElement} list
 * @param {ChatLine[]} chat
 * @param {Seat[]} seats the name of a player in the game is in the player's colour
 * @param {(line: ChatLine) => HTMLElement | null} [reportLine] a line's "Report" button, if any
 */
export function drawChat(list, chat, seats, reportLine) {
  clear(list);
  for (const m of chat.slice(-100)) {
    const seat = seats.find((s) => s.person === m.from)?.seat;
    const colour = seat === undefined ? '' : styleOf(seat).colour === '#f2c12e' ? '#a07c00' : styleOf(seat).colour;
    const who = h('b', { style: colour ? `color:${colour}` : '' }, m.name);
    // A line the operator removed keeps its place, its sender and no text (docs/moderation.md).
    list.append(
      m.removed
        ? h('li', { class: 'chat-removed' }, who, ' ', h('i', { class: 'muted' }, t('moderation.chat_removed')))
        : h('li', {}, who, ' ', m.text, reportLine?.(m) ?? null),
    );
  }
  list.scrollTop = list.scrollHeight;
}
