// An account in a turn-based game, as a stranger finds it, on a phone in both languages (390x844
// English, 360x640 Russian): the header of a signed-in page offers no rename (the account's name
// is the name); the account screen says how many vacation days are left; "Take a vacation day"
// says it too and asks before spending one (declined, nothing is spent); the sessions list puts
// this device first and tells two sessions of one browser apart by when each signed in.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, eventually, shot, launch } from './helpers.mjs';
import { newPage, openLobby } from './viewports.mjs';

const DAY_MS = 24 * 3600 * 1000;
const RUNS = [
  { locale: 'en-US', viewport: { width: 390, height: 844 }, days: /Vacation days left: 20/, button: /\(20 left\)/, after: /\(19 left\)/, ask: /you have 20 left/, signedIn: /signed in/ },
  { locale: 'ru-RU', viewport: { width: 360, height: 640 }, days: /Осталось дней отпуска: 20/, button: /осталось 20/, after: /осталось 19/, ask: /осталось 20 дней/, signedIn: /вход/ },
];
const myGames = (page) => page.evaluate(async () => (await (await fetch('/api/me/games')).json()).games);

for (const { locale, viewport, days, button, after, ask, signedIn } of RUNS) {
  test(`an account's vacation days, sessions and name (${viewport.width}x${viewport.height}, ${locale})`, { timeout: 180_000 }, async () => {
    const browser = await launch();
    const errors = [];
    const name = `Vera${Date.now().toString(36).slice(-5)}`;
    const options = { viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
    try {
      const page = await newPage(browser, 'vera', errors, options, locale);
      await openLobby(page, name);
      const created = await page.evaluate(async (n) => (await fetch('/api/accounts', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: 'correct horse battery' }),
      })).status, name);
      assert.equal(created, 201);
      // A second session of the same browser (another tab's sign-in, a while later).
      const other = await newPage(browser, 'vera-2', errors, options, locale);
      await other.goto(BASE + '/');
      assert.equal(await other.evaluate(async (n) => (await fetch('/api/sessions', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: n, password: 'correct horse battery' }),
      })).status, name), 200);
      await page.reload();
      await page.waitForSelector('body[data-account="in"]');

      // Signed in: the header shows the account's name, with nothing to rename.
      assert.equal(await page.isVisible('#rename'), false, 'no Rename button while signed in');
      assert.equal(await page.$eval('#my-name', (el) => el.readOnly), true, 'the name is not an input to edit');

      // The account screen: the vacation days in hand; this device listed first.
      await page.evaluate(() => { location.hash = '#/account'; });
      await page.waitForSelector('#vacation-days');
      assert.match(await page.textContent('#vacation-days'), days);
      await eventually(async () => assert.equal(await page.locator('#session-list .session').count(), 2), 'two sessions listed');
      assert.equal(await page.getAttribute('#session-list .session:first-child', 'data-current'), 'yes', 'this device first');
      for (const text of await page.$$eval('#session-list .session', (ls) => ls.map((l) => l.textContent)))
        assert.match(text, signedIn, `each session says when it signed in: ${text}`);
      await shot(page, `account-turns-${viewport.width}x${viewport.height}-${locale}`);

      // A turn-based game against a bot, and Vera's move.
      await page.evaluate(() => { location.hash = '#/'; });
      await page.tap('#tab-rooms');
      await page.waitForSelector('#create-form');
      await page.selectOption('#move-time', String(DAY_MS / 1000));
      await page.selectOption('#create-form select[name="bot-1"]', 'random');
      await page.tap('#create-form button[type=submit]');
      await page.waitForFunction(() => location.hash.startsWith('#/room/'));
      await page.tap('#start');
      await page.waitForSelector('#take-vacation');
      await eventually(async () => assert.match(await page.textContent('#take-vacation'), button), 'the days on the button');
      const before = (await myGames(page))[0].deadline_ms;
      // Declined: nothing spent.
      let asked = '';
      page.once('dialog', (d) => { asked = d.message(); d.dismiss(); });
      await page.tap('#take-vacation');
      await eventually(async () => assert.match(asked, ask), 'it asks first, with the days left');
      assert.equal((await myGames(page))[0].deadline_ms, before, 'declined: the deadline stays');
      // Accepted: a day spent, the button says what is left.
      page.once('dialog', (d) => d.accept());
      await page.tap('#take-vacation');
      await eventually(async () => assert.equal((await myGames(page))[0].deadline_ms, before + DAY_MS), 'the deadline a day on');
      await eventually(async () => assert.match(await page.textContent('#take-vacation'), after), 'a day less on the button');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
