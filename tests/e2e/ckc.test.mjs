// River II, the City of Carcassonne with the Count, King & Robber Baron and the Cult in the
// browser, against a greedy bot in a short game: the City's 12 cells and the river source are
// laid before the first turn, the four quarters and the Count are drawn, and Alice plays every
// decision from the page (river tiles, followers now and then, City decisions from the offered
// buttons). Every few turns the page's board, followers, quarters, Count and King/Robber
// holders are compared with the server's own view.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, serverView, playTurn, nextToPlay, launch, openPage, createRoom, roomVersion, settled } from './helpers.mjs';

// What the page shows, read from the DOM only.
const pageState = (page) => page.evaluate(() => ({
  tiles: [...document.querySelectorAll('.layer-tiles .tile')].map((t) => `${t.dataset.x},${t.dataset.y},${t.dataset.tile}`).sort(),
  followers: document.querySelectorAll('.layer-followers .meeple').length,
  quarterFollowers: Object.fromEntries([...document.querySelectorAll('.layer-marks .quarter')].map((q) => [q.dataset.quarter, q.querySelectorAll('.meeple').length])),
  count: document.querySelector('.layer-marks .quarter .count-figure')?.closest('.quarter').dataset.quarter ?? null,
  king: [...document.querySelectorAll('.scoreboard .player')].findIndex((li) => li.querySelector('.token-king')),
  robber: [...document.querySelectorAll('.scoreboard .player')].findIndex((li) => li.querySelector('.token-robber')),
}));

function expected(view) {
  const g = view.game;
  const quarterFollowers = { cathedral: 0, castle: 0, blacksmith: 0, market: 0 };
  for (const f of g.followers) if (f.spot === 'quarter') quarterFollowers[f.quarter]++;
  return {
    tiles: g.board.map((t) => `${t.x},${t.y},${t.tile}`).sort(),
    followers: g.followers.filter((f) => f.spot !== 'quarter').length,
    quarterFollowers,
    count: g.count_quarter,
    king: g.king,
    robber: g.robber,
  };
}

test('River II, the Count, King & Robber and the Cult against a bot', { timeout: 300_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await openPage(browser, 'alice', errors);
    const room = await createRoom(alice, 'Alice', async (p) => {
      for (const e of ['river2', 'count', 'king_robber', 'cult']) await p.check(`#create-form input[name=exp-${e}]`);
      await p.selectOption('#create-form select[name=pile_limit]', process.env.CKC_PILE || '30');
      await p.selectOption('#create-form select[name=bot-1]', 'greedy');
    });
    await alice.click('#start');
    await alice.waitForSelector('svg.board .layer-tiles .tile');
    const first = await serverView(alice, room);
    assert.ok(first.game.board.some((t) => t.tile.startsWith('CO-')), 'the City is laid before the first turn');
    assert.ok(first.game.board.length >= 13, `the City's 12 cells and the river source (${first.game.board.length} tiles)`);
    await alice.waitForSelector('.layer-marks .quarter[data-quarter=market]');
    await eventually(async () => assert.deepEqual(await pageState(alice), expected(first)), 'the start is drawn');
    await shot(alice, '20-ckc-start');

    let turn = 0;
    const seen = new Set();
    let lake = false;
    for (let p; (p = await nextToPlay([alice], alice));) {
      if (turn % 4 === 0 || turn < 3) {
        // Alice decides now, so neither side moves on: compare the page with the server.
        await eventually(async () => assert.deepEqual(await pageState(alice), expected(await serverView(alice, room))), `turn ${turn}: the page matches the server`);
      }
      const phase = await alice.evaluate((r) => window.carc.store.get(r).view.game.phase, room);
      seen.add(phase);
      if (phase !== 'place_tile' && phase !== 'place_follower') {
        // A City decision: its targets on the board and its Pass are sentences, never raw action dumps.
        const labels = await alice.$$eval('.layer-spots .spot, #pass', (bs) => bs.map((b) => b.getAttribute('aria-label') || b.textContent));
        assert.ok(labels.length > 0, `choices for ${phase}`);
        for (const l of labels) assert.doesNotMatch(l, /[{}_]/, `a sentence: ${l}`);
        if (phase === 'redeploy') assert.ok(await alice.$('.layer-marks .redeploy-onto'), 'the feature to redeploy onto is highlighted');
        await shot(alice, `21-ckc-${phase}`);
      }
      if (phase === 'city_follower') {
        // Put a follower into the City (then the Count may move): the first offered choice.
        const before = await roomVersion(alice, room);
        await alice.locator('.layer-spots .spot-quarter').first().click();
        await alice.click('#confirm');
        await settled(alice, room, before);
      } else {
        // Alice places no followers on tiles (turn numbers that are multiples of 3 would): she
        // scores nothing herself, so completing the bot's features offers her the City.
        const drawn = await alice.evaluate((r) => window.carc.store.get(r).view.game.drawn_tile, room);
        await playTurn(alice, room, turn % 3 === 0 ? turn + 1 : turn);
        if (phase === 'place_tile' && drawn === 'R2-03') {
          // The lake: no follower step, Alice draws again at once.
          const g = await alice.evaluate((r) => window.carc.store.get(r).view.game, room);
          assert.equal(g.phase, 'place_tile', 'after the lake the same player lays a land tile');
          assert.equal(g.decider, 0);
          await alice.waitForSelector('.turn-banner.mine');
          lake = true;
        }
      }
      turn++;
      if (turn === 6) await shot(alice, '22-ckc-midgame');
    }
    const view = await serverView(alice, room);
    assert.equal(view.game.phase, 'game_over');
    await eventually(async () => assert.deepEqual(await pageState(alice), expected(view)), 'the end matches the server');
    await shot(alice, '23-ckc-end');

    // The replay's last frame shows the same board, City and scores.
    const record = await (await fetch(`${BASE}/api/games/${encodeURIComponent(room)}`)).json();
    assert.deepEqual(record.setup.map((t) => t.tile).sort(), first.game.board.map((t) => t.tile).sort(), 'the record has the setup tiles');
    await alice.goto(`${BASE}/#/replay/${encodeURIComponent(room)}`);
    await alice.waitForSelector('#replay-step');
    assert.equal(await alice.$$eval('.layer-tiles .tile', (t) => t.length), first.game.board.length, 'the replay starts with the City and the source');
    await alice.keyboard.press('End');
    await eventually(async () => {
      const shown = await pageState(alice);
      const want = expected(view);
      assert.deepEqual({ tiles: shown.tiles, count: shown.count, king: shown.king, robber: shown.robber },
        { tiles: want.tiles, count: want.count, king: want.king, robber: want.robber });
      assert.deepEqual(await alice.$$eval('.scoreboard .p-score', (s) => s.map((x) => Number(x.dataset.score))), view.game.result.scores);
    }, 'the replay ends as the game did');
    await shot(alice, '24-ckc-replay-end');
    const kinds = new Set(record.actions.flatMap((a) => a.events.map((e) => e.type)));
    console.log(`# events in the record: ${[...kinds].join(', ')}`);
    console.log(`# ${turn} decisions, phases seen: ${[...seen].join(', ')}; Alice laid the lake: ${lake}`);
    assert.ok(turn >= 10, `played ${turn} decisions`);
    assert.deepEqual(errors, [], 'no script errors on the page');
  } finally {
    await browser.close();
  }
});
