// Helpers of the board tests (board.test.mjs): a carc-server of their own with a fixed seed (so
// every game is the same game), a scripted opponent on a plain WebSocket inside a page, tapping
// the board at the place of a target, and the check that no visible control is off-screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
export { panTo } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

// Starts carc-server (CARC_SERVER, else build/bin/carc-server) with `--fixed-seed seed`, on a
// port the kernel chooses; a restart takes the same port again (what a restart looks like to the
// clients). Ready is the process's own "event=listening" line, never an answer on the port: a
// port freed by a restart may be taken meanwhile by another test's server, and a client must not
// be sent to that one. `webRoot` serves another copy of the client; `extra`: more flags for the
// server (e.g. a short --grace).
export async function startServer(seed, { webRoot = path.join(repo, 'clients/web'), extra = [] } = {}) {
  const bin = process.env.CARC_SERVER || path.join(repo, 'build/bin/carc-server');
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-board-'));
  const spawnOn = (port) => new Promise((resolve, reject) => {
    const proc = spawn(bin, ['--bind', '127.0.0.1', '--port', String(port), '--data-dir', data, '--web-root', webRoot,
      '--bot-delay', '0', '--rate', '1000', '--burst', '1000', '--fixed-seed', String(seed), ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', stderr = '', up = false;
    proc.stdout.on('data', (d) => {
      if (up) return; // keep draining the log, so the server never blocks writing it
      out += d;
      const m = out.match(/event=listening .*? port=(\d+)/);
      if (m) { up = true; resolve({ proc, port: Number(m[1]) }); }
    });
    proc.stderr.on('data', (d) => { stderr += d; });
    proc.once('exit', (code) => { if (!up) reject(new Error(`carc-server exited (${code}) before listening: ${stderr}${out.slice(-2000)}`)); });
  });
  let { proc, port } = await spawnOn(0);
  const url = `http://127.0.0.1:${port}`;
  const start = async () => {
    // The old process's port may still be held by another test's short-lived server: try again.
    for (let attempt = 0; ; attempt++) {
      try { return (await spawnOn(port)).proc; } catch (e) {
        if (attempt >= 50) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const kill = async (proc) => {
    proc.kill();
    await new Promise((r) => (proc.exitCode !== null ? r() : proc.once('exit', r)));
  };
  return {
    url,
    data, // the data directory (carc-admin reaches the server through it)
    // The same port and data directory.
    async restart() {
      await kill(proc);
      proc = await start();
    },
    // Down until `resume`: the same port and data directory afterwards.
    async pause() {
      await kill(proc);
    },
    async resume() {
      proc = await start();
    },
    async stop() {
      await kill(proc);
      fs.rmSync(data, { recursive: true, force: true });
    },
  };
}

// The opponent: a second person on a raw WebSocket, run inside `page` (a page of the server's
// origin). It moves only when the test tells it to, and always the same way.
export async function opponent(page, url, name) {
  await page.goto(`${url}/healthz`);
  await page.evaluate(async ({ name }) => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
    const waiting = new Map();
    let id = 1;
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      const w = m.id !== undefined && waiting.get(m.id);
      if (w) { waiting.delete(m.id); (m.type === 'error' ? w.reject : w.resolve)(m); }
    };
    await new Promise((r) => { ws.onopen = r; });
    window.req = (msg) => new Promise((resolve, reject) => { const n = id++; waiting.set(n, { resolve, reject: (m) => reject(new Error(`${m.code}: ${m.message}`)) }); ws.send(JSON.stringify({ ...msg, id: n })); });
    await window.req({ type: 'hello', protocol: 1, name });
  }, { name });
  return scripted(page);
}

// Scripted moves through `window.req` of `page` (the opponent's WebSocket, or a page's own app
// connection: `window.req = (m) => window.carc.conn.request(m)`).
export function scripted(page) {
  return {
    join: (room, seat) => page.evaluate(({ room, seat }) => window.req({ type: 'join', room, seat }), { room, seat }),
    // Plays every decision of `seat` until another seat decides, or `turns` tiles are laid (a bot
    // that answers at once may hand the turn back before the next snapshot); returns how many
    // decisions it made. followers: put a follower on the tile just laid whenever one may go.
    play: (room, seat, { followers = true, turns = Infinity } = {}) => page.evaluate(async ({ room, seat, followers, turns }) => {
      let moves = 0;
      let tiles = 0;
      for (;;) {
        const snap = await window.req({ type: 'snapshot', room });
        const g = snap.view.game;
        if (!g || g.result || g.decider !== seat) return moves;
        if (g.phase === 'place_tile' && tiles++ >= (turns ?? Infinity)) return moves; // Infinity arrives as null
        let action;
        if (g.phase === 'place_tile') {
          const r = await window.req({ type: 'legal_placements', room });
          const p = r.placements[0];
          action = { type: 'place_tile', x: p.x, y: p.y, rotation: p.rotation };
        } else {
          const legal = snap.view.you.legal;
          const follower = legal.find((a) => a.type === 'place_follower');
          const pass = legal.find((a) => a.type === 'pass');
          if (g.phase === 'place_follower') action = (followers && follower) || pass || legal[0];
          else action = legal.find((a) => a.type !== 'pass') || pass;
        }
        await window.req({ type: 'action', room, version: snap.version, action });
        moves++;
      }
    }, { room, seat, followers, turns }),
  };
}

// Alice's page (browser context `options`) in a short game (10 tiles) against the scripted Bob,
// started and at her first turn.
export async function startAgainstBob(browser, server, options) {
  const page = await (await browser.newContext(options)).newPage();
  const bob = await opponent(await (await browser.newContext()).newPage(), server.url, 'Bob');
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => window.carc?.conn?.welcome);
  const room = await page.evaluate(async () => (await window.carc.conn.request({ type: 'create_room', name: 'Short game', seats: 2, rules: 'carcassonne', options: { pile_limit: 10 } })).room);
  await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
  await bob.join(room, 1);
  await press(page, '#start:not([disabled])', !!options.hasTouch);
  await page.waitForSelector('.turn-banner.mine');
  return { page, bob, room };
}

// Every visible control (buttons, links, fields, the board's targets) lies inside the window,
// and the page itself does not scroll. Controls clipped away by a scrolling panel are not visible.
export async function assertAllOnScreen(page, step) {
  const bad = await page.evaluate(() => {
    const vw = window.innerWidth, vh = window.innerHeight;
    const out = [];
    const root = document.scrollingElement;
    if (root.scrollWidth > vw + 1) out.push(`page is ${root.scrollWidth}px wide`);
    if (root.scrollHeight > vh + 1 && document.body.dataset.route === 'room') out.push(`page is ${root.scrollHeight}px tall`);
    const clipOf = (el) => {
      let r = { left: 0, top: 0, right: vw, bottom: vh };
      for (let p = el.parentElement; p; p = p.parentElement) {
        const st = getComputedStyle(p);
        if (st.overflow === 'visible' && st.overflowX === 'visible' && st.overflowY === 'visible') continue;
        if (p.tagName.toLowerCase() === 'svg') continue; // the board: its targets are checked against its box below
        const b = p.getBoundingClientRect();
        r = { left: Math.max(r.left, b.left), top: Math.max(r.top, b.top), right: Math.min(r.right, b.right), bottom: Math.min(r.bottom, b.bottom) };
      }
      return r;
    };
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, summary')) {
      const st = getComputedStyle(el);
      if (st.visibility === 'hidden' || st.display === 'none' || !el.getClientRects().length) continue;
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      const c = clipOf(el);
      const visible = b.right > c.left && b.left < c.right && b.bottom > c.top && b.top < c.bottom;
      if (!visible) continue;
      // Partly scrolled out of its panel is fine; poking out of the window is not.
      if (b.left < -1 || b.top < -1 || b.right > vw + 1 || b.bottom > vh + 1) {
        out.push(`${el.tagName.toLowerCase()}#${el.id || ''}.${el.className} "${(el.textContent || el.value || '').trim().slice(0, 30)}" at ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)}`);
      }
    }
    return out;
  });
  assert.deepEqual(bad, [], `${step}: controls off-screen in ${page.viewportSize().width}x${page.viewportSize().height}`);
}

// Where a tap on `selector` lands: its middle, else (a tile under follower spots) the point of it
// nearest the middle that nothing covers; in the page.
const tapPoint = (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const hit = el.querySelector('.hit, rect') || el;
  const b = hit.getBoundingClientRect();
  const points = [[0.5, 0.5]];
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) points.push([i / 8, j / 8]);
  points.sort((p, q) => Math.hypot(p[0] - 0.5, p[1] - 0.5) - Math.hypot(q[0] - 0.5, q[1] - 0.5));
  const on = ([i, j]) => { const top = document.elementFromPoint(b.left + b.width * i, b.top + b.height * j); return !!top && (el === top || el.contains(top)); };
  const [i, j] = points.find(on) || points[0];
  const x = b.left + b.width * i, y = b.top + b.height * j;
  const top = document.elementFromPoint(x, y);
  return { x, y, onTop: on([i, j]), w: window.innerWidth, h: window.innerHeight, cover: top ? `${top.tagName}.${top.getAttribute('class')}` : 'nothing' };
};

