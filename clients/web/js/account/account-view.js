// @ts-check
// The account's own screen (#/account while signed in): the settings (e-mail and whether it
// is confirmed, the notice channels, Web Push to this device, auto-vacation, the webhook), the
// password, and the devices signed in (ending one, or every other one, ends its pushes too),
// with signing out; the account's own data (own-data-view.js).

import { h, fill, toast } from '../dom.js';
import { t, language } from '../i18n.js';
import { account } from './account-state.js';
import { accountCall, accountErrorText } from './api.js';
import { accountForm, labelled } from './auth-view.js';
import { deviceName } from './device-name.js';
import { pushSwitch } from './push-view.js';
import { ownDataPanel } from './own-data-view.js';
import { deviceTokenPanel } from './sign-in-link-view.js';

const CHANNELS = ['email', 'push', 'webpush', 'webhook'];

/** @param {any} me GET /api/me's answer */
function settingsForm(me) {
  const email = h('input', {
    id: 'settings-email',
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    value: me.email ?? '',
  });
  // A new address (where reset links go) needs the password, not only this session.
  const emailPassword = h('input', {
    type: 'password',
    name: 'email_password',
    autocomplete: 'current-password',
  });
  const confirmed = me.email
    ? h(
        'span',
        { class: `tag ${me.email_confirmed ? 'tag-playing' : 'tag-waiting'}`, id: 'email-state' },
        t(me.email_confirmed ? 'account.email_confirmed' : 'account.email_unconfirmed'),
      )
    : null;
  /** @type {Record<string, HTMLInputElement>} */
  const notices = {};
  for (const c of CHANNELS)
    notices[c] = h('input', { type: 'checkbox', name: `notice-${c}`, checked: !!me.notices?.[c] });
  const vacation = h('input', { type: 'checkbox', name: 'auto_vacation', checked: !!me.auto_vacation });
  const webhook = h('input', { name: 'webhook', type: 'url', value: me.webhook ?? '', placeholder: 'https://' });
  return accountForm(
    'settings-form',
    t('account.settings'),
    [
      h(
        'div',
        { class: 'field' },
        h('span', {}, h('label', { for: 'settings-email' }, t('account.email_address')), ' ', confirmed),
        email,
      ),
      labelled(t('account.email_password'), emailPassword),
      h(
        'fieldset',
        { class: 'checks' },
        h('legend', {}, t('account.notices')),
        ...CHANNELS.map((c) => h('label', { class: 'check' }, notices[c], t(`account.notice_${c}`))),
        pushSwitch(),
      ),
      labelled(t('account.webhook'), webhook),
      h('label', { class: 'check' }, vacation, t('account.auto_vacation')),
      typeof me.vacation_days_left === 'number'
        ? h(
            'p',
            { class: 'muted', id: 'vacation-days' },
            t('account.vacation_days_left', { count: me.vacation_days_left }),
          )
        : null,
    ],
    t('account.save'),
    async () => {
      const newEmail = email.value.trim() || null;
      /** @type {Record<string, any>} */
      const changes = {
        email: newEmail,
        webhook: webhook.value.trim() || null,
        auto_vacation: vacation.checked,
        notices: Object.fromEntries(CHANNELS.map((c) => [c, notices[c].checked])),
      };
      if (newEmail !== (me.email ?? null)) changes.password = emailPassword.value;
      account.me = await accountCall('PATCH', '/api/me', changes);
      emailPassword.value = '';
      toast(t('account.saved'));
      account.changed();
    },
  );
}

function passwordForm() {
  const old = h('input', { type: 'password', name: 'old', autocomplete: 'current-password', required: true });
  const fresh = h('input', {
    type: 'password',
    name: 'new',
    autocomplete: 'new-password',
    minlength: 8,
    required: true,
  });
  return accountForm(
    'password-form',
    t('account.password_change'),
    [labelled(t('account.old_password'), old), labelled(t('account.new_password'), fresh, t('account.password_hint'))],
    t('account.change'),
    async () => {
      const answer = await accountCall('POST', '/api/me/password', { old: old.value, new: fresh.value });
      old.value = fresh.value = '';
      toast(t('account.password_changed', { count: answer.ended ?? 0 }));
    },
  );
}

