// @ts-check
// The score board: one row per seat with score, supply, tower floors, prisoners, King/Robber,
// clock, The Castle's face-up wall tokens and keep, and who is to play.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { badgeSvg, styleOf } from './players.js';
import { token, TOKEN_KINDS } from './decision-text.js';
import { actionKey } from './turn.js';

/** @import { Game, Seat, Action, CastlePlayer, RoomActions } from './types.js' */

/**
 * @typedef {object} ScoresProps
 * @property {Game} game
 * @property {Seat[]} seats
 * @property {number | null} me
 * @property {Record<number, string>} names
 * @property {Action[]} tokens The Castle's token actions the viewer may use now
 * @property {(a: Action) => string} label words for an action
 */

/**
 * @param {HTMLElement} box
 * @param {ScoresProps} props
 * @param {RoomActions} actions
 */
export function drawScores(box, { game: g, seats, me, names, tokens, label }, actions) {
  const list = h('ol', { class: 'players' });
  (g.players || []).forEach((p, seat) => {
    const s = /** @type {Partial<Seat>} */ (seats[seat] || {});
    const active = g.decider === seat && !g.result;
    const held = (p.prisoners || []).map((n, owner) => (n ? `${n}× ${names[owner]}` : null)).filter(Boolean);
    const li = h(
      'li',
      {
        class: `player${active ? ' active' : ''}${seat === me ? ' me' : ''}${s.resigned ? ' resigned' : ''}`,
        dataset: { seat },
        style: `--pc:${styleOf(seat).colour}`,
      },
      h('span', { class: 'p-badge' }),
      h(
        'span',
        { class: 'p-name' },
        h('span', { class: 'p-name-text' }, names[seat]),
        seat === me ? h('span', { class: 'tag tag-you' }, t('game.you')) : null,
        s.kind === 'bot' ? h('span', { class: 'tag' }, t('game.bot')) : null,
        s.kind === 'human' && !s.online ? h('span', { class: 'tag tag-off' }, t('game.offline')) : null,
        s.resigned ? h('span', { class: 'tag' }, t('game.resigned')) : null,
        s.away && !s.resigned ? h('span', { class: 'tag', dataset: { away: 'yes' } }, t('game.bot_plays')) : null,
        active ? h('span', { class: 'tag tag-turn p-turn' }, t('game.to_play_short')) : null,
      ),
      h('span', { class: 'p-score', dataset: { score: p.score } }, String(p.score)),
      h(
        'span',
        { class: 'p-sub' },
        h(
          'span',
          { class: 'supply', title: t('game.supply_title', { count: p.supply }) },
          h('span', { class: 'meeple-icon' }),
          `× ${p.supply}`,
        ),
        g.tower_rules || p.floors
          ? h(
              'span',
              { class: 'floors', title: t('game.floors_title', { count: p.floors }) },
              t('game.floors', { count: p.floors }),
            )
          : null,
        held.length
          ? h('span', { title: t('game.prisoners_title') }, t('game.holds', { list: held.join(', ') }))
          : null,
        g.king === seat
          ? h('span', { class: 'token token-king', title: t('game.king_title') }, `♛ ${t('game.king')}`)
          : null,
        g.robber === seat
          ? h('span', { class: 'token token-robber', title: t('game.robber_title') }, `⚔ ${t('game.robber')}`)
          : null,
        g.clock ? h('span', { class: 'clock', dataset: { clockSeat: seat } }, '') : null,
      ),
      g.castle ? castleTokens(g.castle.players?.[seat], seat === me ? tokens : [], label, actions) : null,
    );
    /** @type {Element} */ (li.firstChild).innerHTML = badgeSvg(seat, 28);
    list.append(li);
  });
  fill(box, h('h3', {}, t('game.players')), list);
  tickClock(box, g);
}

// The Castle: face-up wall tokens (faded until usable from the owner's next turn) and the keep.
// A token the player may use now is a highlighted button where it lies.
/**
 * @param {CastlePlayer | undefined} cp
 * @param {Action[]} usable
 * @param {(a: Action) => string} label
 * @param {RoomActions} actions
 */
function castleTokens(cp, usable, label, actions) {
  if (!cp) return null;
  const chips = Object.entries(cp.tokens || {}).map(([kind, n]) => {
    const use = usable.find((a) => TOKEN_KINDS[a.target] === kind);
    const text = `${n > 1 ? `${n}× ` : ''}${token(kind)}`;
    if (use) {
      return h(
        'button',
        {
          class: 'wall-chip target',
          type: 'button',
          dataset: { kind, key: actionKey(use) },
          title: label(use),
          onclick: () => actions.act(use),
        },
        text,
      );
    }
    return h(
      'span',
      { class: `wall-chip${(cp.usable?.[kind] ?? 0) < n ? ' fresh' : ''}`, dataset: { kind }, title: token(kind) },
      text,
    );
  });
  if (cp.keep) chips.push(h('span', { class: 'wall-chip keep-chip' }, t('game.keep_chip', { count: cp.keep.size })));
  return chips.length ? h('span', { class: 'p-tokens' }, ...chips) : null;
}

/**
 * Writes every clock's time left (called by the score board and twice a second).
 * @param {HTMLElement} box
 * @param {Game | null | undefined} game
 */
export function tickClock(box, game) {
  const c = game?.clock;
  if (!c || !box) return;
  for (const el of box.querySelectorAll('[data-clock-seat]')) {
    if (!(el instanceof HTMLElement)) continue;
    const seat = Number(el.dataset.clockSeat);
    let ms = c.remaining_ms[seat];
    if (c.running === seat && !game.result) ms -= Math.max(0, Date.now() - c.since);
    ms = Math.max(0, ms);
    const m = Math.floor(ms / 60000),
      s = Math.floor((ms % 60000) / 1000);
    el.textContent = `◷ ${m}:${String(s).padStart(2, '0')}`;
    el.classList.toggle('low', ms < 30000);
    el.classList.toggle('running', c.running === seat);
  }
}
