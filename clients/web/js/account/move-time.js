// @ts-check
// The create form's time per move: a turn-based game (create_room's `move_time_s`), chosen
// instead of the live clock.

import { h } from '../dom.js';
import { t } from '../i18n.js';

const HOUR_S = 3600;
const CHOICES_H = [4, 12];
const CHOICES_D = [1, 2, 3, 5, 7, 14];

export function moveTimeSelect() {
  return h(
    'select',
    { name: 'move_time_s', id: 'move-time' },
    h('option', { value: '' }, t('account.move_time_none')),
    ...CHOICES_H.map((n) => h('option', { value: n * HOUR_S }, t('account.hours', { count: n }))),
    ...CHOICES_D.map((n) => h('option', { value: n * 24 * HOUR_S }, t('account.days', { count: n }))),
  );
}

/** @param {HTMLElement} select */
export const moveTimeField = (select) => h('label', { class: 'field' }, h('span', {}, t('account.move_time')), select);
