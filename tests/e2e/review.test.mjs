// The move review on a finished game's replay (docs/client.md, "Move review"), at desktop and
// phone sizes (the phone in Russian): asked from the replay, the graph shows one point per decision, a point moves the
// replay to that move, graded decisions are listed, and a decision whose better move differs
// from the one played shows that move as a ghost tile on the board.
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, shot } from './helpers.mjs';
import { startServer, opponent } from './board-play.mjs';
import { DESKTOP, PHONE } from './viewports.mjs';

const GRADED = ['inaccuracy', 'mistake', 'blunder'];

test('move review: a point per decision, a point moves the replay, the better tile as a ghost', { timeout: 180_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  const errors = [];
  try {
    const alicePage = await (await browser.newContext()).newPage();
    const alice = await opponent(alicePage, server.url, 'Alice');
    const bob = await opponent(await (await browser.newContext()).newPage(), server.url, 'Bob');
    const room = (await alicePage.evaluate(() => window.req({ type: 'create_room', name: 'Reviewed', seats: 2, rules: 'carcassonne', options: { pile_limit: 6 } }))).room;
    await bob.join(room, 1);
    await alicePage.evaluate((r) => window.req({ type: 'start', room: r }), room);
    for (let i = 0; i < 40; i++) if ((await alice.play(room, 0)) + (await bob.play(room, 1)) === 0) break;

    // The phone reads Russian: the panel speaks the page's language.
    for (const [size, options, locale, title] of [['desktop', DESKTOP, 'en-US', 'Move review'], ['phone', PHONE, 'ru-RU', 'Разбор ходов']]) {
      const page = await (await browser.newContext({ ...options, locale })).newPage();
      page.on('pageerror', (e) => errors.push(`${size}: ${e.message}`));
      await page.goto(`${server.url}/#/replay/${encodeURIComponent(room)}`);
      await page.waitForSelector('#review-panel');
      assert.equal(await page.textContent('#review-panel h3'), title);
      await page.selectOption('#review-strength', 'easy');
      await page.click('#review-ask');
      await page.waitForSelector('.review-graph .review-point', { timeout: 60_000 });
      const review = await page.evaluate(async (r) => (await (await fetch(`/api/games/${r}/review?strength=easy`)).json()).review, room);
      assert.ok(review.decisions.length > 6, 'the game has decisions to judge');
      assert.equal(await page.locator('.review-graph .review-point').count(), review.decisions.length, 'one point per decision');
      const graded = review.decisions.filter((d) => GRADED.includes(d.grade));
      assert.equal(await page.locator('.review-moves li').count(), graded.length, 'the graded decisions listed');
      assert.equal(await page.locator('.review-player').count(), 2, 'a summary per player');

      // A tile placement whose better move differs: its point moves the replay there and the
      // better placement appears as a ghost tile.
      const better = review.decisions.find((d) => !d.played_is_best && d.best.type === 'place_tile');
      assert.ok(better, 'a placement the search would have played elsewhere');
      await page.locator(`.review-graph .review-point[data-index="${better.index}"]`).click();
      await page.waitForFunction((s) => document.querySelector('#replay-step')?.dataset.step === String(s), better.index + 1);
      const ghost = page.locator('.review-ghost .tile.ghost');
      await ghost.waitFor();
      assert.equal(await page.locator('.review-ghost').getAttribute('data-x'), String(better.best.x));
      assert.equal(await page.locator('.review-ghost').getAttribute('data-y'), String(better.best.y));
      assert.equal(await ghost.getAttribute('data-tile'), better.tile);
      await shot(page, `review-${size}`);

      // Another point: the replay follows, and a move the search agrees with has no ghost.
      const agreed = review.decisions.find((d) => d.played_is_best);
      await page.locator(`.review-graph .review-point[data-index="${agreed.index}"]`).click();
      await page.waitForFunction((s) => document.querySelector('#replay-step')?.dataset.step === String(s), agreed.index + 1);
      assert.equal(await page.locator('.review-ghost').count(), 0, 'no ghost where the move played was the best');
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
