// Web Push in Chromium (docs/accounts.md, Notices), against a carc-server of this test's own
// (--vapid-subject, --allow-private-push) and a push service this test runs on loopback.
//
// Real: the page's switch "Push to this device" (its service worker registered, the permission
// asked, PushManager.subscribe called with the server's VAPID key), the subscription stored for
// the session, the server pushing on a turn of a turn-based game against a bot (encrypted,
// signed, POSTed to the push service), the message decrypted here by npm's http_ece with the
// subscription's private key, and the service worker (push-worker.js) showing it as a
// notification, in English and, once the page keeps Russian for it, in Russian.
// Simulated: Chromium's PushManager.subscribe registers with Google's push service, which a
// test cannot reach; an init script makes it return a subscription whose endpoint is this test's
// push service and whose keys this test made. And the push service's delivery to the browser:
// the decrypted message is handed to the service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage), as Chromium does with what Google delivers.
//
// Checked: one push when the turn comes to a player whose page is closed, none while the
// player watches the game, and a push service's 410 removes the subscription.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { eventually, launch, playTurn } from './helpers.mjs';

const require = createRequire(import.meta.url);
const ece = require('http_ece');
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const PASSWORD = 'correct horse battery';
const DAY_S = 24 * 3600;

// A push service: keeps each POST (path, headers, body) and answers 201, or the status set.
async function startPushService() {
  const requests = [];
  const statuses = new Map();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(req.url) ?? 201).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, requests, statuses, close: () => new Promise((r) => server.close(r)) };
}

