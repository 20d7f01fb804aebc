// End to end in headless Chromium: Alice creates a room, Bob joins it by invite code, Eve
// watches; Alice and Bob play a short game (12 tiles) to the end by keyboard and mouse; every few turns what each
// page shows (scores, whose turn, tiles left, board) is checked against a snapshot taken from
// the server on a separate connection; Bob reloads mid-game and gets his seat back; the end
// dialog and a replay are checked. Screenshots go to build/e2e-screenshots/.
//
// CARC_URL (default http://127.0.0.1:8080) points at a running carc-server; run-e2e.sh starts one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, serverView, waitHash, setName, playTurn, nextToPlay, launch, openPage } from './helpers.mjs';

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

test('two players play a short game to the end while a third watches, then a replay', { timeout: 300_000 }, async () => {
  const browser = await launch();
  const all = {};
  try {
    const errors = [];
    const alice = await openPage(browser, 'alice', errors), bob = await openPage(browser, 'bob', errors), eve = await openPage(browser, 'eve', errors);
    Object.assign(all, { alice, bob, eve });

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
    // Renaming (hello again with the token) shows at once on the other pages' seat lists.
    for (const name of ['Robert', 'Bob']) {
      await setName(bob, name);
      await alice.waitForFunction((n) => document.querySelector('.seat[data-seat="1"] .seat-name')?.textContent.startsWith(n), name, { timeout: 10000 });
    }
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
      // The breakdown (a column per player) comes from the server's result and adds up to each total.
      const parts = await p.$$eval('.breakdown .total', (tds) => tds.map((total) => ({
        seat: Number(total.dataset.seat),
        sum: [...document.querySelectorAll(`.breakdown td[data-kind][data-seat="${total.dataset.seat}"]`)].reduce((a, td) => a + Number(td.textContent), 0) })));
      for (const { seat, sum } of parts) assert.equal(sum, view.game.result.scores[seat], `breakdown of seat ${seat}`);
      assert.deepEqual(view.game.result.breakdown.length, view.game.result.scores.length);
    }
    await shot(alice, '07-end-of-game');
    assert.ok(turn >= 10, `played ${turn} turns`);

    // Replay: step through the game record the server keeps (GET /api/games/ID).
    const record = await fetch(`${BASE}/api/games/${encodeURIComponent(room)}`);
    assert.ok(record.ok, `GET /api/games/${room} answered ${record.status}`);
    assert.match(record.headers.get('content-type') || '', /json/);
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
