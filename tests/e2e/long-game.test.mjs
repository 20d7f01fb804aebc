// A long game on a touch phone that is turned and resized as it goes (390x844, 360x640, 844x390,
// 1280x800): Alice taps every tile of hers against a scripted opponent until more than 40 tiles
// lie on the board. On every turn no tap target on the board (legal square, follower spot) is
// drawn under 44 CSS px, nothing is wider than the window, and a zoom Alice chose herself (a
// pinch) is still hers after the opponent's moves and after her follower choice.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, settled } from './helpers.mjs';
import { startServer, opponent, assertAllOnScreen, tapAt, press } from './board-play.mjs';

const SIZES = [
  [390, 844],
  [360, 640],
  [844, 390],
  [1280, 800],
];
const TILES = 46; // the pile: more than 40 tiles end on the board
const TAP = 44;

const viewBox = (page) => page.evaluate(() => document.querySelector('svg.board').getAttribute('viewBox').split(' ').map(Number));

// Every tap target of the board in view is at least TAP px across, unless the board says they
// are too small at this zoom (then a tap zooms in); returns how many were measured.
async function assertTargetsTappable(page, step) {
  const { small, sizes, vb, w } = await page.evaluate(async () => {
    const svg = document.querySelector('svg.board');
    // Measures a rendered frame: a panel that just changed height resizes the board, and until the
    // board's resize observer has run (before the next paint) the old viewBox is scaled to fit.
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const shape = () => `${JSON.stringify(svg.getBoundingClientRect())} ${svg.getAttribute('viewBox')}`;
    let seen = '';
    for (let i = 0; i < 20 && seen !== shape(); i++) {
      seen = shape();
      await frame();
    }
    const box = svg.getBoundingClientRect();
    const sizes = [];
    for (const el of svg.querySelectorAll('.layer-cells .legal-cell rect, .layer-spots .spot .hit')) {
      const b = el.getBoundingClientRect();
      if (b.right < box.left || b.left > box.right || b.bottom < box.top || b.top > box.bottom) continue;
      sizes.push([Math.round(Math.min(b.width, b.height) * 10) / 10, el.closest('.spot')?.dataset.key ?? 'square']);
    }
    return { small: svg.classList.contains('small-targets'), sizes, vb: svg.getAttribute('viewBox'), w: box.width };
  });
  assert.equal(small, false, `${step}: the board's targets are tappable at this zoom (${JSON.stringify({ sizes, vb, w })})`);
  const tiny = sizes.filter(([s]) => s < TAP - 0.5);
  assert.deepEqual(tiny, [], `${step}: tap targets under ${TAP} px`);
  return sizes.length;
}

