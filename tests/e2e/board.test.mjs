// Every rule system played to the end in the browser by tapping the board, at a desktop window
// (1280x800, mouse) and an emulated touch phone (390x844): the base game, The Tower (a floor and
// a capture tapped on the board), Count/King/Cult with River II and the City (a follower into the
// market quarter, then the end-game market move tapped on a field) and The Castle (a scoring
// choice tapped on the board). Each game runs on its own server with a fixed seed against a
// scripted opponent that moves only when the test says, so both viewports play the same game.
// After every step no visible control may lie outside the window. The seeds were found with
// tools/find-seed.mjs, which plays the same choices without a browser.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, serverView, settled } from './helpers.mjs';
import { startServer, opponent, assertAllOnScreen, tapAt, press, panTo } from './board-play.mjs';

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  // The phone runs in Russian (the browser's language), so every string of the game screen is
  // checked to come from the catalogs.
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'ru-RU' },
};

// Alice's choices, by phase: a CSS selector of the board target to tap, or 'pass'.
const GAMES = {
  base: {
    seed: 11,
    room: { rules: 'carcassonne', options: { pile_limit: 10 } },
    follower: (turn) => turn % 2 === 0,
    decide: () => 'pass',
    expect: [],
  },
  tower: {
    seed: 7,
    room: { rules: 'carcassonne', expansions: { tower: true }, options: { pile_limit: 16 } },
    follower: () => false,
    floor: true,
    decide: (phase) => (phase === 'tower_capture' ? '.layer-spots .spot-capture' : 'pass'),
    expect: ['tower_capture'],
  },
  ckc: {
    seed: 11,
    room: { rules: 'carcassonne', expansions: { river2: true, count: true, king_robber: true, cult: true }, options: { pile_limit: 20 } },
    follower: () => false, // Alice scores nothing herself, so others' scorings offer her the City
    decide: (phase) => ({
      city_follower: '.layer-spots .spot-quarter[data-key="city_follower:::::market:"]',
      market_move: '.layer-spots .spot-market',
    }[phase] || 'pass'),
    expect: ['city_follower', 'market_move'],
  },
  castle: {
    seed: 19,
    room: { rules: 'castle', options: { pile_limit: 20 } },
    follower: () => true,
    // The extra-turn token: on the desktop tapped where it lies on the score board, on the phone
    // from the turn panel.
    decide: (phase, device) => ({ choose_scoring: '.layer-spots .spot-scoring', extra_turn: device === 'desktop' ? '.scoreboard .wall-chip.target' : '.token-action' }[phase] || 'pass'),
    expect: ['choose_scoring', 'extra_turn'],
  },
};

const gameState = (page, room) => page.evaluate((r) => {
  const s = window.carc.store.get(r);
  const g = s?.view?.game;
  return g ? { version: s.version, decider: g.decider, phase: g.phase, over: !!g.result } : null;
}, room);

// Alice lays her tile: the first highlighted square in reading order, a follower when `follower`,
// a tower floor when offered and `floor`, then Confirm.
async function placeTile(page, room, touch, { follower, floor, shotName, keyCheck, rotateTap }) {
  const before = (await gameState(page, room)).version;
  await page.waitForSelector('.layer-cells .legal-cell');
  const [x, y] = await page.$$eval('.layer-cells .legal-cell', (cells) => cells.map((c) => [Number(c.dataset.x), Number(c.dataset.y)])
    .sort((a, b) => (a[1] - b[1]) || (a[0] - b[0]))[0]);
  const square = `.layer-cells .legal-cell[data-x="${x}"][data-y="${y}"]`;
  await panTo(page, square); // a big board: pan to it, as a person would
  await tapAt(page, square, touch);
  await page.waitForSelector('#confirm:not([disabled])');
  if (keyCheck) {
    // Enter on the focused rotate button turns the tile; it does not confirm the placement.
    const rotation = await page.getAttribute('#hand-tile', 'data-rotation');
    await page.focus('#rotate-right');
    await page.keyboard.press('Enter');
    await page.waitForFunction((r) => document.querySelector('#hand-tile')?.dataset.rotation !== r, rotation);
    assert.equal((await gameState(page, room)).version, before, 'Enter on the rotate button sent nothing');
    await page.waitForSelector('#confirm:not([disabled])');
  }
  let rotated = false;
  if (rotateTap && (await page.textContent('.layer-cells .legal-cell.chosen text')).includes('↻')) {
    // A second tap on the tile being placed turns it.
    const rotation = await page.getAttribute('#hand-tile', 'data-rotation');
    await tapAt(page, '.layer-preview .tile', touch);
    await page.waitForFunction((r) => document.querySelector('#hand-tile')?.dataset.rotation !== r, rotation);
    await page.waitForSelector('#confirm:not([disabled])');
    rotated = true;
  }
  let chose = null;
  if (floor && await page.$('.layer-spots .spot-floor')) chose = '.layer-spots .spot-floor';
  else if (follower && await page.$('.layer-spots .spot-follower')) chose = '.layer-spots .spot-follower';
  // At a zoom where each target is big enough to tap, not all may be in view: pan to it.
  if (chose) await panTo(page, chose);
  if (chose) {
    await tapAt(page, chose, touch);
    await page.waitForSelector('.layer-spots .spot.selected');
    if (chose.includes('spot-follower')) await assertFeatureShown(page);
  }
  await assertAllOnScreen(page, 'tile chosen');
  if (shotName) await shot(page, shotName);
  await press(page, '#confirm', touch);
  await settled(page, room, before);
  return { chose, rotated };
}

