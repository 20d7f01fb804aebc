// The social side of the browser client, at a desktop (1280x800) and a touch phone (390x844)
// viewport against a real carc-server:
// - a reload mid-game keeps the whole log and the chat (the snapshot carries them), and a late
//   spectator sees the same;
// - a room link opened by strangers offers the free seat, then (once full) watching;
// - a private room is watched through its invite link, and its plain room link shows nothing;
// - the lobby lists a finished game with a replay link that works.
// Every check compares with what the pages and the server show; nothing waits on a bot's speed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, waitHash, playTurn, nextToPlay, launch, createRoom } from './helpers.mjs';
import { DESKTOP, PHONE, newPage, openLobby } from './viewports.mjs';

const logLines = (page) => page.$$eval('.log-panel .log li', (lis) => lis.map((li) => li.textContent.trim()));
const chatLines = (page) => page.$$eval('.chat-list li', (lis) => lis.map((li) => li.textContent.trim()));

async function say(page, text) {
  // In a game the chat is behind its tab (phones, and beside the log on the desktop).
  if (!(await page.isVisible('.chat-input')) && (await page.isVisible('.sheet-tab[data-tab="chat"]'))) await page.click('.sheet-tab[data-tab="chat"]');
  await page.fill('.chat-input', text);
  await page.press('.chat-input', 'Enter');
  await page.waitForFunction((t) => [...document.querySelectorAll('.chat-list li')].some((li) => li.textContent.endsWith(t)), text);
}

