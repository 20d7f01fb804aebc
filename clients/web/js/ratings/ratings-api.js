// @ts-check
// The ratings' reads over HTTP (docs/protocol.md, "Ratings"): a player's profile and a
// leaderboard. A refusal rejects with an Error carrying the server's `code` and HTTP `status`.

/**
 * @param {string} path
 * @returns {Promise<any>}
 */
async function getJson(path) {
  const res = await fetch(path, { credentials: 'same-origin' });
  const body = await res.json().catch(() => ({}));
  if (res.ok) return body;
  throw Object.assign(new Error(body.message || `HTTP ${res.status}`), { code: body.error, status: res.status });
}

/**
 * @param {string} name
 * @param {string} [vs] an opponent's name, for the head-to-head
 */
export function fetchProfile(name, vs) {
  const query = vs ? `?vs=${encodeURIComponent(vs)}` : '';
  return getJson(`/api/players/${encodeURIComponent(name)}${query}`);
}

/** @param {string} rules a rating key */
export function fetchLeaderboard(rules) {
  return getJson(`/api/leaderboard?rules=${encodeURIComponent(rules)}`);
}

// The rating keys offered in the leaderboard's choice (docs/ratings.md, "Rating keys").
export const COMMON_KEYS = ['carcassonne', 'carcassonne+tower', 'carcassonne+ckc', 'carcassonne+tower+ckc', 'castle'];