// Alice decides: taps the target on the board, checks it is shown as chosen, then taps it again
// (desktop: the Confirm button) to send it; or taps Pass.
async function decide(page, room, touch, selector, shotName) {
  const before = (await gameState(page, room)).version;
  await page.waitForSelector('#decision-prompt');
  // An expansion's decision says why the rules offer it.
  const { phase } = await gameState(page, room);
  if (phase !== 'place_follower') assert.ok((await page.textContent('#decision-reason')).length > 40, `${phase}: the reason is given`);
  if (selector !== 'pass' && await page.$(selector)) {
    if (selector.includes('layer-spots')) await panTo(page, selector);
    if (selector === '.token-action' || selector.includes('wall-chip')) {
      if (shotName) await shot(page, shotName);
      await press(page, selector, touch);
      await settled(page, room, before);
      return true;
    }
    const key = await page.$eval(selector, (el) => el.dataset.key);
    await tapAt(page, selector, touch);
    await page.waitForSelector(`.layer-spots .spot.selected[data-key="${key}"]`);
    assert.match(await page.textContent('#decision-hint'), /\S/, 'the chosen move is described');
    if (selector.includes('spot-market')) await assertMarketFields(page, room);
    await assertAllOnScreen(page, 'target chosen');
    if (shotName) await shot(page, shotName);
    if (touch) await tapAt(page, `.layer-spots .spot[data-key="${key}"]`, touch); else await press(page, '#confirm', touch);
    await settled(page, room, before);
    return true;
  }
  await page.waitForSelector('#pass');
  await press(page, '#pass', touch);
  await settled(page, room, before);
  return false;
}

// A chosen follower spot outlines its whole feature on the board and the turn panel says who
// holds it and what it is worth now.
async function assertFeatureShown(page) {
  await page.waitForSelector('.layer-spots .feature-area path', { state: 'attached' });
  assert.match(await page.textContent('#feature-info'), /\d/, 'the feature is worth a number of points');
}

// The market move: one target per field (never two for the same field, none overlapping), each
// the field's own shape on every tile it covers; the chosen one says who holds it and its worth.
async function assertMarketFields(page, room) {
  const { targets, fields, parts, selectedParts } = await page.evaluate((r) => {
    const you = window.carc.store.get(r).view.you;
    const sel = document.querySelector('.layer-spots .spot-market.selected');
    const key = sel?.dataset.key;
    const feature = (you.features || []).find((f) => f.actions.some((i) => {
      const a = you.legal[i];
      return [a.type, a.segment, a.x, a.y, a.target, a.quarter, a.token].map((v) => (v === undefined ? '' : v)).join(':') === key;
    }));
    return {
      targets: document.querySelectorAll('.layer-spots .spot-market').length,
      fields: new Set((you.features || []).filter((f) => f.kind === 'field').map((f) => JSON.stringify(f.segments))).size,
      parts: feature ? feature.segments.length : -1,
      selectedParts: sel ? sel.querySelectorAll('.area path').length : 0,
    };
  }, room);
  assert.equal(targets, fields, 'one market target per field');
  // A field is tapped on its shape or on its tag (its worth), whichever is bigger; the fields are
  // framed together, so when one is smaller than a tap the board says so (a tap zooms in first).
  const { smallest, zoomsFirst } = await page.$eval('svg.board', (svg) => ({
    zoomsFirst: svg.classList.contains('small-targets'),
    smallest: Math.min(...[...svg.querySelectorAll('.layer-spots .spot-market')].map((e) => {
      const area = e.querySelector('.area').getBoundingClientRect();
      const tag = e.querySelector('.tag-hit').getBoundingClientRect();
      return Math.max(Math.min(area.width, area.height), Math.min(tag.width, tag.height));
    })),
  }));
  assert.ok(smallest >= 43.5 || zoomsFirst, `every field is at least a tap across, or a tap zooms in first (${smallest} px)`);
  assert.equal(selectedParts, parts, 'the chosen field is drawn on every tile it covers');
  assert.equal(await page.locator('.layer-spots .spot-market:not(.spot-area)').count(), 0, 'every market target is a field shape');
  assert.match(await page.textContent('#feature-info'), /\d/, 'the chosen field says what it is worth');
}

