// Words a stranger reads, on a small Russian phone (360x640): the end dialog breaks no word in
// the middle and keeps the seed and its commitment behind "verify this game"; the replay is
// titled with the room's name; a missing replay says what happened in words; the leaderboard
// names its bots and The Castle as the rest of the client does.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, launch, playTurn, nextToPlay, setName, waitHash } from './helpers.mjs';
import { newPage } from './viewports.mjs';

const SMALL = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// The words inside `selector` that the layout broke across two lines.
const brokenWords = (page, selector) => page.evaluate((sel) => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector(sel), NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    if (!node.parentElement.getClientRects().length) continue; // not shown
    for (const m of node.data.matchAll(/[\p{L}\p{N}]+/gu)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}, selector);

test('a small Russian phone: the end dialog, the replay and the leaderboard in plain words', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const page = await newPage(browser, 'ru', errors, SMALL, 'ru-RU');
    await page.goto(BASE + '/');
    await page.waitForSelector('#conn-status.conn-online');
    await setName(page, 'Ая');
    await page.fill('#create-form input[name=name]', 'Вечерняя партия');
    await page.selectOption('#create-form select[name=pile_limit]', '4');
    await page.selectOption('#create-form select[name=bot-1]', 'greedy');
    await page.click('#create-form button[type=submit]');
    await waitHash(page, '#/room/');
    const room = decodeURIComponent(page.url().split('#/room/')[1]);
    await page.focus('#start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('svg.board .layer-tiles .tile');
    let turn = 0;
    for (let p; (p = await nextToPlay([page], page));) await playTurn(p, room, ++turn);
    await page.waitForSelector('.end-dialog');

    assert.deepEqual(await brokenWords(page, '.end-card'), [], 'words broken across lines in the end dialog');
    // The winner's column is marked, the word said to screen readers.
    assert.equal(await page.locator('.breakdown thead .winner-mark').count() >= 1, true);
    // The seed and the commitment only once asked for.
    const verify = page.locator('.verify-game summary');
    assert.equal(await verify.textContent(), 'Проверить честность партии');
    assert.equal(await page.locator('.end-card .seed').isVisible(), false, 'the seed is folded away');
    await verify.click();
    assert.match(await page.locator('.end-card .seed').textContent(), /^Квадраты перемешаны по зерну [0-9a-f]+, объявленному до партии обязательством [0-9a-f]{16}…/);
    assert.deepEqual(await brokenWords(page, '.end-card'), [], 'words broken across lines, the seed shown');
    await shot(page, 'words-end-ru-360');

    // The replay is titled with the room's name, not its id.
    await page.click('#open-replay');
    await waitHash(page, '#/replay/');
    await eventually(async () => assert.equal(await page.textContent('.replay .room-bar h2'), 'Запись партии «Вечерняя партия»'), 'the replay title');

    // A replay that does not exist, in words.
    await page.goto(`${BASE}/#/replay/r999999`);
    await page.waitForSelector('.panel.narrow');
    const missing = await page.textContent('.panel.narrow');
    assert.match(missing, /Партии r999999 для просмотра нет: возможно, в ссылке опечатка или партия закрытая и ещё не окончена/);
    assert.doesNotMatch(missing, /HTTP|404/);
    await shot(page, 'words-replay-missing-ru');

    // The leaderboard: its bots and The Castle in the client's Russian.
    await page.goto(`${BASE}/#/leaderboard`);
    await eventually(async () => assert.match(await page.textContent('.screen-ratings'), /Случайный бот \d+ · Начинающий бот \d+ · Жадный бот \d+/), 'the bots in Russian');
    const ratings = await page.textContent('.screen-ratings');
    assert.doesNotMatch(ratings, /Random|Greedy|Замок/);
    assert.ok(await page.$$eval('.screen-ratings option', (os) => os.some((o) => o.textContent === 'Каркассон. Крепость')), 'The Castle named as in the lobby');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
