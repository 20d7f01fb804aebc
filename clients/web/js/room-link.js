// @ts-check
// Room links: one copyable link per room that works for anyone. A public room's link is
// #/room/ID; a private room's is #/invite/CODE (room-entry.js opens them).

import { h, toast } from './dom.js';
import { t } from './i18n.js';

/**
 * The link to give out for a room (from its view's `room`).
 * @param {import('./types.js').Room} room
 */
export function roomLink(room) {
  const base = `${location.origin}${location.pathname}`;
  return room.settings?.private || room.private
    ? `${base}#/invite/${encodeURIComponent(room.invite ?? '')}`
    : `${base}#/room/${encodeURIComponent(room.id)}`;
}

// Two chain links: the phone's room bar has room for an icon only.
const LINK_ICON =
  '<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round">' +
  '<path d="M8.5 11.5a3.5 3.5 0 0 0 5 0l2.5-2.5a3.5 3.5 0 0 0-5-5L10 5"/><path d="M11.5 8.5a3.5 3.5 0 0 0-5 0L4 11a3.5 3.5 0 0 0 5 5l1-1"/></svg>';

function icon() {
  const span = h('span', { class: 'label-short' });
  span.innerHTML = LINK_ICON;
  return span;
}

/**
 * A button that copies the room's link (with the link itself shown for copying by hand).
 * @param {import('./types.js').Room} room
 */
export function copyLinkButton(room) {
  const link = roomLink(room);
  return h(
    'button',
    {
      class: 'btn btn-ghost copy-link',
      id: 'copy-link',
      title: link,
      'aria-label': t('common.copy_link'),
      dataset: { link },
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
          toast(t('common.link_copied'));
        } catch {
          prompt(t('common.copy_this_link'), link);
        }
      },
    },
    h('span', { class: 'label-long' }, t('common.copy_link')),
    icon(),
  );
}
