// The end-game market move on a phone (390x844 English, 360x640 Russian) and the desktop
// (1280x800): Count, King & Robber, Cult and River II, played by script to Alice's market move
// with some twenty fields to choose from. The board frames every candidate field together, each
// marker clear of the turn banner and the zoom buttons, each with a tag showing its worth in its
// holder's colour and saying both in words (its title); a tap on a field's tag chooses that field.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, opponent, tapAt } from './board-play.mjs';

const RUNS = [
  { locale: 'en-US', viewport: { width: 390, height: 844 }, touch: true, free: 'free' },
  { locale: 'ru-RU', viewport: { width: 360, height: 640 }, touch: true, free: 'ничьё' },
  { locale: 'en-US', viewport: { width: 1280, height: 800 }, touch: false, free: 'free' },
];
// This seed's game (Bob lays the first legal placement and a follower whenever he may, Alice the
// first placement, no follower, and her City follower into the market) ends in her market move.
const SEED = 2;
const ROOM = { rules: 'carcassonne', expansions: { river2: true, count: true, king_robber: true, cult: true }, options: { pile_limit: 20 } };

// Plays both seats until Alice (seat 0) is to make her market move; `req` sends as that seat.
async function playToMarket(page, bobPage, room) {
  for (let n = 0; n < 2000; n++) {
    const g = (await page.evaluate((r) => window.req({ type: 'snapshot', room: r }), room)).view.game;
    if (g.result) throw new Error('the game ended without a market move');
    const who = g.decider === 0 ? page : bobPage;
    const done = await who.evaluate(async ({ room, seat }) => {
      const snap = await window.req({ type: 'snapshot', room });
      const g = snap.view.game;
      const legal = snap.view.you.legal;
      const pass = legal.find((a) => a.type === 'pass');
      let action;
      if (g.phase === 'place_tile') {
        const p = (await window.req({ type: 'legal_placements', room })).placements[0];
        action = { type: 'place_tile', x: p.x, y: p.y, rotation: p.rotation };
      } else if (seat === 1) action = (g.phase === 'place_follower' ? legal.find((a) => a.type === 'place_follower') : legal.find((a) => a.type !== 'pass')) || pass || legal[0];
      else if (g.phase === 'market_move') return true;
      else if (g.phase === 'city_follower') action = legal.find((a) => a.quarter === 'market') || pass;
      else action = pass || legal[0];
      await window.req({ type: 'action', room, version: snap.version, action });
      return false;
    }, { room, seat: g.decider });
    if (done) return;
  }
  throw new Error('no market move');
}

for (const { locale, viewport, touch, free } of RUNS) {
  test(`the market move frames every field with its holder and worth (${viewport.width}x${viewport.height}, ${locale})`, { timeout: 180_000 }, async () => {
    const server = await startServer(SEED);
    const browser = await launch();
    const errors = [];
    try {
      const context = await browser.newContext({ viewport, locale, isMobile: touch, hasTouch: touch, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const bobPage = await (await browser.newContext()).newPage();
      const bob = await opponent(bobPage, server.url, 'Bob');
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => window.carc?.conn?.welcome);
      await page.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
      const room = await page.evaluate(async (spec) => (await window.req({ type: 'create_room', name: 'Market', seats: 2, ...spec })).room, ROOM);
      await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
      await bob.join(room, 1);
      await page.waitForSelector('#start:not([disabled])');
      await page.evaluate((r) => window.req({ type: 'start', room: r }), room);
      await playToMarket(page, bobPage, room);
      await page.waitForSelector('.layer-spots .spot-market');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await shot(page, `market-${viewport.width}x${viewport.height}-${locale}`);

      const fields = await page.evaluate((r) => {
        const you = window.carc.store.get(r).view.you;
        const names = { 0: window.carc.conn.welcome.name, 1: 'Bob' };
        const out = new Map();
        for (const f of you.features || []) {
          if (f.kind !== 'field') continue;
          out.set(JSON.stringify(f.segments), { points: f.points, holders: f.followers.map((n, s) => (n > 0 ? names[s] : null)).filter(Boolean) });
        }
        return [...out.values()];
      }, room);
      assert.ok(fields.length >= 15, `some twenty fields to choose from (${fields.length})`);
      const seen = await page.evaluate(() => {
        const banner = document.querySelector('.turn-banner')?.getBoundingClientRect();
        const svg = document.querySelector('svg.board').getBoundingClientRect();
        return [...document.querySelectorAll('.layer-spots .spot-market')].map((el) => {
          const dot = el.querySelector('.dot, .meeple')?.getBoundingClientRect();
          const x = dot ? dot.left + dot.width / 2 : NaN, y = dot ? dot.top + dot.height / 2 : NaN;
          const underBanner = !!banner && x >= banner.left && x <= banner.right && y >= banner.top && y <= banner.bottom;
          const top = document.elementFromPoint(x, y);
          return {
            key: el.dataset.key,
            tag: `${el.querySelector('.spot-tag title')?.textContent ?? ''} [${el.querySelector('.spot-tag text')?.textContent ?? ''}]`,
            onScreen: x >= svg.left && x <= svg.right && y >= svg.top && y <= svg.bottom && !underBanner && !!top && !top.closest('button'),
          };
        });
      });
      assert.equal(seen.length, fields.length, 'one target per field');
      const off = seen.filter((s) => !s.onScreen);
      assert.deepEqual(off.map((s) => s.key), [], `every field's marker is on screen together (${off.length} of ${seen.length} are not)`);
      // Every field's holder and worth, as the server counts them, on its tag.
      const tags = seen.map((s) => s.tag).sort();
      const want = fields.map((f) => ({ who: f.holders.length ? f.holders : [free], points: f.points }));
      for (const f of want) {
        const i = tags.findIndex((t) => f.who.every((w) => t.includes(w)) && t.includes(`· ${f.points} `) && t.endsWith(`[${f.points}]`));
        assert.ok(i >= 0, `a tag says ${f.who.join(', ')} and ${f.points}: ${JSON.stringify(tags)}`);
        tags.splice(i, 1);
      }
      // A tap on a field's tag chooses that field (one whose tag is a tap across: tags too close
      // to tell apart zoom in on the first tap).
      const pick = await page.evaluate(() => [...document.querySelectorAll('.layer-spots .spot-market')]
        .filter((el) => el.querySelector('.tag-hit').getBoundingClientRect().width >= 43.5).pop()?.dataset.key);
      assert.ok(pick, 'some field has a tag a tap across');
      await tapAt(page, `.layer-spots .spot-market[data-key="${pick}"] .spot-tag`, touch);
      await page.waitForSelector(`.layer-spots .spot-market.selected[data-key="${pick}"]`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
