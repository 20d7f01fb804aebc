// Room links: one copyable link per room that works for anyone. A public room's link is
// #/room/ID; a private room's is #/invite/CODE. Opening one as a member shows the room; anyone
// else sees what the room offers (the free seat, watching) and chooses.

import { h, fill, toast } from './dom.js';
import { renderRoom } from './game.js';
import { errorText } from './errors.js';
import { t } from './i18n.js';

// The link to give out for a room (from its view's `room`).
export function roomLink(room) {
  const base = `${location.origin}${location.pathname}`;
  return room.settings?.private || room.private
    ? `${base}#/invite/${encodeURIComponent(room.invite)}`
    : `${base}#/room/${encodeURIComponent(room.id)}`;
}

// Two chain links: the phone's room bar has room for an icon only.
const LINK_ICON = '<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round">' +
  '<path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5L10 5"/><path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1"/></svg>';

function icon() {
  const span = h('span', { class: 'label-short' });
  span.innerHTML = LINK_ICON;
  return span;
}

// A button that copies the room's link (with the link itself shown for copying by hand).
export function copyLinkButton(room) {
  const link = roomLink(room);
  return h('button', {
    class: 'btn btn-ghost copy-link', id: 'copy-link', title: link, 'aria-label': t('common.copy_link'), dataset: { link },
    onclick: async () => {
      try { await navigator.clipboard.writeText(link); toast(t('common.link_copied')); } catch { prompt(t('common.copy_this_link'), link); }
    },
  }, h('span', { class: 'label-long' }, t('common.copy_link')), icon());
}

// #/room/ID or #/invite/CODE: the room for members, the offer for everyone else.
export function renderRoomEntry(root, app, ref) {
  let inner = null;
  let gone = false;
  fill(root, h('div', { class: 'loading' }, t('common.opening_room')));
  const ask = ref.invite ? { invite: ref.invite } : { room: ref.room };
  app.conn.ready()
    .then(() => app.conn.request({ type: 'room_info', ...ask }))
    .then((info) => {
      if (gone) return;
      const id = info.room.id;
      if (info.member) {
        if (ref.invite) { app.navigate(`#/room/${encodeURIComponent(id)}`); return; }
        inner = renderRoom(root, app, id);
        return;
      }
      showOffer(root, app, info, ask);
    })
    .catch((e) => {
      if (gone) return;
      fill(root, h('div', { class: 'panel narrow room-offer', id: 'room-offer' },
        h('h2', {}, t('common.room_unavailable')), h('p', { class: 'error-text' }, errorText(e)),
        h('a', { class: 'btn', href: '#/' }, t('common.back_to_lobby'))));
    });
  return () => { gone = true; if (inner) inner(); };
}

function showOffer(root, app, info, ask) {
  const r = info.room;
  const free = r.status === 'waiting' ? r.seats - r.taken : 0;
  const go = async (type) => {
    try {
      const reply = await app.conn.request({ type, ...ask });
      app.navigate(`#/room/${encodeURIComponent(reply.room)}`);
    } catch (e) { toast(errorText(e), 'error'); }
  };
  const why = free <= 0 && !r.spectators_allowed ? t('common.offer_nothing') : null;
  fill(root, h('div', { class: 'panel narrow room-offer', id: 'room-offer', dataset: { status: r.status } },
    h('h2', {}, r.name),
    h('p', { class: 'muted' }, t('common.offer_summary', {
      rules: r.rules === 'castle' ? t('lobby.rules_castle') : t('lobby.rules_carcassonne'),
      status: t(`lobby.status_${r.status}`), host: r.host || '—', taken: r.taken, seats: r.seats,
    })),
    h('p', {}, free > 0 ? t('common.offer_free_seats', { count: free }) : t('common.offer_no_seat')),
    h('div', { class: 'row offer-actions' },
      free > 0 ? h('button', { class: 'btn btn-primary', id: 'take-seat', onclick: () => go('join') }, t('common.take_seat')) : null,
      r.spectators_allowed ? h('button', { class: 'btn', id: 'watch-room', onclick: () => go('spectate') }, t('common.watch')) : null,
      h('a', { class: 'btn btn-ghost', href: '#/' }, t('common.back_to_lobby'))),
    why ? h('p', { class: 'muted' }, why) : null));
}
