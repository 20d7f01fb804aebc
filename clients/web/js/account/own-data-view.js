// @ts-check
// The account's own data (docs/accounts.md, "Your own data"): a download of everything the
// server holds about it, and deleting the account once the password is given again.

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { account } from './account-state.js';
import { accountCall, accountErrorText } from './api.js';
import { accountForm, labelled } from './account-form.js';

// Saves the export as a file: the answer is JSON, handed to the browser as a download.
async function downloadExport() {
  try {
    const data = await accountCall('GET', '/api/me/export');
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const link = h('a', { href: url, download: 'carc-personal-data.json', hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    toast(t('account.export_ready'));
  } catch (e) {
    toast(accountErrorText(e), 'error');
  }
}

/** @param {import('../types.js').App} app */
function deleteForm(app) {
  const password = h('input', {
    type: 'password',
    name: 'delete_password',
    autocomplete: 'current-password',
    required: true,
  });
  const sure = h('input', { type: 'checkbox', name: 'delete_sure', required: true });
  return accountForm(
    'delete-account-form',
    t('account.delete_title'),
    [
      h('p', { class: 'muted' }, t('account.delete_hint')),
      labelled(t('account.old_password'), password),
      h('label', { class: 'check' }, sure, t('account.delete_sure')),
    ],
    t('account.delete'),
    async () => {
      await account.deleteAccount(password.value);
      password.value = '';
      toast(t('account.deleted'));
      app.navigate('#/');
    },
  );
}

/** @param {import('../types.js').App} app */
export function ownDataPanel(app) {
  return h(
    'div',
    { class: 'account-form', id: 'own-data' },
    h('h2', {}, t('account.own_data')),
    h('p', { class: 'muted' }, t('account.export_hint')),
    h('button', { type: 'button', class: 'btn', id: 'export-data', onclick: downloadExport }, t('account.export')),
    deleteForm(app),
  );
}
