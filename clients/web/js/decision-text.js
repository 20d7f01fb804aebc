// @ts-check
// Words for the decisions of the turn panel and the board's targets (through the catalogs):
// what a target does, what passing means in each phase, the prompt of each phase.

import { t } from './i18n.js';
import { TOKENS } from './log-text.js';

export const feature = (kind) => t(`board.feature.${kind || 'other'}`);
export const quarter = (q) => t(`board.quarter.${q || 'castle'}`);
export const token = (k) => t(`board.token.${k}`);
// The Castle's wall tokens by the number the protocol uses (1-9).
export const TOKEN_KINDS = TOKENS;

/**
 * a: an action of `you.legal` or of `follower_options`; tiles: the catalogue by id.
 * @param {import('./types.js').Action} a
 * @param {{ names?: Record<number, string>, game?: Partial<import('./types.js').Game>, tiles?: Map<string, import('./types.js').CatalogTile> }} [ctx]
 */
export function actionLabel(a, { names = {}, game = {}, tiles } = {}) {
  const who = (s) => names[s] ?? t('game.seat', { n: Number(s) + 1 });
  switch (a.type) {
    case 'pass':
      return passLabel(game);
    case 'place_follower': {
      // While placing, the segment is on the tile in hand; afterwards on the tile just laid.
      const tileId = game.phase === 'place_tile' ? game.drawn_tile : game.board?.[game.board.length - 1]?.tile;
      const kind = tiles?.get(tileId)?.segments?.[a.segment]?.kind;
      return t('game.act.place_follower', { feature: feature(kind) });
    }
    case 'add_floor':
      return t('game.act.add_floor', { x: a.x, y: a.y });
    case 'tower_follower':
      return t('game.act.tower_follower', { x: a.x, y: a.y });
    case 'capture': {
      const f = game.followers?.[a.target];
      return f ? t('game.act.capture', { name: who(f.owner), x: f.x, y: f.y }) : t('game.act.capture_any');
    }
    case 'ransom':
      return t('game.act.ransom', { name: who(a.target) });
    case 'city_follower':
      return t('game.act.city_follower', { quarter: quarter(a.quarter), feeds: t(`board.quarter_feeds.${a.quarter}`) });
    case 'move_count':
      return t('game.act.move_count', { quarter: quarter(a.quarter) });
    case 'redeploy': {
      const onto = game.redeploy_onto;
      return t('game.act.redeploy', {
        quarter: quarter(a.quarter),
        feature: feature(onto?.feature),
        x: onto?.x ?? '?',
        y: onto?.y ?? '?',
      });
    }
    case 'market_move':
      return t('game.act.market_move', { x: a.x, y: a.y });
    case 'choose_scoring': {
      const p = game.castle?.pending?.[a.target];
      const what = p
        ? t('game.act.scoring_of', { name: who(p.owner), feature: feature(p.feature) })
        : String(a.target + 1);
      return a.token > 0
        ? t('game.act.choose_scoring_doubled', { what, token: token(TOKEN_KINDS[a.token]) })
        : t('game.act.choose_scoring', { what });
    }
    case 'use_token':
      return t('game.act.use_token', { token: token(TOKEN_KINDS[a.target] || a.target) });
    default:
      return a.type.replace(/_/g, ' ');
  }
}

// "Pass" says what passing means in the phase at hand.
export function passLabel(game) {
  switch (game?.phase) {
    case 'place_follower':
      return t('game.pass.place_follower');
    case 'tower_capture':
      return t('game.pass.tower_capture');
    case 'city_follower':
      return t('game.pass.city_follower');
    case 'move_count':
      return t('game.pass.move_count', { quarter: quarter(game.count_quarter) });
    case 'redeploy':
      return t('game.pass.redeploy');
    case 'market_move':
      return t('game.pass.market_move');
    case 'extra_turn':
      return t('game.pass.extra_turn');
    default:
      return t('game.pass.other');
  }
}

export const phasePrompt = (phase) => t(`game.prompt.${phase || 'other'}`);

// The expansions' decisions, each with why the rules offer it now.
const REASONED = new Set([
  'tower_capture',
  'city_follower',
  'move_count',
  'redeploy',
  'market_move',
  'choose_scoring',
  'extra_turn',
]);
/** @param {string} phase */
export const phaseReason = (phase) => (REASONED.has(phase) ? t(`game.reason.${phase}`) : null);

/**
 * Who holds a feature and what it is worth now: "held by Ada ×2, Bob · worth 6 points now".
 * @param {import('./types.js').Feature} f
 * @param {Record<number, string>} names
 */
export function featureText(f, names) {
  const who = (f.followers || [])
    .map((n, seat) => (n > 0 ? `${names[seat] ?? t('game.seat', { n: seat + 1 })}${n > 1 ? ` ×${n}` : ''}` : ''))
    .filter(Boolean);
  const held = who.length ? t('game.feature.held', { who: who.join(', ') }) : t('game.feature.free');
  const worth =
    f.points === null || f.points === undefined
      ? ''
      : ' · ' + t(f.kind === 'field' ? 'game.feature.worth_field' : 'game.feature.worth', { count: f.points });
  return held.charAt(0).toUpperCase() + held.slice(1) + worth;
}

// A field's tag on the board during the market move: its worth, in the colour of whoever holds
// it (the seats), and in words for its title ("Bob · 6 pts", "free · 3 pts").
/** @param {import('./types.js').Feature} f @param {Record<number, string>} names */
export function fieldTag(f, names) {
  const seats = (f.followers || []).flatMap((n, seat) => (n > 0 ? [seat] : []));
  const who = seats.map((seat) => names[seat] ?? t('game.seat', { n: seat + 1 }));
  const count = f.points ?? 0;
  return {
    text: String(count),
    title: t('board.field_tag', { who: who.length ? who.join(', ') : t('board.field_tag_free'), count }),
    seats,
  };
}
