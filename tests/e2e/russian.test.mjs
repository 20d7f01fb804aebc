// Every screen of a Russian phone (browser locale ru-RU) is scanned for Latin words: the lobby
// (the default visitor name, a finished game against a bot), the account screens, the waiting room
// with expansions (and a guest the host removes from it),
// the game's tabs, the rules ("?"), the end dialog and the replay. Names typed by people and tile ids (B-K,
// K-19) are not words of the client; everything else must be Russian.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot, playTurn } from './helpers.mjs';
import { startServer, press } from './board-play.mjs';
import { PHONE } from './viewports.mjs';

// Latin words on the screen, leaving out invite codes, tile ids, hex digests, Roman numerals, the language
// switch and `allowed`.
function latinWords(page, allowed = []) {
  return page.evaluate((allowed) => {
    let text = document.body.innerText;
    for (const a of allowed) text = text.split(a).join(' ');
    text = text.replace(/\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/g, ' ').replace(/\b[A-Z]{1,3}-[A-Z0-9]{1,3}\b/g, ' ').replace(/\b[0-9a-f]{8,}…?/g, ' ');
    return [...new Set(text.match(/[A-Za-z]{2,}/g) || [])].filter((w) => w !== 'EN' && w !== 'RU' && !/^[IVX]+$/.test(w)); // Roman numerals: Река II
  }, allowed);
}

test('a Russian phone shows no English: lobby, waiting room, game, end, replay', { timeout: 180_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const page = await (await browser.newContext({ ...PHONE, locale: 'ru-RU' })).newPage();
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#conn-status.conn-online');
    const scan = async (where) => assert.deepEqual(await latinWords(page), [], `${where}: Latin words on a Russian screen`);
    await scan('lobby');
    assert.match(await page.inputValue('#my-name'), /^[А-Яа-яЁё ]+$/, 'the default visitor name is Russian');

    // The account screens: signing in and up, My games, the account's settings and devices
    // (a device is named by its browser's User-Agent, not a word of the client).
    await page.click('#tab-account');
    await page.waitForSelector('#sign-up-form');
    await scan('sign-in and sign-up');
    await page.fill('#sign-up-form input[name=name]', 'Проверяющий');
    await page.fill('#sign-up-form input[name=password]', 'пароль проверки');
    await page.click('#sign-up-form button[type=submit]');
    await page.waitForSelector('body[data-account="in"] .screen-games');
    await scan('My games');
    await page.click('#tab-account');
    await page.waitForSelector('#settings-form');
    await page.waitForSelector('#session-list .session');
    const devices = await page.$$eval('.session-device', (els) => els.map((e) => e.textContent));
    // The terminal client's command line is typed as it is, not translated.
    const command = 'carc-term --name ВАШЕ-ИМЯ --device-token';
    assert.deepEqual(await latinWords(page, [...devices, command]), [], 'account: Latin words on a Russian screen');
    await page.click('#sign-out');
    await page.waitForFunction(() => window.carc.conn.welcome && !window.carc.conn.welcome.account);

    const room = await page.evaluate(async () => (await window.carc.conn.request({
      type: 'create_room', name: 'Проверка', seats: 2, rules: 'carcassonne',
      expansions: { river2: true, count: true, king_robber: true, cult: true }, options: { pile_limit: 3 },
    })).room);
    await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    await page.waitForSelector('.waiting-room');
    // Someone the host removes from the room is told so in Russian.
    const guest = await (await browser.newContext({ ...PHONE, locale: 'ru-RU' })).newPage();
    await guest.goto(`${server.url}/#/room/${encodeURIComponent(room)}`);
    await guest.waitForFunction(() => window.carc?.conn?.welcome);
    await press(guest, '#take-seat', true);
    await guest.waitForSelector('.waiting-room');
    const person = await guest.evaluate(() => window.carc.conn.welcome.person);
    await page.evaluate(({ r, person }) => window.carc.conn.request({ type: 'kick', room: r, person }), { r: room, person });
    await guest.waitForSelector('.toast-error');
    assert.deepEqual(await latinWords(guest), [], 'removed from the room: Latin words on a Russian screen');
    await guest.context().close();
    await page.evaluate((r) => window.carc.conn.request({ type: 'set_bot', room: r, seat: 1, bot: 'greedy' }), room);
    await page.waitForSelector('#start:not([disabled])');
    await scan('waiting room');
    await press(page, '#start', true);
    await page.waitForSelector('svg.board .layer-tiles .tile');
    await page.waitForSelector('.turn-banner');
    for (const tab of ['turn', 'players', 'tiles', 'log', 'chat']) {
      await press(page, `.sheet-tab[data-tab="${tab}"]`, true);
      await scan(`game, ${tab} tab`);
    }
    // The rules at hand ("?"), in Russian, this room's expansions unfolded.
    await press(page, '#help-toggle', true);
    await page.waitForSelector('.help-dialog');
    assert.equal(await page.locator('.help-dialog details').count(), 7, 'the base game and every expansion');
    for (const s of ['base', 'river2', 'count', 'king_robber', 'cult'])
      assert.ok(await page.$(`.help-dialog details[data-section="${s}"][open]`), `${s} unfolded`);
    assert.equal(await page.$('.help-dialog details[data-section="castle"][open]'), null, 'another game folded');
    await scan('rules');
    assert.deepEqual(await page.evaluate(() => { const b = document.querySelector('.help-card').getBoundingClientRect(); return b.left >= 0 && b.right <= innerWidth; }), true, 'the rules fit the screen');
    await shot(page, 'russian-help');
    await press(page, '#close-help', true);
    await press(page, '.sheet-tab[data-tab="turn"]', true);
    for (let turn = 1; turn < 40 && !(await page.$('.end-dialog')); turn++) {
      const mine = await page.waitForSelector('.turn-banner.mine, .end-dialog', { timeout: 15000 });
      if ((await mine.getAttribute('class')).includes('end-dialog')) break;
      await scan(`turn ${turn}`);
      await playTurn(page, room, turn % 5 === 0 ? turn + 1 : turn); // by keys (the screens matter here, not the taps)
    }
    await page.waitForSelector('.end-dialog');
    await scan('end of the game');
    await shot(page, 'russian-end');

    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('.game-row .game-players');
    await scan('lobby with a finished game');
    await page.goto(`${server.url}/#/replay/${encodeURIComponent(room)}/end`);
    await page.waitForSelector('#replay-step');
    await scan('replay');
    await shot(page, 'russian-replay');
  } finally {
    await browser.close();
    await server.stop();
  }
});
