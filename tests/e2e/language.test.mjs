// A short game in Russian and one in English: the language comes from the browser (Playwright's
// locale), every text of the header, the lobby and the log is in that language, the server's
// errors are worded by the client, and the header's switch changes the language on the spot
// (the log is re-worded from the room's history) and remembers it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, launch, playTurn, nextToPlay } from './helpers.mjs';
import { DESKTOP, PHONE, newPage } from './viewports.mjs';

const logText = (page) => page.$$eval('.log-panel .log li', (lis) => lis.map((li) => li.textContent.trim()).join('\n'));

// Creates a 4-tile game against a greedy bot from the form and plays it to the end.
async function playShortGame(page) {
  await page.fill('#my-name', 'Alice');
  await page.click('#rename');
  await page.waitForFunction(() => window.carc?.conn?.welcome?.name === 'Alice');
  await page.selectOption('#create-form select[name=pile_limit]', '4');
  await page.selectOption('#create-form select[name=bot-1]', 'greedy');
  await page.click('#create-form button[type=submit]');
  await page.waitForFunction(() => location.hash.startsWith('#/room/'));
  const room = decodeURIComponent(page.url().split('#/room/')[1]);
  await page.click('#start');
  await page.waitForSelector('svg.board .layer-tiles .tile');
  let turn = 0;
  for (let p; (p = await nextToPlay([page], page));) await playTurn(p, room, ++turn);
  await page.waitForSelector('.end-dialog');
  return room;
}

test('a short game in Russian, then the switch to English', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const page = await newPage(browser, 'ru', errors, DESKTOP, 'ru-RU');
    await page.goto(BASE + '/');
    await page.waitForSelector('#conn-status.conn-online');
    assert.equal(await page.getAttribute('html', 'lang'), 'ru');
    assert.equal(await page.textContent('#conn-status'), 'в сети');
    assert.equal(await page.textContent('.top-nav a'), 'Лобби');
    assert.equal(await page.inputValue('#language'), 'ru');
    assert.equal(await page.textContent('#create-form button[type=submit]'), 'Создать комнату');
    assert.match(await page.textContent('.rooms-panel'), /Открытые комнаты[\s\S]*Идущие партии[\s\S]*Сыгранные партии/);
    // An error from the server, worded by the client.
    await page.fill('#invite-code', 'ZZZZ-ZZZZ');
    await page.click('.invite-form button');
    await eventually(async () => assert.match(await page.textContent('#toasts'), /Такой комнаты нет/), 'the error in Russian');
    await shot(page, 'lang-01-lobby-ru');

    const room = await playShortGame(page);
    // A room left unnamed is named in the creator's language, as the form's placeholder said.
    assert.match(await page.title(), /Комната игрока Alice/);
    const russian = await logText(page);
    assert.match(russian, /Alice выкладывает квадрат/);
    assert.match(russian, /Финальный подсчёт очков/);
    assert.doesNotMatch(russian, /\blaid\b/);
    await page.click('#close-results');
    await shot(page, 'lang-02-game-ru');

    await page.selectOption('#language', 'en');
    await eventually(async () => assert.equal(await page.textContent('#conn-status'), 'online'), 'the header in English');
    await eventually(async () => assert.match(await logText(page), /Alice laid/), 'the log re-worded in English');
    assert.match(await logText(page), /Final scoring/);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    // The choice is remembered over the browser's language.
    await page.reload();
    await page.waitForSelector('#conn-status.conn-online');
    assert.equal(await page.textContent('#conn-status'), 'online');
    await eventually(async () => assert.match(await logText(page), /Alice laid/), 'still English after a reload');
    assert.ok(room);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a short game in English on a touch phone', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const page = await newPage(browser, 'en', errors, PHONE, 'en-GB');
    await page.goto(BASE + '/');
    await page.waitForSelector('#conn-status.conn-online');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.textContent('#conn-status'), 'online');
    assert.equal(await page.textContent('#create-form button[type=submit]'), 'Create room');
    await playShortGame(page);
    const english = await logText(page);
    assert.match(english, /Alice laid/);
    assert.match(english, /Final scoring/);
    await shot(page, 'lang-03-game-en-phone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
