// The side panels as a player meets them. Desktop 1280x800: the log and the chat start inside
// the window (not below the tiles still to come; two tabs share the space), and after Alice chats, Confirm is in view again
// when her next turn comes; the opponent's move only adds lines to the log (its live region
// announces just those) and every board tile has an accessible name. Phone 390x844: a chat line arriving while the Turn tab is open marks
// the Chat tab, and opening it clears the mark; a short game's Tiles tab says how many tiles will
// really come.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, settled } from './helpers.mjs';
import { startServer, startAgainstBob, tapAt, press } from './board-play.mjs';
import { DESKTOP, PHONE } from './viewports.mjs';

const inWindow = (page, selector) => page.$eval(selector, (el) => {
  const b = el.getBoundingClientRect();
  return b.top >= 0 && b.bottom <= window.innerHeight && b.height > 0;
});

test('desktop: log and chat in the window, Confirm back in view after chatting', { timeout: 120_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const { page, bob, room } = await startAgainstBob(browser, server, DESKTOP);
    assert.ok(await page.$eval('.log-panel', (el) => el.getBoundingClientRect().top < window.innerHeight - 100), 'the log starts inside the window');
    await page.click('.sheet-tab[data-tab="chat"]');
    assert.ok(await inWindow(page, '.chat-input'), 'the chat input is inside the window');
    // Alice lays her tile, then chats while Bob plays.
    const before = await page.evaluate((r) => window.carc.store.get(r).version, room);
    await tapAt(page, '.layer-cells .legal-cell', false);
    await page.click('#confirm:not([disabled])');
    await settled(page, room, before);
    for (let i = 0; i < 12; i++) {
      await page.fill('.chat-input', `line ${i} of a chat long enough to fill the panel`);
      await page.press('.chat-input', 'Enter');
    }
    await page.waitForFunction(() => document.querySelectorAll('.chat-list li').length >= 12);
    // The log is a live region: Bob's move adds its lines and leaves the shown ones alone, so a
    // screen reader announces only what is new.
    await page.click('.sheet-tab[data-tab="log"]');
    await page.evaluate(() => {
      const log = document.querySelector('.log');
      log.firstElementChild.dataset.mark = 'first';
      window.logChanges = { added: 0, removed: 0 };
      new MutationObserver((records) => records.forEach((r) => {
        window.logChanges.added += r.addedNodes.length;
        window.logChanges.removed += r.removedNodes.length;
      })).observe(log, { childList: true });
    });
    await bob.play(room, 1);
    await page.waitForSelector('.turn-banner.mine');
    const changes = await page.evaluate(() => ({ ...window.logChanges, kept: !!document.querySelector('.log li[data-mark="first"]') }));
    assert.ok(changes.added > 0 && changes.removed === 0 && changes.kept, `the log only grew: ${JSON.stringify(changes)}`);
    assert.equal(await page.getAttribute('.log', 'aria-relevant'), 'additions');
    // Every tile on the board has a name: where it lies and what it holds.
    const names = await page.$$eval('.layer-tiles .tile', (tiles) => tiles.map((g) => `${g.getAttribute('role')} ${g.getAttribute('aria-label')}`));
    assert.ok(names.length > 1 && names.every((n) => /^img Tile at \(-?\d+, -?\d+\): \w/.test(n)), names.join(' | '));
    await page.click('.sheet-tab[data-tab="chat"]');
    await tapAt(page, '.layer-cells .legal-cell', false);
    await page.waitForSelector('#confirm:not([disabled])');
    assert.ok(await inWindow(page, '#confirm'), 'Confirm is in view on the next turn');
    assert.ok(await inWindow(page, '.chat-input'), 'the chat input is still inside the window');
    await shot(page, 'panels-desktop');
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('phone: a new chat line marks the Chat tab until it is opened', { timeout: 120_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const { page, room } = await startAgainstBob(browser, server, PHONE);
    const chatTab = '.sheet-tab[data-tab="chat"]';
    assert.equal(await page.$eval(chatTab, (b) => b.classList.contains('unread')), false, 'no mark before any line');
    await page.evaluate((r) => window.carc.conn.request({ type: 'chat', room: r, text: 'hello' }), room);
    await page.waitForSelector(`${chatTab}.unread`);
    await shot(page, 'panels-phone-unread');
    await press(page, chatTab, true);
    await page.waitForSelector(`${chatTab}:not(.unread)`);
    assert.ok(await inWindow(page, '.chat-list li:last-child'), 'the chat opens at its newest line');
    // A short game (10 tiles): the Tiles tab says how many will really come, not the whole box.
    await press(page, '.sheet-tab[data-tab="tiles"]', true);
    const left = await page.evaluate((r) => window.carc.store.get(r).view.game.tiles_left, room);
    assert.ok(left < 10, `a short pile (${left})`);
    assert.equal(await page.textContent('#tiles-left'), String(left), 'the count is the pile\'s');
    assert.match(await page.textContent('#short-pile'), new RegExp(`only ${left} of these \\d+`), 'the face-down tiles shown are said to be more than will come');
    await shot(page, 'panels-phone-tiles');
  } finally {
    await browser.close();
    await server.stop();
  }
});
