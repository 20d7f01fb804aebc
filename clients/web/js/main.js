// @ts-check
// Entry point: loads the language, connects, and routes between the
// lobby (#/), My games (#/games), the account (#/account), the leaderboard (#/leaderboard/KEY), a
// player's profile (#/player/NAME), the tournaments (#/tournaments, #/tournament/ID), a room
// (#/room/ID), an invite link
// (#/invite/CODE) and a replay (#/replay/ID, at its last move, the final scores, with #/replay/ID/end;
// asking for its move review at once with #/replay/ID/review); the tile catalogue comes with the
// first screen that draws tiles.

import { limitLength } from './text-limit.js';
import { Connection } from './net.js';
import { RoomStore } from './rooms.js';
import { renderLobby } from './lobby.js';
import { toast } from './dom.js';
import { errorText } from './errors.js';
import { t, loadLanguage, initialLanguage, switchLanguage, language, onLanguageChange } from './i18n.js';
import { awareness } from './awareness.js';
import { account } from './account/account-state.js';
import { reportWatching } from './watching.js';
import { attachChallengeNotices } from './friends/challenge-notices.js';
import { installShell } from './app-shell.js';

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

// The tile catalogue, fetched once, when the first screen that draws tiles opens (the lobby
// draws none); a failed fetch is tried again by the next screen that needs it.
/** @type {Promise<void> | null} */
let catalogLoad = null;
function ensureCatalog() {
  catalogLoad ??= loadCatalog().catch((e) => {
    catalogLoad = null;
    throw e;
  });
  return catalogLoad;
}

// A style sheet only some screens use, added to the page the first time one opens.
/** @param {string} href */
function styleSheet(href) {
  if (document.querySelector(`link[rel=stylesheet][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.onload = link.onerror = () => resolve(undefined);
    document.head.append(link);
  });
}
const ratingsScreen = () =>
  Promise.all([import('./ratings/ratings-screen.js'), styleSheet('ratings.css')]).then(([s]) => s);
const tournamentsScreen = () =>
  Promise.all([import('./tournaments/tournaments-screen.js'), styleSheet('ratings.css')]).then(([s]) => s);

// Every screen but the lobby is a module of its own, loaded when it is first opened, so a first
// visit downloads only the lobby's code. `needsTiles`: the screen draws the board.
/** @typedef {(root: HTMLElement) => (() => void) | void} Screen */
/**
 * @param {string} hash
 * @returns {{ needsTiles?: boolean, load: () => Promise<Screen> } | null} null for the lobby
 */
function screenFor(hash) {
  let m;
  if ((m = hash.match(/^#\/room\/([^/]+)$/))) {
    const room = decodeURIComponent(m[1]);
    return {
      needsTiles: true,
      load: () => import('./room-entry.js').then((s) => (root) => s.renderRoomEntry(root, app, { room })),
    };
  }
  if ((m = hash.match(/^#\/invite\/([^/]+)$/))) {
    const invite = decodeURIComponent(m[1]).toUpperCase();
    return {
      needsTiles: true,
      load: () => import('./room-entry.js').then((s) => (root) => s.renderRoomEntry(root, app, { invite })),
    };
  }
  if ((m = hash.match(/^#\/replay\/([^/]+)(\/end|\/review)?$/))) {
    const [id, end, review] = [decodeURIComponent(m[1]), m[2] === '/end', m[2] === '/review'];
    return {
      needsTiles: true,
      load: () => import('./replay.js').then((s) => (root) => s.renderReplay(root, app, id, end, review)),
    };
  }
  if (hash === '#/games' || hash === '#/account') {
    const which = hash === '#/games' ? 'games' : 'account';
    return {
      load: () => import('./account/account-screen.js').then((s) => (root) => s.renderAccountScreen(root, app, which)),
    };
  }
  if (hash === '#/tournaments')
    return {
      load: () => tournamentsScreen().then((s) => (root) => s.renderTournamentsScreen(root, app, {})),
    };
  if ((m = hash.match(/^#\/tournament\/([^/]+)$/))) {
    const id = decodeURIComponent(m[1]);
    return {
      load: () => tournamentsScreen().then((s) => (root) => s.renderTournamentsScreen(root, app, { id })),
    };
  }
  if ((m = hash.match(/^#\/leaderboard(?:\/([^/]+))?$/))) {
    const leaderboard = m[1] ? decodeURIComponent(m[1]) : undefined;
    return {
      load: () => ratingsScreen().then((s) => (root) => s.renderRatingsScreen(root, app, { leaderboard })),
    };
  }
  if ((m = hash.match(/^#\/player\/([^/]+)(?:\/vs\/([^/]+))?$/))) {
    const what = { player: decodeURIComponent(m[1]), vs: m[2] ? decodeURIComponent(m[2]) : undefined };
    return {
      load: () => ratingsScreen().then((s) => (root) => s.renderRatingsScreen(root, app, what)),
    };
  }
  return null;
}

/** @type {(() => void) | null} */
let cleanup = null;
let routeCount = 0; // a screen still loading when another route began is not shown
function route() {
  if (cleanup) {
    cleanup();
    cleanup = null;
  }
  awareness.leftRoom();
  const root = /** @type {HTMLElement} */ (document.getElementById('app'));
  const hash = location.hash || '#/';
  document.body.dataset.route = hash.split('/')[1] || 'lobby';
  const screen = screenFor(hash);
  const seq = ++routeCount;
  if (!screen) {
    cleanup = renderLobby(root, app);
    return;
  }
  Promise.all([screen.load(), screen.needsTiles ? ensureCatalog() : null]).then(
    ([render]) => {
      if (seq === routeCount) cleanup = render(root) || null;
    },
    (e) => {
      if (seq !== routeCount) return;
      // The server out of reach: the outage banner says so; the screen opens once it answers.
      if (e instanceof TypeError)
        app.conn.addEventListener('welcome', () => seq === routeCount && route(), { once: true });
      else toast(/** @type {Error} */ (e).message, 'error');
    },
  );
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
  const outage = /** @type {HTMLElement} */ (document.getElementById('outage'));
  app.conn.addEventListener('status', (e) => {
    showStatus(detail(e));
    // Shown once a connection has failed (not before the first try), until one is made.
    if (detail(e) !== 'connecting') outage.hidden = detail(e) !== 'offline';
  });
  if (app.conn.retry > 0) outage.hidden = false; // the first connection failed before this
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
  document.getElementById('help-toggle')?.addEventListener('click', async () => {
    const { toggleHelp } = await import('./help.js');
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

// The socket opens while the language loads; its hello waits for the header (the name).
const ready = loadLanguage(initialLanguage())
  .catch((e) => console.warn('language', e))
  .then(() => {
    translateStatic();
    setupHeader();
  });
app.conn.connect(ready);
await ready;
account.attach(app.conn);
reportWatching(app.conn);
attachChallengeNotices(app);
window.addEventListener('hashchange', route);
route();
/** @type {any} */ (window).carcShell = installShell();