// Nothing on the page is wider than the window.
async function assertFitsWidth(page, step) {
  const wide = await page.evaluate(() => {
    const vw = window.innerWidth;
    const out = [];
    if (document.scrollingElement.scrollWidth > vw + 1) out.push(`page ${document.scrollingElement.scrollWidth}px`);
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg')) continue;
      const b = el.getBoundingClientRect();
      if (b.width > vw + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(b.width)}px`);
    }
    return out.slice(0, 5);
  });
  assert.deepEqual(wide, [], `${step}: wider than the window`);
}

// The page at every size: nothing wider than the window, no control off-screen; back to the
// size it had.
async function atEverySize(page, step) {
  const before = page.viewportSize();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction((w) => window.innerWidth === w, width);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await assertFitsWidth(page, `${step} at ${width}x${height}`);
    if (width === 390 || width === 1280) await shot(page, `long-game-${step.replace(/\W+/g, '-')}-${width}x${height}`);
  }
  await page.setViewportSize(before);
}

// Two fingers spreading on the middle of the board (touch events through the DevTools protocol).
async function pinchOut(page, around) {
  const box = await page.evaluate((sel) => {
    const b = document.querySelector(sel).getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  }, around);
  const cdp = await page.context().newCDPSession(page);
  let clock = Date.now() / 1000;
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, timestamp: (clock += 0.1), touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  await touch('touchStart', [[box.x - 30, box.y], [box.x + 30, box.y]]);
  for (const d of [40, 50, 60]) await touch('touchMove', [[box.x - d, box.y], [box.x + d, box.y]]);
  await touch('touchEnd', []);
  await cdp.detach();
}

// A legal square whose middle is in the window and not covered (the one nearest the board's
// middle), as a person would pick one in view.
const squareInView = (page) => page.evaluate(() => {
  const svg = document.querySelector('svg.board').getBoundingClientRect();
  const mid = { x: svg.left + svg.width / 2, y: svg.top + svg.height / 2 };
  let best = null;
  for (const c of document.querySelectorAll('.layer-cells .legal-cell')) {
    const b = c.querySelector('rect').getBoundingClientRect();
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    const top = document.elementFromPoint(x, y);
    if (!top || !c.contains(top)) continue;
    const d = Math.hypot(x - mid.x, y - mid.y);
    if (!best || d < best.d) best = { d, sel: `.layer-cells .legal-cell[data-x="${c.dataset.x}"][data-y="${c.dataset.y}"]` };
  }
  return best?.sel ?? null;
});

test('a long game on a turning phone: targets stay tappable, widths fit, the zoom stays the player\'s', { timeout: 300_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  const errors = [];
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const bob = await opponent(await (await browser.newContext()).newPage(), server.url, 'Bob');
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => window.carc?.conn?.welcome);
    const room = await page.evaluate(async (pile) => (await window.carc.conn.request({ type: 'create_room', name: 'Long game', seats: 2, rules: 'carcassonne', options: { pile_limit: pile } })).room, TILES);
    await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    await page.waitForSelector('.waiting-room .seat');
    await atEverySize(page, 'waiting room');
    await bob.join(room, 1);
    await page.waitForSelector('#start:not([disabled])');
    await press(page, '#start', true);
    await page.waitForSelector('svg.board .layer-tiles .tile');

    let turn = 0;
    let measured = 0;
    let pinched = null; // the view width Alice's pinch chose, while she keeps it
    let sizeIndex = 0;
    let landscapeSeen = false;
    for (let step = 0; step < 200; step++) {
      const g = await page.evaluate((r) => window.carc.store.get(r)?.view?.game, room);
      if (g.result) break;
      if (g.decider !== 0) {
        await bob.play(room, 1);
        await page.waitForFunction((r) => { const g = window.carc.store.get(r)?.view?.game; return g?.result || g?.decider === 0; }, room);
        continue;
      }
      await page.waitForFunction(() => document.querySelector('.hand')?.dataset.busy !== 'yes' && document.querySelector('.turn-banner.mine'));
      if (g.phase !== 'place_tile') {
        const before = await page.evaluate((r) => window.carc.store.get(r).version, room);
        await press(page, '#pass', true);
        await settled(page, room, before);
        continue;
      }
      // A new window size every few turns; Alice pinches once on each.
      const want = Math.min(SIZES.length - 1, Math.floor(turn / 6));
      if (want !== sizeIndex || turn === 0) {
        sizeIndex = want;
        const [width, height] = SIZES[want];
        await page.setViewportSize({ width, height });
        await page.waitForFunction((w) => window.innerWidth === w, width);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        pinched = null;
      }
      const size = SIZES[sizeIndex].join('x');
      const tiles = await page.locator('.layer-tiles .tile').count();
      const where = `${size}, turn ${turn}, ${tiles} tiles`;
      if (pinched !== null) assert.ok(Math.abs((await viewBox(page))[2] - pinched) < 0.5, `${where}: the zoom Alice chose is kept after the opponent's moves`);
      if (size === '844x390' && !landscapeSeen) {
        // A landscape phone gives the board the whole height, and the Log tab opens at the
        // newest line.
        landscapeSeen = true;
        const board = await page.$eval('svg.board', (el) => el.getBoundingClientRect().height);
        assert.ok(board >= 385, `${where}: the board takes the height (${board} of 390 px)`);
        await press(page, '.sheet-tab[data-tab="log"]', true);
        const newest = await page.$eval('.log li:last-child', (li) => {
          const b = li.getBoundingClientRect(), s = li.closest('.sheet').getBoundingClientRect();
          return b.top >= s.top - 1 && b.bottom <= s.bottom + 1;
        });
        assert.ok(newest, `${where}: the Log tab shows its newest line`);
        await shot(page, 'long-game-log-844x390');
        await press(page, '.sheet-tab[data-tab="turn"]', true);
      }
      await assertAllOnScreen(page, where);
      await assertFitsWidth(page, where);
      measured += await assertTargetsTappable(page, `${where}, squares`);
      if (turn % 6 === 2 && (await viewBox(page))[2] < 400) pinched = (await viewBox(page))[2]; // zoomed in already
      else if (turn % 6 === 2) {
        const before = (await viewBox(page))[2];
        await pinchOut(page, `${await squareInView(page)} rect`);
        pinched = (await viewBox(page))[2];
        assert.ok(pinched < before * 0.9, `${where}: the pinch zoomed in (${before} -> ${pinched})`);
        measured += await assertTargetsTappable(page, `${where}, after the pinch`);
      }

      const before = await page.evaluate((r) => window.carc.store.get(r).version, room);
      const square = await squareInView(page);
      assert.ok(square, `${where}: a legal square is in view`);
      await tapAt(page, square, true);
      await page.waitForSelector('#confirm:not([disabled])');
      measured += await assertTargetsTappable(page, `${where}, square chosen`);
      if (turn % 2 === 0 && (await page.$('.layer-spots .spot-follower'))) {
        await tapAt(page, '.layer-spots .spot-follower', true);
        await page.waitForSelector('.layer-spots .spot.selected');
        measured += await assertTargetsTappable(page, `${where}, follower chosen`);
      }
      if (turn % 6 === 3) await shot(page, `long-game-${size}`);
      await press(page, '#confirm', true);
      await settled(page, room, before);
      if (pinched !== null) assert.ok(Math.abs((await viewBox(page))[2] - pinched) < 0.5, `${where}: the zoom Alice chose is back after her move`);
      turn++;
    }
    await page.waitForSelector('.end-dialog .total');
    await atEverySize(page, 'end of the game');
    // Each player's total is in view (not scrolled away) at the narrowest size.
    await page.setViewportSize({ width: 360, height: 640 });
    const cut = await page.$$eval('.end-dialog .total', (tds) => tds.filter((td) => td.getBoundingClientRect().right > window.innerWidth).length);
    assert.equal(cut, 0, 'every total is on the screen');
    const tiles = await page.locator('.layer-tiles .tile').count();
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('.game-row .game-players');
    await atEverySize(page, 'finished games');
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      const names = await page.$eval('.game-row .game-players', (el) => el.getBoundingClientRect().width / el.closest('.game-row').getBoundingClientRect().width);
      assert.ok(names > 0.5, `${width}x${height}: the finished game's players take the row's width (${names})`);
    }
    assert.ok(tiles > 40, `more than 40 tiles were laid (${tiles})`);
    console.log(`# long game: ${turn} tiles laid by Alice, ${tiles} on the board, ${measured} tap targets measured`);
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await browser.close();
    await server.stop();
  }
});
