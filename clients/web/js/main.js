// @ts-check
// Entry point: loads the language and the tile catalogue, connects, and routes between the
// lobby (#/), My games (#/games), the account (#/account), the leaderboard (#/leaderboard/KEY), a
// player's profile (#/player/NAME), the tournaments (#/tournaments, #/tournament/ID), a room
// (#/room/ID), an invite link
// (#/invite/CODE) and a replay (#/replay/ID, at its last move, the final scores, with #/replay/ID/end;
// asking for its move review at once with #/replay/ID/review).

import { toggleHelp } from './help.js';
import { limitLength } from './text-limit.js';
import { Connection } from './net.js';
import { RoomStore } from './rooms.js';
import { renderLobby } from './lobby.js';
import { renderRoomEntry } from './room-entry.js';
import { renderReplay } from './replay.js';
import { toast } from './dom.js';
import { errorText } from './errors.js';
import { t, loadLanguage, initialLanguage, switchLanguage, language, onLanguageChange } from './i18n.js';
import { awareness } from './awareness.js';
import { account } from './account/account-state.js';
import { renderAccountScreen } from './account/account-screen.js';
import { renderRatingsScreen } from './ratings/ratings-screen.js';
import { renderTournamentsScreen } from './tournaments/tournaments-screen.js';
import { reportWatching } from './watching.js';
import { attachChallengeNotices } from './friends/challenge-notices.js';

/** @import { App, CatalogTile } from './types.js' */

const conn = new Connection();
/** @type {App} */
const app = {
  conn,
  store: new RoomStore(conn),
  catalog: { tiles: [], byId: new Map(), byIndex: new Map() },
  navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};
/** @type {any} */ (window).carc = app; // for debugging and the end-to-end tests

async function loadCatalog() {
  const r = await fetch('/api/tiles');
  if (!r.ok) throw new Error(t('common.catalog_failed', { status: r.status }));
  const j = await r.json();
  /** @type {CatalogTile[]} */
  const tiles = j.tiles || [];
  tiles.forEach((tile, i) => {
    tile.index ??= i;
  });
  app.catalog = {
    tiles,
    byId: new Map(tiles.map((tile) => [tile.id, tile])),
    byIndex: new Map(tiles.map((tile) => [tile.index, tile])),
  };
}

