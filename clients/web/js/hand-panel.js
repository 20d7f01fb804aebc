// @ts-check
// The turn panel: the tile in hand with its rotation buttons, what is chosen, Confirm (with the
// reason when it is off), a visible Pass wherever passing is legal, the Tower's ransom, and for
// spectators and waiting players whose turn it is. The choices themselves are on the board.
// A view: it reads the turn (turn.js) and changes nothing but through `actions`.

import { h, clear, esc } from './dom.js';
import { t } from './i18n.js';
import { actionLabel, passLabel, phasePrompt, phaseReason, featureText } from './decision-text.js';
import { actionKey } from './turn.js';

/** @import { Game, Action, RoomActions } from './types.js' */
/** @import { Turn } from './turn.js' */

/**
 * The art of a tile type (board.js defines each once in the page).
 * @typedef {{ ensureTile: (id: string) => unknown, tileMarkup: (t: { x: number, y: number, tile: string, rotation: number }) => string }} TileArt
 */

/**
 * @typedef {object} HandProps
 * @property {Game} game
 * @property {number | null} me
 * @property {Record<number, string>} names
 * @property {Action[]} legal the viewer's legal actions (view.you.legal)
 * @property {Turn} turn read only
 * @property {TileArt} art
 */

/**
 * @param {HTMLElement} hand
 * @param {HandProps} p
 * @param {RoomActions} actions
 */
export function drawHand(hand, p, actions) {
  const { game: g, turn, names } = p;
  clear(hand);
  hand.dataset.busy = turn.ui.busy ? 'yes' : 'no';
  if (g.result) {
    hand.append(
      h('h3', {}, t('game.over')),
      h(
        'button',
        { class: 'btn btn-primary btn-wide', id: 'show-results', onclick: () => actions.showEnd() },
        t('game.show_results'),
      ),
    );
    return;
  }
  if (p.me === null) {
    hand.append(
      h('h3', {}, t('game.spectating')),
      h('p', { class: 'muted' }, t('game.watching', { name: names[g.decider] ?? '…' })),
    );
    if (g.drawn_tile) hand.append(tilePreview(p.art, g.drawn_tile, 0, t('game.tile_in_play')));
    return;
  }
  if (turn.isMyPlacement()) {
    drawPlacement(hand, p, actions);
    return;
  }
  if (turn.ui.busy) {
    hand.append(h('h3', {}, t('game.your_turn')), h('p', { class: 'muted' }, t('game.why.sending')));
    return;
  }
  if (turn.isMyDecision()) {
    drawDecision(hand, p, actions);
    return;
  }
  hand.append(h('h3', {}, t('game.to_play', { name: names[g.decider] ?? '…' })));
  if (g.drawn_tile) hand.append(tilePreview(p.art, g.drawn_tile, 0, t('game.their_tile')));
  hand.append(...ransomButtons(p, actions));
}

/**
 * @param {Turn} turn
 * @param {string} text
 * @param {RoomActions} actions
 */
function confirmButton(turn, text, actions) {
  const why = turn.confirmBlocked();
  // A touch screen has no Enter key to point at.
  if (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches)
    text = text.replace(/\s*\(Enter\)$/, '');
  return [
    h(
      'button',
      {
        class: 'btn btn-primary btn-wide',
        id: 'confirm',
        disabled: !!why,
        'aria-describedby': why ? 'confirm-why' : null,
        onclick: () => actions.confirm(),
      },
      turn.ui.busy ? t('game.why.sending') : text,
    ),
    why && !turn.ui.busy ? h('p', { class: 'why', id: 'confirm-why' }, why) : null,
  ];
}

/**
 * @param {HTMLElement} hand
 * @param {HandProps} p
 * @param {RoomActions} actions
 */
function drawPlacement(hand, p, actions) {
  const { turn, game: g } = p;
  const ui = turn.ui;
  const cells = turn.legalCells().length;
  const hint = ui.cell
    ? t('game.placing_at', { x: ui.cell.x, y: ui.cell.y })
    : ui.placements
      ? t('game.places_fit', { count: cells })
      : t('game.why.finding');
  const targets = ui.cell && ui.options ? turn.targets() : [];
  const chosen = ui.choice ? turn.label(ui.choice) : null;
  hand.append(
    h('h3', {}, t('game.prompt.place_tile')),
    h(
      'div',
      { class: 'hand-row' },
      tilePreview(p.art, g.drawn_tile ?? '', ui.rotation, t('game.your_tile')),
      h(
        'div',
        { class: 'hand-controls' },
        h(
          'div',
          { class: 'row' },
          h(
            'button',
            {
              class: 'btn icon',
              id: 'rotate-left',
              title: t('game.rotate_left_key'),
              'aria-label': t('game.rotate_left'),
              onclick: () => actions.rotate(-1),
            },
            '⟲',
          ),
          h(
            'button',
            {
              class: 'btn icon',
              id: 'rotate-right',
              title: t('game.rotate_right_key'),
              'aria-label': t('game.rotate_right'),
              onclick: () => actions.rotate(1),
            },
            '⟳',
          ),
        ),
        h('p', { class: 'hint', id: 'placement-hint' }, hint),
        ui.cell && ui.options
          ? h(
              'p',
              { class: 'hint muted small', id: 'follower-hint' },
              targets.length
                ? chosen
                  ? t('game.follower_chosen', { what: chosen })
                  : t('game.follower_spots', { count: targets.length })
                : t('game.no_follower_spots'),
            )
          : null,
        featureInfo(p),
      ),
    ),
    h(
      'div',
      { class: 'turn-actions' },
      ...confirmButton(turn, ui.choice ? t('game.confirm_with_follower') : t('game.confirm_tile'), actions),
      ui.cell && ui.options && ui.choice
        ? h('button', { class: 'btn', id: 'choice-none', onclick: () => actions.clearChoice() }, t('game.no_follower'))
        : null,
    ),
    ...ransomButtons(p, actions),
    h('p', { class: 'keys muted' }, t('game.keys_placement')),
  );
}

