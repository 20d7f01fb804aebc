// The installable app: Chromium's installability check finds nothing missing (manifest, icons,
// service worker), the page opens from the service worker's copy while the server is out of
// reach (with the outage banner, and no room shown), and a new deploy is never hidden behind
// the kept copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'node:test';
import assert from 'node:assert/strict';
import { launch, launchProfile } from './helpers.mjs';
import { startServer } from './board-play.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '../../clients/web');

// The page, opened once with the network, and the service worker holding its files; `where` is a
// browser or a persistent context.
async function installed(where, url) {
  const page = where.newContext
    ? await (await where.newContext({ viewport: { width: 1200, height: 800 } })).newPage()
    : where.pages()[0] || (await where.newPage());
  await page.goto(`${url}/`);
  await page.waitForSelector('#conn-status.conn-online');
  const kept = await page.evaluate(() => window.carcShell);
  assert.ok(kept > 10, `the service worker kept the files the page loaded (${kept})`);
  return page;
}

test('Chromium finds the app installable: manifest, icons and service worker', { timeout: 60_000 }, async () => {
  const server = await startServer(11);
  // Not incognito (a plain new context is): Chromium installs no app from one.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-profile-'));
  const context = await launchProfile(profile, { viewport: { width: 1200, height: 800 } });
  try {
    const page = await installed(context, server.url);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'no installability error');
    const { errors, url } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(errors, [], 'the manifest parses without a complaint');
    assert.match(url, /\/manifest\.webmanifest\?v=[0-9a-f]{16}$/, 'the manifest, named by its content');

    const manifest = await page.evaluate(() => fetch('/manifest.webmanifest').then((r) => r.json()));
    assert.equal(manifest.name, 'Carcassonne');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#2f7d4f');
    // Every icon is there, a PNG of the size it claims.
    const sizes = await page.evaluate(async (icons) => {
      const out = [];
      for (const icon of icons) {
        const r = await fetch(icon.src);
        const bitmap = await createImageBitmap(await r.blob());
        out.push(`${icon.purpose} ${r.headers.get('content-type')} ${bitmap.width}x${bitmap.height}`);
      }
      return out;
    }, manifest.icons);
    assert.deepEqual(sizes, ['any image/png 192x192', 'any image/png 512x512', 'maskable image/png 512x512']);
    const apple = await page.evaluate(async () => {
      const href = document.querySelector('link[rel=apple-touch-icon]').getAttribute('href');
      const bitmap = await createImageBitmap(await (await fetch(href)).blob());
      return `${bitmap.width}x${bitmap.height}`;
    });
    assert.equal(apple, '180x180');
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('the server out of reach: the kept page opens with the outage banner and no room', { timeout: 90_000 }, async () => {
  const server = await startServer(11);
  const browser = await launch();
  try {
    const page = await installed(browser, server.url);
    assert.equal(await page.isVisible('#outage'), false, 'no outage banner while connected');
    // The server's answers are never kept: only the page's own files.
    const keys = await page.evaluate(async () => {
      const all = [];
      for (const name of await caches.keys())
        for (const r of await (await caches.open(name)).keys()) all.push(new URL(r.url).pathname);
      return all;
    });
    assert.ok(keys.includes('/') && keys.includes('/js/main.js'), `the page and its scripts are kept: ${keys}`);
    assert.deepEqual(
      keys.filter((k) => /^\/(api|ws|metrics|healthz)/.test(k)),
      [],
      'no answer of the server is kept',
    );

    await server.pause();
    await page.goto(`${server.url}/#/room/R1`);
    await page.waitForSelector('#outage:not([hidden])', { timeout: 15000 });
    assert.match(await page.textContent('#outage'), /No connection to the server/);
    assert.match(await page.getAttribute('#conn-status', 'class'), /conn-offline|conn-connecting/);
    assert.equal(await page.$('svg.board'), null, 'no board is shown without the server');
    assert.equal(await page.$('.toast.error'), null, 'no error toast: the banner says it');

    // The server back: the banner goes, the tile catalogue arrives, the lobby is live again.
    await server.resume();
    await page.waitForSelector('#conn-status.conn-online', { timeout: 20000 });
    assert.equal(await page.isVisible('#outage'), false, 'the banner is gone');
    await page.waitForFunction(() => window.carc.catalog.tiles.length > 0);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('a new deploy is shown at once, not the kept copy', { timeout: 60_000 }, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-web-'));
  fs.cpSync(web, root, { recursive: true });
  const server = await startServer(11, { webRoot: root });
  const browser = await launch();
  try {
    const page = await installed(browser, server.url);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the page is controlled');
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    fs.writeFileSync(path.join(root, 'index.html'), html.replace('<main id="app">', '<main id="app" data-deploy="new">'));
    await page.reload();
    assert.equal(await page.getAttribute('#app', 'data-deploy'), 'new');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
