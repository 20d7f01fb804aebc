// The installable app's service worker: the page's shell (its HTML, styles, scripts, texts and
// icons) is kept so the page opens without a network, and the server's answers never are.
// Every file is asked of the network first, so a new deploy is never hidden behind an old copy;
// the kept copy answers only when the network fails. Offline, the page then shows its outage
// banner and no board: rooms come only from the live connection.
importScripts('push-worker.js');

const SHELL_CACHE = 'carc-shell-1';
// The page; the page itself sends the list of the files it loaded.
const SHELL = ['/'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) => Promise.all(SHELL.map((u) => keepFromBrowserCache(cache, u)))),
  );
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // Older shells go; other caches (push-worker.js keeps the page's language) stay.
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('carc-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

// The server's live answers: the API, the WebSocket, the metrics and health probes.
function live(url) {
  return /^\/(api|ws|metrics|healthz)(\/|$)/.test(url.pathname);
}

function keepable(request) {
  const url = new URL(request.url);
  return request.method === 'GET' && url.origin === self.location.origin && !live(url);
}

// The copy the browser just loaded (its HTTP cache), not a second download.
async function keepFromBrowserCache(cache, url) {
  const response = await fetch(url, { cache: 'force-cache' });
  if (response.ok) await cache.put(url, response);
}

// The page lists the files it loaded before this worker controlled it; they are kept too.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep') return;
  const urls = event.data.urls.filter((u) => keepable(new Request(u)));
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => Promise.all(urls.map((u) => keepFromBrowserCache(cache, u).catch(() => undefined))))
      .then(() => event.ports[0]?.postMessage({ type: 'kept', count: urls.length })),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    // A page address (any #/ route is the same page) falls back to the kept page.
    if (request.mode === 'navigate') {
      const page = await cache.match('/', { ignoreVary: true });
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  if (!keepable(event.request)) return; // the browser asks the server itself
  event.respondWith(networkFirst(event.request));
});
