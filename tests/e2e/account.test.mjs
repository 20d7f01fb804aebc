// Accounts in the browser client (docs/accounts.md) against a real carc-server:
// - a guest with a seat signs up and keeps it (My games lists the room); settings are saved (a
//   private webhook refused with its reason); a taken name, a sign-out, a wrong password, too
//   many attempts (with the time to wait) and a sign-in are shown as such;
// - two devices of one account play the same game: a move made on one appears on the other,
//   which never shows a stale "your turn"; My games agrees on both; a `notice` of your turn
//   shows a browser notification;
// - a third device (a phone) signs in through the form; ended from the first device's session
//   list, its socket closes and the page says it is signed out; a new password signs the
//   second device out;
// - at 1280x800 and 390x844 nothing on the account screens is wider than the window;
// - a Russian page signs up a Russian account, and switching the page to English switches the
//   account; the sessions list shows this device first, each as browser, system and address.
import test from 'node:test';
import assert from 'node:assert/strict';
import { BASE, shot, eventually, playTurn, launch, roomVersion } from './helpers.mjs';
import { DESKTOP, PHONE, newPage, openLobby } from './viewports.mjs';
import { opponent, press } from './board-play.mjs';

const unique = (prefix) => `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
const PASSWORD = 'correct horse battery';

// Nothing wider than the window: the page does not scroll sideways and no element pokes out.
async function assertFitsWidth(page, step) {
  const bad = await page.evaluate(() => {
    const vw = window.innerWidth;
    const out = [];
    if (document.scrollingElement.scrollWidth > vw + 1) out.push(`page is ${document.scrollingElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll('#app *, header *')) {
      const b = el.getBoundingClientRect();
      if (b.width && b.right > vw + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} right at ${Math.round(b.right)}`);
    }
    return out;
  });
  assert.deepEqual(bad, [], `${step}: wider than ${page.viewportSize().width}px`);
}

const signedIn = (page, yes) => page.waitForSelector(`body[data-account="${yes ? 'in' : 'out'}"]`, { timeout: 10000 });
const myGameRooms = (page) => page.$$eval('#my-games .my-game', (rows) => rows.map((r) => r.dataset.room));

async function openAccount(page) {
  await page.click('#tab-account');
  await page.waitForSelector('.screen-account');
}

async function submitSignIn(page, name, password) {
  await page.fill('#sign-in-form input[name=name]', name);
  await page.fill('#sign-in-form input[name=password]', password);
  await page.click('#sign-in-form button[type=submit]');
}

test('a guest signs up keeping their seat; taken name, sign-out, wrong password, sign-in', { timeout: 180_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const page = await newPage(browser, 'guest', errors, DESKTOP);
    const name = unique('Ada');
    await openLobby(page, name);
    const room = await page.evaluate(async () => (await window.carc.conn.request({ type: 'create_room', seats: 2 })).room);
    await page.click('#tab-games');
    await eventually(async () => assert.deepEqual(await myGameRooms(page), [room]), "the guest's games");

    await openAccount(page);
    await assertFitsWidth(page, 'signed out, desktop');
    assert.equal(await page.inputValue('#sign-up-form input[name=name]'), name, 'the guest name is offered');
    await page.fill('#sign-up-form input[name=password]', PASSWORD);
    await page.click('#sign-up-form button[type=submit]');
    await signedIn(page, true);
    await page.waitForSelector('.screen-games');
    assert.equal(await page.textContent('#tab-account'), name);
    await eventually(async () => assert.deepEqual(await myGameRooms(page), [room]), 'the seat stayed with the account');
    await shot(page, 'account-my-games-desktop');

    // Another visitor may not take the name (names compare ignoring case).
    const other = await newPage(browser, 'other', errors, DESKTOP);
    await openLobby(other, 'Someone');
    await openAccount(other);
    await other.fill('#sign-up-form input[name=name]', name.toUpperCase());
    await other.fill('#sign-up-form input[name=password]', PASSWORD);
    await other.click('#sign-up-form button[type=submit]');
    await other.waitForSelector('#sign-up-form .form-error:not([hidden])');
    assert.match(await other.textContent('#sign-up-form .form-error'), /That name is taken/);

    await openAccount(page);
    await page.waitForSelector('#settings-form');
    await assertFitsWidth(page, 'signed in, desktop');
    // Settings: a webhook on a private address is refused with a reason; an e-mail is kept
    // and shown as not confirmed yet.
    await page.fill('#settings-form input[name=webhook]', 'http://127.0.0.1/hook');
    await page.click('#settings-form button[type=submit]');
    await page.waitForSelector('#settings-form .form-error:not([hidden])');
    assert.match(await page.textContent('#settings-form .form-error'), /webhook URL is not allowed/);
    await page.fill('#settings-form input[name=webhook]', '');
    await page.fill('#settings-form input[name=email]', 'ada@example.org');
    await page.fill('#settings-form input[name=email_password]', PASSWORD);
    // Every notice channel is on for a new account; saving keeps the ones left checked.
    for (const channel of ['email', 'push', 'webhook', 'webpush'])
      assert.ok(await page.isChecked(`#settings-form input[name=notice-${channel}]`), `${channel} starts on`);
    await page.uncheck('#settings-form input[name=notice-webhook]');
    await page.click('#settings-form button[type=submit]');
    await page.waitForSelector('.toast:has-text("Settings saved")');
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    assert.equal(me.email, 'ada@example.org');
    assert.deepEqual(me.notices, { email: true, push: true, webhook: false, webpush: true });
    await page.reload();
    await page.waitForSelector('#email-state');
    assert.equal(await page.textContent('#email-state'), 'not confirmed');
    await shot(page, 'account-settings-desktop');
    await page.click('#sign-out');
    await signedIn(page, false);
    await page.waitForFunction(() => window.carc.conn.welcome && !window.carc.conn.welcome.account);
    await page.click('#tab-games');
    await eventually(async () => assert.deepEqual(await myGameRooms(page), []), 'signed out, the seat is not this guest’s');

    await openAccount(page);
    await submitSignIn(page, name, 'not the password');
    await page.waitForSelector('#sign-in-form .form-error:not([hidden])');
    assert.equal(await page.textContent('#sign-in-form .form-error'), 'Wrong name or password');
    // Ten wrong passwords for a name: the next try is refused with the time to wait.
    const locked = unique('Nobody');
    await page.evaluate(async (name) => {
      for (let i = 0; i < 10; ++i)
        await fetch('/api/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password: 'wrong password' }) });
    }, locked);
    await submitSignIn(page, locked, 'wrong password');
    await page.waitForFunction(() => /^Too many attempts: try again in \d+ s$/.test(document.querySelector('#sign-in-form .form-error')?.textContent));
    await submitSignIn(page, name.toLowerCase(), PASSWORD);
    await signedIn(page, true);
    await eventually(async () => assert.deepEqual(await myGameRooms(page), [room]), 'signed in again');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('two devices of one account play one game; a device signed out from the session list', { timeout: 300_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const one = await newPage(browser, 'device one', errors, DESKTOP);
    const two = await newPage(browser, 'device two', errors, DESKTOP);
    const name = unique('Bea');
    await openLobby(one, name);
    const made = await one.evaluate(async (password) => {
      const r = await fetch('/api/accounts', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: window.carc.conn.name, password, token: window.carc.conn.token }) });
      return r.status;
    }, PASSWORD);
    assert.equal(made, 201);
    await one.reload();
    await signedIn(one, true);
    await two.goto(BASE + '/#/account');
    await submitSignIn(two, name, PASSWORD);
    await signedIn(two, true);

    const bob = await opponent(await (await browser.newContext()).newPage(), BASE, 'Bob');
    const room = await one.evaluate(async () => (await window.carc.conn.request({
      type: 'create_room', name: 'Two devices', seats: 2, options: { pile_limit: 8 } })).room);
    await one.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    await bob.join(room, 1);
    await press(one, '#start:not([disabled])', false);
    await two.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    for (const p of [one, two]) await p.waitForSelector('svg.board .layer-tiles .tile');

    const decider = (p) => p.evaluate((r) => window.carc.store.get(r)?.view?.game?.decider, room);
    const tiles = (p) => p.$$eval('svg.board .layer-tiles .tile', (t) => t.length);
    for (let turn = 1; turn <= 3; ++turn) {
      await bob.play(room, 1, { followers: false });
      const mover = turn % 2 ? one : two;
      const watcher = mover === one ? two : one;
      for (const p of [one, two]) await p.waitForSelector('.turn-banner.mine');
      await playTurn(mover, room, turn);
      // Whatever the mover's page shows next, the other device shows too: the same version, the
      // same tiles, and "your turn" only while the account decides.
      await eventually(async () => assert.equal(await roomVersion(watcher, room), await roomVersion(mover, room)), 'the other device follows');
      assert.equal(await tiles(watcher), await tiles(mover));
      if ((await decider(mover)) === 1) assert.equal(await watcher.$('.turn-banner.mine'), null, 'no stale "your turn"');
    }
    await bob.play(room, 1, { followers: false });
    for (const p of [one, two]) await p.waitForSelector('.turn-banner.mine');

    // My games: the same game on both devices, waiting for the account.
    for (const p of [one, two]) {
      await p.click('.brand');
      await p.click('#tab-games');
      await eventually(async () => {
        assert.ok((await myGameRooms(p)).includes(room));
        assert.equal(await p.getAttribute(`.my-game[data-room="${room}"]`, 'class'), 'my-game mine');
        assert.equal(await p.textContent('#tab-games .games-count'), '1');
        assert.equal(await p.textContent('#nav-games .games-count'), '1', "the header's link counts it too");
      }, 'My games on both devices');
      assert.match(await p.title(), /^\(1\) /, 'the title counts the game waiting');
    }

    // The server's notice of a turn in a game not on screen: a toast and, where allowed, a
    // browser notification (recorded here instead of shown).
    await two.evaluate(() => {
      window.shown = [];
      window.Notification = class { static permission = 'granted'; constructor(title) { window.shown.push(title); } };
    });
    await two.evaluate((r) => window.carc.conn.receive(JSON.stringify({ type: 'notice', kind: 'your_turn', room: r, deadline_ms: null })), room);
    await two.waitForFunction(() => window.shown.length === 1);
    assert.equal(await two.evaluate(() => window.shown[0]), 'Your turn: Two devices');

    // A phone signs in through the form; its session is then ended from device one's list.
    const phone = await newPage(browser, 'phone', errors, PHONE);
    await phone.goto(BASE + '/');
    await phone.waitForSelector('#conn-status.conn-online');
    await assertFitsWidth(phone, 'lobby, phone');
    await openAccount(phone);
    await assertFitsWidth(phone, 'signed out, phone');
    await submitSignIn(phone, name, PASSWORD);
    await signedIn(phone, true);
    await eventually(async () => assert.ok((await myGameRooms(phone)).includes(room)), "the phone's games");
    await assertFitsWidth(phone, 'My games, phone');
    await shot(phone, 'account-my-games-phone');
    await openAccount(phone);
    await phone.waitForSelector('#settings-form');
    await phone.waitForSelector('#session-list .session');
    await assertFitsWidth(phone, 'account, phone');
    await shot(phone, 'account-settings-phone');

    await openAccount(one);
    await eventually(async () => assert.equal(await one.locator('#session-list .session').count(), 3), 'three devices listed');
    assert.equal(await one.locator('#session-list .session[data-current="yes"]').count(), 1);
    const phoneSession = await phone.evaluate(async () => (await (await fetch('/api/me/sessions')).json()).sessions.find((s) => s.current).id);
    await one.click(`#session-list .session[data-session="${phoneSession}"] .btn-end-session`);
    await signedIn(phone, false);
    await phone.waitForSelector('#sign-in-form');
    await phone.waitForFunction(() => window.carc.conn.welcome && !window.carc.conn.welcome.account);
    await eventually(async () => assert.equal(await one.locator('#session-list .session').count(), 2), 'two devices left');
    assert.equal(await one.$('body[data-account="in"]') !== null, true, 'device one stays signed in');

    // A new password signs every other device out.
    await one.fill('#password-form input[name=old]', PASSWORD);
    await one.fill('#password-form input[name=new]', 'a new password');
    await one.click('#password-form button[type=submit]');
    await one.waitForSelector('.toast:has-text("Password changed; 1 other device was signed out")');
    await signedIn(two, false);
    await one.waitForSelector('body[data-account="in"]');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("the page's language becomes the account's; the sessions list names browser, system and address, this device first", { timeout: 120_000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    // A Russian page signs up through the form: the account's mails are to be Russian.
    const page = await newPage(browser, 'russian desktop', errors, DESKTOP, 'ru-RU');
    const name = unique('Ida');
    await openLobby(page, name);
    await openAccount(page);
    await page.fill('#sign-up-form input[name=password]', PASSWORD);
    await page.click('#sign-up-form button[type=submit]');
    await signedIn(page, true);
    const language = () => page.evaluate(async () => (await (await fetch('/api/me')).json()).language);
    assert.equal(await language(), 'ru');

    // A second session of the same browser on the same system, signed in after this one (so
    // the server lists it first, as the most recently seen).
    const other = await newPage(browser, 'second desktop', errors, DESKTOP);
    await other.goto(BASE + '/#/account');
    await submitSignIn(other, name, PASSWORD);
    await signedIn(other, true);

    const rows = () =>
      page.$$eval('#session-list .session', (items) =>
        items.map((li) => ({
          current: li.dataset.current,
          device: li.querySelector('.session-device')?.textContent,
          address: li.querySelector('.session-address')?.textContent,
        })),
      );
    await openAccount(page);
    await eventually(async () => assert.equal((await rows()).length, 2), 'both sessions listed');
    assert.deepEqual(await rows(), [
      { current: 'yes', device: 'Chrome, Linux', address: 'с адреса 127.0.0.1' },
      { current: 'no', device: 'Chrome, Linux', address: 'с адреса 127.0.0.1' },
    ]);
    await shot(page, 'account-sessions-russian');

    // The page switched to English: so is the account, and the list says it in English.
    await page.selectOption('#language', 'en');
    await eventually(async () => assert.equal(await language(), 'en'), "the account's language follows the page");
    await eventually(async () =>
      assert.deepEqual((await rows())[0], { current: 'yes', device: 'Chrome on Linux', address: 'from 127.0.0.1' }),
    'the list in English');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
