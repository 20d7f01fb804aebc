// The room on a small phone (360x640), a phone (390x844) and the desktop (1280x800), in both
// languages: Confirm stays on screen once a follower spot is chosen, opening a side tab on your
// turn keeps Confirm in view, and nothing of the waiting room lies under its chat.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, launch, setName, waitHash } from './helpers.mjs';
import { DESKTOP, PHONE, newPage } from './viewports.mjs';

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const LOCALES = ['ru-RU', 'en-US'];

// Where the element's middle is, and whether it is inside the window and on top there (not
// under another element, not scrolled away).
export const reachable = (page, selector) => page.evaluate((sel) => {
  const el = document.querySelector(sel);
  if (!el) return { missing: sel };
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = x > 0 && x < innerWidth && y > 0 && y < innerHeight;
  const top = inside ? document.elementFromPoint(x, y) : null;
  return { sel, y: Math.round(y), reachable: inside && !!top && el.contains(top), over: top && !el.contains(top) ? top.className || top.tagName : null };
}, selector);

export async function assertReachable(page, selector, what) {
  const r = await reachable(page, selector);
  assert.ok(r.reachable, `${what}: ${JSON.stringify(r)} in a window ${JSON.stringify(page.viewportSize())}`);
}

// Creates a room against a greedy bot from the lobby form; the game is not started.
export async function roomWithBot(page, name, length) {
  await page.goto(BASE + '/');
  await page.waitForSelector('#conn-status.conn-online');
  await setName(page, name);
  await page.selectOption('#create-form select[name=pile_limit]', length);
  await page.selectOption('#create-form select[name=bot-1]', 'greedy');
  await page.click('#create-form button[type=submit]');
  await waitHash(page, '#/room/');
  await page.waitForSelector('#start');
  return decodeURIComponent(page.url().split('#/room/')[1]);
}

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