const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

// Taps (touch) or clicks (mouse) the middle of a board element, as a person would; the element
// must be in view and on top there. What the last tap changed may still be drawn (a chosen
// square's follower spots over its tile, the phone's sheet growing): the point is taken once it
// stays the same across two frames, as a person taps what has been shown.
export async function tapAt(page, selector, touch) {
  let box = await page.evaluate(tapPoint, selector);
  for (let tries = 0; tries < 20 && box; tries++) {
    await page.evaluate(twoFrames);
    const again = await page.evaluate(tapPoint, selector);
    const still = again && again.x === box.x && again.y === box.y && again.onTop === box.onTop;
    box = again;
    if (still) break;
  }
  assert.ok(box, `${selector} is on the page`);
  assert.ok(box.x >= 0 && box.y >= 0 && box.x <= box.w && box.y <= box.h, `${selector} is in view (${Math.round(box.x)},${Math.round(box.y)})`);
  assert.ok(box.onTop, `${selector} is not covered (by ${box.cover} at ${Math.round(box.x)},${Math.round(box.y)})`);
  if (touch) await page.touchscreen.tap(box.x, box.y); else await page.mouse.click(box.x, box.y);
}

export async function press(page, selector, touch) {
  if (touch) await page.tap(selector); else await page.click(selector);
}
