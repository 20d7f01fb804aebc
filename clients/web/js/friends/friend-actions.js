// @ts-check
// A profile's friend buttons (docs/friends.md): follow or stop, block or unblock, and for a
// friend the challenge in two clicks: "Challenge", then "Live game" or "Turn-based game" (a
// private room with that setting, the friend invited by a notice).

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { accountCall, accountErrorText } from '../account/api.js';
import { account } from '../account/account-state.js';
import { moveTimeSelect } from '../account/move-time.js';
import { reportButton } from '../moderation/report-form.js';

const DAY_S = 86400;
const LIVE_CLOCK = { initial_ms: 600000, increment_ms: 10000, on_timeout: 'random' };

/** @param {string} name */
const followPath = (name) => `/api/me/follows/${encodeURIComponent(name)}`;
/** @param {string} name */
const blockPath = (name) => `/api/me/blocks/${encodeURIComponent(name)}`;

/**
 * The lists of the signed-in account, or null for a guest (asked at once: the socket's welcome,
 * which tells the page it is signed in, may come later than the profile).
 * @returns {Promise<{following: string[], followers: string[], friends: string[], blocked: string[]} | null>}
 */
async function myLists() {
  try {
    return await accountCall('GET', '/api/me/friends');
  } catch {
    return null;
  }
}

/**
 * @param {string} name the profile's account
 * @param {import('../types.js').App} app
 * @returns {HTMLElement}
 */
export function friendActions(name, app) {
  const box = h('div', { class: 'friend-actions' });
  const lower = name.toLowerCase();
  /** @param {any} lists */
  const draw = (lists) => {
    if (!lists || account.name?.toLowerCase() === lower) return box.replaceChildren();
    /** @param {string[]} list */
    const has = (list) => list.some((n) => n.toLowerCase() === lower);
    const following = has(lists.following);
    const blocked = has(lists.blocked);
    /** @param {'PUT' | 'DELETE'} method @param {string} path */
    const change = (method, path) => () =>
      accountCall(/** @type {any} */ (method), path)
        .then(draw)
        .catch((err) => toast(accountErrorText(err), 'error'));
    box.replaceChildren(
      has(lists.friends) ? h('span', { class: 'tag friend-tag' }, t('friends.friend')) : null,
      blocked
        ? null
        : h(
            'button',
            { class: 'btn', id: 'follow', onclick: change(following ? 'DELETE' : 'PUT', followPath(name)) },
            t(following ? 'friends.unfollow' : 'friends.follow'),
          ),
      h(
        'button',
        { class: 'btn', id: 'block', onclick: change(blocked ? 'DELETE' : 'PUT', blockPath(name)) },
        t(blocked ? 'friends.unblock' : 'friends.block'),
      ),
      has(lists.friends) ? challengeButton(name, app) : null,
      reportButton(name),
    );
  };
  myLists().then(draw);
  return box;
}

/**
 * "Challenge" opens the choice; "Live game" or "Turn-based game" sends it.
 * @param {string} name
 * @param {import('../types.js').App} app
 */
function challengeButton(name, app) {
  const moveTime = moveTimeSelect();
  moveTime.querySelector('option[value=""]')?.remove();
  /** @type {HTMLSelectElement} */ (moveTime).value = String(DAY_S);
  /** @param {object} settings */
  const send = async (settings) => {
    try {
      const created = await app.conn.request({ type: 'challenge', name, settings: { seats: 2, ...settings } });
      toast(t('friends.challenge_sent', { name }));
      app.navigate(`#/room/${encodeURIComponent(created.room)}`);
    } catch (err) {
      toast(challengeErrorText(/** @type {any} */ (err)), 'error');
    }
  };
  const choice = h(
    'div',
    { class: 'challenge-choice', hidden: true },
    h(
      'button',
      { class: 'btn btn-primary', id: 'challenge-live', onclick: () => send({ clock: LIVE_CLOCK }) },
      t('friends.live'),
    ),
    h(
      'button',
      {
        class: 'btn btn-primary',
        id: 'challenge-turn-based',
        onclick: () => send({ move_time_s: Number(/** @type {HTMLSelectElement} */ (moveTime).value) }),
      },
      t('friends.turn_based'),
    ),
    moveTime,
  );
  const open = h(
    'button',
    { class: 'btn', id: 'challenge', onclick: () => (choice.hidden = !choice.hidden) },
    t('friends.challenge'),
  );
  return h('span', { class: 'challenge' }, open, choice);
}

/** @param {{code?: string, params?: {reason?: string}, message?: string}} err */
export function challengeErrorText(err) {
  const reason = err?.params?.reason;
  if (err?.code === 'challenge_refused' && reason) {
    const text = t(`friends.refused_${reason}`);
    if (text !== `friends.refused_${reason}`) return text;
  }
  return err?.message || String(err);
}
