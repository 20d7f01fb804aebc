// A server restart in the middle of a game, with a spectator on a phone: the game's chat comes
// back with it, and the spectator's board goes on with the game (the restarted server forgot
// spectators: the client watches the room again when its welcome does not list it).
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './helpers.mjs';
import { startServer, scripted } from './board-play.mjs';
import { DESKTOP, PHONE } from './viewports.mjs';

async function openApp(browser, url, options, hash = '') {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(`${url}/${hash}`);
  await page.waitForFunction(() => window.carc?.conn?.welcome);
  await page.evaluate(() => { window.req = (m) => window.carc.conn.request(m); });
  return page;
}

const version = (page, room) => page.evaluate((r) => window.carc.store.get(r)?.version ?? -1, room);
const chatLines = (page, room) => page.evaluate((r) => (window.carc.store.get(r)?.chat || []).map((c) => c.text), room);
// Marks the page's current welcome; `welcomedAgain` waits for the next one (after the restart).
const markWelcome = (page) => page.evaluate(() => { window.oldWelcome = window.carc.conn.welcome; });
const welcomedAgain = (page, who) => until(page, who, 'a new welcome after the restart', () => window.carc.conn.welcome && window.carc.conn.welcome !== window.oldWelcome);

// Waits (60 s: a restart on a loaded machine is slow) for `fn` in `page`; on a timeout says what
// the page held, so a failure tells which step stalled.
async function until(page, who, what, fn, arg) {
  try {
    await page.waitForFunction(fn, arg, { timeout: 60_000 });
  } catch (e) {
    const held = await page.evaluate(() => {
      const c = window.carc;
      const rooms = [...(c.store?.rooms || new Map()).entries()].map(([id, r]) => ({ id, version: r.version,
        role: r.view?.you?.role, phase: r.view?.game?.phase, decider: r.view?.game?.decider }));
      return JSON.stringify({ socket: c.conn?.ws?.readyState, welcome: c.conn?.welcome, hash: location.hash, rooms });
    }).catch((err) => `(page unreadable: ${err.message})`);
    throw new Error(`${who}: no ${what} (the page held ${held.slice(0, 1500)})`, { cause: e });
  }
}

test('a restart: the chat comes back and a spectator\'s board goes on with the game', { timeout: 300_000 }, async () => {
  const server = await startServer(7);
  const browser = await launch();
  try {
    const alice = await openApp(browser, server.url, DESKTOP);
    const room = await alice.evaluate(async () => (await window.req({ type: 'create_room', name: 'Restart', seats: 2,
      bots: [{ seat: 1, kind: 'greedy' }] })).room);
    await alice.evaluate((r) => { location.hash = `#/room/${r}`; }, room);
    await alice.evaluate((r) => window.req({ type: 'start', room: r }), room);
    assert.ok((await scripted(alice).play(room, 0, { turns: 1 })) > 0, 'Alice moved');
    await alice.evaluate((r) => window.req({ type: 'chat', room: r, text: 'before the restart' }), room);

    // Eve watches (what the room link's Watch button sends; links.test.mjs tests the button).
    const eve = await openApp(browser, server.url, PHONE);
    await eve.evaluate((r) => window.req({ type: 'spectate', room: r }), room);
    await eve.evaluate((r) => { location.hash = `#/room/${encodeURIComponent(r)}`; }, room);
    await eve.waitForSelector('#spectator-badge');
    await eve.waitForFunction((r) => (window.carc.store.get(r)?.chat || []).some((c) => c.text === 'before the restart'), room);

    await markWelcome(alice);
    await markWelcome(eve);
    await server.restart();
    await welcomedAgain(alice, 'Alice');
    await welcomedAgain(eve, 'Eve');
    await until(alice, 'Alice', 'turn after the restart', (r) => window.carc.store.get(r)?.view?.game?.decider === 0, room);
    assert.deepEqual(await chatLines(alice, room), ['before the restart'], 'the chat came back with the game');

    // Alice moves after the restart: Eve's board follows.
    assert.ok((await scripted(alice).play(room, 0, { turns: 1 })) > 0, 'Alice moved after the restart');
    const moved = await version(alice, room);
    await until(eve, 'Eve', `version ${moved}`, ([r, v]) => (window.carc.store.get(r)?.version ?? -1) >= v, [room, moved]);
    assert.ok(await eve.$('#spectator-badge'), 'Eve still watches');
    assert.deepEqual(await chatLines(eve, room), ['before the restart'], 'Eve sees the chat from before the restart');
  } finally {
    await browser.close();
    await server.stop();
  }
});
