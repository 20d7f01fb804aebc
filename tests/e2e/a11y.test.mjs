// Accessibility: axe-core (npm) over the main screens, in English and Russian, finds nothing
// critical or serious: the lobby, signing in, the account's settings, a player's profile, the
// waiting room, the game on a desktop and on a phone (each of its tabs, and the rules), the end
// dialog and the replay.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, playTurn } from './helpers.mjs';
import { startServer } from './board-play.mjs';
import { DESKTOP, PHONE } from './viewports.mjs';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The critical and serious violations on the page, one line each: rule, impact, where.
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
  });
  return found;
}

// A room of two against a greedy bot, `pile` tiles long, opened in the waiting room.
async function roomWithBot(page, name, pile) {
  const room = await page.evaluate(
    async ({ name, pile }) => (await window.carc.conn.request({ type: 'create_room', name, seats: 2, rules: 'carcassonne', options: { pile_limit: pile } })).room,
    { name, pile },
  );
  await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
  await page.waitForSelector('.waiting-room');
  await page.evaluate((r) => window.carc.conn.request({ type: 'set_bot', room: r, seat: 1, bot: 'greedy' }), room);
  await page.waitForSelector('#start:not([disabled])');
  return room;
}

for (const [locale, who] of [['en-US', 'Checker'], ['ru-RU', 'Проверяющий']]) {
  test(`axe finds nothing critical or serious on the main screens (${locale})`, { timeout: 240_000 }, async () => {
    const server = await startServer(11);
    const browser = await launch();
    const report = [];
    const check = async (page, screen) => {
      for (const v of await violations(page)) report.push(`${screen}: ${v}`);
    };
    try {
      const page = await (await browser.newContext({ ...DESKTOP, locale })).newPage();
      await page.goto(`${server.url}/`);
      await page.waitForSelector('#conn-status.conn-online');
      await page.waitForSelector('#create-form');
      await check(page, 'lobby');

      await page.click('#tab-account');
      await page.waitForSelector('#sign-up-form');
      await check(page, 'sign-in');
      await page.fill('#sign-up-form input[name=name]', who);
      await page.fill('#sign-up-form input[name=password]', 'a long enough password');
      await page.click('#sign-up-form button[type=submit]');
      await page.waitForSelector('body[data-account="in"] .screen-games');
      await check(page, 'my games');
      await page.click('#tab-account');
      await page.waitForSelector('#settings-form');
      await check(page, 'settings');
      await page.goto(`${server.url}/#/player/${encodeURIComponent(who)}`);
      await page.waitForSelector('.profile, .screen-player, main h1, main h2');
      await page.waitForLoadState('networkidle');
      await check(page, 'profile');

      await page.goto(`${server.url}/#/`);
      await page.waitForSelector('#create-form');
      const room = await roomWithBot(page, 'Axe', 3);
      await check(page, 'waiting room');
      await page.click('#start');
      await page.waitForSelector('svg.board .layer-tiles .tile');
      await page.waitForSelector('.turn-banner.mine');
      await check(page, 'game (desktop)');
      for (let turn = 1; turn < 40 && !(await page.$('.end-dialog')); turn++) {
        const next = await page.waitForSelector('.turn-banner.mine, .end-dialog', { timeout: 15000 });
        if ((await next.getAttribute('class')).includes('end-dialog')) break;
        await playTurn(page, room, turn % 5 === 0 ? turn + 1 : turn);
      }
      await page.waitForSelector('.end-dialog');
      await check(page, 'end dialog');
      await page.goto(`${server.url}/#/replay/${encodeURIComponent(room)}/end`);
      await page.waitForSelector('#replay-step');
      await check(page, 'replay');

      const phone = await (await browser.newContext({ ...PHONE, locale })).newPage();
      await phone.goto(`${server.url}/`);
      await phone.waitForSelector('#conn-status.conn-online');
      await phone.waitForSelector('#create-form');
      await check(phone, 'lobby (phone)');
      await roomWithBot(phone, 'Phone', 6);
      await phone.tap('#start');
      await phone.waitForSelector('svg.board .layer-tiles .tile');
      await phone.waitForSelector('.turn-banner.mine');
      for (const tab of ['turn', 'players', 'tiles', 'log', 'chat']) {
        await phone.tap(`.sheet-tab[data-tab="${tab}"]`);
        await check(phone, `game (phone, ${tab} tab)`);
      }
      await phone.tap('#help-toggle');
      await phone.waitForSelector('.help-dialog');
      await check(phone, 'rules (phone)');
    } finally {
      await browser.close();
      await server.stop();
    }
    assert.deepEqual(report, [], `axe's critical and serious violations:\n${report.join('\n')}`);
  });
}
