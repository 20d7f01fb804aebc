// @ts-nocheck
// Web Push in the service worker (docs/accounts.md, Notices): imported by service-worker.js.
// A push is the server's JSON {title, body, url, tag, kind, game|from} (docs/protocol.md, "Web
// Push"); it shows as a notification in the language the page last chose (kept by the page in
// the cache 'carc-push', see js/account/web-push.js), worded from i18n/<language>/account.json,
// else as the server wrote it. A click focuses a tab already showing that game, else opens it.

const PUSH_CACHE = 'carc-push';
const LANGUAGE_KEY = 'push-language';

async function pushLanguage() {
  try {
    const cache = await caches.open(PUSH_CACHE);
    const stored = await cache.match(LANGUAGE_KEY);
    if (stored) return (await stored.text()).trim();
  } catch {
    // no cache: the browser's own language below
  }
  const base = String((self.navigator.languages || [])[0] || 'en')
    .toLowerCase()
    .split('-')[0];
  return base;
}

// The catalog's words for this push, or null (the server's English stays).
async function localText(message) {
  const language = await pushLanguage();
  if (language === 'en' || !/^[a-z]{2}$/.test(language)) return null;
  try {
    const res = await fetch(`i18n/${language}/account.json`);
    if (!res.ok) return null;
    const words = await res.json();
    const fill = (text, params) => String(text).replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));
    const kind = message.kind;
    const title = words[`push_title_${kind}`];
    const body = words[`push_body_${kind}`];
    if (!title || !body) return null;
    const params = { game: message.game ?? '', from: message.from ?? '' };
    return { title: fill(title, params), body: fill(body, params) };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message !== 'object') message = { title: 'Carcassonne', body: '', url: './' };
  event.waitUntil(
    (async () => {
      const local = await localText(message);
      await self.registration.showNotification(local?.title ?? message.title ?? 'Carcassonne', {
        body: local?.body ?? message.body ?? '',
        tag: message.tag,
        renotify: Boolean(message.tag),
        data: { url: message.url || './' },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || './', self.registration.scope).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab showing that game already: bring it forward.
      const same = tabs.find((tab) => tab.url === target);
      if (same) return same.focus();
      // A tab of ours on another page: show the game there.
      const ours = tabs.find((tab) => tab.url.startsWith(self.registration.scope));
      if (ours) {
        await ours.focus();
        return ours.navigate(target).catch(() => self.clients.openWindow(target));
      }
      return self.clients.openWindow(target);
    })(),
  );
});
