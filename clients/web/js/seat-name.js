// @ts-check
// What a seat is called on screen, and the bot kinds in order of strength. The server names
// bots in English ("Bot 2 (greedy)"), so the client names them in its own language from the seat
// and the bot's kind; a seat without a name gets its number.
import { t } from './i18n.js';

// The bot kinds the server offers (docs/bots.md), weakest first: the order of the bot menus.
export const BOT_KINDS_BY_STRENGTH = Object.freeze([
  'random',
  'beginner',
  'greedy',
  'apprentice',
  'amateur',
  'easy',
  'medium',
  'hard',
]);

export function seatName(seat, { short = false } = {}) {
  if (seat.kind === 'bot') {
    const n = seat.seat + 1;
    return short ? t('game.bot_name_short', { n }) : t('game.bot_name', { n, kind: t(`game.bot_kind_${seat.bot}`) });
  }
  return seat.name || t('log.seat', { seat: seat.seat + 1 });
}

// A name from the server's records (finished games, replays): its English bot names
// ("Bot 2 (greedy)") are said in the client's language; a person's name stays as it is.
/** @param {string} name */
export function recordName(name) {
  const m = /^Bot (\d+) \((\w+)\)$/.exec(name || '');
  if (!m) return name;
  const kind = t(`game.bot_kind_${m[2]}`);
  return t('game.bot_name', { n: m[1], kind: kind === `game.bot_kind_${m[2]}` ? m[2] : kind });
}
