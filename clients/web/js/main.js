// Entry point: connects, loads the tile catalogue, and routes between the lobby (#/), a room
// (#/room/ID) and a replay (#/replay/ID).

import { Connection } from './net.js';
import { RoomStore } from './rooms.js';
import { renderLobby } from './lobby.js';
import { renderRoom } from './game.js';
import { renderReplay } from './replay.js';
import { toast } from './dom.js';
import { loadLanguage, initialLanguage } from './i18n.js';

const app = {
  conn: new Connection(),
  catalog: { tiles: [], byId: new Map(), byIndex: new Map() },
  navigate(hash) { if (location.hash === hash) route(); else location.hash = hash; },
};
app.store = new RoomStore(app.conn);
window.carc = app; // for debugging and the end-to-end tests

async function loadCatalog() {
  const r = await fetch('/api/tiles');
  if (!r.ok) throw new Error(`tile catalogue: HTTP ${r.status}`);
  const j = await r.json();
  const tiles = j.tiles || [];
  tiles.forEach((t, i) => { t.index ??= i; });
  app.catalog = { tiles, byId: new Map(tiles.map((t) => [t.id, t])), byIndex: new Map(tiles.map((t) => [t.index, t])) };
}

let cleanup = null;
function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  document.querySelector('.end-dialog')?.remove();
  const root = document.getElementById('app');
  const hash = location.hash || '#/';
  let m;
  if ((m = hash.match(/^#\/room\/([^/]+)$/))) cleanup = renderRoom(root, app, decodeURIComponent(m[1]));
  else if ((m = hash.match(/^#\/replay\/([^/]+)$/))) cleanup = renderReplay(root, app, decodeURIComponent(m[1]));
  else cleanup = renderLobby(root, app);
  document.body.dataset.route = hash.split('/')[1] || 'lobby';
}

function setupHeader() {
  const status = document.getElementById('conn-status');
  app.conn.addEventListener('status', (e) => {
    status.textContent = { online: 'online', connecting: 'connecting…', offline: 'offline' }[e.detail];
    status.className = `conn conn-${e.detail}`;
  });
  const input = document.getElementById('my-name');
  input.value = app.conn.name || suggestName();
  if (!app.conn.name) app.conn.name = input.value;
  app.conn.addEventListener('welcome', (e) => { input.value = e.detail.name; });
  document.getElementById('name-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (name && name !== app.conn.name) { app.conn.rename(name); toast(`You are now ${name}`); }
  });
  app.conn.addEventListener('server-error', (e) => toast(e.detail.message || e.detail.code, 'error'));
}

function suggestName() {
  const a = ['Brave', 'Clever', 'Quiet', 'Merry', 'Swift', 'Wise'], b = ['Monk', 'Knight', 'Farmer', 'Builder', 'Miller', 'Abbess'];
  return `${a[Math.floor(Math.random() * a.length)]} ${b[Math.floor(Math.random() * b.length)]}`;
}

setupHeader();
try { await loadLanguage(initialLanguage()); } catch (e) { console.warn('language', e); }
try { await loadCatalog(); } catch (e) { toast(e.message, 'error'); }
app.conn.connect();
window.addEventListener('hashchange', route);
route();
