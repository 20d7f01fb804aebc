// Human sentences for game events, so the log explains every move and every scoring.

const FEATURE = {
  road: 'road', city: 'city', field: 'field', cloister: 'monastery', shrine: 'shrine', river: 'river',
  foundation: 'tower', street: 'street', castle_tower: 'tower', house: 'house', courtyard: 'courtyard',
  keep: 'keep', wall_tokens: 'wall tokens', ransom: 'ransom', king: 'King', robber_baron: 'Robber Baron',
  other: 'other',
};
const ROLE = {
  road: 'a thief', city: 'a knight', field: 'a farmer', cloister: 'a monk', shrine: 'a heretic',
  street: 'a herald', castle_tower: 'a knight', house: 'a squire', courtyard: 'a merchant', foundation: 'a follower',
};

export const featureName = (k) => FEATURE[k] || k || 'feature';

// The City of Carcassonne's quarters and the features their followers may join.
export const QUARTER_FEEDS = { castle: 'city', blacksmith: 'road', cathedral: 'monastery', market: 'field' };
export const quarterName = (q) => `${q || '?'} quarter`;

// names: seat -> display name. Returns {text, kind, tiles?} or null for events not worth a line.
export function describeEvent(ev, names) {
  const who = (p) => names[p] ?? `Seat ${p + 1}`;
  const at = ev.x !== undefined ? ` at (${ev.x}, ${ev.y})` : '';
  switch (ev.type) {
    case 'turn_started': return { text: `${who(ev.player)}'s turn`, kind: 'turn', player: ev.player };
    case 'tile_drawn': return null;
    case 'tile_discarded': return { text: `${who(ev.player)} drew ${ev.tile}, which fits nowhere: discarded`, kind: 'info' };
    case 'tile_placed': return { text: `${who(ev.player)} laid ${ev.tile}${at}`, kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'follower_placed': return { text: `${who(ev.player)} put ${ROLE[ev.feature] || 'a follower'} on the ${featureName(ev.feature)}${at}`, kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'follower_returned': return { text: `${who(ev.player)}'s follower returns from the ${featureName(ev.feature)}${at}`, kind: 'minor', player: ev.player };
    case 'feature_scored': return scoringText(ev, who);
    case 'floor_added': return { text: `${who(ev.player)} built a tower floor${at}: height ${ev.count}`, kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'follower_captured': return { text: `${who(ev.player)} captured ${who(ev.target_player)}'s follower${at}`, kind: 'move', player: ev.player };
    case 'prisoners_exchanged': return { text: `${who(ev.player)} and ${who(ev.target_player)} exchanged prisoners`, kind: 'info' };
    case 'ransom_paid': return { text: `${who(ev.player)} paid ${ev.points} points ransom to ${who(ev.target_player)}`, kind: 'score', player: ev.player };
    case 'count_moved': return { text: `The Count moves to the ${quarterName(ev.quarter)}`, kind: 'info' };
    case 'quarter_follower_placed': return { text: `${who(ev.player)} put a follower into the ${quarterName(ev.quarter)} of the City`, kind: 'move', player: ev.player };
    case 'follower_moved': return { text: `${who(ev.player)} moved a follower from the ${quarterName(ev.quarter)} onto the ${featureName(ev.feature)}${at}`, kind: 'move', player: ev.player, tiles: ev.x !== undefined ? [[ev.x, ev.y]] : undefined };
    case 'token_taken': return {
      text: `${who(ev.player)} takes the ${ev.feature === 'road' ? 'Robber Baron' : 'King'}${ev.count ? `: the biggest ${ev.feature === 'road' ? 'road' : 'city'} so far, ${ev.count} tiles` : ''}`,
      kind: 'score', player: ev.player };
    case 'token_scored': return {
      text: `${ev.feature === 'road' ? 'Robber Baron' : 'King'}: ${who(ev.player)} +${ev.points} for ${ev.count} completed ${ev.feature === 'road' ? `road${ev.count === 1 ? '' : 's'}` : `cit${ev.count === 1 ? 'y' : 'ies'}`}`,
      kind: 'score', scorers: [ev.player], points: ev.points, feature: ev.feature, final: true };
    case 'tile_set_aside': return { text: `${who(ev.player)} drew ${ev.tile}, which fits nowhere yet: it goes back under the river stack`, kind: 'info', player: ev.player };
    case 'wall_token_taken': return { text: `${who(ev.player)} takes a wall token from the tower: ${tokenName(ev.count)}`, kind: 'score', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'wall_token_used': return { text: `${who(ev.player)} uses the token ${tokenName(ev.count)}${ev.points ? `: +${ev.points}` : ''}`, kind: 'score', player: ev.player };
    case 'keep_placed': return { text: `${who(ev.player)}'s keep stands on a house of ${ev.count} tile${ev.count === 1 ? '' : 's'}${at}`, kind: 'move', player: ev.player, tiles: [[ev.x, ev.y]] };
    case 'keep_scored': return { text: `Keep: ${ev.count} empty spaces, ${(ev.scorers || []).length ? `${ev.scorers.map(who).join(' and ')} +${ev.points}` : 'nobody scores'}`, kind: 'score', scorers: ev.scorers, tiles: ev.tiles };
    case 'final_scoring': return { text: 'Final scoring', kind: 'heading' };
    case 'game_over': return { text: 'Game over', kind: 'heading' };
    default: return { text: ev.type.replace(/_/g, ' '), kind: 'info' };
  }
}

function scoringText(ev, who) {
  const name = featureName(ev.feature);
  const size = ev.feature === 'field' ? `${ev.count} completed cit${ev.count === 1 ? 'y' : 'ies'}`
    : ev.count ? `${ev.count} tile${ev.count === 1 ? '' : 's'}` : '';
  const state = ev.final ? (ev.completed ? 'at game end' : 'incomplete, at game end') : 'completed';
  const scorers = ev.scorers || [];
  let result;
  if (!scorers.length) result = 'nobody scores';
  else result = scorers.map(who).join(' and ') + ` +${ev.points}`;
  const detail = ev.detail ? ` (${ev.detail})` : '';
  return {
    text: `${cap(name)}${size ? ` of ${size}` : ''} ${state}: ${result}${detail}`,
    kind: 'score', tiles: ev.tiles, scorers, points: ev.points, feature: ev.feature, final: !!ev.final,
  };
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The Castle's wall tokens, by the number the protocol uses (1-9) or by name.
export const TOKENS = ['', 'extra_turn', 'double_tower', 'double_house', 'final_street', 'final_tower', 'final_house', 'market_bonus', 'keep_bonus', 'five_points'];
const TOKEN_TEXT = {
  extra_turn: 'another turn', double_tower: 'double tower', double_house: 'double house',
  final_street: 'an open street scores at the end', final_tower: 'an open tower scores at the end',
  final_house: 'an open house scores at the end', market_bonus: '4 per market on one courtyard',
  keep_bonus: "keep's house +2", five_points: '5 points',
};
export const tokenName = (k) => TOKEN_TEXT[typeof k === 'number' ? TOKENS[k] : k] || `token ${k}`;

// Sentence for an action the player can choose (decision panel buttons).
// game: view.game, for the City's decisions (where the Count stands, what is being scored).
export function describeAction(a, names, followers, castle, game) {
  switch (a.type) {
    case 'pass': return passText(game);
    case 'place_follower': return `Follower on segment ${a.segment}`;
    case 'add_floor': return `Add a tower floor at (${a.x}, ${a.y})`;
    case 'tower_follower': return `Close the tower at (${a.x}, ${a.y}) with a follower`;
    case 'capture': {
      const f = followers?.[a.target];
      return f ? `Capture ${names[f.owner] ?? 'a'}'s follower${f.x !== undefined ? ` at (${f.x}, ${f.y})` : ''}` : `Capture follower ${a.target}`;
    }
    case 'ransom': return `Pay 3 points ransom to ${names[a.target] ?? a.target}`;
    case 'city_follower': return `Put a follower into the ${quarterName(a.quarter)} (joins ${QUARTER_FEEDS[a.quarter] || 'feature'} scorings)${game?.count_quarter === a.quarter ? ', where the Count stands' : ''}`;
    case 'move_count': return `Move the Count to the ${quarterName(a.quarter)}`;
    case 'redeploy': {
      const onto = game?.redeploy_onto;
      return `Move a follower from the ${quarterName(a.quarter)} onto the ${featureName(onto?.feature || QUARTER_FEEDS[a.quarter])}${onto ? ` at (${onto.x}, ${onto.y})` : ''} being scored`;
    }
    case 'market_move': return `Move a follower from the market onto the field at (${a.x}, ${a.y})`;
    case 'choose_scoring': {
      const p = castle?.pending?.[a.target];
      const what = p ? `${names[p.owner] ?? 'the'}'s ${featureName(p.feature)}` : `scoring ${a.target + 1}`;
      return `Score ${what} next${a.token > 0 ? `, doubled by the ${tokenName(a.token)} token` : ''}`;
    }
    case 'use_token': return a.target === 1 ? 'Use the token: take another turn' : `Use the token ${tokenName(a.target)}`;
    default: return a.type.replace(/_/g, ' ');
  }
}

// "Pass" says what passing means in the City's decisions.
function passText(game) {
  switch (game?.phase) {
    case 'city_follower': return 'Keep your followers: put none into the City';
    case 'move_count': return `Leave the Count in the ${quarterName(game.count_quarter)}`;
    case 'redeploy': return 'Leave your followers in the quarter';
    default: return 'Pass';
  }
}
