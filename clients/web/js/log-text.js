// @ts-check
// Human sentences for game events, so the log explains every move and every scoring, and the
// words for the decisions players choose from. Every sentence comes from the `log` catalog
// (clients/web/i18n/<language>/log.json) in the rule books' terms.

import { t } from './i18n.js';

// A text from the catalog, or null when the catalog has no such key (t returns the key then).
const maybe = (key, params) => {
  const s = t(key, params);
  return s === key ? null : s;
};

export const featureName = (k) => maybe(`log.feature.${k}`) ?? (k || t('log.feature.other'));
const onFeature = (k) => maybe(`log.on.${k}`) ?? t('log.on.other', { feature: featureName(k) });
const fromFeature = (k) => maybe(`log.from.${k}`) ?? t('log.from.other', { feature: featureName(k) });
const role = (k) => maybe(`log.role.${k}`) ?? t('log.role.other');

// The City of Carcassonne's quarters and the features their followers may join.
export const QUARTER_FEEDS = { castle: 'city', blacksmith: 'road', cathedral: 'monastery', market: 'field' };
export const quarterName = (q) => maybe(`log.quarter.${q}`) ?? t('log.quarter.other', { quarter: q || '?' });
const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const quarterFrom = (q) => maybe(`log.quarter_from.${q}`) ?? quarterName(q);

// A tile in words, by what it holds ("a tile (city, road)"); its catalog id means nothing to a
// player, so an unknown tile is just "a tile".
/** @param {string | undefined} id @param {Map<string, import('./types.js').CatalogTile>} [tiles] */
export function tileWords(id, tiles) {
  const kinds = [...new Set((tiles?.get(id ?? '')?.segments || []).map((s) => s.kind))];
  const shown = kinds.filter((k) => k !== 'field');
  const list = (shown.length ? shown : kinds).map(featureName);
  return list.length ? t('log.tile_of', { features: list.join(', ') }) : t('log.tile_any');
}

