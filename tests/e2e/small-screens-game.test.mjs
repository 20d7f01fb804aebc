// The room on a small phone (360x640), a phone (390x844) and the desktop (1280x800), in both
// languages: Confirm stays on screen once a follower spot is chosen, opening a side tab on your
// turn keeps Confirm in view, and nothing of the waiting room lies under its chat.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, launch } from './helpers.mjs';
import { DESKTOP, PHONE, newPage } from './viewports.mjs';
import { assertReachable, roomWithBot } from './reach.mjs';

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const LOCALES = ['ru-RU', 'en-US'];

// Waits for Alice's turn to place a tile (or the end of the game: false).
async function myTurn(page) {
  await page.waitForSelector('.legal-cell, .end-dialog', { timeout: 15000 });
  return !(await page.$('.end-dialog'));
}

test('Confirm stays on a small phone once a follower spot is chosen', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const locale of LOCALES) {
      const page = await newPage(browser, locale, errors, SMALL, locale);
      await roomWithBot(page, 'Alice', '30');
      await page.focus('#start');
      await page.keyboard.press('Enter');
      let spots = 0;
      for (let turn = 1; turn <= 10 && await myTurn(page); turn++) {
        // Steps through the squares to one with follower spots (keys N), and chooses a spot.
        for (let i = 0; i < 6 && !(await page.$('.layer-spots .spot')); i++) await page.keyboard.press('n');
        await page.waitForSelector('#confirm:not([disabled])');
        if (await page.$('.layer-spots .spot')) {
          await page.keyboard.press('1');
          await page.waitForSelector('.layer-spots .spot.selected');
          spots++;
          await assertReachable(page, '#confirm', `${locale}, turn ${turn}, a follower chosen`);
          if (turn === 2) await shot(page, `small-confirm-${locale}`);
        }
        await assertReachable(page, '#confirm', `${locale}, turn ${turn}`);
        await page.tap('#confirm');
        await page.waitForFunction(() => !document.querySelector('#confirm'), null, { timeout: 10000 });
      }
      assert.ok(spots >= 5, `a follower spot was chosen on ${spots} turns`);
      await page.context().close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('desktop 1280x800: Create in reach; opening Log, Chat or Tiles on your turn keeps Confirm in view', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const locale of LOCALES) {
      const page = await newPage(browser, locale, errors, DESKTOP, locale);
      await roomWithBot(page, 'Alice', '30');
      await page.goto(BASE + '/');
      await page.waitForSelector('#conn-status.conn-online');
      await assertReachable(page, '#create-form button[type=submit]', `${locale}, the lobby's Create`);
      await page.goBack();
      await page.click('#start');
      // A few turns, so the log has lines, then a square with a follower chosen.
      for (let turn = 1; turn <= 4 && await myTurn(page); turn++) {
        await page.keyboard.press('n');
        await page.waitForSelector('#confirm:not([disabled])');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => !document.querySelector('#confirm'), null, { timeout: 10000 });
      }
      assert.ok(await myTurn(page));
      for (let i = 0; i < 6 && !(await page.$('.layer-spots .spot')); i++) await page.keyboard.press('n');
      await page.waitForSelector('#confirm:not([disabled])');
      if (await page.$('.layer-spots .spot')) await page.keyboard.press('1');
      for (const tab of ['log', 'chat', 'tiles', 'log']) {
        await page.click(`.sheet-tab[data-tab="${tab}"]`);
        await page.waitForSelector(`.sidebar[data-open="${tab}"]`);
        await assertReachable(page, '.hand h3', `${locale}, the turn's heading after opening ${tab}`);
        await assertReachable(page, '#confirm', `${locale}, Confirm after opening ${tab}`);
        // The list opened at its newest line.
        if (tab === 'log') assert.ok(await page.$eval('.log-panel .log', (l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 2), 'the log at its newest line');
      }
      await shot(page, `desktop-tabs-confirm-${locale}`);
      await page.context().close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// The buttons of the waiting room that the chat box overlaps, or that are not on top at their
// middle once scrolled there as a person scrolls.
const coveredButtons = (page) => page.evaluate(() => {
  const covered = [];
  const chat = document.querySelector('.waiting-body .sidebar');
  for (const b of document.querySelectorAll('.waiting-room button')) {
    b.scrollIntoView({ block: 'center' });
    const r = b.getBoundingClientRect(), c = chat.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.bottom > c.top && r.top < c.bottom) covered.push(`${b.textContent} under the chat`);
    else if (!top || !b.contains(top)) covered.push(`${b.textContent} under ${top?.className || top?.tagName}`);
  }
  return covered;
});

test('phone waiting room: every seat button and Start are clear of the chat', { timeout: 120_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const options of [PHONE, SMALL]) for (const locale of LOCALES) {
      const what = `${options.viewport.width}x${options.viewport.height} ${locale}`;
      const page = await newPage(browser, what, errors, options, locale);
      await page.goto(BASE + '/');
      await page.waitForSelector('#conn-status.conn-online');
      await page.selectOption('#create-form select[name=seats]', '4');
      await page.selectOption('#create-form select[name=bot-1]', 'greedy');
      await page.click('#create-form button[type=submit]');
      await page.waitForSelector('#start');
      // Open seats offer a bot and moving there; Start is last.
      assert.equal(await page.locator('.waiting-room .seat button').count() >= 5, true, `${what}: the seats' buttons`);
      assert.deepEqual(await coveredButtons(page), [], what);
      await shot(page, `waiting-${what.replace(' ', '-')}`);
      // The open seats filled by tapping their last button ("+ random bot" and the like), then Start.
      for (let open; (open = page.locator('.waiting-room .seat:has(button:nth-child(3)) button:nth-child(3)').first()) && await open.count();) {
        const n = await page.locator('.waiting-room .seat button').count();
        await open.tap();
        await page.waitForFunction((k) => document.querySelectorAll('.waiting-room .seat button').length < k, n);
      }
      await page.tap('#start');
      await page.waitForSelector('.room-game');
      await page.context().close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