// Every text of the turn panel is in the page's language and no catalog key shows raw.
async function assertWorded(page, letters) {
  const texts = await page.evaluate(() => ({
    all: document.querySelector('.room').innerText,
    turn: document.querySelector('.hand h3')?.textContent || '',
    labels: [...document.querySelectorAll('.layer-spots .spot, .layer-cells .legal-cell')].map((s) => s.getAttribute('aria-label')),
  }));
  assert.doesNotMatch(texts.all, /\b(game|board)\.[a-z_]+/, 'no raw catalog keys on the screen');
  assert.doesNotMatch(texts.all, /\b(null|undefined|NaN)\b/, 'no null, undefined or NaN on the screen');
  for (const l of texts.labels) assert.doesNotMatch(l, /\b(game|board)\.[a-z_]+/, `no raw key in a target's label: ${l}`);
  assert.match(texts.turn, letters, `the turn panel speaks the page's language: ${texts.turn}`);
}

// Two fingers spreading on the board zoom in around them, one finger pans, and the fit button
// shows the whole board again (touch events through the DevTools protocol: Playwright's
// touchscreen has one finger).
async function pinchAndFit(page) {
  const width = () => page.evaluate(() => Number(document.querySelector('svg.board').getAttribute('viewBox').split(' ')[2]));
  const origin = () => page.evaluate(() => document.querySelector('svg.board').getAttribute('viewBox').split(' ').slice(0, 2).map(Number));
  const box = await page.evaluate(() => { const b = document.querySelector('svg.board').getBoundingClientRect(); return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; });
  const cdp = await page.context().newCDPSession(page);
  // Events carry their own times, 100 ms apart, and a drag rests before it lifts: no fling.
  let clock = Date.now() / 1000;
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', { type, timestamp: (clock += 0.1), touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  const before = await width();
  await touch('touchStart', [[box.x - 30, box.y], [box.x + 30, box.y]]);
  for (const d of [50, 70, 90, 110]) await touch('touchMove', [[box.x - d, box.y], [box.x + d, box.y]]);
  await touch('touchEnd', []);
  const zoomed = await width();
  assert.ok(zoomed < before * 0.5, `pinching out zooms in (${before} -> ${zoomed})`);
  const at = await origin();
  await touch('touchStart', [[box.x, box.y]]);
  for (const d of [10, 30, 60, 60, 60]) await touch('touchMove', [[box.x + d, box.y + d]]);
  clock += 0.5;
  await touch('touchMove', [[box.x + 60, box.y + 60]]);
  await touch('touchEnd', []);
  const moved = await origin();
  assert.ok(moved[0] < at[0] && moved[1] < at[1], 'one finger drags the board along');
  await press(page, '#zoom-fit', true);
  // The tap's click comes after the touch ends: wait for the view it brings.
  await page.waitForFunction((w) => Math.abs(Number(document.querySelector('svg.board').getAttribute('viewBox').split(' ')[2]) - w) < 1, before);
  await cdp.detach();
}

// The same game screen at window sizes from a small phone to a large desktop, landscape phones
// too: nothing off-screen, the board re-fits with a legal square in view, and no square drawn is
// too small to tap (a big board is shown around the squares and panned, never shrunk below it).
async function everyWindowSize(page) {
  const before = page.viewportSize();
  for (const [width, height] of [[360, 640], [640, 360], [768, 1024], [1024, 600], [1920, 1080], [2560, 1440]]) {
    await page.setViewportSize({ width, height });
    await page.waitForFunction(({ width }) => window.innerWidth === width, { width });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await assertAllOnScreen(page, `window ${width}x${height}`);
    await shot(page, `board-window-${width}x${height}`);
    const { inside, small } = await page.evaluate(() => {
      const box = document.querySelector('svg.board').getBoundingClientRect();
      const cells = [...document.querySelectorAll('.layer-cells .legal-cell rect')].map((r) => r.getBoundingClientRect());
      return {
        inside: cells.filter((b) => b.left >= box.left - 1 && b.top >= box.top - 1 && b.right <= box.right + 1 && b.bottom <= box.bottom + 1).length,
        small: cells.filter((b) => Math.min(b.width, b.height) < 43.5).length,
      };
    });
    assert.ok(inside > 0, `window ${width}x${height}: a legal square is in view`);
    assert.equal(small, 0, `window ${width}x${height}: no square is too small to tap`);
  }
  await page.setViewportSize(before);
}

