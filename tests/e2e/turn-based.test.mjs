// A turn-based game in the browser (docs/accounts.md, "Turn-based games"), on a phone:
// - an account creates a room from the form with a time per move of one day and a bot;
// - a guest not yet in the room sees "1 day a move" on its lobby card, in what the room's link
//   offers, and watching, in the waiting room;
// - once started, the room bar shows the time left to move from the view (My games' answers on
//   the page's socket have their deadlines taken out meanwhile, so the bar cannot read them),
//   and "Take a vacation day" moves the stored deadline, and the bar, one day on;
// - My games shows the time left too.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, eventually, shot, launch } from './helpers.mjs';
import { PHONE, newPage, openLobby } from './viewports.mjs';

const DAY_MS = 24 * 3600 * 1000;
const name = `Tess${Date.now().toString(36).slice(-5)}`;

const myGames = (page) => page.evaluate(async () => (await (await fetch('/api/me/games')).json()).games);

test('a turn-based game: its pace shown to a stranger, My games, a vacation day', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const tess = await newPage(browser, 'tess', errors, PHONE);
    // Until the game has been checked, the page's My games answers carry no deadlines: the room
    // bar's can only come from the view.
    let hideDeadlines = true;
    await tess.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        const message = typeof m === 'string' ? JSON.parse(m) : null;
        if (!hideDeadlines || message?.type !== 'my_games') return ws.send(m);
        for (const g of message.games) g.deadline_ms = null;
        ws.send(JSON.stringify(message));
      });
    });
    await openLobby(tess, name);
    // Sign up (only accounts sit in turn-based games); the page's socket becomes the account's.
    const created = await tess.evaluate(async (n) => {
      const r = await fetch('/api/accounts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: n, password: 'correct horse battery' }),
      });
      return r.status;
    }, name);
    assert.equal(created, 201);
    await tess.reload();
    await tess.waitForSelector('body[data-account="in"]');

    await tess.click('#tab-rooms');
    await tess.waitForSelector('#create-form');
    await tess.selectOption('#move-time', String(DAY_MS / 1000));
    await tess.selectOption('#create-form select[name="bot-1"]', 'random');
    await tess.click('#create-form button[type=submit]');
    await tess.waitForFunction(() => location.hash.startsWith('#/room/'));
    const room = decodeURIComponent(tess.url().split('#/room/')[1]);
    await tess.waitForSelector('#start');

    // A stranger sees the pace before joining: on the lobby card, then in the waiting room.
    const guest = await newPage(browser, 'guest', errors, PHONE);
    await openLobby(guest, 'Passer-by');
    const card = `.room-card[data-room="${room}"]`;
    await eventually(async () => assert.match((await guest.textContent(card)) ?? '', /1 day a move/), 'the lobby card');
    await guest.goto(`${BASE}/#/room/${encodeURIComponent(room)}`);
    await guest.waitForSelector('#room-offer');
    assert.match((await guest.textContent('#room-offer')) ?? '', /1 day a move/, 'the link offers a turn-based game');
    await shot(guest, 'turn-based-offer-phone');
    // Watching, the waiting room says it too.
    await guest.click('#room-offer button:has-text("Watch")');
    await eventually(async () => assert.match(await guest.textContent('body'), /Waiting for players[\s\S]*1 day a move/), 'the waiting room');

    await tess.click('#start');
    await eventually(async () => {
      const [game] = await myGames(tess);
      assert.equal(game?.room, room);
      assert.equal(game.status, 'playing');
      assert.equal(game.your_turn, true);
      assert.ok(game.deadline_ms > Date.now() + DAY_MS - 60_000, 'a day to move');
    }, 'the game in My games');
    const before = (await myGames(tess))[0].deadline_ms;

    // In the game, the room bar says how long the move may take.
    await tess.waitForSelector('#move-deadline');
    assert.match((await tess.textContent('#move-deadline')) ?? '', /23 hours \d+ minutes? left|1 day left/);
    // A vacation day on purpose: the deadline moves a day on, and the bar says so.
    await tess.waitForSelector('#take-vacation');
    tess.once('dialog', (d) => d.accept()); // it asks before spending the day
    await tess.click('#take-vacation');
    await eventually(async () => assert.equal((await myGames(tess))[0].deadline_ms, before + DAY_MS), 'the deadline a day on');
    await eventually(
      async () => assert.match((await tess.textContent('#move-deadline')) ?? '', /1 day 23 hours left|2 days left/),
      'the bar a day on',
    );
    await shot(tess, 'turn-based-game-phone');

    // My games lists it as your turn, with the time left (its answers untouched from now on).
    hideDeadlines = false;
    await tess.reload();
    await tess.waitForSelector('body[data-account="in"]');
    await tess.evaluate(() => {
      location.hash = '#/games';
    });
    await tess.waitForSelector(`#my-games .my-game[data-room="${room}"]`);
    const row = await tess.textContent(`#my-games .my-game[data-room="${room}"]`);
    assert.match(row ?? '', /1 day \d+ hours? left|2 days left|1 day left/);
    await shot(tess, 'turn-based-my-games-phone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
