// @ts-check
// Tiny DOM helpers: h() builds elements, esc() escapes text for markup strings, memo() skips a
// part of a redraw whose inputs did not change.

/**
 * An element with attributes (`on*` are listeners, `dataset` an object, `true` an empty
 * attribute; null, undefined and false are left out) and children (null and false left out).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, v);
  }
  for (const c of children.flat())
    if (c !== null && c !== undefined && c !== false) el.append(c.nodeType ? c : String(c));
  return el;
}

/** @param {unknown} s */
export const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @template {Element} E @param {E} el @returns {E} */
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/**
 * @param {string} text
 * @param {'info' | 'error'} [kind]
 */
export function toast(text, kind = 'info') {
  const box = document.getElementById('toasts');
  if (!box) return;
  // The same words already on screen are shown longer, not stacked (typing past a limit says
  // so once, however many keys were pressed).
  const same = [...box.children].find((el) => el.textContent === text && el.classList.contains(`toast-${kind}`));
  const t = same || box.appendChild(h('div', { class: `toast toast-${kind}`, role: 'status' }, text));
  clearTimeout(toastTimers.get(t));
  toastTimers.set(
    t,
    setTimeout(() => t.remove(), 4200),
  );
}

/** @type {WeakMap<Element, ReturnType<typeof setTimeout>>} */
const toastTimers = new WeakMap();

/**
 * Empties `el` and appends the children, skipping null/false (for conditional parts).
 * @template {Element} E
 * @param {E} el
 * @param {...any} children
 * @returns {E}
 */
export function fill(el, ...children) {
  clear(el);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** @type {WeakMap<Element, unknown[]>} */
const drawnWith = new WeakMap();

/**
 * Calls `draw()` unless `el` was last drawn with the same inputs (compared one by one with
 * ===), so a redraw leaves alone what did not change: its focus, hover and scrolling.
 * @param {Element} el
 * @param {unknown[]} inputs
 * @param {() => void} draw
 * @returns {boolean} whether it drew
 */
export function memo(el, inputs, draw) {
  const last = drawnWith.get(el);
  if (last && last.length === inputs.length && last.every((v, i) => v === inputs[i])) return false;
  drawnWith.set(el, inputs);
  draw();
  return true;
}