async function playGame(browser, kind, device) {
  const spec = GAMES[kind];
  const touch = device === 'phone';
  const server = await startServer(spec.seed);
  const context = await browser.newContext(VIEWPORTS[device]);
  const errors = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    const bob = await opponent(await (await browser.newContext()).newPage(), server.url, 'Bob');
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => window.carc?.conn?.welcome);
    const room = await page.evaluate(async (settings) => (await window.carc.conn.request({ type: 'create_room', name: 'Board test', seats: 2, ...settings })).room, spec.room);
    await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    await bob.join(room, 1);
    await page.waitForSelector('#start:not([disabled])');
    await assertAllOnScreen(page, 'waiting room');
    await press(page, '#start', touch);
    await page.waitForSelector('svg.board .layer-tiles .tile');

    const seen = new Set();
    const done = new Set();
    let turn = 0;
    for (let step = 0; ; step++) {
      assert.ok(step < 400, 'the game ends');
      const st = await gameState(page, room);
      if (st.over) break;
      if (st.decider !== 0) {
        await bob.play(room, 1);
        const server = await serverView(page, room);
        if (server.game.result) { await page.waitForFunction((r) => window.carc.store.get(r)?.view?.game?.result, room); break; }
        await page.waitForFunction((r) => window.carc.store.get(r)?.view?.game?.decider === 0, room);
        continue;
      }
      await page.waitForFunction(() => document.querySelector('.hand')?.dataset.busy !== 'yes' && document.querySelector('.turn-banner.mine'));
      await assertAllOnScreen(page, `${kind} step ${step} (${st.phase})`);
      await assertWorded(page, device === 'phone' ? /[а-яё]/i : /[a-z]/i);
      seen.add(st.phase);
      if (st.phase === 'place_tile') {
        if (turn === 2 && kind === 'base' && device === 'desktop') await everyWindowSize(page);
        if (turn === 1 && kind === 'base' && device === 'phone') await pinchAndFit(page);
        const { chose, rotated } = await placeTile(page, room, touch, {
          follower: spec.follower(turn), floor: spec.floor, shotName: turn === 2 ? `board-${kind}-${device}-midgame` : null,
          keyCheck: kind === 'base' && device === 'desktop' && turn === 1,
          rotateTap: kind === 'base' && !done.has('rotate'),
        });
        if (rotated) done.add('rotate');
        if (chose?.includes('floor')) done.add('floor');
        turn++;
      } else {
        const selector = spec.decide(st.phase, device);
        if (await decide(page, room, touch, selector, done.has(st.phase) ? null : `board-${kind}-${device}-${st.phase}`)) done.add(st.phase);
      }
    }
    await page.waitForSelector('.end-dialog');
    await assertAllOnScreen(page, 'end of the game');
    await shot(page, `board-${kind}-${device}-end`);
    const view = await serverView(page, room);
    const totals = await page.$$eval('.end-dialog .total', (tds) => Object.fromEntries(tds.map((td) => [td.dataset.seat, Number(td.textContent)])));
    assert.deepEqual(Object.values(totals).sort(), view.game.result.scores.map(String).map(Number).sort(), 'the end scores are the server\'s');
    for (const phase of spec.expect) assert.ok(done.has(phase), `${kind}: Alice tapped a ${phase} choice (seen: ${[...seen].join(', ')})`);
    if (spec.floor) assert.ok(done.has('floor'), 'a tower floor was tapped');
    if (kind === 'base') assert.ok(done.has('rotate'), 'a second tap on the placed tile turned it');
    await press(page, '#close-results', touch);
    await assertAllOnScreen(page, 'board after the end');
    assert.deepEqual(errors, [], 'no script errors');
    return { turns: turn, seen: [...seen] };
  } finally {
    await context.close();
    await server.stop();
  }
}

for (const kind of Object.keys(GAMES)) {
  test(`${kind}: played to the end by tapping the board, desktop and phone`, { timeout: 240_000 }, async () => {
    const browser = await launch();
    try {
      const desktop = await playGame(browser, kind, 'desktop');
      const phone = await playGame(browser, kind, 'phone');
      console.log(`# ${kind}: ${desktop.turns} tiles laid by Alice; phases ${desktop.seen.join(', ')}`);
      assert.deepEqual(phone, desktop, 'the same seed and choices play the same game on both');
    } finally {
      await browser.close();
    }
  });
}
