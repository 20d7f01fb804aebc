// @ts-check
// The account calls over HTTP (docs/protocol.md, "Accounts"): JSON in and out, the session in
// the HttpOnly cookie the browser sends by itself. A refusal rejects with an Error carrying the
// server's `code`, the HTTP `status` and, for 429, `retryAfter` in seconds.

import { t } from '../i18n.js';

/**
 * @param {'GET' | 'POST' | 'PATCH' | 'DELETE'} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>}
 */
export async function accountCall(method, path, body) {
  /** @type {RequestInit} */
  const init = { method, credentials: 'same-origin', headers: {} };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw Object.assign(new Error(t('account.error_network')), { code: 'network', status: 0 });
  }
  const answer = await res.json().catch(() => ({}));
  if (res.ok) return answer;
  const retryAfter = Number(res.headers.get('Retry-After')) || undefined;
  throw Object.assign(new Error(answer.message || `HTTP ${res.status}`), {
    code: answer.error || `http_${res.status}`,
    status: res.status,
    retryAfter,
  });
}

// A refusal in the reader's language: the known codes worded, others with the server's text.
/** @param {any} err */
export function accountErrorText(err) {
  const key = `account.error_${err?.code}`;
  const text = t(key, { seconds: err?.retryAfter ?? '?' });
  return text === key ? t('account.error_other', { message: err?.message ?? String(err) }) : text;
}
