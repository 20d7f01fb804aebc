// The turn panel: the tile in hand with its rotation buttons, what is chosen, Confirm (with the
// reason when it is off), a visible Pass wherever passing is legal, the Tower's ransom, and for
// spectators and waiting players whose turn it is. The choices themselves are on the board.

import { h, clear, esc } from './dom.js';
import { t } from './i18n.js';
import { actionLabel, passLabel, phasePrompt } from './decision-text.js';
import { actionKey } from './turn.js';

export function drawHand(screen) {
  const { hand, turn } = screen;
  const v = screen.view, g = v.game;
  const names = screen.names();
  clear(hand);
  hand.dataset.busy = turn.ui.busy ? 'yes' : 'no';
  if (g.result) {
    hand.append(h('h3', {}, t('game.over')), h('button', { class: 'btn btn-primary btn-wide', id: 'show-results', onclick: () => screen.showEnd() }, t('game.show_results')));
    return;
  }
  if (screen.me === null) {
    hand.append(h('h3', {}, t('game.spectating')), h('p', { class: 'muted' }, t('game.watching', { name: names[g.decider] ?? '…' })));
    if (g.drawn_tile) hand.append(tilePreview(screen, g.drawn_tile, 0, t('game.tile_in_play')));
    return;
  }
  if (turn.isMyPlacement()) { drawPlacement(screen); return; }
  if (turn.ui.busy) { hand.append(h('h3', {}, t('game.your_turn')), h('p', { class: 'muted' }, t('game.why.sending'))); return; }
  if (turn.isMyDecision()) { drawDecision(screen); return; }
  hand.append(h('h3', {}, t('game.to_play', { name: names[g.decider] ?? '…' })));
  if (g.drawn_tile) hand.append(tilePreview(screen, g.drawn_tile, 0, t('game.their_tile')));
  hand.append(...ransomButtons(screen));
}

function confirmButton(screen, text) {
  const why = screen.turn.confirmBlocked();
  return [
    h('button', { class: 'btn btn-primary btn-wide', id: 'confirm', disabled: !!why, 'aria-describedby': why ? 'confirm-why' : null, onclick: () => screen.turn.confirm() },
      screen.turn.ui.busy ? t('game.why.sending') : text),
    why && !screen.turn.ui.busy ? h('p', { class: 'why', id: 'confirm-why' }, why) : null,
  ];
}

function drawPlacement(screen) {
  const { hand, turn } = screen;
  const ui = turn.ui, g = screen.view.game;
  const cells = turn.legalCells().length;
  const hint = ui.cell ? t('game.placing_at', { x: ui.cell.x, y: ui.cell.y })
    : ui.placements ? t('game.places_fit', { count: cells }) : t('game.why.finding');
  const targets = ui.cell && ui.options ? turn.targets() : [];
  const chosen = ui.choice ? turn.label(ui.choice) : null;
  hand.append(
    h('h3', {}, t('game.prompt.place_tile')),
    h('div', { class: 'hand-row' },
      tilePreview(screen, g.drawn_tile, ui.rotation, t('game.your_tile')),
      h('div', { class: 'hand-controls' },
        h('div', { class: 'row' },
          h('button', { class: 'btn icon', id: 'rotate-left', title: t('game.rotate_left_key'), 'aria-label': t('game.rotate_left'), onclick: () => turn.rotate(-1) }, '⟲'),
          h('button', { class: 'btn icon', id: 'rotate-right', title: t('game.rotate_right_key'), 'aria-label': t('game.rotate_right'), onclick: () => turn.rotate(1) }, '⟳')),
        h('p', { class: 'hint', id: 'placement-hint' }, hint),
        ui.cell && ui.options ? h('p', { class: 'hint muted small', id: 'follower-hint' },
          targets.length ? (chosen ? t('game.follower_chosen', { what: chosen }) : t('game.follower_spots', { count: targets.length })) : t('game.no_follower_spots')) : null)),
    h('div', { class: 'turn-actions' },
      ...confirmButton(screen, ui.choice ? t('game.confirm_with_follower') : t('game.confirm_tile')),
      ui.cell && ui.options && ui.choice ? h('button', { class: 'btn', id: 'choice-none', onclick: () => { ui.choice = null; screen.refreshTurnParts(); } }, t('game.no_follower')) : null),
    ...ransomButtons(screen),
    h('p', { class: 'keys muted' }, t('game.keys_placement')));
}

function drawDecision(screen) {
  const { hand, turn } = screen;
  const g = screen.view.game;
  const targets = turn.targets();
  const picked = turn.pickedAction();
  const pass = screen.view.you.legal.find((a) => a.type === 'pass');
  const others = turn.panelActions();
  hand.append(...[
    h('h3', { id: 'decision-prompt' }, phasePrompt(g.phase)),
    targets.length ? h('p', { class: 'hint', id: 'decision-hint' }, picked ? t('game.chosen', { what: turn.label(picked) }) : t('game.targets_on_board', { count: targets.length })) : null,
    h('div', { class: 'turn-actions' },
      targets.length ? confirmButton(screen, t('game.confirm_choice')) : null,
      ...others.map((a) => h('button', { class: 'btn btn-primary btn-wide token-action', dataset: { key: actionKey(a) }, onclick: () => turn.act(a) }, turn.label(a))),
      pass ? h('button', { class: 'btn btn-wide', id: 'pass', onclick: () => turn.pass() }, passLabel(g)) : null),
    ...ransomButtons(screen),
    targets.length ? h('p', { class: 'keys muted' }, t('game.keys_decision')) : null].filter(Boolean));
}

// The Tower: pay 3 points to get back a follower another player holds, during one's own turn.
// A button that cannot be used says why.
export function ransomButtons(screen) {
  const g = screen.view.game, mine = screen.me, names = screen.names();
  if (mine === null || g.result) return [];
  return (g.players || []).flatMap((p, holder) => {
    if (holder === mine || !p.prisoners?.[mine]) return [];
    const why = g.turn_player !== mine ? t('game.why.ransom_turn') : g.players[mine].score < 3 ? t('game.why.ransom_points') : null;
    const id = `ransom-why-${holder}`;
    return [h('div', { class: 'ransom-box' },
      h('button', { class: 'btn ransom', dataset: { key: actionKey({ type: 'ransom', target: holder }) }, disabled: !!why, 'aria-describedby': why ? id : null,
        onclick: () => screen.turn.act({ type: 'ransom', target: holder }) }, actionLabel({ type: 'ransom', target: holder }, { names, game: g })),
      why ? h('span', { class: 'why', id }, why) : null)];
  });
}

export function tilePreview(screen, id, rotation, label) {
  const box = h('figure', { class: 'tile-preview', id: 'hand-tile', dataset: { tile: id, rotation } });
  if (screen.board.ensureTile(id)) {
    box.innerHTML = `<svg viewBox="-3 -3 106 106" width="84" height="84" role="img" aria-label="${esc(label)} ${esc(id)}">${screen.board.tileMarkup({ x: 0, y: 0, tile: id, rotation })}<rect x="0" y="0" width="100" height="100" fill="none" stroke="#5b4a33" stroke-width="2"/></svg><figcaption>${esc(id)}</figcaption>`;
  }
  return box;
}
