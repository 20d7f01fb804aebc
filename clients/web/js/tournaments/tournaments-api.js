// @ts-check
// The tournaments' HTTP API (docs/protocol.md, "Tournaments"). A refusal rejects with an Error
// carrying the server's `code` and HTTP `status`.

/**
 * @param {string} path
 * @param {any} [body] sent as JSON with POST when given
 * @returns {Promise<any>}
 */
async function call(path, body) {
  const init =
    body === undefined
      ? { credentials: /** @type {RequestCredentials} */ ('same-origin') }
      : {
          method: 'POST',
          credentials: /** @type {RequestCredentials} */ ('same-origin'),
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        };
  const res = await fetch(path, init);
  const answer = await res.json().catch(() => ({}));
  if (res.ok) return answer;
  throw Object.assign(new Error(answer.message || `HTTP ${res.status}`), { code: answer.error, status: res.status });
}

export const listTournaments = () => call('/api/tournaments');
/** @param {string} id */
export const fetchTournament = (id) => call(`/api/tournaments/${encodeURIComponent(id)}`);
/** @param {any} fields name, format, rounds or table_size, game, starts_at_ms */
export const createTournament = (fields) => call('/api/tournaments', fields);
/**
 * @param {string} id
 * @param {'join' | 'withdraw' | 'start'} what
 */
export const tournamentAction = (id, what) => call(`/api/tournaments/${encodeURIComponent(id)}/${what}`, {});
