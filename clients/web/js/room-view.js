// @ts-check
// The room screen's views: the layouts of the waiting room and of the game (built once per
// mode), and renderRoom(ctrl), which draws the controller's state into them through the panels'
// views. It reads the controller and changes it only through `ctrl.actions`; parts whose inputs
// did not change are left alone (memo), so a redraw keeps focus, hover and scrolling.

import { h, fill, memo } from './dom.js';
import { t } from './i18n.js';
import { styleOf } from './players.js';
import { phasePrompt } from './decision-text.js';
import { copyLinkButton } from './room-link.js';
import { drawHand } from './hand-panel.js';
import { drawScores } from './scoreboard.js';
import { drawTilesPanel } from './tiles-panel.js';
import { endDialog } from './end-dialog.js';
import { offeredRematch } from './rematch.js';
import { drawWaiting } from './waiting-view.js';
import { drawLog, drawChat, logLines } from './log-view.js';
import { limitLength } from './text-limit.js';
import { boardModel, deadSquares } from './board-model.js';
import { turnBasedButtons } from './turn-based-panel.js';
import { absentPlayerButtons } from './absent-player-panel.js';
import { account } from './account/account-state.js';
import { reportButton } from './moderation/report-form.js';

/** @import { Room, Game, RoomActions } from './types.js' */
/** @import { RoomCtrl } from './room-ctrl.js' */

export const TABS = ['turn', 'players', 'tiles', 'log', 'chat'];

/**
 * @typedef {{ mode: 'waiting', el: HTMLElement, bar: HTMLElement, waiting: HTMLElement, chatList: HTMLElement }} WaitingLayout
 * @typedef {{ mode: 'game', el: HTMLElement, bar: HTMLElement, svg: SVGSVGElement, banner: HTMLElement,
 *   scores: HTMLElement, hand: HTMLElement, tilesPanel: HTMLElement, logBox: HTMLElement, chatList: HTMLElement,
 *   sidebar: HTMLElement, tabs: HTMLElement, shownTab?: string, seen?: { log: number, chat: unknown } }} GameLayout
 * @typedef {WaitingLayout | GameLayout} Layout
 */

/**
 * @param {RoomActions} actions
 * @returns {{ box: HTMLElement, list: HTMLElement }}
 */
function chatPanel(actions) {
  const list = h('ol', { class: 'chat-list' });
  const input = h('input', {
    class: 'chat-input',
    placeholder: t('game.chat.placeholder'),
    'aria-label': t('game.chat.label'),
  });
  limitLength(/** @type {HTMLInputElement} */ (input), 500); // the server's chat limit
  const box = h(
    'section',
    { class: 'panel chat-panel' },
    h('h3', {}, t('game.tab.chat')),
    list,
    h(
      'form',
      {
        class: 'row',
        onsubmit: (/** @type {Event} */ e) => {
          e.preventDefault();
          const text = input.value.trim();
          if (!text) return;
          input.value = '';
          actions.sendChat(text);
        },
      },
      input,
      h('button', { class: 'btn', type: 'submit' }, t('game.chat.send')),
    ),
  );
  return { box, list };
}

/**
 * @param {RoomActions} actions
 * @returns {WaitingLayout}
 */
export function waitingLayout(actions) {
  const bar = h('header', { class: 'room-bar' });
  const waiting = h('section', { class: 'panel waiting-room' });
  const chat = chatPanel(actions);
  const el = h(
    'div',
    { class: 'room' },
    bar,
    h('div', { class: 'room-body waiting-body' }, waiting, h('aside', { class: 'sidebar' }, chat.box)),
  );
  return { mode: 'waiting', el, bar, waiting, chatList: chat.list };
}

/**
 * @param {RoomActions} actions
 * @returns {GameLayout}
 */