test('a reload mid-game keeps the log and the chat; a late spectator sees them too', { timeout: 240_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await newPage(browser, 'alice', errors);
    const bob = await newPage(browser, 'bob', errors);
    const room = await createRoom(alice, 'Alice', async (p) => p.selectOption('#create-form select[name=pile_limit]', '12'));
    const link = await alice.inputValue('#room-link');
    assert.ok(link.endsWith(`#/room/${room}`), `the room link ${link}`);
    await openLobby(bob, 'Bob');
    await bob.goto(link);
    await bob.click('#take-seat');
    await bob.waitForSelector('.seat-list');
    await say(alice, 'hello from Alice');
    await say(bob, 'hi Alice, good luck');
    await alice.waitForSelector('#start:not([disabled])');
    await alice.click('#start');
    for (const p of [alice, bob]) await p.waitForSelector('svg.board .layer-tiles .tile');

    // Whose turn it is shows in the tab title and the favicon.
    const first = await nextToPlay([alice, bob], alice);
    const other = first === alice ? bob : alice;
    assert.match(await first.title(), /^● Your turn · Alice's room/);
    assert.equal(await first.getAttribute('#favicon', 'data-turn'), 'yes');
    assert.doesNotMatch(await other.title(), /^●/);
    assert.equal(await other.getAttribute('#favicon', 'data-turn'), 'no');
    for (let turn = 0; turn < 4; ++turn) await playTurn(await nextToPlay([alice, bob], alice), room, turn + 1);
    await say(bob, 'nice move');
    // Both pages hold the same version of the room, so they must show the same history.
    const version = (p) => p.evaluate((r) => window.carc.store.get(r).version, room);
    await eventually(async () => assert.equal(await version(alice), await version(bob)), 'both pages up to date');
    const before = await logLines(alice);
    assert.ok(before.some((l) => l.startsWith('Alice laid')), 'the log shows the moves');
    await eventually(async () => assert.deepEqual(await logLines(bob), before), "Bob's log");
    const chatBefore = await chatLines(alice);
    assert.equal(chatBefore.length, 3);

    await bob.reload();
    await bob.waitForSelector('#conn-status.conn-online');
    await bob.waitForSelector('.scoreboard .player.me[data-seat="1"]');
    await eventually(async () => assert.deepEqual(await logLines(bob), before), 'the log after the reload');
    await eventually(async () => assert.deepEqual(await chatLines(bob), chatBefore), 'the chat after the reload');
    await shot(bob, 'social-01-after-reload');

    // A late spectator through the same link: the offer, then the same history.
    const eve = await newPage(browser, 'eve', errors, PHONE);
    await openLobby(eve, 'Eve');
    await eve.goto(link);
    await eve.waitForSelector('#room-offer');
    assert.equal(await eve.$('#take-seat'), null, 'no seat is offered mid-game');
    await eve.click('#watch-room');
    await eve.waitForSelector('#spectator-badge');
    await eventually(async () => assert.deepEqual(await logLines(eve), before), "the spectator's log");
    await eventually(async () => assert.deepEqual(await chatLines(eve), chatBefore), "the spectator's chat");
    await shot(eve, 'social-01-phone-late-spectator');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a room link offers strangers the free seat, then watching', { timeout: 120_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await newPage(browser, 'alice', errors);
    const room = await createRoom(alice, 'Alice', async (p) => {
      await p.fill('#create-form input[name=name]', 'Link table');
      await p.selectOption('#create-form select[name=seats]', '3');
      await p.selectOption('#create-form select[name=bot-2]', 'greedy');
    });
    const link = await alice.getAttribute('#copy-link', 'data-link');
    assert.equal(link, `${BASE}/#/room/${room}`);

    const carol = await newPage(browser, 'carol', errors, PHONE);
    await openLobby(carol, 'Carol');
    await carol.goto(link);
    await carol.waitForSelector('#room-offer');
    assert.equal(await carol.textContent('#room-offer h2'), 'Link table');
    assert.match(await carol.textContent('#room-offer'), /1 seat is free/);
    assert.ok(await carol.$('#watch-room'), 'watching is offered too');
    await shot(carol, 'social-02-phone-room-offer');
    await carol.tap('#take-seat');
    await carol.waitForSelector('.seat-list');
    await alice.waitForFunction(() => document.querySelector('.seat[data-seat="1"] .seat-name')?.textContent.startsWith('Carol'));

    // Full now: the next stranger may only watch.
    const dan = await newPage(browser, 'dan', errors);
    await openLobby(dan, 'Dan');
    await dan.goto(link);
    await dan.waitForSelector('#room-offer');
    assert.match(await dan.textContent('#room-offer'), /No seat is free/);
    assert.equal(await dan.$('#take-seat'), null);
    await dan.click('#watch-room');
    await dan.waitForSelector('.waiting-room');
    await alice.waitForFunction(() => /Dan/.test(document.querySelector('.waiting-room')?.textContent || ''));
    // The member who opens the link again just sees the room.
    await carol.goto(`${BASE}/#/`);
    await carol.goto(link);
    await carol.waitForSelector('.seat-list');
    assert.equal(await carol.$('#room-offer'), null);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a private game is watched through its invite link; its room id alone shows nothing', { timeout: 120_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await newPage(browser, 'alice', errors);
    const room = await createRoom(alice, 'Alice', async (p) => {
      await p.check('#create-form input[name=private]');
      assert.match(await p.textContent('#create-form .checks-inline'), /People with the invite link may watch/);
      await p.selectOption('#create-form select[name=bot-1]', 'greedy');
    });
    const invite = await alice.textContent('#invite');
    const link = await alice.inputValue('#room-link');
    assert.equal(link, `${BASE}/#/invite/${invite}`);
    assert.match(await alice.textContent('#invite-watch'), /may take a free seat or watch/);
    await alice.click('#start');
    await alice.waitForSelector('svg.board .layer-tiles .tile');

    const eve = await newPage(browser, 'eve', errors, PHONE);
    await openLobby(eve, 'Eve');
    assert.equal(await eve.$(`.room-card[data-room="${room}"]`), null, 'private rooms are not listed');
    await eve.goto(`${BASE}/#/room/${room}`);
    await eve.waitForSelector('#room-offer .error-text');
    assert.match(await eve.textContent('#room-offer'), /invite link/);
    await eve.goto(link);
    await eve.waitForSelector('#watch-room');
    await eve.tap('#watch-room');
    await waitHash(eve, `#/room/${room}`);
    await eve.waitForSelector('#spectator-badge');
    await eve.waitForSelector('svg.board .layer-tiles .tile');
    await shot(eve, 'social-03-phone-private-spectator');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the lobby lists a finished game with a replay link that works', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await newPage(browser, 'alice', errors);
    const room = await createRoom(alice, 'Alice', async (p) => {
      await p.selectOption('#create-form select[name=pile_limit]', '4');
      await p.selectOption('#create-form select[name=bot-1]', 'greedy');
    });
    await alice.click('#start');
    await alice.waitForSelector('svg.board .layer-tiles .tile');
    let turn = 0;
    for (let p; (p = await nextToPlay([alice], alice));) await playTurn(p, room, ++turn);
    await alice.waitForSelector('.end-dialog');

    for (const options of [DESKTOP, PHONE]) {
      const page = await newPage(browser, `lobby-${options.viewport.width}`, errors, options);
      await page.goto(BASE + '/');
      const row = page.locator(`#game-list .game-row[data-game="${room}"]`);
      await row.waitFor();
      assert.match(await row.textContent(), /Alice/);
      assert.equal(await page.$(`#room-list .room-card[data-room="${room}"]`), null, 'a finished game is not an open room');
      await row.locator('.replay-link').click();
      await waitHash(page, `#/replay/${room}`);
      await page.waitForSelector('#replay-step');
      await page.keyboard.press('End');
      assert.ok(Number(await page.getAttribute('#replay-step', 'data-step')) >= turn, 'the replay has every move');
      if (options === PHONE) await shot(page, 'social-04-phone-replay');
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the clock warns before it runs out and the log says when the server played instead', { timeout: 120_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await newPage(browser, 'alice', errors);
    await openLobby(alice, 'Alice');
    // A 6-second clock (the form offers minutes), created by the page's own connection: the
    // warning comes with 5 seconds left.
    const room = await alice.evaluate(async () => (await window.carc.conn.request({
      type: 'create_room', seats: 2, bots: [{ seat: 1, kind: 'greedy' }], options: { pile_limit: 4 },
      clock: { initial_ms: 6000, increment_ms: 0, on_timeout: 'random' } })).room);
    await alice.goto(`${BASE}/#/room/${room}`);
    await alice.click('#start');
    await alice.waitForSelector('svg.board .layer-tiles .tile');
    // Alice never moves: first the warning, then the server's move for her, said in the log.
    await alice.waitForSelector('.scoreboard .player.me .clock.warn', { timeout: 10000 });
    await eventually(async () => assert.match(await alice.textContent('#toasts'), /Hurry: \d seconds? left on your clock/), 'the warning toast');
    await eventually(async () => assert.match(await logLines(alice).then((l) => l.join('\n')),
      /Alice ran out of time: the server played a random move/), 'the timeout in the log', 20000);
    const view = await alice.evaluate((r) => window.carc.store.get(r).view, room);
    assert.ok(view.game.clock.timeouts[0] >= 1, 'the view counts the timeout');
    await shot(alice, 'social-05-clock-timeout');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
