// The two viewports the client is tested at, and a page opened at one of them.
import { BASE, setName } from './helpers.mjs';

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// A page in its own browser context (own storage, so its own person); `locale` picks the
// browser language the client starts in.
export async function newPage(browser, name, errors, options = DESKTOP, locale = 'en-US') {
  const page = await (await browser.newContext({ locale, ...options })).newPage();
  page.on('pageerror', (e) => { errors.push(`${name}: ${e.message}`); console.log(`[${name}] page error: ${e.message}`); });
  return page;
}

export async function openLobby(page, name) {
  await page.goto(BASE + '/');
  await page.waitForSelector('#conn-status.conn-online');
  await setName(page, name);
}
