// Shared helpers of the browser end-to-end tests: browser launch, polling, screenshots, the
// server's own view, and playing one decision the way a person would.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BASE = process.env.CARC_URL || 'http://127.0.0.1:8080';
const SHOTS = process.env.CARC_SCREENSHOTS || path.resolve(here, '../../build/e2e-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(SHOTS, { recursive: true });

// The accounts the tests make all have this password.
export const PASSWORD = 'correct horse battery';

// A new account `name` made over HTTP (not in a page) at the server `base`: its session token.
export async function signUpAccount(name, base = BASE) {
  const made = await fetch(`${base}/api/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD, want_token: true }),
  });
  assert.equal(made.status, 201, `signing up ${name}`);
  return (await made.json()).token;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

// Retries an async check until it passes (pages apply patches asynchronously).
export async function eventually(fn, what, timeout = 8000) {
  const until = Date.now() + timeout;
  for (;;) {
    try { return await fn(); } catch (e) {
      if (Date.now() > until) { e.message = `${what}: ${e.message}`; throw e; }
      await sleep(120);
    }
  }
}

// The server's own view of the room, from a fresh spectator connection opened inside `page`
// (independent of the page's app code).
export function serverView(page, room) {
  return page.evaluate(async (room) => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
    const msgs = [];
    const next = (pred) => new Promise((resolve, reject) => {
      const check = () => { const i = msgs.findIndex(pred); if (i >= 0) return resolve(msgs.splice(i, 1)[0]); setTimeout(check, 20); };
      setTimeout(() => reject(new Error('server did not answer')), 5000);
      check();
    });
    ws.onmessage = (e) => msgs.push(JSON.parse(e.data));
    await new Promise((r) => { ws.onopen = r; });
    ws.send(JSON.stringify({ type: 'hello', id: 1, protocol: 1, name: 'Observer' }));
    await next((m) => m.type === 'welcome');
    ws.send(JSON.stringify({ type: 'spectate', id: 2, room }));
    const snap = await next((m) => m.type === 'snapshot');
    ws.close();
    return snap.view;
  }, room);
}

export const waitHash = (page, prefix) => page.waitForFunction((p) => location.hash.startsWith(p), prefix, { timeout: 10000 });

export async function setName(page, name) {
  await page.fill('#my-name', name);
  await page.click('#rename');
  await page.waitForFunction((n) => window.carc?.conn?.welcome?.name === n, name);
  await eventually(async () => assert.equal(await page.inputValue('#my-name'), name), 'rename');
}

export const roomVersion = (page, room) => page.evaluate((r) => window.carc.store.get(r)?.version ?? -1, room);

// Unless the (first) element is in view and on top, drags the board (as a person pans) until
// its middle is in the middle of the board.
export async function panTo(page, selector) {
  const d = await page.evaluate((sel) => {
    const board = document.querySelector('svg.board').getBoundingClientRect();
    const el = document.querySelector(sel);
    const b = (el.querySelector('.hit, rect') || el).getBoundingClientRect();
    const cx = board.left + board.width / 2, cy = board.top + board.height / 2;
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    const top = document.elementFromPoint(x, y);
    const seen = x > board.left && x < board.right && y > board.top && y < board.bottom && top && el.contains(top);
    return { seen, cx, cy, dx: cx - x, dy: cy - y };
  }, selector);
  if (d.seen) return;
  await page.mouse.move(d.cx, d.cy);
  await page.mouse.down();
  for (const k of [0.25, 0.5, 0.75, 1]) await page.mouse.move(d.cx + d.dx * k, d.cy + d.dy * k);
  await page.mouse.up();
}

// Waits until the move sent from `page` came back as a new version and the hand is idle.
export async function settled(page, room, before) {
  await page.waitForFunction(({ r, v }) => (window.carc.store.get(r)?.version ?? -1) > v &&
    document.querySelector('.hand')?.dataset.busy !== 'yes', { r: room, v: before }, { timeout: 10000 });
}

// Plays one decision on `page`, whose turn it is: lays the drawn tile (mouse or keyboard, with
// a rotation and sometimes a follower), or, for any other decision, passes when it may (the Pass
// button or key X) and else takes the first target on the board (key 1, then Enter) or the turn
// panel's token button. `turn` varies the way of playing.
export async function playTurn(page, room, turn) {
  const before = await roomVersion(page, room);
  const what = await page.waitForSelector('#confirm, #decision-prompt', { timeout: 10000 });
  if ((await what.getAttribute('id')) !== 'confirm' && !(await page.$('.legal-cell'))) {
    if (await page.$('#pass')) {
      if (turn % 2 === 0) await page.keyboard.press('x'); else await page.click('#pass');
    } else if (await page.$('.layer-spots .spot')) {
      await page.keyboard.press('1');
      await page.waitForSelector('.layer-spots .spot.selected');
      await page.keyboard.press('Enter');
    } else {
      await page.click('.hand .token-action');
    }
    await settled(page, room, before);
    return;
  }
  await page.waitForSelector('.legal-cell', { timeout: 10000 });
  if (turn % 5 === 0) {
    // Mouse: fit the board, click a highlighted square, rotate with the button.
    await page.keyboard.press('0');
    await page.locator('.legal-cell').first().click();
    await page.waitForSelector('#confirm:not([disabled])');
    await page.click('#rotate-right');
    await page.locator('#rotate-right').blur(); // Enter on the focused button would turn the tile again
  } else {
    await page.keyboard.press('n'); // keyboard: next legal square
  }
  await page.waitForSelector('#confirm:not([disabled])');
  if (turn % 3 === 0 && await page.locator('.layer-spots .spot').count()) {
    if (turn % 2) {
      await panTo(page, '.layer-spots .spot');
      await page.locator('.layer-spots .spot').first().click();
    } else await page.keyboard.press('1');
    await page.waitForSelector('.layer-spots .spot.selected', { timeout: 5000 });
  }
  if (turn === 6) await shot(page, '04-placing-tile');
  if (turn % 2) await page.click('#confirm'); else await page.keyboard.press('Enter');
  await settled(page, room, before);
}

// The page whose player decides now, or null once the game is over (polls).
export function nextToPlay(players, watcher) {
  return eventually(async () => {
    if (await watcher.$('.end-dialog')) return null;
    for (const p of players) if (await p.$('.turn-banner.mine')) return p;
    throw new Error('nobody is to play');
  }, 'waiting for a turn', 15000);
}

// Headless Debian Chromium; `pages` gets one page per name, each logging its script errors.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// A browser with a profile in `dir` (not incognito: what installing an app needs); one context.
export async function launchProfile(dir, options = {}) {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, ...options });
}

export async function openPage(browser, name, errors) {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.on('pageerror', (e) => { errors.push(`${name}: ${e.message}`); console.log(`[${name}] page error: ${e.message}`); });
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('404')) console.log(`[${name}] ${m.type()}: ${m.text()}`); });
  return page;
}

// Opens the lobby as `name` and creates a room from the form: `fill(page)` sets its fields.
export async function createRoom(page, name, fill) {
  await page.goto(BASE + '/');
  await page.waitForSelector('#conn-status.conn-online');
  await setName(page, name);
  await fill(page);
  await page.click('#create-form button[type=submit]');
  await waitHash(page, '#/room/');
  return decodeURIComponent(page.url().split('#/room/')[1]);
}
