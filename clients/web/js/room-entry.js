// @ts-check
// #/room/ID and #/invite/CODE: opening a room link as a member shows the room; anyone else
// sees what the room offers (the free seat, watching) and chooses.

import { h, fill, toast } from './dom.js';
import { mountRoom } from './room-ctrl.js';
import { errorText } from './errors.js';
import { t } from './i18n.js';
import { paceText } from './room-pace.js';

/** @import { App } from './types.js' */

// #/room/ID or #/invite/CODE: the room for members, the offer for everyone else.
/**
 * @param {HTMLElement} root
 * @param {App} app
 * @param {{ room?: string, invite?: string }} ref
 * @returns {() => void} ends the screen
 */
export function renderRoomEntry(root, app, ref) {
  /** @type {(() => void) | null} */
  let inner = null;
  let gone = false;
  fill(root, h('div', { class: 'loading' }, t('common.opening_room')));
  const ask = ref.invite ? { invite: ref.invite } : { room: ref.room };
  app.conn
    .ready()
    .then(() => app.conn.request({ type: 'room_info', ...ask }))
    .then((info) => {
      if (gone) return;
      const id = info.room.id;
      if (info.member) {
        if (ref.invite) {
          app.navigate(`#/room/${encodeURIComponent(id)}`);
          return;
        }
        inner = mountRoom(root, app, id);
        return;
      }
      showOffer(root, app, info, ask);
    })
    .catch(async (e) => {
      if (gone) return;
      // A finished room leaves the server's rooms after a while; its game stays for replay.
      if (ref.room && (await replayExists(ref.room)) && !gone) {
        showFinished(root, ref.room, ref.room);
        return;
      }
      if (gone) return;
      fill(
        root,
        h(
          'div',
          { class: 'panel narrow room-offer', id: 'room-offer' },
          h('h2', {}, t('common.room_unavailable')),
          h('p', { class: 'error-text' }, errorText(e)),
          h('a', { class: 'btn', href: '#/' }, t('common.back_to_lobby')),
        ),
      );
    });
  return () => {
    gone = true;
    if (inner) inner();
  };
}

/**
 * @param {HTMLElement} root
 * @param {App} app
 * @param {any} info the `room_info` reply
 * @param {{ room?: string, invite?: string }} ask
 */
function showOffer(root, app, info, ask) {
  const r = info.room;
  if (r.status === 'finished') {
    showFinished(root, r.id, r.name);
    return;
  }
  const free = r.status === 'waiting' ? r.seats - r.taken : 0;
  const go = async (/** @type {string} */ type) => {
    try {
      const reply = await app.conn.request({ type, ...ask });
      app.navigate(`#/room/${encodeURIComponent(reply.room)}`);
    } catch (e) {
      toast(errorText(e), 'error');
    }
  };
  const why = free <= 0 && !r.spectators_allowed ? t('common.offer_nothing') : null;
  fill(
    root,
    h(
      'div',
      { class: 'panel narrow room-offer', id: 'room-offer', dataset: { status: r.status } },
      h('h2', {}, r.name),
      h(
        'p',
        { class: 'muted' },
        [
          t('common.offer_summary', {
            rules: r.rules === 'castle' ? t('lobby.rules_castle') : t('lobby.rules_carcassonne'),
            status: t(`lobby.status_${r.status}`),
            host: r.host || '—',
            taken: r.taken,
            seats: r.seats,
          }),
          paceText(r), // a turn-based game says so before anyone joins it
        ].join(' · '),
      ),
      h('p', {}, free > 0 ? t('common.offer_free_seats', { count: free }) : t('common.offer_no_seat')),
      h(
        'div',
        { class: 'row offer-actions' },
        free > 0
          ? h('button', { class: 'btn btn-primary', id: 'take-seat', onclick: () => go('join') }, t('common.take_seat'))
          : null,
        r.spectators_allowed
          ? h('button', { class: 'btn', id: 'watch-room', onclick: () => go('spectate') }, t('common.watch'))
          : null,
        h('a', { class: 'btn btn-ghost', href: '#/' }, t('common.back_to_lobby')),
      ),
      why ? h('p', { class: 'muted' }, why) : null,
    ),
  );
}

/** @param {string} id */
async function replayExists(id) {
  try {
    return (await fetch(`/api/games/${encodeURIComponent(id)}`)).ok;
  } catch {
    return false;
  }
}

/**
 * A finished game's link: its final scores and its replay (nothing is left to watch).
 * @param {HTMLElement} root
 * @param {string} id
 * @param {string} name
 */
function showFinished(root, id, name) {
  const replay = `#/replay/${encodeURIComponent(id)}`;
  fill(
    root,
    h(
      'div',
      { class: 'panel narrow room-offer', id: 'room-offer', dataset: { status: 'finished' } },
      h('h2', {}, name),
      h('p', {}, t('common.offer_finished')),
      h(
        'div',
        { class: 'row offer-actions' },
        h('a', { class: 'btn btn-primary', id: 'final-scores', href: `${replay}/end` }, t('common.final_scores')),
        h('a', { class: 'btn', id: 'open-replay', href: replay }, t('common.watch_replay')),
        h('a', { class: 'btn btn-ghost', href: '#/' }, t('common.back_to_lobby')),
      ),
    ),
  );
}
