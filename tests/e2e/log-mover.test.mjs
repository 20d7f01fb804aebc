// Who moved: Bob leaves a live game, Alice lets a bot play for him, and the log (the phone's Log
// tab, 390x844 English and 360x640 Russian) names the bot as the mover of his seat's moves, never
// Bob himself; no log line shows a tile's catalog id (B-V), each tile is told by what it holds.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, opponent, scripted } from './board-play.mjs';

const RUNS = [
  { locale: 'en-US', viewport: { width: 390, height: 844 }, bot: /^A bot for Bob laid a tile \(/, bobLaid: /^Bob laid/ },
  { locale: 'ru-RU', viewport: { width: 360, height: 640 }, bot: /^Бот за игрока Bob выкладывает квадрат \(/, bobLaid: /^Bob выкладывает/ },
];

for (const { locale, viewport, bot, bobLaid } of RUNS) {
  test(`the log names the bot that plays for an absent player (${viewport.width}x${viewport.height}, ${locale})`, { timeout: 120_000 }, async () => {
    const server = await startServer(3, { extra: ['--grace', '300'] });
    const browser = await launch();
    const errors = [];
    try {
      const page = await (await browser.newContext({ viewport, locale, isMobile: true, hasTouch: true })).newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      const bobContext = await browser.newContext();
      const bob = await opponent(await bobContext.newPage(), server.url, 'Bob');
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => window.carc?.conn?.welcome);
      const room = await page.evaluate(async () => (await window.carc.conn.request({ type: 'create_room', name: 'Absent', seats: 2, rules: 'carcassonne', options: { pile_limit: 12 } })).room);
      await page.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
      await bob.join(room, 1);
      await page.tap('#start:not([disabled])');
      await page.waitForSelector('.turn-banner.mine');
      await bobContext.close(); // Bob's connection drops for good
      await page.tap('#bot-for-offline-1', { timeout: 15000 });
      // Alice's moves by script; the bot answers for Bob.
      await page.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
      const alice = scripted(page);
      for (let i = 0; i < 3; i++) {
        await alice.play(room, 0);
        await page.waitForFunction((r) => { const g = window.carc.store.get(r)?.view?.game; return g?.result || g?.decider === 0; }, room);
      }
      await page.tap('.sheet-tab[data-tab="log"]');
      await page.waitForSelector('.log li');
      await shot(page, `log-mover-${viewport.width}x${viewport.height}-${locale}`);
      const lines = await page.$$eval('.log li', (lis) => lis.map((li) => li.textContent.trim()));
      assert.ok(lines.some((l) => bot.test(l)), `the bot's tile is the bot's: ${JSON.stringify(lines)}`);
      assert.deepEqual(lines.filter((l) => bobLaid.test(l)), [], 'Bob is never named as the mover');
      assert.deepEqual(lines.filter((l) => /\b[A-Z][A-Z0-9]*-[A-Z0-9]+\b/.test(l)), [], 'no tile id in the log');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
}
