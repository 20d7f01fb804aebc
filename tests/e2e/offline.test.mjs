// The server going down in the middle of Alice's turn, on a touch phone: the turn banner says
// the connection is lost (not only the header's pill) and her moves are disabled, Confirm says
// why, and a tap on the board sends nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, startAgainstBob, tapAt } from './board-play.mjs';
import { PHONE } from './viewports.mjs';

test('the server going down: the banner says so and moves are disabled', { timeout: 120_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  let stopped = false;
  try {
    const { page, room } = await startAgainstBob(browser, server, PHONE);
    await tapAt(page, '.layer-cells .legal-cell', true);
    await page.waitForSelector('#confirm:not([disabled])');

    await server.stop();
    stopped = true;
    await page.waitForSelector('.turn-banner.offline', { timeout: 15000 });
    assert.match(await page.textContent('.turn-banner'), /connection/i, 'the banner says the server is out of reach');
    assert.equal(await page.$('.turn-banner.mine'), null, 'the banner no longer says it is her turn');
    assert.ok(await page.$('#confirm[disabled]'), 'Confirm is disabled');
    assert.match(await page.textContent('#confirm-why'), /connection/i, 'Confirm says why');
    const version = await page.evaluate((r) => window.carc.store.get(r).version, room);
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate((r) => window.carc.store.get(r).version, room), version, 'nothing was played');
    assert.equal(await page.getAttribute('.hand', 'data-busy'), 'no', 'nothing is being sent');
    await shot(page, 'offline-phone');
  } finally {
    await browser.close();
    if (!stopped) await server.stop();
  }
});