/** @param {number} ms */
const when = (ms) => new Date(ms).toLocaleString(language());

// The devices signed in: loaded when drawn, drawn again after ending one.
function sessionsPanel() {
  const list = h(
    'ul',
    { class: 'session-list', id: 'session-list' },
    h('li', { class: 'muted' }, t('account.loading')),
  );
  const act = async (/** @type {() => Promise<any>} */ call) => {
    try {
      const answer = await call();
      toast(t('account.sessions_ended', { count: answer.ended ?? 0 }));
    } catch (e) {
      toast(accountErrorText(e), 'error');
    }
    load();
  };
  const load = async () => {
    let sessions;
    try {
      sessions = (await accountCall('GET', '/api/me/sessions')).sessions || [];
    } catch (e) {
      fill(list, h('li', { class: 'form-error' }, accountErrorText(e)));
      return;
    }
    // This device first; the others most recently seen first (as the server lists them).
    sessions.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(!!b.current) - Number(!!a.current));
    fill(
      list,
      sessions.map((/** @type {any} */ s) =>
        h(
          'li',
          { class: 'session', dataset: { session: s.id, current: s.current ? 'yes' : 'no' } },
          h(
            'div',
            { class: 'session-main' },
            h(
              'span',
              { class: 'session-device', title: s.device },
              deviceName(s.device, (browser, system) => t('account.device', { browser, system })),
            ),
            // Where it signed in from: two sessions of one browser and system told apart.
            s.address
              ? h('span', { class: 'session-address' }, t('account.session_from', { address: s.address }))
              : null,
            h(
              'small',
              { class: 'muted' },
              // Two sessions of the same browser told apart by when each was signed in.
              t('account.signed_in_on', { when: when(s.created_ms) }),
              ' · ',
              t('account.last_seen', { when: when(s.last_seen_ms) }),
              s.current ? h('span', { class: 'tag tag-you' }, t('account.this_device')) : null,
              s.push_subscriptions ? h('span', { class: 'tag' }, t('account.session_pushes')) : null,
            ),
          ),
          s.current
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'btn btn-end-session',
                  onclick: () => act(() => accountCall('DELETE', `/api/me/sessions/${encodeURIComponent(s.id)}`)),
                },
                t('account.end_session'),
              ),
        ),
      ),
    );
  };
  load();
  return h(
    'div',
    { class: 'account-form' },
    h('h2', {}, t('account.sessions')),
    list,
    h(
      'button',
      {
        type: 'button',
        class: 'btn',
        id: 'end-others',
        onclick: () => act(() => accountCall('DELETE', '/api/me/sessions')),
      },
      t('account.end_others'),
    ),
  );
}

/** @param {import('../types.js').App} app */
export function accountView(app) {
  const signOut = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      id: 'sign-out',
      onclick: async () => {
        try {
          await account.signOut();
          toast(t('account.signed_out'));
          app.navigate('#/');
        } catch (e) {
          toast(accountErrorText(e), 'error');
        }
      },
    },
    t('account.sign_out'),
  );
  return h(
    'div',
    { class: 'lobby account-grid' },
    h(
      'section',
      { class: 'panel' },
      h(
        'div',
        { class: 'panel-head' },
        h('h2', { id: 'signed-in-as' }, t('account.signed_in_as', { name: account.name })),
        signOut,
      ),
      account.me ? settingsForm(account.me) : h('p', { class: 'muted' }, t('account.loading')),
    ),
    h('section', { class: 'panel' }, passwordForm(), sessionsPanel(), deviceTokenPanel(), ownDataPanel(app)),
  );
}
