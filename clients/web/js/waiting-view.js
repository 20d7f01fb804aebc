// @ts-check
// The waiting room: the room's settings and link, the seats (sit, move, bots, kick) and, for
// the host, the start button.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { badgeSvg } from './players.js';
import { seatName, BOT_KINDS_BY_STRENGTH } from './seat-name.js';
import { roomLink, copyLinkButton } from './room-link.js';
import { moveTimeText } from './room-pace.js';

/** @import { Room, RoomActions } from './types.js' */

/**
 * @param {HTMLElement} box
 * @param {{ room: Room, me: number | null, person: string | undefined }} p me: the viewer's seat; person: the viewer
 * @param {RoomActions} actions
 */
export function drawWaiting(box, { room: r, me: mySeat, person: me }, actions) {
  const host = r.host === me;
  const list = h('ol', { class: 'seat-list' });
  for (const s of r.seats) {
    const who =
      s.kind === 'empty'
        ? h('span', { class: 'muted' }, t('game.room.empty_seat'))
        : h(
            'span',
            { class: 'seat-name' },
            seatName(s, { short: true }),
            s.kind === 'bot' ? h('span', { class: 'tag' }, t(`game.room.bot_${s.bot}`)) : null,
            s.person === me ? h('span', { class: 'tag tag-you' }, t('game.room.you')) : null,
            s.person === r.host ? h('span', { class: 'tag' }, t('game.room.host')) : null,
            s.kind === 'human'
              ? h('span', {
                  class: `online ${s.online ? 'on' : 'off'}`,
                  title: t(s.online ? 'game.room.online' : 'game.room.offline'),
                })
              : null,
          );
    const buttons = h('span', { class: 'seat-actions' });
    if (s.kind === 'empty') {
      buttons.append(
        h(
          'button',
          { class: 'btn', onclick: () => actions.send({ type: 'join', seat: s.seat }) },
          t(mySeat === null ? 'game.room.sit_here' : 'game.room.move_here'),
        ),
      );
      if (host) {
        buttons.append(
          h(
            'button',
            { class: 'btn', onclick: () => actions.send({ type: 'set_bot', seat: s.seat, bot: 'greedy' }) },
            t('game.room.add_greedy'),
          ),
          h(
            'button',
            { class: 'btn', onclick: () => actions.send({ type: 'set_bot', seat: s.seat, bot: 'random' }) },
            t('game.room.add_random'),
          ),
          // Every bot but the two buttons', weakest first (docs/bots.md, "The ladder").
          h(
            'select',
            {
              class: 'bot-pick',
              'aria-label': t('game.room.add_by_strength'),
              onchange: (/** @type {Event} */ e) => {
                const bot = /** @type {HTMLSelectElement} */ (e.target).value;
                if (bot) actions.send({ type: 'set_bot', seat: s.seat, bot });
              },
            },
            h('option', { value: '' }, t('game.room.add_by_strength')),
            ...BOT_KINDS_BY_STRENGTH.filter((k) => k !== 'random' && k !== 'greedy').map((k) =>
              h('option', { value: k }, t(`game.room.bot_${k}`)),
            ),
          ),
        );
      }
    } else if (host && s.kind === 'bot') {
      buttons.append(
        h(
          'button',
          { class: 'btn btn-ghost', onclick: () => actions.send({ type: 'set_bot', seat: s.seat, bot: null }) },
          t('game.room.remove_bot'),
        ),
      );
    } else if (host && s.kind === 'human' && s.person !== me) {
      buttons.append(
        h(
          'button',
          { class: 'btn btn-ghost', onclick: () => actions.send({ type: 'kick', person: s.person }) },
          t('game.room.kick'),
        ),
      );
    }
    const badge = h('span', { class: 'seat-badge' });
    badge.innerHTML = badgeSvg(s.seat, 26);
    list.append(h('li', { class: 'seat', dataset: { seat: s.seat } }, badge, who, buttons));
  }
  const full = r.seats.every((s) => s.kind !== 'empty');
  const s = r.settings || {};
  fill(
    box,
    h('h2', {}, t('game.room.waiting')),
    h(
      'p',
      { class: 'muted' },
      [
        t(s.rules === 'castle' ? 'game.rules_castle' : 'game.room.rules_carcassonne'),
        t('game.room.seats', { count: r.seats.length }),
        s.clock
          ? t('game.room.clock', {
              min: Math.round(s.clock.initial_ms / 60000),
              sec: Math.round(s.clock.increment_ms / 1000),
            })
          : s.move_time_s
            ? moveTimeText(s.move_time_s)
            : t('game.room.no_clock'),
        t(r.spectators_allowed ? 'game.room.spectators_yes' : 'game.room.spectators_no'),
        s.options?.pile_limit ? t('game.room.short_game', { count: s.options.pile_limit }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ),
    h(
      'p',
      { class: 'room-link' },
      h('label', { for: 'room-link' }, t('common.room_link_label')),
      ' ',
      h('input', {
        class: 'link-field',
        id: 'room-link',
        readonly: true,
        value: roomLink(r),
        onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select(),
      }),
      ' ',
      copyLinkButton(r),
    ),
    r.invite
      ? h(
          'p',
          { class: 'muted' },
          t('common.invite_code_label'),
          ' ',
          h('code', { class: 'invite-code', id: 'invite' }, r.invite),
        )
      : null,
    r.private
      ? h(
          'p',
          { class: 'muted', id: 'invite-watch' },
          t(r.spectators_allowed ? 'common.invite_watch_yes' : 'common.invite_watch_no'),
        )
      : null,
    list,
    r.spectators?.length
      ? h('p', { class: 'muted' }, t('game.room.watching', { names: r.spectators.map((x) => x.name).join(', ') }))
      : null,
    host
      ? h(
          'button',
          {
            class: 'btn btn-primary btn-wide',
            id: 'start',
            disabled: !full,
            onclick: () => actions.send({ type: 'start' }),
          },
          t(full ? 'game.room.start' : 'game.room.start_waiting'),
        )
      : h('p', { class: 'muted' }, t('game.room.host_starts')),
  );
}
