// @ts-check
// A room's pace in a few words, for the lobby's cards and the waiting room: its live clock, its
// time per move (a turn-based game), or neither.

import { t } from './i18n.js';

const HOUR_S = 3600;

/** "1 day a move", "12 hours a move" (a server started for tests also takes minutes).
 * @param {number} seconds */
export function moveTimeText(seconds) {
  const hours = seconds / HOUR_S;
  let time;
  if (hours >= 24 && hours % 24 === 0) time = t('account.days', { count: hours / 24 });
  else if (hours >= 1) time = t('account.hours', { count: Math.round(hours) });
  else time = t('account.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
  return t('lobby.per_move', { time });
}

/** @param {{ clock?: { initial_ms: number, increment_ms: number } | null, move_time_s?: number | null }} room */
export function paceText(room) {
  if (room.move_time_s) return moveTimeText(room.move_time_s);
  const c = room.clock;
  if (!c) return t('lobby.no_clock');
  return t('lobby.clock_short', {
    minutes: Math.round(c.initial_ms / 60000),
    seconds: Math.round(c.increment_ms / 1000),
  });
}