/** @type {(() => void) | null} */
let cleanup = null;
function route() {
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  awareness.leftRoom();
  const root = /** @type {HTMLElement} */ (document.getElementById('app'));
  const hash = location.hash || '#/';
  let m;
  if ((m = hash.match(/^#\/room\/([^/]+)$/))) cleanup = renderRoomEntry(root, app, { room: decodeURIComponent(m[1]) });
  else if ((m = hash.match(/^#\/invite\/([^/]+)$/)))
    cleanup = renderRoomEntry(root, app, { invite: decodeURIComponent(m[1]).toUpperCase() });
  else if ((m = hash.match(/^#\/replay\/([^/]+)(\/end|\/review)?$/)))
    cleanup = renderReplay(root, app, decodeURIComponent(m[1]), m[2] === '/end', m[2] === '/review');
  else if (hash === '#/games') cleanup = renderAccountScreen(root, app, 'games');
  else if (hash === '#/account') cleanup = renderAccountScreen(root, app, 'account');
  else if (hash === '#/tournaments') cleanup = renderTournamentsScreen(root, app, {});
  else if ((m = hash.match(/^#\/tournament\/([^/]+)$/)))
    cleanup = renderTournamentsScreen(root, app, { id: decodeURIComponent(m[1]) });
  else if ((m = hash.match(/^#\/leaderboard(?:\/([^/]+))?$/)))
    cleanup = renderRatingsScreen(root, app, { leaderboard: m[1] ? decodeURIComponent(m[1]) : undefined });
  else if ((m = hash.match(/^#\/player\/([^/]+)(?:\/vs\/([^/]+))?$/)))
    cleanup = renderRatingsScreen(root, app, {
      player: decodeURIComponent(m[1]),
      vs: m[2] ? decodeURIComponent(m[2]) : undefined,
    });
  else cleanup = renderLobby(root, app);
  document.body.dataset.route = hash.split('/')[1] || 'lobby';
}

// Static texts in index.html carry data-i18n (text) or data-i18n-attr ("attr:key;attr:key").
function translateStatic() {
  for (const el of document.querySelectorAll('[data-i18n]'))
    if (el instanceof HTMLElement) el.textContent = t(el.dataset.i18n ?? '');
  for (const el of document.querySelectorAll('[data-i18n-attr]')) {
    if (!(el instanceof HTMLElement)) continue;
    for (const pair of (el.dataset.i18nAttr ?? '').split(';')) {
      const [attr, key] = pair.split(':');
      el.setAttribute(attr, t(key));
    }
  }
  /** @type {HTMLSelectElement} */ (document.getElementById('language')).value = language();
  showStatus(app.conn.status);
  awareness.drawToggle();
}

/** @param {string} s */
function showStatus(s) {
  const status = /** @type {HTMLElement} */ (document.getElementById('conn-status'));
  status.textContent = t(`common.status_${s}`);
  status.className = `conn conn-${s}`;
}

function setupHeader() {
  const detail = (/** @type {Event} */ e) => /** @type {CustomEvent} */ (e).detail;
  app.conn.addEventListener('status', (e) => showStatus(detail(e)));
  const input = /** @type {HTMLInputElement} */ (document.getElementById('my-name'));
  limitLength(input, 32); // the server's name limit
  // A name typed and submitted before the app had loaded (index.html kept it) is sent now.
  const early = /** @type {any} */ (window).carcEarlyName;
  const form = /** @type {HTMLFormElement} */ (document.getElementById('name-form'));
  form.removeEventListener('submit', /** @type {any} */ (window).carcKeepName);
  if (early?.trim()) app.conn.name = [...early.trim()].slice(0, 32).join(''); // the first hello says it
  input.value = app.conn.name || suggestName();
  if (!app.conn.name) app.conn.name = input.value;
  app.conn.addEventListener('welcome', (e) => {
    input.value = detail(e).name;
    // Signed in, the account's name is the name: nothing to rename here.
    const signedIn = !!detail(e).account;
    input.readOnly = signedIn;
    document.getElementById('rename')?.toggleAttribute('hidden', signedIn);
  });
  document.getElementById('name-form')?.addEventListener('submit', (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) {
      // Nothing to rename to: say so and show the name that stays.
      input.value = app.conn.name;
      toast(t('common.name_blank', { name: app.conn.name }), 'error');
      return;
    }
    if (name !== app.conn.name) {
      app.conn.rename(name);
      toast(t('common.renamed', { name }));
    }
  });
  // The rules: those of the room on screen unfolded first.
  document.getElementById('help-toggle')?.addEventListener('click', () => {
    const m = location.hash.match(/^#\/room\/([^/]+)$/);
    const settings = m ? app.store.get(decodeURIComponent(m[1]))?.view?.room?.settings : null;
    if (settings?.rules === 'castle') return toggleHelp(['castle']);
    const on = Object.entries(settings?.expansions || {}).filter(([, v]) => v);
    toggleHelp(['base', ...on.map(([k]) => k)]);
  });
  const languageSwitch = /** @type {HTMLSelectElement} */ (document.getElementById('language'));
  languageSwitch.addEventListener('change', () => switchLanguage(languageSwitch.value));
  app.conn.addEventListener('server-error', (e) => toast(errorText(detail(e)), 'error'));
  awareness.setup(/** @type {HTMLElement} */ (document.getElementById('alerts-toggle')));
  // A new language: the header's texts, then the screen rebuilt from the stored rooms.
  onLanguageChange(() => {
    translateStatic();
    route();
  });
}

function suggestName() {
  const a = t('common.name_words_first').split(','),
    b = t('common.name_words_second').split(',');
  return `${a[Math.floor(Math.random() * a.length)]} ${b[Math.floor(Math.random() * b.length)]}`;
}

try {
  await loadLanguage(initialLanguage());
} catch (e) {
  console.warn('language', e);
}
translateStatic();
setupHeader();
try {
  await loadCatalog();
} catch (e) {
  toast(/** @type {Error} */ (e).message, 'error');
}
account.attach(app.conn);
reportWatching(app.conn);
attachChallengeNotices(app);
app.conn.connect();
window.addEventListener('hashchange', route);
route();
