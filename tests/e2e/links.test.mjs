// Links and names as strangers meet them: a finished room's link offers its final scores and its
// replay (not watching); the name field counts characters as the server does (an emoji is one)
// and says when it cut a name; a rename submitted before the page has loaded is not lost.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, opponent } from './board-play.mjs';
import { PHONE } from './viewports.mjs';

test('a finished room\'s link offers the final scores and the replay', { timeout: 120_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const ctx = await browser.newContext();
    const alicePage = await ctx.newPage();
    const alice = await opponent(alicePage, server.url, 'Alice');
    const bob = await opponent(await (await browser.newContext()).newPage(), server.url, 'Bob');
    const room = (await alicePage.evaluate(() => window.req({ type: 'create_room', name: 'Finished', seats: 2, rules: 'carcassonne', options: { pile_limit: 3 } }))).room;
    await bob.join(room, 1);
    await alicePage.evaluate((r) => window.req({ type: 'start', room: r }), room);
    for (let i = 0; i < 20; i++) if ((await alice.play(room, 0)) + (await bob.play(room, 1)) === 0) break;

    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(`${server.url}/#/room/${encodeURIComponent(room)}`);
    await page.waitForSelector('#room-offer[data-status="finished"]');
    assert.equal(await page.$('#watch-room'), null, 'nothing to watch');
    assert.equal(await page.$('#take-seat'), null, 'no seat to take');
    await shot(page, 'links-finished-room');
    await page.tap('#final-scores');
    await page.waitForSelector('#replay-step');
    const [step, last] = (await page.textContent('#replay-step')).match(/\d+/g).map(Number);
    assert.equal(step, last, 'the final scores: the replay at its last move');
    await page.goBack();
    await page.tap('#open-replay');
    await page.waitForFunction(() => /\b0\b/.test(document.querySelector('#replay-step')?.textContent || ''));
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('names: counted in characters, cut with a word, renamed before the page has loaded', { timeout: 120_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const page = await (await browser.newContext(PHONE)).newPage();
    // A slow phone: the app's code arrives two seconds late.
    await page.route('**/js/main.js', async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.goto(`${server.url}/`, { waitUntil: 'commit' });
    await page.waitForSelector('#my-name');
    await page.fill('#my-name', 'Early Bird');
    await page.press('#my-name', 'Enter');
    await page.waitForFunction(() => window.carc?.conn?.welcome?.name === 'Early Bird', null, { timeout: 15000 });
    assert.ok(!page.url().includes('?'), `the form was not submitted as a page load (${page.url()})`);
    await page.unroute('**/js/main.js');

    // 32 emoji are 32 characters for the server (64 UTF-16 units): all kept, and accepted.
    const dragons = '🐉'.repeat(32);
    await page.fill('#my-name', dragons);
    assert.equal(await page.inputValue('#my-name'), dragons, 'the field keeps 32 characters');
    await page.tap('#rename');
    await page.waitForFunction((n) => window.carc.conn.welcome?.name === n, dragons);
    // One more is cut, with a word.
    await page.fill('#my-name', dragons + '🐉');
    await page.waitForSelector('.toast:has-text("32 characters")');
    assert.equal(await page.inputValue('#my-name'), dragons, 'cut to 32 characters');
  } finally {
    await browser.close();
    await server.stop();
  }
});
