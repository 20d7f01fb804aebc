// @ts-check
// The two ways to Web Push on this device: a switch "Push to this device" in the settings, and
// an offer in My games while this browser gets none. Both are hidden where the browser cannot
// take pushes or the server sends none (web-push.js).

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { account } from './account-state.js';
import { accountErrorText } from './api.js';
import { pushKey, pushSupported, pushedHere, subscribeHere, unsubscribeHere } from './web-push.js';

// A failure worded for the reader: the permission, or the server's refusal.
/** @param {any} err */
function pushErrorText(err) {
  if (err?.code === 'notify_blocked') return t('account.notify_blocked');
  if (err?.code === 'push_off') return t('account.push_off');
  if (err?.name === 'AbortError' || err?.name === 'NotAllowedError') return t('account.push_failed');
  return accountErrorText(err);
}

// Shows `el` once this browser can take pushes from this server.
/** @param {HTMLElement} el */
async function showWhenPushable(el) {
  el.hidden = true;
  if (!pushSupported() || !(await pushKey())) return;
  el.hidden = false;
}

export function pushSwitch() {
  const box = h('input', { type: 'checkbox', id: 'push-here', name: 'push-here' });
  const label = h('label', { class: 'check', id: 'push-here-label' }, box, t('account.push_here'));
  showWhenPushable(label).then(async () => {
    box.checked = await pushedHere().catch(() => false);
  });
  box.addEventListener('change', async () => {
    box.disabled = true;
    try {
      if (box.checked) {
        await subscribeHere();
        toast(t('account.push_on'));
      } else {
        await unsubscribeHere();
        toast(t('account.push_stopped'));
      }
    } catch (e) {
      toast(pushErrorText(e), 'error');
      box.checked = await pushedHere().catch(() => false);
    }
    box.disabled = false;
    account.changed();
  });
  return label;
}

// The offer in My games: one button while this browser gets no pushes.
export function pushOffer() {
  if (!account.signedIn) return null;
  const button = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-ghost',
      id: 'push-offer',
      onclick: async () => {
        button.setAttribute('disabled', '');
        try {
          await subscribeHere();
          toast(t('account.push_on'));
          button.hidden = true;
        } catch (e) {
          toast(pushErrorText(e), 'error');
        }
        button.removeAttribute('disabled');
      },
    },
    t('account.push_offer'),
  );
  showWhenPushable(button).then(async () => {
    if (await pushedHere().catch(() => false)) button.hidden = true;
  });
  return button;
}
