// @ts-check
// Signing in and signing up (#/account while signed out). A refusal is said under its form
// (wrong password, name taken, too many attempts with the time to wait).

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { limitLength } from '../text-limit.js';
import { account } from './account-state.js';
import { accountForm, labelled } from './account-form.js';
import { signInLinkForm } from './sign-in-link-view.js';

export { accountForm, labelled };

/** @param {import('../types.js').App} app */
export function authView(app) {
  const inName = h('input', { name: 'name', autocomplete: 'username', required: true });
  const inPassword = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const upName = h('input', { name: 'name', autocomplete: 'username', required: true, value: app.conn.name });
  const upPassword = h('input', {
    name: 'password',
    type: 'password',
    autocomplete: 'new-password',
    minlength: 8,
    required: true,
  });
  const upEmail = h('input', { name: 'email', type: 'email', autocomplete: 'email' });
  limitLength(inName, 32);
  limitLength(upName, 32);
  const signIn = accountForm(
    'sign-in-form',
    t('account.sign_in_title'),
    [labelled(t('account.name'), inName), labelled(t('account.password'), inPassword)],
    t('account.sign_in'),
    async () => {
      const answer = await account.signIn({ name: inName.value.trim(), password: inPassword.value });
      toast(t('account.signed_in', { name: answer.name }));
      app.navigate('#/games');
    },
  );
  const signUp = accountForm(
    'sign-up-form',
    t('account.sign_up_title'),
    [
      h('p', { class: 'muted' }, t('account.sign_up_hint')),
      labelled(t('account.name'), upName),
      labelled(t('account.password'), upPassword, t('account.password_hint')),
      labelled(t('account.email'), upEmail),
    ],
    t('account.sign_up'),
    async () => {
      /** @type {{name: string, password: string, email?: string}} */
      const body = { name: upName.value.trim(), password: upPassword.value };
      if (upEmail.value.trim()) body.email = upEmail.value.trim();
      const answer = await account.signUp(body);
      toast(t('account.signed_up', { name: answer.name }));
      app.navigate('#/games');
    },
  );
  return h(
    'div',
    { class: 'lobby account-grid' },
    h('section', { class: 'panel' }, signIn, signInLinkForm()),
    h('section', { class: 'panel' }, signUp),
  );
}
