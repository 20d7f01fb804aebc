// @ts-check
// Words a server `error` in the reader's language from its `code` and `params`
// (docs/protocol.md, "Errors"); the server's English `message` is the last resort.

import { t } from './i18n.js';

const known = (key, params) => {
  const s = t(key, params);
  return s === key ? null : s;
};

export function errorText(err) {
  if (!err) return '';
  const code = err.code;
  const params = { ...(err.params || {}) };
  if (err.rule && !params.rule) params.rule = err.rule;
  if (params.seat !== undefined) params.seat_number = Number(params.seat) + 1;
  if (params.field) params.field_name = known(`errors.field.${params.field}`) ?? params.field;
  let text = null;
  if (code === 'illegal_action' && params.rule) text = known(`errors.rule.${params.rule}`, params);
  if (!text && params.reason) text = known(`errors.${code}.${params.reason}`, params);
  if (!text && code === 'bad_field' && params.field) text = known(`errors.bad_field.${params.field}`, params);
  if (!text && code) text = known(`errors.${code}`, params);
  // Codes from clients or the network itself ("closed", "offline") have words too.
  return text ?? err.message ?? String(code ?? '');
}
