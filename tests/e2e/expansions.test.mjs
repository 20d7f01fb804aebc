// The Tower and The Castle in the browser, each against a greedy bot in a short game:
// - Tower: Alice plays until a tower floor is offered, adds it (and captures when she can),
//   and the page shows the tower's new height as the server says.
// - Castle: the walled board is drawn (wall with its track, 14 towers, 13 face-down tokens,
//   the score markers, the 7 starting spaces as tiles), and Alice plays her turns, taking every
//   Castle decision (scoring order, extra turn) from the offered buttons, to the end.
import test from 'node:test';
import assert from 'node:assert/strict';
import { shot, eventually, serverView, playTurn, nextToPlay, launch, openPage, createRoom, roomVersion, settled, panTo } from './helpers.mjs';

async function startRoom(page, name, fill) {
  const room = await createRoom(page, name, async (p) => { await fill(p); await p.selectOption('#create-form select[name=bot-1]', 'greedy'); });
  await page.click('#start');
  await page.waitForSelector('svg.board .layer-tiles .tile');
  return room;
}

// Lays the drawn tile somewhere and adds a tower floor if that is offered; true when it did.
async function tryTowerTurn(page, room) {
  const before = await roomVersion(page, room);
  await page.waitForSelector('.legal-cell', { timeout: 10000 });
  await page.keyboard.press('n');
  await page.waitForSelector('#confirm:not([disabled])');
  const floor = page.locator('.layer-spots .spot-floor');
  if (!(await floor.count())) return false;
  // A floor may go on any tower on the board, so the first one offered may be out of view.
  await panTo(page, '.layer-spots .spot-floor');
  await floor.first().click();
  await page.waitForSelector('.layer-spots .spot-floor.selected');
  await page.click('#confirm');
  await settled(page, room, before);
  return true;
}

test('The Tower: a floor is added from the browser and drawn', { timeout: 300_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await openPage(browser, 'alice', errors);
    let done = false;
    // A foundation tile is almost sure to come in 30 tiles; a game without one is replayed.
    for (let game = 0; game < 3 && !done; ++game) {
      const room = await startRoom(alice, 'Alice', async (p) => {
        await p.check('#create-form input[name=exp-tower]');
        await p.selectOption('#create-form select[name=pile_limit]', '30');
      });
      let turn = 0;
      for (let p; !done && (p = await nextToPlay([alice], alice));) {
        const placing = await alice.$('#confirm');
        if (placing && await tryTowerTurn(alice, room)) {
          done = true;
          // The capture decision follows when a follower is in reach: capture it or pass.
          const view = await alice.evaluate((r) => window.carc.store.get(r).view, room);
          if (view.game.phase === 'tower_capture' && view.game.decider === 0) {
            const before = await roomVersion(alice, room);
            const capture = alice.locator('.layer-spots .spot-capture');
            if (await capture.count()) {
              await panTo(alice, '.layer-spots .spot-capture');
              await capture.first().click();
              await alice.click('#confirm');
            } else {
              await alice.click('#pass');
            }
            await settled(alice, room, before);
          }
          const server = await serverView(alice, room);
          assert.ok(server.game.board.some((t) => t.height > 0), 'the server has a tower with a floor');
          // The bot may add floors meanwhile: compare the drawing with the view the page holds at
          // the same instant, not with the server's view read earlier.
          await eventually(async () => {
            const { shown, held } = await alice.evaluate((r) => ({
              shown: [...document.querySelectorAll('.layer-marks .tower .tower-height')].map((t) => Number(t.textContent)),
              held: window.carc.store.get(r).view.game.board.filter((t) => t.height > 0).map((t) => t.height),
            }), room);
            const sorted = (xs) => [...xs].sort((a, b) => a - b);
            assert.ok(held.length > 0, 'the page holds a tower with a floor');
            assert.deepEqual(sorted(shown), sorted(held), 'every tower drawn at the height the page holds');
          }, 'tower drawn');
          assert.ok(await alice.$$eval('.log li', (lis) => lis.some((li) => li.textContent.includes('tower floor'))), 'the log tells');
          await shot(alice, '10-tower-floor');
        } else if (!placing || !done) {
          if (placing) {
            // tryTowerTurn chose a square but no floor was offered: confirm the tile as it is.
            const before = await roomVersion(alice, room);
            await alice.click('#confirm');
            await settled(alice, room, before);
          } else {
            await playTurn(alice, room, turn);
          }
        }
        turn++;
      }
      if (!done) await alice.goto('about:blank');
    }
    assert.ok(done, 'a tower floor was offered and added');
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await browser.close();
  }
});

test('The Castle: the walled board is drawn and a short game is played', { timeout: 300_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await openPage(browser, 'alice', errors);
    const room = await startRoom(alice, 'Alice', async (p) => {
      await p.selectOption('#create-form select[name=rules]', 'castle');
      await p.selectOption('#create-form select[name=pile_limit]', '12');
    });
    const start = await serverView(alice, room);
    const c = start.game.castle;
    assert.equal(await alice.locator('.castle-board .castle-tower').count(), c.board.wall.filter((w) => w.tower).length);
    assert.equal(await alice.locator('.castle-board .castle-wall, .castle-board .castle-start, .castle-board .castle-tower').count(), c.board.wall.length);
    assert.equal(await alice.locator('.castle-board .castle-ground').count(), c.board.interior.length);
    assert.equal(await alice.locator('.castle-board .wall-token').count(), c.towers_with_token.length);
    assert.equal(await alice.locator('.castle-board .score-marker').count(), 2);
    assert.equal(await alice.locator('.layer-tiles .tile').count(), start.game.board.length, 'starting spaces drawn as tiles');
    await shot(alice, '11-castle-start');

    let turn = 0;
    for (let p; (p = await nextToPlay([alice], alice));) {
      assert.ok(turn < 60, 'the short Castle game did not end');
      await playTurn(p, room, turn++);
    }
    const end = await serverView(alice, room);
    assert.ok(end.game.result, 'the game is over');
    assert.ok(end.game.board.length > start.game.board.length, 'tiles were laid');
    await eventually(async () => {
      const markers = await alice.$$eval('.score-marker', (m) => m.map((x) => Number(x.dataset.position)));
      assert.deepEqual(markers, end.game.players.map((q) => q.score % 100), 'score markers on the track');
      assert.equal(await alice.locator('.castle-board .wall-token').count(), end.game.castle.towers_with_token.length);
    }, 'the track agrees with the server');
    await alice.click('#close-results');
    await shot(alice, '12-castle-end');
    assert.ok(turn >= 4, `played ${turn} decisions`);
    assert.deepEqual(errors, [], 'no script errors');
  } finally {
    await browser.close();
  }
});
