// Ratings in the browser client (docs/ratings.md) against a real carc-server: the Ratings tab
// opens the leaderboard with the bots' fixed ratings; a player's profile says they have no
// rated games yet and offers the head-to-head; an unknown name is said to be unknown. At 390x844
// the page is not wider than the window, the Compare button is whole, and no stray "null" shows.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, signUpAccount } from './helpers.mjs';
import { DESKTOP, PHONE, newPage, openLobby } from './viewports.mjs';

const name = `Rita${Date.now().toString(36).slice(-5)}`;

test('the leaderboard and a profile', { timeout: 120_000 }, async () => {
  await signUpAccount(name);
  const browser = await launch();
  const errors = [];
  try {
    for (const options of [DESKTOP, PHONE]) {
      const page = await newPage(browser, 'viewer', errors, options);
      await openLobby(page, 'Viewer');
      await page.click('#tab-ratings');
      await page.waitForSelector('.leaderboard-screen .bots-ladder');
      assert.match(await page.textContent('.bots-ladder'), /Easy bot 1500/);
      assert.equal(await page.inputValue('#leaderboard-rules'), 'carcassonne');
      // The rule systems' list is as wide as its longest name, but never past the window's edge.
      const rules = await page.locator('#leaderboard-rules').boundingBox();
      const width = page.viewportSize().width;
      assert.ok(rules && rules.x + rules.width <= width + 1, `the rules list ends at ${(rules?.x ?? 0) + (rules?.width ?? 0)}px of ${width}px`);

      await page.goto(`${BASE}/#/player/${encodeURIComponent(name)}`);
      await page.waitForSelector('.profile-screen h2');
      assert.equal(await page.textContent('.profile-screen h2'), name);
      assert.match(await page.textContent('.profile-screen'), /No rated games yet/);
      // Absent parts (friend buttons for a viewer without an account, stats) leave no "null".
      assert.doesNotMatch(await page.textContent('.profile-screen'), /null/);
      await page.fill('#h2h-name', name);
      await page.click('.h2h-form button');
      await page.waitForSelector('.profile-screen .muted >> text=No rated games against');

      const vw = page.viewportSize().width;
      const wide = await page.evaluate(() => document.scrollingElement.scrollWidth);
      assert.ok(wide <= vw + 1, `the profile is ${wide}px wide at ${vw}px`);
      // The Compare button is whole inside the window, not cut at its edge.
      const button = await page.locator('.h2h-form button').boundingBox();
      assert.ok(button && button.x >= 0 && button.x + button.width <= vw + 1,
        `the Compare button spans ${button?.x}-${(button?.x ?? 0) + (button?.width ?? 0)}px at ${vw}px`);

      await page.goto(`${BASE}/#/player/Nobody${Date.now()}`);
      await page.waitForSelector('.profile-screen .error');
      assert.match(await page.textContent('.profile-screen .error'), /no account of that name/);
      await page.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
