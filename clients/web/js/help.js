// @ts-check
// The rules at hand: the header's "?" opens a dialog with the rules of the base game and of each
// expansion, in the reader's language (the `help` catalog), the ones of the room being played
// opened first.

import { h } from './dom.js';
import { t } from './i18n.js';

const SECTIONS = ['base', 'tower', 'river2', 'count', 'king_robber', 'cult', 'castle'];

/**
 * Opens the rules dialog (or closes it when open).
 * @param {string[]} open the sections to show unfolded
 */
export function toggleHelp(open = ['base']) {
  const shown = document.querySelector('.help-dialog');
  if (shown) {
    shown.remove();
    return;
  }
  const close = () => dialog.remove();
  const dialog = h(
    'div',
    {
      class: 'help-dialog',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'help-title',
      onclick: (/** @type {Event} */ e) => e.target === dialog && close(),
      onkeydown: (/** @type {KeyboardEvent} */ e) => e.key === 'Escape' && close(),
    },
    h(
      'div',
      { class: 'end-card help-card' }, // the end dialog's card, scrolling on small screens
      h('h2', { id: 'help-title' }, t('help.title')),
      h('p', { class: 'muted' }, t('help.intro')),
      ...SECTIONS.map((s) =>
        h(
          'details',
          { open: open.includes(s), dataset: { section: s } },
          h('summary', {}, t(`help.${s}.title`)),
          ...t(`help.${s}.text`)
            .split('\n')
            .map((para) => h('p', {}, para)),
        ),
      ),
      h('button', { class: 'btn btn-primary', id: 'close-help', onclick: close }, t('help.close')),
    ),
  );
  document.body.append(dialog);
  /** @type {HTMLElement | null} */ (dialog.querySelector('#close-help'))?.focus();
}
