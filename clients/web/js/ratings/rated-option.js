// @ts-check
// The create form's "Rated" choice: offered to accounts only (the server refuses a guest's rated
// room), sent as create_room's `rated` when ticked.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { account } from '../account/account-state.js';

/** @returns {{ field: HTMLElement | null, checked: () => boolean }} */
export function ratedOption() {
  if (!account.signedIn) return { field: null, checked: () => false };
  const box = h('input', { type: 'checkbox', name: 'rated' });
  return { field: h('label', { class: 'check' }, box, t('ratings.rated')), checked: () => box.checked };
}
