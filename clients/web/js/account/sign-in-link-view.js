// @ts-check
// Sign-in by a mailed link (docs/accounts.md, "Sign-in by a mailed link"), beside the password:
// the server mails a one-time link to the account's confirmed address, and the link signs in
// only this browser. For the terminal client, a device token made here (listed with the
// sessions).

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { accountCall, accountErrorText } from './api.js';
import { accountForm, labelled } from './account-form.js';

export function signInLinkForm() {
  const who = h('input', { name: 'account', autocomplete: 'username', required: true, maxlength: 254 });
  const sent = h('p', { class: 'muted', id: 'sign-in-link-sent', hidden: true }, t('account.link_sent'));
  return accountForm(
    'sign-in-link-form',
    t('account.link_title'),
    [h('p', { class: 'muted' }, t('account.link_hint')), labelled(t('account.link_account'), who), sent],
    t('account.link_send'),
    async () => {
      sent.hidden = true;
      await accountCall('POST', '/api/sign-in-link', { account: who.value.trim() });
      sent.hidden = false;
    },
  );
}

export function deviceTokenPanel() {
  const shown = h('code', { class: 'device-token', id: 'device-token' });
  const box = h('p', { hidden: true }, t('account.device_token_once'), ' ', shown);
  const make = async () => {
    try {
      const answer = await accountCall('POST', '/api/me/device-tokens', { device: 'carc-term' });
      shown.textContent = answer.token;
      box.hidden = false;
    } catch (e) {
      toast(accountErrorText(e), 'error');
    }
  };
  return h(
    'div',
    { class: 'account-form', id: 'device-tokens' },
    h('h2', {}, t('account.device_token_title')),
    h('p', { class: 'muted' }, t('account.device_token_hint')),
    h(
      'button',
      { type: 'button', class: 'btn', id: 'make-device-token', onclick: make },
      t('account.device_token_make'),
    ),
    box,
  );
}
