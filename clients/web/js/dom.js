// Tiny DOM helpers: h() builds elements, esc() escapes text for markup strings.

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
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c.nodeType ? c : String(c));
  return el;
}

export const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function clear(el) { while (el.firstChild) el.firstChild.remove(); return el; }

export function toast(text, kind = 'info') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const t = h('div', { class: `toast toast-${kind}`, role: 'status' }, text);
  box.append(t);
  setTimeout(() => t.remove(), 4200);
}

// Empties `el` and appends the children, skipping null/false (for conditional parts).
export function fill(el, ...children) {
  clear(el);
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}
