// @ts-check
// Length limits of what people type, counted as the server counts them: in characters (Unicode
// code points), not in UTF-16 units as the browser's `maxlength` does, so an emoji or a letter
// outside the basic plane counts once. A text cut to its limit says so.

import { toast } from './dom.js';
import { t } from './i18n.js';

/** @param {string} text */
export const characters = (text) => [...text].length;

/**
 * Keeps `input` within `max` characters; when typing or pasting went past it, cuts the text and
 * says so once per cut.
 * @param {HTMLInputElement} input
 * @param {number} max
 */
export function limitLength(input, max) {
  input.removeAttribute('maxlength');
  input.dataset.maxChars = String(max);
  input.addEventListener('input', () => {
    if (characters(input.value) <= max) return;
    input.value = [...input.value].slice(0, max).join('');
    toast(t('common.cut_to_limit', { count: max }));
  });
}
