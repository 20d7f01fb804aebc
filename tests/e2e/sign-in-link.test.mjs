// Sign-in by a mailed link in the browser (docs/accounts.md, "Sign-in by a mailed link"), against
// a carc-server of its own that mails through tests/server/smtp_sink.py (python3-aiosmtpd): the
// link asked for on the account screen signs that browser in when opened there; opened again it
// is refused; a link opened in another browser (context) is refused. Expiry is tested in C++
// with the store's clock given (tests/server/sign_in_link_test.cpp), not by waiting here.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually, launch } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const PASSWORD = 'correct horse battery';

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// The mail sink and a server that mails through it; links in mails start with http://mail.test.
async function start() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carc-link-'));
  const mails = path.join(dir, 'mails');
  fs.mkdirSync(mails);
  const smtpPort = await freePort();
  const sink = spawn('/usr/bin/python3', [path.join(repo, 'tests/server/smtp_sink.py'), mails, String(smtpPort)], { stdio: 'ignore' });
  await eventually(() => assert.ok(fs.existsSync(path.join(mails, 'ready'))), 'the SMTP sink starts', 20000);
  const bin = process.env.CARC_SERVER || path.join(repo, 'build/bin/carc-server');
  const server = spawn(bin, ['--bind', '127.0.0.1', '--port', '0', '--data-dir', dir, '--web-root', path.join(repo, 'clients/web'),
    '--smtp', `smtp://127.0.0.1:${smtpPort}`, '--mail-from', 'carc@mail.test', '--public-url', 'http://mail.test'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/event=listening .*? port=(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    server.stderr.resume();
    server.once('exit', (code) => reject(new Error(`carc-server exited (${code}): ${out.slice(-2000)}`)));
  });
  const stop = async () => {
    for (const p of [server, sink]) {
      p.kill();
      await new Promise((r) => (p.exitCode !== null ? r() : p.once('exit', r)));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // The newest mail's link that starts with `prefix`, once `count` mails have come; as a path.
  const link = async (count, prefix) => {
    let text = '';
    await eventually(() => {
      const files = fs.readdirSync(mails).filter((f) => f.endsWith('.eml')).sort();
      assert.ok(files.length >= count, `${files.length} mails`);
      text = fs.readFileSync(path.join(mails, files[count - 1]), 'utf8');
    }, `mail ${count} arrives`, 20000);
    const at = text.indexOf(`http://mail.test${prefix}`);
    assert.ok(at >= 0, `a ${prefix} link in the mail`);
    return text.slice(at + 'http://mail.test'.length).split(/[\r\n> ]/)[0];
  };
  return { url: `http://127.0.0.1:${port}`, link, stop };
}

test('a mailed sign-in link signs in the browser that asked, once; another browser is refused', async () => {
  const server = await start();
  const browser = await launch();
  try {
    const asking = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await asking.newPage();
    await page.goto(`${server.url}/#/account`);
    // An account with an address, confirmed by the link mailed to it.
    const made = await page.evaluate(async (password) => {
      const res = await fetch('/api/accounts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Linda', password, email: 'linda@example.org' }),
      });
      await fetch('/api/sessions/end', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return res.status;
    }, PASSWORD);
    assert.equal(made, 201);
    const confirm = await page.request.get(server.url + (await server.link(1, '/api/mail/confirm?t=')));
    assert.equal(confirm.status(), 200);

    // Asked on the account screen (signed out): the page says a link is on its way.
    await page.goto(`${server.url}/#/account`);
    await page.reload();
    await page.fill('#sign-in-link-form input[name=account]', 'linda');
    await page.click('#sign-in-link-form button[type=submit]');
    await page.waitForSelector('#sign-in-link-sent:not([hidden])');
    const first = await server.link(2, '/api/sign-in-link?t=');

    // Opened in the same browser: signed in, on the account screen.
    const opened = await asking.newPage();
    await opened.goto(server.url + first);
    await opened.waitForSelector('#signed-in-as');
    assert.equal(await opened.textContent('#signed-in-as'), 'Signed in as Linda');
    // Opened again: refused.
    const again = await asking.newPage();
    const second = await again.goto(server.url + first);
    assert.equal(second.status(), 404);
    assert.match(await again.textContent('h1'), /does not work/);

    // A new link, asked for by this browser, opened in another one: refused, signs nothing in.
    const ask = await page.evaluate(async () => (await fetch('/api/sign-in-link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'linda@example.org' }),
    })).status);
    assert.equal(ask, 202);
    const third = await server.link(3, '/api/sign-in-link?t=');
    const other = await browser.newContext();
    const stranger = await other.newPage();
    const refused = await stranger.goto(server.url + third);
    assert.equal(refused.status(), 403);
    assert.match(await stranger.textContent('h1'), /where you asked/);
    const me = await stranger.evaluate(async () => (await fetch('/api/me')).status);
    assert.equal(me, 401);
  } finally {
    await browser.close();
    await server.stop();
  }
});
