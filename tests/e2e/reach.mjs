// Whether a control can be reached: inside the window and on top (for the small-screen tests),
// and a room against a bot to try it in.
import assert from 'node:assert/strict';
import { BASE, setName, waitHash } from './helpers.mjs';

// Where the element's middle is, and whether it is inside the window and on top there (not
// under another element, not scrolled away).
export const reachable = (page, selector) => page.evaluate((sel) => {
  const el = document.querySelector(sel);
  if (!el) return { missing: sel };
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = x > 0 && x < innerWidth && y > 0 && y < innerHeight;
  const top = inside ? document.elementFromPoint(x, y) : null;
  return { sel, y: Math.round(y), reachable: inside && !!top && el.contains(top), over: top && !el.contains(top) ? top.className || top.tagName : null };
}, selector);

export async function assertReachable(page, selector, what) {
  const r = await reachable(page, selector);
  assert.ok(r.reachable, `${what}: ${JSON.stringify(r)} in a window ${JSON.stringify(page.viewportSize())}`);
}

// Creates a room against a greedy bot from the lobby form; the game is not started.
export async function roomWithBot(page, name, length) {
  await page.goto(BASE + '/');
  await page.waitForSelector('#conn-status.conn-online');
  await setName(page, name);
  await page.selectOption('#create-form select[name=pile_limit]', length);
  await page.selectOption('#create-form select[name=bot-1]', 'greedy');
  await page.click('#create-form button[type=submit]');
  await waitHash(page, '#/room/');
  await page.waitForSelector('#start');
  return decodeURIComponent(page.url().split('#/room/')[1]);
}

