// @ts-check
// A friend's challenge as it arrives (the `notice` of kind `challenge`, docs/friends.md): a box
// with Accept (join the room by its invite) and Decline (`decline_challenge`); and the
// challenger told of a decline.

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';

/** @param {import('../types.js').App} app */
export function attachChallengeNotices(app) {
  app.conn.addEventListener('notice', (e) => {
    const n = /** @type {CustomEvent} */ (e).detail;
    if (n.kind === 'challenge_declined') toast(t('friends.declined', { name: n.from }));
    if (n.kind === 'challenge') showChallenge(app, n);
  });
}

/**
 * @param {import('../types.js').App} app
 * @param {{room: string, invite: string, from: string, move_time_s?: number}} n
 */
function showChallenge(app, n) {
  const box = document.getElementById('toasts');
  if (!box) return;
  const kind = n.move_time_s ? t('friends.turn_based') : t('friends.live');
  const card = h(
    'div',
    { class: 'toast challenge-notice', role: 'alertdialog', dataset: { room: n.room } },
    h('p', {}, t('friends.challenged', { name: n.from, kind })),
    h(
      'button',
      {
        class: 'btn btn-primary',
        onclick: () => {
          card.remove();
          app.navigate(`#/invite/${encodeURIComponent(n.invite)}`);
        },
      },
      t('friends.accept'),
    ),
    h(
      'button',
      {
        class: 'btn',
        onclick: () => {
          card.remove();
          app.conn.request({ type: 'decline_challenge', room: n.room }).catch(() => {});
        },
      },
      t('friends.decline'),
    ),
  );
  box.append(card);
}