// carc-server with Web Push on; ready on its own "event=listening" line.
async function startServer() {
  const bin = process.env.CARC_SERVER || path.join(repo, 'build/bin/carc-server');
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-push-'));
  // A bot that waits 3 s before its move: time for the page to close after the player's move.
  const args = ['--bind', '127.0.0.1', '--port', '0', '--data-dir', data, '--web-root', path.join(repo, 'clients/web'),
    '--bot-delay', '3000', '--vapid-subject', 'mailto:e2e@example.org', '--allow-private-push'];
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const port = await new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/event=listening .*? port=(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    proc.once('exit', (code) => reject(new Error(`carc-server exited (${code}): ${out.slice(-2000)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => out,
    async stop() {
      proc.kill();
      await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

// Plays the player's whole turn on `page` (every decision until the turn banner is no longer theirs).
async function playWholeTurn(page, room) {
  await page.waitForSelector('.turn-banner.mine', { timeout: 20000 });
  for (let step = 0; (await page.$('.turn-banner.mine')) && step < 6; step++) await playTurn(page, room, 1 + step * 2);
}

test('Web Push: subscribed from the settings, one push per turn to a closed page, none while watching, 410 removes it',
  { timeout: 240_000 }, async () => {
    const service = await startPushService();
    const server = await startServer();
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.grantPermissions(['notifications'], { origin: server.url });
      // The browser's keys for this subscription, made here so that this test can decrypt.
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${service.origin}/push/phone`;
      await context.addInitScript(({ endpoint, p256dh, auth }) => {
        // Simulated: PushManager.subscribe without Google's push service (see the top).
        const made = () => ({
          endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => (localStorage.removeItem('test.subscribed'), true),
        });
        PushManager.prototype.subscribe = async function (options) {
          const key = new Uint8Array(options.applicationServerKey);
          localStorage.setItem('test.key', btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
          localStorage.setItem('test.subscribed', 'yes');
          return made();
        };
        PushManager.prototype.getSubscription = async function () {
          return localStorage.getItem('test.subscribed') ? made() : null;
        };
      }, { endpoint, p256dh: receiver.getPublicKey().toString('base64url'), auth: auth.toString('base64url') });

      let page = await context.newPage();
      await page.goto(server.url + '/');
      const status = await page.evaluate(async (password) => (await fetch('/api/accounts', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Pia', password }),
      })).status, PASSWORD);
      assert.equal(status, 201);
      await page.reload();
      await page.waitForSelector('body[data-account="in"]');
      await page.evaluate(() => {
        location.hash = '#/account';
      });
      await page.waitForSelector('#push-here-label:not([hidden])');
      await page.click('#push-here');
      await eventually(async () => assert.equal(await page.isChecked('#push-here'), true), 'the switch on');
      const mine = await eventually(async () => {
        const answer = await page.evaluate(async () => (await fetch('/api/push/subscriptions')).json());
        assert.equal(answer.subscriptions.length, 1);
        return answer.subscriptions[0];
      }, 'the subscription stored');
      assert.equal(mine.this_device, true);
      assert.equal(mine.service, service.origin);
      const serverKey = await page.evaluate(async () => (await (await fetch('/api/push/key')).json()).publicKey);
      assert.equal(await page.evaluate(() => localStorage.getItem('test.key')), serverKey, 'subscribed with the VAPID key');
      // The service worker that will show pushes is registered.
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.equal(scope, server.url + '/');

      // A turn-based game against a bot; the player moves first, watching: no push.
      await page.goto(server.url + '/#/');
      await page.click('#tab-rooms');
      await page.waitForSelector('#create-form');
      await page.selectOption('#move-time', String(DAY_S));
      await page.selectOption('#create-form select[name="bot-1"]', 'random');
      await page.click('#create-form button[type=submit]');
      await page.waitForFunction(() => location.hash.startsWith('#/room/'));
      const room = decodeURIComponent(page.url().split('#/room/')[1]);
      await page.click('#start');
      await playWholeTurn(page, room);
      // The page closes while the bot thinks: the turn comes back to a player not watching.
      await page.close();
      await eventually(async () => assert.equal(service.requests.length, 1), 'the push for the turn', 30000);
      const pushed = service.requests[0];
      assert.equal(pushed.path, '/push/phone');
      assert.equal(pushed.headers['content-encoding'], 'aes128gcm');
      assert.match(pushed.headers.authorization, new RegExp(`^vapid t=[^,]+, k=${serverKey}$`));
      const message = JSON.parse(ece.decrypt(pushed.body, { version: 'aes128gcm', privateKey: receiver, authSecret: auth }).toString());
      assert.equal(message.kind, 'your_turn');
      assert.equal(message.url, `/#/room/${room}`);
      assert.equal(message.tag, `room-${room}`);

      // The service worker shows it (delivered as Chromium delivers what a push service sends).
      page = await context.newPage();
      await page.goto(server.url + '/#/games');
      const cdp = await context.newCDPSession(page);
      const registration = new Promise((resolve) => cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === server.url + '/' && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }));
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url + '/', registrationId: await registration, data: JSON.stringify(message),
      });
      const shown = await eventually(async () => {
        const list = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
          .map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })));
        assert.equal(list.length, 1);
        return list[0];
      }, 'the notification shown');
      assert.deepEqual(shown, { title: 'Your turn', body: message.body, tag: `room-${room}`, url: `/#/room/${room}` });
      assert.match(shown.body, /^Your turn in /);
      // In the language the page keeps for the worker: Russian words from i18n/ru/account.json.
      await page.evaluate(async () => (await caches.open('carc-push')).put('push-language', new Response('ru')));
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url + '/', registrationId: await registration, data: JSON.stringify(message),
      });
      await eventually(async () => {
        const list = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications())
          .map((n) => ({ title: n.title, body: n.body })));
        assert.deepEqual(list, [{ title: 'Ваш ход', body: `Ваш ход в игре ${message.game}` }]);
      }, 'the notification in Russian, in the place of the English one');

      // Watching the game when the bot's move brings the turn back: no push.
      await page.goto(`${server.url}/#/room/${encodeURIComponent(room)}`);
      await playWholeTurn(page, room);
      await page.waitForSelector('.turn-banner.mine', { timeout: 30000 });
      // The push service now says the subscription is gone; the next turn, page closed, removes it.
      service.statuses.set('/push/phone', 410);
      const checker = await context.newPage();
      await checker.goto(server.url + '/#/games');
      await playWholeTurn(page, room);
      await page.close();
      await eventually(async () => {
        const answer = await checker.evaluate(async () => (await fetch('/api/push/subscriptions')).json());
        assert.deepEqual(answer.subscriptions, []);
      }, 'the subscription removed after 410', 30000);
      // Two pushes in all: the first turn's and the 410's; none while watching.
      assert.equal(service.requests.length, 2);
      assert.match(server.log(), /event=push_subscription_gone .*status=410/);
    } finally {
      await browser.close();
      await server.stop();
      await service.close();
    }
  });
