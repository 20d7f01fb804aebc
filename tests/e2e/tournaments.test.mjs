// Tournaments in the browser client (docs/tournaments.md) against a real carc-server: an
// account creates a Swiss tournament from the Tournaments tab, a second account joins it from
// its page, the creator starts it, and the first round's game is a link that opens the room.
// At 390x844 the tournament's page is not wider than the window, nor are its standings. The
// create form's Rated box fixes the game's length to the whole pile.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, shot } from './helpers.mjs';
import { DESKTOP, PHONE, newPage, openLobby } from './viewports.mjs';

const PASSWORD = 'correct horse battery';
const unique = (prefix) => `${prefix}${Date.now().toString(36).slice(-5)}`;

// Signs the page's guest up as an account (the cookie comes back) and reloads signed in.
async function signUp(page, name) {
  await openLobby(page, name);
  const status = await page.evaluate(async (password) => {
    const r = await fetch('/api/accounts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: window.carc.conn.name,
        password,
        token: window.carc.conn.token,
      }),
    });
    return r.status;
  }, PASSWORD);
  assert.equal(status, 201);
  await page.reload();
  await page.waitForSelector('body[data-account="in"]', { timeout: 10000 });
}

test('create, join and start a tournament; its game opens from the round', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const ada = await newPage(browser, 'creator', errors, DESKTOP);
    await signUp(ada, unique('Ada'));
    // A rated game is played with the whole pile: ticking Rated sets the length back to it.
    await ada.selectOption('#create-form select[name=pile_limit]', '12');
    await ada.check('#create-form input[name=rated]');
    assert.equal(await ada.inputValue('#create-form select[name=pile_limit]'), '0');
    assert.ok(await ada.isDisabled('#create-form select[name=pile_limit]'));
    await ada.click('#tab-ratings');
    await ada.click('#link-tournaments');
    await ada.waitForSelector('#tournament-create');
    await shot(ada, 'tournaments-create-desktop');
    await ada.fill('#tournament-name', 'Friday club');
    await ada.fill('#tournament-rounds', '2');
    await ada.click('#tournament-create button[type=submit]');
    await ada.waitForSelector('#tournament-standings');
    const id = decodeURIComponent(ada.url().split('#/tournament/')[1]);
    assert.match(await ada.textContent('.tournament h2'), /Friday club/);

    const bob = await newPage(browser, 'player', errors, PHONE);
    await signUp(bob, unique('Maximilian_Featherstone')); // a long name: a wide standings table
    await bob.goto(`${BASE}/#/tournament/${encodeURIComponent(id)}`);
    await bob.click('#tournament-join');
    await bob.waitForSelector('#tournament-withdraw');
    await shot(bob, 'tournament-joined-phone');
    const vw = bob.viewportSize().width;
    const wide = await bob.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok(wide <= vw + 1, `the tournament is ${wide}px wide at ${vw}px`);
    // The standings fit the window, or scroll inside their own box.
    const standings = await bob.evaluate(() => {
      const box = document.querySelector('#tournament-standings').parentElement.getBoundingClientRect();
      const table = document.querySelector('#tournament-standings').getBoundingClientRect();
      const scrolls = getComputedStyle(document.querySelector('#tournament-standings').parentElement).overflowX;
      return { box: box.right, table: table.right, scrolls };
    });
    assert.ok(standings.box <= vw + 1, `the standings' box ends at ${standings.box}px at ${vw}px`);
    assert.ok(standings.table <= vw + 1 || standings.scrolls === 'auto',
      `the standings end at ${standings.table}px at ${vw}px and do not scroll`);

    await ada.reload();
    await ada.click('#tournament-start');
    await ada.waitForSelector('.tournament-round a[href^="#/room/"]', {
      timeout: 20000,
    });
    assert.equal(await ada.getAttribute('.tournament', 'data-status'), 'running');
    await shot(ada, 'tournament-round-desktop');
    await ada.click('.tournament-round a[href^="#/room/"]');
    await ada.waitForFunction(() => location.hash.startsWith('#/room/'));
    await ada.close();
    await bob.close();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
