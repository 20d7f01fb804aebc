// @ts-check
// Web Push to this device (docs/accounts.md, Notices): the browser subscribes with the server's
// VAPID key (GET /api/push/key) through the page's service worker, and the subscription is
// stored for this session (POST /api/push/subscriptions); turning it off unsubscribes the
// browser and removes it (DELETE). A push then reaches a phone whose page is closed;
// push-worker.js shows it. The worker words it in the page's language, which is kept for it in
// the cache 'carc-push'.

import { accountCall } from './api.js';
import { language } from '../i18n.js';

const SUBSCRIPTION_ID_KEY = 'carc.push.id';
const PUSH_CACHE = 'carc-push';

/** @type {Promise<string | null> | null} */
let keyAsked = null;

// Whether this browser can take pushes at all (service workers and the Push API, a secure page).
export function pushSupported() {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

// The server's VAPID public key, or null when it sends no pushes; asked once.
export function pushKey() {
  keyAsked ??= accountCall('GET', '/api/push/key')
    .then((answer) => answer.publicKey || null)
    .catch(() => null);
  return keyAsked;
}

/** @param {string} base64url */
function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function registration() {
  // The installable app's worker when the page registered it; this one imports push-worker.js too.
  return (await navigator.serviceWorker.getRegistration()) ?? navigator.serviceWorker.register('service-worker.js');
}

// The worker says a push in the language the page shows.
export async function keepPushLanguage() {
  if (typeof caches === 'undefined') return;
  try {
    await (await caches.open(PUSH_CACHE)).put('push-language', new Response(language()));
  } catch {
    // no cache storage (a private window): the worker uses the browser's language
  }
}

// Whether this browser has a subscription the server knows of (stored by this page).
export async function pushedHere() {
  if (!pushSupported() || !localStorage.getItem(SUBSCRIPTION_ID_KEY)) return false;
  const reg = await navigator.serviceWorker.getRegistration();
  return Boolean(await reg?.pushManager.getSubscription());
}

// Subscribes this browser and stores the subscription for this session. Rejects with the
// reason (permission refused, no key, the server's refusal).
export async function subscribeHere() {
  const key = await pushKey();
  if (!key) throw Object.assign(new Error('push_off'), { code: 'push_off' });
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw Object.assign(new Error('notify_blocked'), { code: 'notify_blocked' });
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const answer = await accountCall('POST', '/api/push/subscriptions', subscription.toJSON());
  localStorage.setItem(SUBSCRIPTION_ID_KEY, String(answer.id));
  await keepPushLanguage();
  return answer.id;
}

// Unsubscribes this browser and removes its subscription from the server.
export async function unsubscribeHere() {
  const id = localStorage.getItem(SUBSCRIPTION_ID_KEY);
  localStorage.removeItem(SUBSCRIPTION_ID_KEY);
  const reg = await navigator.serviceWorker.getRegistration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
  if (id) await accountCall('DELETE', `/api/push/subscriptions/${encodeURIComponent(id)}`).catch(() => {});
}
