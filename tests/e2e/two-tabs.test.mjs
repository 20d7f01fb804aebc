// Two tabs of one person (one browser, one token) on one game: every room message goes to all
// of the person's connections, so the older tab follows moves made in the newer one (its "Your
// turn" and squares go away), and either tab may play the next move.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './helpers.mjs';
import { startServer, startAgainstBob, scripted } from './board-play.mjs';
import { DESKTOP } from './viewports.mjs';

const version = (page, room) => page.evaluate((r) => window.carc.store.get(r)?.version, room);
const legalSquares = (page) => page.locator('.layer-cells .legal-cell').count();

test('two tabs of one person: the older tab follows the newer one and may play too', { timeout: 120_000 }, async () => {
  const server = await startServer(5);
  const browser = await launch();
  try {
    const { page: older, bob, room } = await startAgainstBob(browser, server, DESKTOP);
    assert.ok((await legalSquares(older)) > 0, 'the older tab offers its squares');
    const newer = await older.context().newPage();
    await newer.goto(`${server.url}/#/room/${encodeURIComponent(room)}`);
    await newer.waitForSelector('.turn-banner.mine');
    await newer.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
    await older.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });

    // Alice moves in the newer tab: the older one sees the move, and no longer her turn.
    assert.ok((await scripted(newer).play(room, 0)) > 0, 'Alice moved in the newer tab');
    const moved = await version(newer, room);
    await older.waitForFunction(([r, v]) => window.carc.store.get(r)?.version >= v, [room, moved]);
    await older.waitForFunction(() => !document.querySelector('.turn-banner.mine'));
    assert.equal(await legalSquares(older), 0, 'the older tab offers no square on Bob\'s turn');

    // Bob moves; then Alice plays from the older tab, and the newer one follows.
    assert.ok((await bob.play(room, 1)) > 0, 'Bob moved');
    await older.waitForSelector('.turn-banner.mine');
    await newer.waitForSelector('.turn-banner.mine');
    assert.ok((await scripted(older).play(room, 0)) > 0, 'Alice moved in the older tab');
    const again = await version(older, room);
    await newer.waitForFunction(([r, v]) => window.carc.store.get(r)?.version >= v, [room, again]);
    await newer.waitForFunction(() => !document.querySelector('.turn-banner.mine'));
    assert.equal(await older.locator('.turn-banner.offline').count(), 0, 'neither tab thinks it is offline');
  } finally {
    await browser.close();
    await server.stop();
  }
});
