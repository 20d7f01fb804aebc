// @ts-check
// The create form's "Rated" choice: shown to accounts only (the server refuses a guest's rated
// room), sent as create_room's `rated` when ticked. It follows the account: signing in after the
// lobby was drawn (the session is confirmed by the server's reply) shows it, signing out hides
// and clears it. `input` lets the form react to it (a rated game is played with the whole pile).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { account } from '../account/account-state.js';

/** @returns {{ field: HTMLElement, input: HTMLInputElement, checked: () => boolean }} */
export function ratedOption() {
  const box = h('input', { type: 'checkbox', name: 'rated' });
  const field = h('label', { class: 'check' }, box, t('ratings.rated'));
  let shown = false; // once on screen, a field taken off it stops following the account
  const follow = () => {
    if (shown && !field.isConnected) return account.removeEventListener('change', follow);
    shown ||= field.isConnected;
    field.hidden = !account.signedIn;
    if (!account.signedIn && box.checked) {
      box.checked = false;
      box.dispatchEvent(new Event('change'));
    }
  };
  follow();
  account.addEventListener('change', follow);
  return { field, input: box, checked: () => account.signedIn && box.checked };
}
