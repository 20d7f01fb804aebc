// A chat line the operator removes with carc-admin (docs/moderation.md), in the browser: a member
// watching the room sees it replaced by a muted "message removed by the operator" at once, and a
// late arrival (in Russian) finds it so in the room's history. The text is gone from both.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, signUpAccount } from './helpers.mjs';
import { startServer } from './board-play.mjs';
import { DESKTOP, newPage } from './viewports.mjs';

const insult = 'you are all idiots';

async function openApp(page, url, hash = '') {
  await page.goto(`${url}/${hash}`);
  await page.waitForFunction(() => window.carc?.conn?.welcome);
  await page.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// carc-admin on the server's data directory: it hands the command to the running server.
function admin(server, args) {
  const bin = path.join(path.dirname(process.env.CARC_SERVER || path.join(repo, 'build/bin/carc-server')), 'carc-admin');
  return execFileSync(bin, ['--data-dir', server.data, '--operator', 'olga', ...args], { encoding: 'utf8' });
}

test('a removed chat line shows as removed, live and to a late arrival', { timeout: 120_000 }, async () => {
  const server = await startServer(5);
  const bob = `Bob${Date.now().toString(36).slice(-5)}`;
  const bobToken = await signUpAccount(bob, server.url);
  const browser = await launch();
  const errors = [];
  try {
    const ada = await newPage(browser, 'ada', errors, DESKTOP);
    await openApp(ada, server.url);
    const room = await ada.evaluate(async () => (await window.req({ type: 'create_room', name: 'Chat', seats: 3 })).room);
    await ada.evaluate((r) => { location.hash = `#/room/${encodeURIComponent(r)}`; }, room);
    await ada.waitForSelector('.chat-input');

    // Bob, signed in on a socket of his own, joins and insults the table.
    await ada.evaluate(async ({ name, token, r, text }) => {
      const ws = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
      const replies = new Map();
      ws.onmessage = (e) => { const m = JSON.parse(e.data); if (m.id) replies.get(m.id)?.(m); };
      await new Promise((resolve) => { ws.onopen = resolve; });
      let id = 0;
      const ask = (m) => new Promise((resolve) => { replies.set(++id, resolve); ws.send(JSON.stringify({ ...m, id })); });
      await ask({ type: 'hello', protocol: 1, name, session: token });
      await ask({ type: 'join', room: r });
      const said = await ask({ type: 'chat', room: r, text });
      if (said.type !== 'ack') throw new Error(JSON.stringify(said));
      window.bobSocket = ws;
    }, { name: bob, token: bobToken, r: room, text: insult });
    await ada.waitForSelector(`.chat-list li:has-text("${insult}")`);
    const time = await ada.evaluate(
      ({ r, text }) => window.carc.store.get(r).chat.find((c) => c.text === text).time, { r: room, text: insult });
    // A bot's seat is stored after the line (one writer, in order): the line is in the store.
    const bot = await ada.evaluate((r) => window.req({ type: 'set_bot', room: r, seat: 2, bot: 'random' }), room);
    assert.equal(bot.type, 'ack');

    const said = admin(server, ['remove-chat', room, String(time), '--from', bob, '--reason', 'insults']);
    assert.equal(said, `${bob}'s line at ${time} in room ${room} is removed: "${insult}"\n`);
    const removed = await ada.waitForSelector('.chat-list li.chat-removed');
    assert.equal(await removed.innerText(), `${bob} message removed by the operator`);
    assert.equal(await removed.evaluate((li) => li.querySelector('.muted') !== null), true);
    assert.equal(await ada.locator(`.chat-list li:has-text("${insult}")`).count(), 0);

    // Eve comes later, her browser in Russian, and watches.
    const eve = await newPage(browser, 'eve', errors, DESKTOP, 'ru-RU');
    await openApp(eve, server.url);
    await eve.evaluate((r) => window.req({ type: 'spectate', room: r }), room);
    await eve.evaluate((r) => { location.hash = `#/room/${encodeURIComponent(r)}`; }, room);
    const seen = await eve.waitForSelector('.chat-list li.chat-removed');
    assert.equal(await seen.innerText(), `${bob} сообщение удалено администратором`);
    assert.equal(await eve.evaluate((r) => JSON.stringify(window.carc.store.get(r).chat).includes('idiots'), room), false);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
