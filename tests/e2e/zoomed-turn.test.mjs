// A turn that begins while the player has zoomed in elsewhere: on a phone (390x844 English,
// 360x640 Russian) with 56 and more tiles on the board, Alice pinches in on the middle of the
// board, drags it to a corner with nothing to choose, and the opponent moves. When her turn
// begins her zoom is still hers, and a legal square's middle is on screen, uncovered, to tap.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, opponent, scripted } from './board-play.mjs';

const RUNS = [
  { locale: 'en-US', viewport: { width: 390, height: 844 } },
  { locale: 'ru-RU', viewport: { width: 360, height: 640 } },
];
const TILES = 56;

const viewBox = (page) => page.evaluate(() => document.querySelector('svg.board').getAttribute('viewBox').split(' ').map(Number));

// Touch input through the DevTools protocol: two fingers spreading, then one finger dragging.
async function touches(page, steps) {
  const cdp = await page.context().newCDPSession(page);
  let clock = Date.now() / 1000;
  for (const [type, points] of steps)
    await cdp.send('Input.dispatchTouchEvent', { type, timestamp: (clock += 0.1), touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  await cdp.detach();
}

// The legal squares whose middle is on screen and neither covered nor hidden (banner, buttons):
// a finger's tap (44 px) around it lands on the square.
const squaresToTap = (page) => page.evaluate(() => {
  const out = [];
  for (const c of document.querySelectorAll('.layer-cells .legal-cell')) {
    const b = c.querySelector('rect').getBoundingClientRect();
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    const finger = [[0, 0], [-22, 0], [22, 0], [0, -22], [0, 22]];
    // The turn banner lets taps through, but hides what lies under it.
    const banner = document.querySelector('.turn-banner')?.getBoundingClientRect();
    const under = (px, py) => !!banner && px >= banner.left && px <= banner.right && py >= banner.top && py <= banner.bottom;
    const on = ([dx, dy]) => { const top = document.elementFromPoint(x + dx, y + dy); return !!top && c.contains(top) && !under(x + dx, y + dy); };
    if (finger.every(on)) out.push(`${c.dataset.x},${c.dataset.y}`);
  }
  return out;
});

for (const { locale, viewport } of RUNS) {
  test(`a turn begins with a legal square to tap after the player's own zoom (${viewport.width}x${viewport.height}, ${locale})`, { timeout: 240_000 }, async () => {
    const server = await startServer(5);
    const browser = await launch();
    const errors = [];
    try {
      const context = await browser.newContext({ viewport, locale, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const bob = await opponent(await (await browser.newContext()).newPage(), server.url, 'Bob');
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => window.carc?.conn?.welcome);
      const room = await page.evaluate(async () => (await window.carc.conn.request({ type: 'create_room', name: 'Zoom', seats: 2, rules: 'carcassonne', options: {} })).room);
      await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
      await bob.join(room, 1);
      await page.tap('#start:not([disabled])');
      await page.waitForSelector('svg.board .layer-tiles .tile');
      // Alice's own moves through her page's connection, until the board is big.
      await page.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
      const alice = scripted(page);
      const tiles = () => page.evaluate((r) => window.carc.store.get(r)?.view?.game?.board?.length ?? 0, room);
      while ((await tiles()) < TILES) {
        await alice.play(room, 0, { followers: false });
        await bob.play(room, 1, { followers: false, turns: 1 });
      }
      await page.waitForSelector('.turn-banner.mine');
      await page.waitForSelector('.layer-cells .legal-cell');
      // Her pinch on the board's middle, then a drag towards a corner of the board.
      const box = await page.$eval('svg.board', (el) => { const b = el.getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2, w: b.width, h: b.height }; });
      const before = (await viewBox(page))[2];
      await touches(page, [
        ['touchStart', [[box.x - 30, box.y], [box.x + 30, box.y]]],
        ...[50, 70, 90].map((d) => ['touchMove', [[box.x - d, box.y], [box.x + d, box.y]]]),
        ['touchEnd', []],
      ]);
      const zoom = (await viewBox(page))[2];
      assert.ok(zoom < before * 0.8, `the pinch zoomed in (${before} -> ${zoom})`);
      // Drags until no legal square is left to tap (the board's corner where none lies).
      for (let i = 0; i < 6 && (await squaresToTap(page)).length; i++) {
        await touches(page, [
          ['touchStart', [[box.x - box.w * 0.3, box.y - box.h * 0.3]]],
          ...[0.2, 0.1, 0, -0.1, -0.2, -0.3].map((k) => ['touchMove', [[box.x - box.w * k, box.y - box.h * k]]]),
          ['touchEnd', []],
        ]);
      }
      assert.deepEqual(await squaresToTap(page), [], 'the drag left no legal square in view');
      const tilesBefore = await tiles();
      // Her move (as a script) and Bob's: her next turn begins.
      await alice.play(room, 0, { followers: false });
      await page.waitForSelector('.turn-banner:not(.mine)');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await bob.play(room, 1, { followers: false, turns: 1 });
      await page.waitForFunction((n) => document.querySelectorAll('.layer-tiles .tile').length >= n + 2, tilesBefore);
      await page.waitForSelector('.turn-banner.mine');
      await page.waitForSelector('.layer-cells .legal-cell');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await shot(page, `zoomed-turn-${viewport.width}x${viewport.height}-${locale}`);
      const w = (await viewBox(page))[2];
      assert.ok(Math.abs(w - zoom) < 0.5, `her zoom is kept (${zoom} -> ${w})`);
      const inView = await squaresToTap(page);
      const all = await page.$$eval('.layer-cells .legal-cell', (cs) => cs.length);
      assert.ok(inView.length > 0, `a legal square's middle is on screen to tap (0 of ${all}, ${await tiles()} tiles)`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
