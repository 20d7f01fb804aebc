// End to end in headless Chromium: Alice creates a room, Bob joins it by invite code, Eve
// watches; Alice and Bob play the whole game by keyboard and mouse; every few turns what each
// page shows (scores, whose turn, tiles left, board) is checked against a snapshot taken from
// the server on a separate connection; Bob reloads mid-game and gets his seat back; the end
// dialog and a replay are checked. Screenshots go to build/e2e-screenshots/.
//
// CARC_URL (default http://127.0.0.1:8080) points at a running carc-server; run-e2e.sh starts one.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE = process.env.CARC_URL || 'http://127.0.0.1:8080';
const SHOTS = process.env.CARC_SCREENSHOTS || path.resolve(here, '../../build/e2e-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
fs.mkdirSync(SHOTS, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

// Retries an async check until it passes (pages apply patches asynchronously).
async function eventually(fn, what, timeout = 8000) {
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
function serverView(page, room) {
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

// What a page shows: scores by seat, whose turn, tiles left, tiles on the board.
function shown(page) {
  return page.evaluate(() => ({
    scores: [...document.querySelectorAll('.scoreboard .player')].map((li) => Number(li.querySelector('.p-score').dataset.score)),
    decider: Number(document.getElementById('turn-banner')?.dataset.decider),
    tilesLeft: Number(document.getElementById('tiles-left')?.dataset.n),
    boardTiles: document.querySelectorAll('.layer-tiles .tile').length,
    followers: document.querySelectorAll('.layer-followers .meeple').length,
  }));
}

async function checkAgainstServer(pages, observer, room) {
  const view = await serverView(observer, room);
  const g = view.game;
  for (const [name, page] of Object.entries(pages)) {
    await eventually(async () => {
      const s = await shown(page);
      assert.deepEqual(s.scores, g.players.map((p) => p.score), 'scores');
      assert.equal(s.tilesLeft, g.tiles_left, 'tiles left');
      assert.equal(s.boardTiles, g.board.length, 'tiles on the board');
      assert.equal(s.followers, g.followers.filter((f) => f.spot !== 'quarter').length, 'followers on the board');
      if (!g.result) assert.equal(s.decider, g.decider, 'whose turn');
    }, `${name}'s page against the server`);
  }
  return view;
}

const waitHash = (page, prefix) => page.waitForFunction((p) => location.hash.startsWith(p), prefix, { timeout: 10000 });

async function setName(page, name) {
  await page.fill('#my-name', name);
  await page.click('#rename');
  await page.waitForFunction((n) => window.carc?.conn?.welcome?.name === n, name);
  await eventually(async () => assert.equal(await page.inputValue('#my-name'), name), 'rename');
}

const roomVersion = (page, room) => page.evaluate((r) => window.carc.store.get(r)?.version ?? -1, room);

// Waits until the move sent from `page` came back as a new version and the hand is idle.
async function settled(page, room, before) {
  await page.waitForFunction(({ r, v }) => (window.carc.store.get(r)?.version ?? -1) > v &&
    document.querySelector('.hand')?.dataset.busy !== 'yes', { r: room, v: before }, { timeout: 10000 });
}

// Plays one decision on `page`, whose turn it is: lays the drawn tile (mouse or keyboard, with
// a rotation and sometimes a follower), or, for any other decision, takes the last offered
// choice (pass). `turn` varies the way of playing.
async function playTurn(page, room, turn) {
  const before = await roomVersion(page, room);
  const what = await page.waitForSelector('#confirm, .hand .choices.column button', { timeout: 10000 });
  if ((await what.getAttribute('id')) !== 'confirm') {
    await page.locator('.hand .choices.column button').last().click();
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
  } else {
    await page.keyboard.press('n'); // keyboard: next legal square
  }
  await page.waitForSelector('#confirm:not([disabled])');
  if (turn % 3 === 0 && await page.locator('.layer-spots .spot').count()) {
    if (turn % 2) await page.locator('.layer-spots .spot').first().click(); else await page.keyboard.press('1');
    await page.waitForSelector('.layer-spots .spot.selected', { timeout: 5000 });
  }
  if (turn === 6) await shot(page, '04-placing-tile');
  if (turn % 2) await page.click('#confirm'); else await page.keyboard.press('Enter');
  await settled(page, room, before);
}

// The page whose player decides now, or null once the game is over (polls).
function nextToPlay(players, watcher) {
  return eventually(async () => {
    if (await watcher.$('.end-dialog')) return null;
    for (const p of players) if (await p.$('.turn-banner.mine')) return p;
    throw new Error('nobody is to play');
  }, 'waiting for a turn', 15000);
}

test('two players play a full game while a third watches, then a replay', { timeout: 900_000 }, async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const all = {};
  try {
    const ctx = async () => (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const alice = await ctx(), bob = await ctx(), eve = await ctx();
    Object.assign(all, { alice, bob, eve });
    const errors = [];
    for (const [n, p] of Object.entries({ alice, bob, eve })) {
      p.on('pageerror', (e) => { errors.push(`${n}: ${e.message}`); console.log(`[${n}] page error: ${e.message}`); });
      p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${n}] ${m.type()}: ${m.text()}`); });
    }

    // Lobby: names, create, join by invite, watch.
    for (const [p, name] of [[alice, 'Alice'], [bob, 'Bob'], [eve, 'Eve']]) {
      await p.goto(BASE + '/');
      await p.waitForSelector('#conn-status.conn-online');
      await setName(p, name);
    }
    await alice.fill('#create-form input[name=name]', 'E2E table');
    await alice.selectOption('#create-form select[name=pile_limit]', '12'); // a short game
    await shot(alice, '01-lobby');
    await alice.click('#create-form button[type=submit]');
    await waitHash(alice, '#/room/');
    const room = decodeURIComponent(alice.url().split('#/room/')[1]);
    const invite = await alice.textContent('#invite');
    assert.ok(invite, 'invite code shown');

    await eventually(async () => assert.ok(await eve.$(`.room-card[data-room="${room}"]`)), 'room appears live in the lobby');
    await bob.fill('#invite-code', invite);
    await bob.click('.invite-form button');
    await waitHash(bob, '#/room/');
    await eve.click(`.room-card[data-room="${room}"] .btn-watch`);
    await waitHash(eve, '#/room/');
    await alice.waitForSelector('#start:not([disabled])');
    await shot(alice, '02-waiting-room');
    await alice.click('#start');

    for (const p of [alice, bob, eve]) await p.waitForSelector('svg.board .layer-tiles .tile');
    assert.ok(await eve.$('#spectator-badge'), 'Eve sees she is spectating');
    const pages = { alice, bob, eve };
    let view = await checkAgainstServer(pages, eve, room);
    assert.deepEqual(view.room.seats.map((s) => s.name), ['Alice', 'Bob']);
    await shot(alice, '03-game-start');

    // Play to the end.
    let turn = 0, reloaded = false;
    for (let p; (p = await nextToPlay([alice, bob], alice));) {
      assert.ok(turn < 100, 'the short game did not end');
      await playTurn(p, room, turn++);
      assert.equal(await eve.$('#confirm'), null, 'the spectator never gets controls');
      if (turn % 4 === 0) view = await checkAgainstServer(pages, eve, room);
      if (turn === 8) { await shot(alice, '05-midgame-alice'); await shot(eve, '06-midgame-spectator'); }
      if (turn === 5 && !reloaded) {
        // A reload reconnects with the stored token to the same seat.
        reloaded = true;
        await bob.reload();
        await bob.waitForSelector('#conn-status.conn-online');
        await bob.waitForSelector('.scoreboard .player.me[data-seat="1"]');
        view = await checkAgainstServer(pages, eve, room);
      }
    }

    // The end: every page shows the result and agrees with the server.
    view = await checkAgainstServer(pages, eve, room);
    assert.ok(view.game.result, 'the server says the game is over');
    for (const p of [alice, bob, eve]) {
      await p.waitForSelector('.end-dialog');
      const totals = await p.$$eval('.breakdown .total', (tds) => Object.fromEntries(tds.map((td) => [td.dataset.seat, Number(td.textContent)])));
      view.game.result.scores.forEach((s, seat) => assert.equal(totals[seat], s, `final score of seat ${seat}`));
      // The breakdown columns come from the server's result and add up to each total.
      const parts = await p.$$eval('.breakdown tbody tr', (trs) => trs.map((tr) => ({
        seat: Number(tr.querySelector('.total').dataset.seat),
        sum: [...tr.querySelectorAll('td[data-kind]')].reduce((a, td) => a + Number(td.textContent), 0) })));
      for (const { seat, sum } of parts) assert.equal(sum, view.game.result.scores[seat], `breakdown of seat ${seat}`);
      assert.deepEqual(view.game.result.breakdown.length, view.game.result.scores.length);
    }
    await shot(alice, '07-end-of-game');
    assert.ok(turn >= 10, `played ${turn} turns`);

    // Replay: step through the record, when the server keeps finished games (GET /api/games/ID).
    const record = await fetch(`${BASE}/api/games/${encodeURIComponent(room)}`);
    if (!record.ok || !(record.headers.get('content-type') || '').includes('json')) {
      console.log(`# replay skipped: GET /api/games/${room} answered ${record.status}`);
      assert.deepEqual(errors, [], 'no script errors on any page');
      return;
    }
    await eve.click('#open-replay');
    await eve.waitForSelector('#replay-step');
    await shot(eve, '08-replay-start');
    const step = async () => Number(await eve.getAttribute('#replay-step', 'data-step'));
    assert.equal(await step(), 0);
    const tilesAt0 = await eve.$$eval('.layer-tiles .tile', (t) => t.length);
    await eve.click('#replay-forward');
    await eve.click('#replay-forward');
    assert.equal(await step(), 2);
    await eve.keyboard.press('End');
    const last = await step();
    assert.ok(last >= turn, 'the replay has every move');
    assert.equal(await eve.$$eval('.layer-tiles .tile', (t) => t.length), view.game.board.length, 'the last frame shows the whole board');
    const replayScores = await eve.$$eval('.scoreboard .p-score', (s) => s.map((x) => Number(x.dataset.score)));
    assert.deepEqual(replayScores, view.game.result.scores, 'the replay ends on the final scores');
    await shot(eve, '09-replay-end');
    await eve.keyboard.press('ArrowLeft');
    assert.equal(await step(), last - 1);
    await eve.keyboard.press('Home');
    assert.equal(await eve.$$eval('.layer-tiles .tile', (t) => t.length), tilesAt0);

    assert.deepEqual(errors, [], 'no script errors on any page');
  } catch (err) {
    // Leave a picture of every page for the post-mortem.
    for (const [n, p] of Object.entries(all)) await shot(p, `failure-${n}`).catch(() => {});
    throw err;
  } finally {
    await browser.close();
  }
});
