// A cold load of the browser client, measured in headless Chromium: the HTTP answers the server
// sent (every one: the page's, the service worker's, the browser's own) and their bytes on the
// wire (headers and compressed bodies; the WebSocket's frames apart), and the time until the page
// is interactive (the lobby's form is on screen and the connection is welcomed), with no
// throttling, with the CPU slowed down 4 times, and on slow 4G (150 ms round trip, 1.6 Mbit/s
// down, 750 kbit/s up, CPU 4 times slower), and on a repeat visit (the page loaded again in
// the same browser, with its cache and service worker). The browser talks to the server through a counting
// relay. Each figure is the median of RUNS loads (a fresh browser context each: empty cache,
// no service worker), each measured until the network has been idle for half a second.
// Usage: node tools/load-bench.mjs URL [RUNS]   (URL of a running carc-server, e.g. http://127.0.0.1:8080)
import net from 'node:net';
import { chromium } from 'playwright-core';

const target = process.argv[2];
const runs = Number(process.argv[3] || 5);
if (!target) {
  console.error('usage: node tools/load-bench.mjs URL [RUNS]');
  process.exit(2);
}

// A TCP relay to the server that reads the answers it passes on: each HTTP answer's header
// (its Content-Length says where the next one starts; the server always sends one), and after
// a 101 the WebSocket's bytes.
const tally = { answers: 0, httpBytes: 0, wsBytes: 0 };
function relay(socket) {
  const { hostname, port } = new URL(target);
  const server = net.connect(Number(port), hostname);
  socket.pipe(server);
  let pending = Buffer.alloc(0);
  let bodyLeft = 0;
  let websocket = false;
  server.on('data', (chunk) => {
    socket.write(chunk);
    if (websocket) return void (tally.wsBytes += chunk.length);
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (bodyLeft > 0) {
        const n = Math.min(bodyLeft, pending.length);
        tally.httpBytes += n;
        bodyLeft -= n;
        pending = pending.subarray(n);
        if (bodyLeft > 0) return;
      }
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = pending.subarray(0, end).toString('latin1');
      tally.answers++;
      tally.httpBytes += end + 4;
      pending = pending.subarray(end + 4);
      if (/^HTTP\/1\.1 101/.test(head)) {
        websocket = true;
        tally.wsBytes += pending.length;
        return;
      }
      bodyLeft = Number(head.match(/\r\ncontent-length: *(\d+)/i)?.[1] ?? 0);
    }
  });
  server.on('end', () => socket.end());
  socket.on('error', () => server.destroy());
  server.on('error', () => socket.destroy());
}
const proxy = net.createServer(relay);
await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${proxy.address().port}`;

const conditions = [
  { name: 'no throttling', cpu: 1, network: null },
  { name: '4x CPU slowdown', cpu: 4, network: null },
  {
    name: 'slow 4G + 4x CPU',
    cpu: 4,
    network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 },
  },
  { name: 'repeat visit', cpu: 1, network: null, repeat: true },
];

// Records, in the page, when it first becomes interactive (performance.now(), from navigation).
function watchInteractive() {
  const ready = () =>
    document.querySelector('#create-form') && document.querySelector('#conn-status.conn-online');
  const mark = () => {
    if (window.__interactiveAt === undefined && ready()) window.__interactiveAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true });
}

async function coldLoad(browser, condition) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(watchInteractive);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
  if (condition.network) await cdp.send('Network.emulateNetworkConditions', condition.network);
  // A repeat visit: the same page again in the same browser, with its cache and service worker.
  if (condition.repeat) await loadOnce(page);
  const result = await loadOnce(page);
  await context.close();
  return result;
}

async function loadOnce(page) {
  Object.assign(tally, { answers: 0, httpBytes: 0, wsBytes: 0 });
  await page.goto(`${url}/`);
  await page.waitForFunction(() => window.__interactiveAt !== undefined, null, { timeout: 60_000, polling: 50 });
  const interactive = await page.evaluate(() => window.__interactiveAt);
  // Until the service worker has kept the page (when there is one) and nothing more arrives.
  await page.evaluate(() => window.carcShell);
  for (let last = -1; last !== tally.answers; ) {
    last = tally.answers;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { bytes: tally.httpBytes, requests: tally.answers, ws: tally.wsBytes, interactive };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  console.log(`cold load of ${target}/ (median of ${runs})`);
  for (const condition of conditions) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await coldLoad(browser, condition));
    const kb = median(results.map((r) => r.bytes)) / 1024;
    console.log(
      `${condition.name.padEnd(18)} ${kb.toFixed(1).padStart(6)} KB  ${String(median(results.map((r) => r.requests))).padStart(3)} requests  interactive ${String(Math.round(median(results.map((r) => r.interactive)))).padStart(5)} ms  (WebSocket ${(median(results.map((r) => r.ws)) / 1024).toFixed(1)} KB)`,
    );
  }
} finally {
  await browser.close();
  proxy.close();
}