// names: seat -> display name; tiles: the catalog by id (to say what a tile holds). Returns
// {text, kind, tiles?} or null for events not worth a line.
/** @param {import('./types.js').GameEvent} ev @param {Record<number, string>} names @param {Map<string, import('./types.js').CatalogTile>} [tiles] */
export function describeEvent(ev, names, tiles) {
  const who = (p) => names[p] ?? t('log.seat', { seat: p + 1 });
  const at = ev.x !== undefined ? t('log.at', { x: ev.x, y: ev.y }) : '';
  // A move the server made for a person (away, resigned, out of time) is the bot's, not theirs.
  const mover = ev.stand_in ? capital(t('log.stand_in', { who: who(ev.player) })) : who(ev.player);
  const p = {
    who: mover,
    target: who(ev.target_player),
    tile: tileWords(ev.tile, tiles),
    at,
    count: ev.count,
    points: ev.points,
  };
  switch (ev.type) {
    case 'turn_started':
      return { text: t('log.turn', p), kind: 'turn', player: ev.player };
    case 'tile_drawn':
      return null;
    case 'tile_discarded':
      return { text: t('log.tile_discarded', p), kind: 'info' };
    case 'tile_placed':
      return { text: t('log.tile_placed', p), kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'follower_placed':
      return {
        text: t('log.follower_placed', { ...p, role: role(ev.feature), on: onFeature(ev.feature) }),
        kind: 'move',
        player: ev.player,
        tiles: [[ev.x, ev.y]],
      };
    case 'follower_returned':
      return {
        text: t('log.follower_returned', { ...p, from: fromFeature(ev.feature) }),
        kind: 'minor',
        player: ev.player,
      };
    case 'feature_scored':
      return scoringText(ev, who);
    case 'floor_added':
      return { text: t('log.floor_added', p), kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'follower_captured':
      return { text: t('log.follower_captured', p), kind: 'move', player: ev.player };
    case 'prisoners_exchanged':
      return { text: t('log.prisoners_exchanged', p), kind: 'info' };
    case 'ransom_paid':
      return { text: t('log.ransom_paid', { ...p, count: ev.points }), kind: 'score', player: ev.player };
    case 'count_moved':
      return { text: t('log.count_moved', { quarter: quarterName(ev.quarter) }), kind: 'info' };
    case 'quarter_follower_placed':
      return {
        text: t('log.quarter_follower_placed', { ...p, quarter: quarterName(ev.quarter) }),
        kind: 'move',
        player: ev.player,
      };
    case 'follower_moved':
      return {
        text: t('log.follower_moved', {
          ...p,
          from: quarterFrom(ev.quarter),
          on: onFeature(ev.feature),
          feature: featureName(ev.feature),
        }),
        kind: 'move',
        player: ev.player,
        tiles: ev.x !== undefined ? [[ev.x, ev.y]] : undefined,
      };
    case 'token_taken': {
      const which = ev.feature === 'road' ? 'robber' : 'king';
      return {
        text: t(ev.count ? `log.token_taken_${which}_size` : `log.token_taken_${which}`, p),
        kind: 'score',
        player: ev.player,
      };
    }
    case 'token_scored':
      return {
        text: t(ev.feature === 'road' ? 'log.token_scored_robber' : 'log.token_scored_king', p),
        kind: 'score',
        scorers: [ev.player],
        points: ev.points,
        feature: ev.feature,
        final: true,
      };
    case 'tile_set_aside':
      return { text: t('log.tile_set_aside', p), kind: 'info', player: ev.player };
    case 'wall_token_taken':
      return {
        text: t('log.wall_token_taken', { ...p, token: tokenName(ev.count) }),
        kind: 'score',
        player: ev.player,
        tiles: [[ev.x, ev.y]],
      };
    case 'wall_token_used':
      return {
        text: t(ev.points ? 'log.wall_token_used_points' : 'log.wall_token_used', { ...p, token: tokenName(ev.count) }),
        kind: 'score',
        player: ev.player,
      };
    case 'keep_placed':
      return { text: t('log.keep_placed', p), kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'keep_scored':
      return {
        text: t('log.keep_scored', { count: ev.count, result: resultText(ev.scorers || [], ev.points, who) }),
        kind: 'score',
        scorers: ev.scorers,
        tiles: ev.tiles,
      };
    // The client's own, when the server moved for a seat out of time (rooms.js).
    case 'clock_timeout':
      return {
        text: t(ev.forfeit ? 'log.timeout_forfeit' : 'log.timeout_random', { who: who(ev.player) }),
        kind: 'timeout',
        player: ev.player,
      };
    case 'final_scoring':
      return { text: t('log.final_scoring'), kind: 'heading' };
    case 'game_over':
      return { text: t('log.game_over'), kind: 'heading' };
    default:
      return { text: String(ev.type).replace(/_/g, ' '), kind: 'info' };
  }
}

// "Ada and Bob +6"; nobody, or no points, said as such.
function resultText(scorers, points, who) {
  if (!scorers.length) return t('log.nobody_scores');
  const list = scorers.map(who).join(t('log.and'));
  return points ? t('log.scorers_points', { names: list, points }) : t('log.scorers_no_points', { names: list });
}

function scoringText(ev, who) {
  const size =
    ev.feature === 'field'
      ? ev.count
        ? t('log.size_cities', { count: ev.count })
        : ''
      : ev.count
        ? t('log.size_tiles', { count: ev.count })
        : '';
  const state = ev.final
    ? ev.completed || ev.feature === 'field'
      ? t('log.state_final')
      : t('log.state_final_open', { completed: maybe(`log.completed.${ev.feature}`) ?? t('log.completed.other') })
    : (maybe(`log.completed.${ev.feature}`) ?? t('log.completed.other'));
  const scorers = ev.scorers || [];
  return {
    text: t('log.scored', {
      feature: cap(featureName(ev.feature)),
      size,
      state,
      result: resultText(scorers, ev.points, who),
      detail: ev.detail ? t('log.detail', { detail: detailText(ev.detail) }) : '',
    }),
    kind: 'score',
    tiles: ev.tiles,
    scorers,
    points: ev.points,
    feature: ev.feature,
    final: !!ev.final,
  };
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The engine explains each scoring in English ("3 tiles x 2 + 1 pennant x 2"); these patterns
// put it into the current language piece by piece (English catalog texts reproduce the original).
const DETAIL_PATTERNS = [
  [/(\d+) tiles? x (\d+)/g, 'tiles_x'],
  [/(\d+) pennants? x (\d+)/g, 'pennants_x'],
  [/1 \+ (\d+) surrounding tiles/g, 'surrounding'],
  [/(\d+) completed (?:city|cities) x (\d+)/g, 'cities_x'],
  [/(\d+) completed roads? x (\d+)/g, 'roads_x'],
  [/\(the City of Carcassonne included\)/g, 'city_included'],
  [/\(wall token (\d+)\)/g, 'wall_token'],
  [/\(well\)/g, 'well'],
  [/(\d+) markets? x (\d+)/g, 'markets_x'],
  [/(\d+) empty spaces; keep house (\d+) against (\d+)/g, 'keep_house'],
  [/lost the challenge to the (\w+) at \((-?\d+), (-?\d+)\)/g, 'lost_challenge'],
];
export function detailText(detail) {
  let out = String(detail);
  for (const [re, key] of DETAIL_PATTERNS) {
    out = out.replace(re, (whole, a, b, c) => {
      const text = maybe(`log.dw.${key}`, {
        a,
        b,
        c,
        count: Number(a),
        feature: a && /^[a-z_]+$/.test(a) ? featureName(a) : a,
      });
      return text ?? whole;
    });
  }
  return out;
}

// The Castle's wall tokens, by the number the protocol uses (1-9) or by name.
export const TOKENS = [
  '',
  'extra_turn',
  'double_tower',
  'double_house',
  'final_street',
  'final_tower',
  'final_house',
  'market_bonus',
  'keep_bonus',
  'five_points',
];
export const tokenName = (k) => {
  const kind = typeof k === 'number' ? TOKENS[k] : k;
  return maybe(`log.token.${kind}`) ?? t('log.token.other', { token: k });
};

// Sentence for an action the player can choose (decision panel buttons).
// game: view.game, for the City's decisions (where the Count stands, what is being scored).
export function describeAction(a, names, followers, castle, game) {
  const at = a.x !== undefined ? t('log.at', { x: a.x, y: a.y }) : '';
  switch (a.type) {
    case 'pass':
      return passText(game);
    case 'place_follower':
      return t('log.action.place_follower', { segment: a.segment });
    case 'add_floor':
      return t('log.action.add_floor', { at });
    case 'tower_follower':
      return t('log.action.tower_follower', { at });
    case 'capture': {
      const f = followers?.[a.target];
      if (!f) return t('log.action.capture_unknown', { target: a.target });
      return t('log.action.capture', {
        owner: names[f.owner] ?? '?',
        at: f.x !== undefined ? t('log.at', { x: f.x, y: f.y }) : '',
      });
    }
    case 'ransom':
      return t('log.action.ransom', { target: names[a.target] ?? a.target });
    case 'city_follower':
      return t(game?.count_quarter === a.quarter ? 'log.action.city_follower_count' : 'log.action.city_follower', {
        quarter: quarterName(a.quarter),
        feature: featureName(QUARTER_FEEDS[a.quarter] || 'other'),
      });
    case 'move_count':
      return t('log.action.move_count', { quarter: quarterName(a.quarter) });
    case 'redeploy': {
      const onto = game?.redeploy_onto;
      const feature = onto?.feature || QUARTER_FEEDS[a.quarter];
      return t('log.action.redeploy', {
        from: quarterFrom(a.quarter),
        on: onFeature(feature),
        feature: featureName(feature),
        at: onto ? t('log.at', { x: onto.x, y: onto.y }) : '',
      });
    }
    case 'market_move':
      return t('log.action.market_move', { at });
    case 'choose_scoring': {
      const p = castle?.pending?.[a.target];
      const what = p
        ? t('log.action.whose_feature', { owner: names[p.owner] ?? '?', feature: featureName(p.feature) })
        : t('log.action.scoring_n', { n: a.target + 1 });
      return t(a.token > 0 ? 'log.action.choose_scoring_token' : 'log.action.choose_scoring', {
        what,
        token: tokenName(a.token),
      });
    }
    case 'use_token':
      return a.target === 1
        ? t('log.action.use_extra_turn')
        : t('log.action.use_token', { token: tokenName(a.target) });
    default:
      return String(a.type).replace(/_/g, ' ');
  }
}

// "Pass" says what passing means in the City's decisions.
function passText(game) {
  switch (game?.phase) {
    case 'city_follower':
      return t('log.action.pass_city');
    case 'move_count':
      return t('log.action.pass_count', { quarter: quarterName(game.count_quarter) });
    case 'redeploy':
      return t('log.action.pass_redeploy');
    default:
      return t('log.action.pass');
  }
}
