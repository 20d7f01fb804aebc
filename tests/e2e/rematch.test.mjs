// After a game: the end dialog offers a rematch and the replay. Alice (desktop) asks for the
// rematch: a new room with the same settings, where she is seated; Bob (a Russian phone), still
// on the finished game's end dialog, is offered to join it and takes the free seat.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, scripted, press } from './board-play.mjs';
import { DESKTOP, PHONE } from './viewports.mjs';

async function openApp(browser, url, options, hash = '') {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(`${url}/${hash}`);
  await page.waitForFunction(() => window.carc?.conn?.welcome);
  await page.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
  return page;
}

test('rematch: same settings in a new room, the other player invited from the end dialog', { timeout: 120_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const alice = await openApp(browser, server.url, DESKTOP);
    const settings = { rules: 'carcassonne', expansions: { tower: true }, options: { pile_limit: 3 }, seats: 2 };
    const room = await alice.evaluate(async (s) => (await window.req({ type: 'create_room', name: 'Rematch test', ...s })).room, settings);
    const bob = await openApp(browser, server.url, { ...PHONE, locale: 'ru-RU' }, `#/room/${encodeURIComponent(room)}`);
    await press(bob, '#take-seat', true);
    await bob.waitForSelector('.waiting-room');
    await alice.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    await alice.evaluate((r) => window.req({ type: 'start', room: r }), room);
    for (let i = 0; i < 20; i++) if ((await scripted(alice).play(room, 0)) + (await scripted(bob).play(room, 1)) === 0) break;

    await alice.waitForSelector('.end-dialog #rematch');
    await bob.waitForSelector('.end-dialog #rematch');
    assert.ok(await alice.$('.end-dialog #open-replay'), 'the replay is offered');
    await shot(alice, 'rematch-end-desktop');
    await alice.click('#rematch');
    await alice.waitForSelector('.waiting-room');
    const created = await alice.evaluate(() => decodeURIComponent(location.hash.split('/')[2]));
    assert.notEqual(created, room, 'a new room');
    const same = await alice.evaluate((r) => window.carc.store.get(r).view.room.settings, created);
    assert.equal(same.rules, 'carcassonne');
    assert.equal(same.seats, 2);
    assert.equal(same.options.pile_limit, 3);
    assert.equal(same.expansions.tower, true, 'the same expansions');

    // Bob's end dialog now offers to join it, in Russian.
    await bob.waitForSelector('.end-dialog #join-rematch');
    assert.match(await bob.textContent('#join-rematch'), /реванш/i);
    await shot(bob, 'rematch-offer-phone');
    await press(bob, '#join-rematch', true);
    await press(bob, '#take-seat', true);
    await alice.waitForFunction((r) => window.carc.store.get(r).view.room.seats.every((s) => s.kind === 'human'), created);
    await bob.waitForSelector('.waiting-room');
  } finally {
    await browser.close();
    await server.stop();
  }
});
