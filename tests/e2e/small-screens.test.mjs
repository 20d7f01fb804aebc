// The lobby and the header on phones (390x844 and 360x640) in both languages: every tab of the
// lobby is whole and on screen, signed out and signed in; names typed in the header say what
// happened once (a too long one), or why nothing happened (a blank one).
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, launch } from './helpers.mjs';
import { newPage } from './viewports.mjs';

const phone = (width, height) => ({ viewport: { width, height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
const PHONES = [phone(390, 844), phone(360, 640)];
const LOCALES = ['ru-RU', 'en-US'];

// Each lobby tab: its text, whether its text is cut (wider than its box) and whether it lies
// inside the window.
const tabs = (page) => page.$$eval('.lobby-tab', (as) => as.map((a) => {
  const r = a.getBoundingClientRect();
  return { text: a.textContent.trim(), cut: a.scrollWidth > a.clientWidth, inside: r.left >= 0 && r.right <= innerWidth };
}));

async function assertTabsWhole(page, what) {
  const all = await tabs(page);
  assert.equal(all.length, 4, what);
  for (const tab of all) assert.deepEqual(tab, { text: tab.text, cut: false, inside: true }, `${what}: the tab "${tab.text}"`);
  return all.map((tab) => tab.text);
}

test('the lobby tabs are whole on phones, signed out and signed in, in both languages', { timeout: 120_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const options of PHONES) for (const locale of LOCALES) {
      const size = `${options.viewport.width}x${options.viewport.height} ${locale}`;
      const page = await newPage(browser, size, errors, options, locale);
      await page.goto(BASE + '/');
      await page.waitForSelector('#conn-status.conn-online');
      const texts = await assertTabsWhole(page, `${size}, signed out`);
      assert.equal(texts[3], locale === 'ru-RU' ? 'Вход' : 'Sign in');
      await shot(page, `small-tabs-${size.replace(' ', '-')}`);

      // Signed in: the account's name takes the place of Sign in, and is whole too.
      const name = `${locale === 'ru-RU' ? 'Вероника' : 'Veronica'}${Math.floor(Math.random() * 1e6)}`;
      await page.fill('#my-name', name);
      await page.click('#rename');
      await page.waitForFunction((n) => window.carc?.conn?.welcome?.name === n, name);
      const made = await page.evaluate(async (n) => (await fetch('/api/accounts', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: n, password: 'correct horse battery', token: window.carc.conn.token }) })).status, name);
      assert.equal(made, 201);
      await page.reload();
      await page.waitForSelector('body[data-account="in"]');
      await eventually(async () => assert.equal((await assertTabsWhole(page, `${size}, signed in`))[3], name), 'the name tab');
      await page.context().close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a name typed past its limit says so once; a blank name says why nothing changed', { timeout: 60_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const locale of LOCALES) {
      const page = await newPage(browser, locale, errors, PHONES[1], locale);
      await page.goto(BASE + '/');
      await page.waitForSelector('#conn-status.conn-online');
      const before = await page.inputValue('#my-name');
      await page.fill('#my-name', '');
      await page.focus('#my-name');
      await page.keyboard.type('x'.repeat(200));
      assert.equal(await page.inputValue('#my-name'), 'x'.repeat(32));
      const cut = locale === 'ru-RU' ? 'Обрезано до 32 символов: длиннее нельзя' : 'Cut to 32 characters: the longest allowed';
      assert.deepEqual(await page.$$eval('#toasts .toast', (ts) => ts.map((t) => t.textContent)), [cut]);

      await page.fill('#my-name', '   ');
      await page.click('#rename');
      const blank = locale === 'ru-RU' ? `Имя не может быть пустым: вас по-прежнему зовут ${before}` : `A name cannot be blank: you are still ${before}`;
      await eventually(async () => assert.ok((await page.$$eval('#toasts .toast-error', (ts) => ts.map((t) => t.textContent))).includes(blank)), 'the blank name refused');
      assert.equal(await page.inputValue('#my-name'), before, 'the name that stays is shown again');
      assert.equal(await page.evaluate(() => window.carc.conn.name), before);
      await shot(page, `small-name-blank-${locale}`);
      await page.context().close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
