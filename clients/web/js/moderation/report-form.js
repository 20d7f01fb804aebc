// @ts-check
// "Report" (docs/moderation.md): a reason from the server's short list and an optional note,
// sent as POST /api/reports with what the report is about (a game, a chat line). The report is
// for the server's operator only; the reported player never sees it.

import { h, toast } from '../dom.js';
import { t } from '../i18n.js';
import { accountCall, accountErrorText } from '../account/api.js';

export const REPORT_REASONS = ['cheating', 'abuse', 'spam', 'offensive_name', 'boosting', 'other'];

/**
 * A "Report" button that opens its form below it.
 * @param {string} name the reported account
 * @param {{room?: string, chat?: {text: string, time: number}}} [about]
 * @param {string} [label]
 * @returns {HTMLElement}
 */
export function reportButton(name, about = {}, label = t('moderation.report')) {
  const form = reportForm(name, about, () => (form.hidden = true));
  form.hidden = true;
  const open = h(
    'button',
    {
      class: 'btn report-open',
      type: 'button',
      title: t('moderation.report_title', { name }),
      onclick: () => (form.hidden = !form.hidden),
    },
    label,
  );
  return h('span', { class: 'report' }, open, form);
}

/**
 * @param {string} name
 * @param {{room?: string, chat?: {text: string, time: number}}} about
 * @param {() => void} done
 */
function reportForm(name, about, done) {
  const reason = /** @type {HTMLSelectElement} */ (
    h(
      'select',
      { class: 'report-reason', 'aria-label': t('moderation.reason') },
      ...REPORT_REASONS.map((r) => h('option', { value: r }, t(`moderation.reason_${r}`))),
    )
  );
  const note = /** @type {HTMLTextAreaElement} */ (
    h('textarea', { class: 'report-note', maxlength: '500', rows: '2', placeholder: t('moderation.note') })
  );
  /** @param {Event} e */
  const send = async (e) => {
    e.preventDefault();
    try {
      await accountCall('POST', '/api/reports', { name, reason: reason.value, note: note.value, ...about });
      toast(t('moderation.sent'));
      note.value = '';
      done();
    } catch (err) {
      const code = /** @type {any} */ (err)?.code;
      toast(code === 'reports_limited' ? t('moderation.limited') : accountErrorText(err), 'error');
    }
  };
  return h(
    'form',
    { class: 'report-form', onsubmit: send },
    reason,
    note,
    h('button', { class: 'btn btn-primary', type: 'submit' }, t('moderation.send')),
  );
}
