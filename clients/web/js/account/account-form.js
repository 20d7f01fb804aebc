// @ts-check
// The account screens' forms: a titled form whose error shows under it, and a labelled field.

import { h } from '../dom.js';
import { accountErrorText } from './api.js';

/**
 * A form whose submit runs `send` with its fields' values; the error shows in the form.
 * @param {string} id
 * @param {string} title
 * @param {HTMLElement[]} fields
 * @param {string} button
 * @param {() => Promise<void>} send
 */
export function accountForm(id, title, fields, button, send) {
  const error = h('p', { class: 'form-error', role: 'alert', hidden: true });
  const submit = h('button', { type: 'submit', class: 'btn btn-primary' }, button);
  return h(
    'form',
    {
      class: 'account-form',
      id,
      onsubmit: async (/** @type {Event} */ e) => {
        e.preventDefault();
        error.hidden = true;
        submit.disabled = true;
        try {
          await send();
        } catch (err) {
          error.textContent = accountErrorText(err);
          error.hidden = false;
        } finally {
          submit.disabled = false;
        }
      },
    },
    h('h2', {}, title),
    ...fields,
    error,
    submit,
  );
}

/**
 * @param {string} label
 * @param {HTMLElement} input
 * @param {string} [hint]
 */
export const labelled = (label, input, hint) =>
  h('label', { class: 'field' }, h('span', {}, label), input, hint ? h('small', { class: 'muted' }, hint) : null);