/**
 * @param {HTMLElement} hand
 * @param {HandProps} p
 * @param {RoomActions} actions
 */
function drawDecision(hand, p, actions) {
  const { turn, game: g } = p;
  const targets = turn.targets();
  const picked = turn.pickedAction();
  const pass = p.legal.find((a) => a.type === 'pass');
  const others = turn.panelActions();
  hand.append(
    ...[
      h('h3', { id: 'decision-prompt' }, phasePrompt(g.phase)),
      reasonBox(g.phase),
      targets.length
        ? h(
            'p',
            { class: 'hint', id: 'decision-hint' },
            picked
              ? t('game.chosen', { what: turn.label(picked) })
              : t('game.targets_on_board', { count: targets.length }),
          )
        : null,
      featureInfo(p),
      h(
        'div',
        { class: 'turn-actions' },
        targets.length ? confirmButton(turn, t('game.confirm_choice'), actions) : null,
        ...others.map((a) =>
          h(
            'button',
            {
              class: 'btn btn-primary btn-wide token-action',
              dataset: { key: actionKey(a) },
              onclick: () => actions.act(a),
            },
            turn.label(a),
          ),
        ),
        pass
          ? h(
              'button',
              { class: 'btn btn-wide', id: 'pass', disabled: turn.offline(), onclick: () => actions.pass() },
              passLabel(g),
            )
          : null,
      ),
      ...ransomButtons(p, actions),
      targets.length ? h('p', { class: 'keys muted' }, t('game.keys_decision')) : null,
    ].filter(Boolean),
  );
}

/**
 * Why the rules offer this decision, folded under a "Why?" so the panel keeps its height.
 * @param {string} phase
 */
function reasonBox(phase) {
  const why = phaseReason(phase);
  return why
    ? h(
        'details',
        { class: 'decision-reason', id: 'decision-reason' },
        h('summary', {}, t('game.reason.why')),
        h('p', { class: 'muted small' }, why),
      )
    : null;
}

/**
 * Who holds the chosen target's feature and what it is worth (the feature is outlined on the board).
 * @param {HandProps} p
 */
function featureInfo({ turn, names }) {
  const f = turn.chosenFeature();
  return f ? h('p', { class: 'hint feature-info', id: 'feature-info' }, featureText(f, names)) : null;
}

/**
 * The Tower: pay 3 points to get back a follower another player holds, during one's own turn.
 * A button that cannot be used says why.
 * @param {{ game: Game, me: number | null, names: Record<number, string>, turn?: { offline(): boolean } }} p
 * @param {RoomActions} actions
 */
export function ransomButtons({ game: g, me: mine, names, turn }, actions) {
  const offline = !!turn?.offline();
  if (mine === null || g.result) return [];
  return (g.players || []).flatMap((p, holder) => {
    if (holder === mine || !p.prisoners?.[mine]) return [];
    const why =
      g.turn_player !== mine
        ? t('game.why.ransom_turn')
        : g.players[mine].score < 3
          ? t('game.why.ransom_points')
          : null;
    const id = `ransom-why-${holder}`;
    return [
      h(
        'div',
        { class: 'ransom-box' },
        h(
          'button',
          {
            class: 'btn ransom',
            dataset: { key: actionKey({ type: 'ransom', target: holder }) },
            disabled: !!why || offline,
            'aria-describedby': why ? id : null,
            onclick: () => actions.act({ type: 'ransom', target: holder }),
          },
          actionLabel({ type: 'ransom', target: holder }, { names, game: g }),
        ),
        why ? h('span', { class: 'why', id }, why) : null,
      ),
    ];
  });
}

/**
 * @param {TileArt} art
 * @param {string} id
 * @param {number} rotation
 * @param {string} label
 */
export function tilePreview(art, id, rotation, label) {
  const box = h('figure', { class: 'tile-preview', id: 'hand-tile', dataset: { tile: id, rotation } });
  if (art.ensureTile(id)) {
    box.innerHTML = `<svg viewBox="-3 -3 106 106" width="84" height="84" role="img" aria-label="${esc(label)} ${esc(id)}">${art.tileMarkup({ x: 0, y: 0, tile: id, rotation })}<rect x="0" y="0" width="100" height="100" fill="none" stroke="#5b4a33" stroke-width="2"/></svg><figcaption>${esc(id)}</figcaption>`;
  }
  return box;
}