export function gameLayout(actions) {
  const bar = h('header', { class: 'room-bar' });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'application');
  svg.setAttribute('aria-label', t('board.aria'));
  const banner = h('div', { class: 'turn-banner', 'aria-live': 'polite' });
  const zoom = h(
    'div',
    { class: 'zoom-controls' },
    h(
      'button',
      {
        class: 'btn icon',
        id: 'zoom-in',
        title: t('board.zoom_in_key'),
        'aria-label': t('board.zoom_in'),
        onclick: () => actions.zoom(1 / 1.25),
      },
      '+',
    ),
    h(
      'button',
      {
        class: 'btn icon',
        id: 'zoom-out',
        title: t('board.zoom_out_key'),
        'aria-label': t('board.zoom_out'),
        onclick: () => actions.zoom(1.25),
      },
      '−',
    ),
    h(
      'button',
      {
        class: 'btn icon',
        id: 'zoom-fit',
        title: t('board.fit_key'),
        'aria-label': t('board.fit'),
        onclick: () => actions.fit(),
      },
      '⤢',
    ),
  );
  const scores = h('section', {
    class: 'panel scoreboard',
    'aria-label': t('game.players'),
    dataset: { tab: 'players' },
  });
  const hand = h('section', { class: 'panel hand', 'aria-label': t('game.your_turn'), dataset: { tab: 'turn' } });
  const tilesPanel = h('section', { class: 'panel tiles-left', dataset: { tab: 'tiles' } });
  const logBox = h('ol', { class: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions' });
  const chat = chatPanel(actions);
  chat.box.dataset.tab = 'chat';
  const logPanel = h(
    'section',
    { class: 'panel log-panel', dataset: { tab: 'log' } },
    h('h3', {}, t('game.log')),
    logBox,
  );
  // Phones: one tab of the sheet at a time (desktop shows every panel and no tabs).
  const tabs = h(
    'nav',
    { class: 'sheet-tabs', role: 'tablist', 'aria-label': t('game.panels') },
    ...TABS.map((name) =>
      h(
        'button',
        {
          class: 'sheet-tab',
          role: 'tab',
          type: 'button',
          dataset: { tab: name },
          onclick: () => actions.showTab(name),
        },
        t(`game.tab.${name}`),
      ),
    ),
  );
  const sidebar = h('aside', { class: 'sidebar sheet' }, tabs, hand, scores, tilesPanel, logPanel, chat.box);
  const el = h(
    'div',
    { class: 'room room-game' },
    bar,
    h('div', { class: 'room-body' }, h('div', { class: 'board-wrap' }, svg, banner, zoom), sidebar),
  );
  return { mode: 'game', el, bar, svg, banner, scores, hand, tilesPanel, logBox, chatList: chat.list, sidebar, tabs };
}

/**
 * The room bar: back, name, status, rules, the link, a turn-based move's time left and buttons,
 * resign and leave.
 * @param {HTMLElement} bar
 * @param {{ room: Room, me: number | null, decider?: number, deadline?: number | null, daysLeft?: number | null }} p
 * @param {RoomActions} actions
 */
function drawBar(bar, { room: r, me, decider, deadline, daysLeft }, actions) {
  const spectator = me === null;
  const playing = r.status === 'playing';
  bar.classList.toggle('turn-based', !!r.settings?.move_time_s);
  fill(
    bar,
    h('a', { class: 'back', href: '#/', 'aria-label': t('game.room.back') }, '←'),
    h('h2', {}, r.name),
    h('span', { class: `tag tag-${r.status}` }, t(`game.room.status.${r.status}`)),
    r.settings?.rules === 'castle' ? h('span', { class: 'tag tag-exp' }, t('game.rules_castle')) : null,
    ...Object.entries(r.settings?.expansions || {})
      .filter(([, on]) => on)
      .map(([k]) => h('span', { class: 'tag tag-exp' }, t(`lobby.exp_short.${k}`))),
    spectator ? h('span', { class: 'tag tag-spectator', id: 'spectator-badge' }, t('game.spectating')) : null,
    h('span', { class: 'spacer' }),
    copyLinkButton(r),
    ...turnBasedButtons(r, me, decider, actions.send, deadline, daysLeft),
    ...absentPlayerButtons(r, me, actions.send),
    playing && !spectator
      ? h('button', { class: 'btn btn-danger', id: 'resign', onclick: () => actions.resign() }, t('game.room.resign'))
      : null,
    h('button', { class: 'btn', id: 'leave', onclick: () => actions.leave() }, t('game.room.leave')),
  );
}

/**
 * The turn banner over the board: who is to play, or who won; that the server is out of reach.
 * @param {HTMLElement} banner
 * @param {{ game: Game, me: number | null, names: Record<number, string>, offline?: boolean }} p
 */
function drawBanner(banner, { game: g, me, names, offline }) {
  let text;
  if (offline && !g.result) text = t('game.banner.offline');
  else if (g.result) {
    const w = g.result.winners || [];
    text =
      w.length > 1
        ? t('game.banner.draw', { names: w.map((s) => names[s]).join(', ') })
        : t('game.banner.wins', { name: names[w[0]] ?? '—' });
  } else if (me !== null && g.decider === me) text = phasePrompt(g.phase);
  else
    text = t(g.phase === 'place_tile' ? 'game.banner.placing' : 'game.banner.deciding', {
      name: names[g.decider] ?? '…',
    });
  banner.textContent = text;
  banner.style.setProperty('--pc', styleOf(g.result ? (g.result.winners?.[0] ?? 0) : g.decider).colour);
  banner.classList.toggle('mine', me !== null && g.decider === me && !g.result && !offline);
  banner.classList.toggle('offline', !!offline && !g.result);
  banner.id = 'turn-banner';
  banner.dataset.decider = String(g.decider);
}

/** @type {WeakMap<Game, { x: number, y: number }[]>} */
const deadOf = new WeakMap();

/**
 * Draws the controller's state (the room's view, the turn, the open tab, the line pointed at,
 * the end dialog) into its layout.
 * @param {RoomCtrl} ctrl
 */
export function renderRoom(ctrl) {
  const L = ctrl.layout,
    state = ctrl.state,
    actions = ctrl.actions;
  if (!L || L.mode === 'loading' || !state) return;
  const view = state.view,
    version = state.version,
    me = ctrl.me,
    names = ctrl.names();
  // Your turn-based move's deadline: the view's, for the player to move only.
  const deadline = view.you?.deadline_ms ?? null;
  const daysLeft = account.me?.vacation_days_left ?? null;
  memo(L.bar, [version, deadline, daysLeft], () =>
    drawBar(L.bar, { room: view.room, me, decider: view.game?.decider, deadline, daysLeft }, actions),
  );
  memo(L.chatList, [state.chat, state.chat.length, account.name], () =>
    drawChat(L.chatList, state.chat, view.room.seats, chatReport(view.room.id, ctrl.conn.welcome?.person)),
  );
  if (L.mode === 'waiting') {
    const person = ctrl.conn.welcome?.person;
    memo(L.waiting, [version, person], () => drawWaiting(L.waiting, { room: view.room, me, person }, actions));
    return;
  }
  const g = /** @type {Game} */ (view.game);
  const turn = ctrl.turn,
    board = /** @type {import('./board.js').Board} */ (ctrl.board);
  const turnKey = JSON.stringify(turn.ui);
  L.sidebar.dataset.open = ctrl.tab;
  for (const b of L.tabs.children)
    if (b instanceof HTMLElement) b.setAttribute('aria-selected', String(b.dataset.tab === ctrl.tab));
  memo(L.scores, [version], () =>
    drawScores(
      L.scores,
      { game: g, seats: view.room.seats, me, names, tokens: turn.panelActions(), label: (a) => turn.label(a) },
      actions,
    ),
  );
  // The banner first: the board keeps its height free when it fits itself.
  const offline = ctrl.turn.offline();
  drawBanner(L.banner, { game: g, me, names, offline });
  board.padTop = L.banner.offsetTop + L.banner.offsetHeight + 6;
  let dead = deadOf.get(g);
  if (!dead) {
    dead = deadSquares(g, ctrl.catalog);
    deadOf.set(g, dead);
  }
  const placing = turn.isMyPlacement();
  const cell = turn.ui.cell;
  memo(L.svg, [version, turnKey, ctrl.highlight, ctrl.lastEvents], () =>
    board.render(
      boardModel({
        game: g,
        legalCells: placing ? turn.legalCells() : [],
        placing: placing && cell ? { x: cell.x, y: cell.y, rotation: turn.ui.rotation } : null,
        targets: turn.targets(),
        dead: /** @type {{ x: number, y: number }[]} */ (dead),
        highlight: ctrl.highlight,
        lastEvents: ctrl.lastEvents,
      }),
    ),
  );
  const art = {
    ensureTile: (/** @type {string} */ id) => board.ensureTile(id),
    tileMarkup: (/** @type {any} */ tl) => board.tileMarkup(tl),
  };
  memo(L.tilesPanel, [version, dead.length], () =>
    drawTilesPanel(
      L.tilesPanel,
      { game: g, catalog: ctrl.catalog, deadCount: dead.length, open: ctrl.tilesOpen, ensureTile: art.ensureTile },
      actions,
    ),
  );
  memo(L.hand, [version, turnKey, offline], () =>
    drawHand(L.hand, { game: g, me, names, legal: view.you?.legal || [], turn, art }, actions),
  );
  const logDrawn = memo(L.logBox, [state.log, state.log.length], () =>
    drawLog(L.logBox, logLines(state.log, names, undefined, ctrl.catalog.byId), actions.point),
  );
  // Phones: the log and the chat open at their newest line (the sheet scrolls, and a hidden
  // tab had no height to scroll when its lines were drawn).
  const opened = L.shownTab !== ctrl.tab;
  L.shownTab = ctrl.tab;
  if (ctrl.revealHand) {
    ctrl.revealHand = false;
    L.sidebar.scrollTop = 0;
  }
  // A Log or Chat tab with lines not seen yet is marked. The desktop has only the Log, Chat and
  // Tiles tabs (the log unless another is chosen).
  const first = L.tabs.firstElementChild;
  const desktop = !!first && getComputedStyle(first).display === 'none';
  const shown = desktop && ctrl.tab !== 'chat' && ctrl.tab !== 'tiles' ? 'log' : ctrl.tab;
  const seen = (L.seen ??= { log: state.log.length, chat: state.chat.at(-1) });
  if (shown === 'log') seen.log = state.log.length;
  if (shown === 'chat') seen.chat = state.chat.at(-1);
  for (const b of L.tabs.children)
    if (b instanceof HTMLElement) {
      b.classList.toggle('selected', b.dataset.tab === shown);
      b.classList.toggle(
        'unread',
        (b.dataset.tab === 'log' && seen.log !== state.log.length) ||
          (b.dataset.tab === 'chat' && seen.chat !== state.chat.at(-1)),
      );
    }
  // The phone's sheet scrolls as a whole; the desktop's side panel keeps the turn (Confirm) in
  // place and scrolls only the list.
  const newest = (/** @type {HTMLElement} */ list) => {
    const box = desktop ? list : L.sidebar;
    box.scrollTop = box.scrollHeight;
  };
  if (ctrl.tab === 'log' && (opened || logDrawn)) newest(L.logBox);
  if (ctrl.tab === 'chat' && opened) newest(L.chatList);
  renderEnd(
    ctrl.endOpen
      ? {
          game: g,
          names,
          roomId: ctrl.roomId,
          seated: me !== null,
          rematch: offeredRematch(state.chat),
          reportable: account.name
            ? view.room.seats
                .filter((s) => s.kind === 'human' && s.name && s.person !== ctrl.conn.welcome?.person)
                .map((s) => /** @type {string} */ (s.name))
            : [],
        }
      : null,
    actions,
  );
}

/**
 * The end dialog over the page while it is open (drawn again when a rematch is offered).
 * @param {{ game: Game, names: Record<number, string>, roomId: string, seated: boolean, rematch: string | null, reportable: string[] } | null} p
 * @param {RoomActions} actions
 */
function renderEnd(p, actions) {
  const shown = document.querySelector('.end-dialog');
  if (!p) {
    shown?.remove();
    return;
  }
  if (shown instanceof HTMLElement && shown.dataset.rematch === String(p.rematch)) return;
  shown?.remove();
  const dlg = endDialog(p, actions);
  dlg.dataset.rematch = String(p.rematch);
  document.body.append(dlg);
  /** @type {HTMLElement | null} */ (dlg.querySelector(shown ? '#join-rematch' : '#close-results'))?.focus();
}

/**
 * Signed in: each chat line of someone else gets a small "Report" button (docs/moderation.md).
 * @param {string} room
 * @param {string | undefined} me my person id
 */
function chatReport(room, me) {
  if (!account.name) return undefined;
  /** @param {import('./types.js').ChatLine} m */
  return (m) =>
    m.from === me
      ? null
      : reportButton(m.name, { room, chat: { text: m.text ?? '', time: m.time ?? 0 } }, t('moderation.report_line'));
}
