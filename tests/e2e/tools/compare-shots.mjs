// Dev tool: compares two folders of screenshots (e.g. build/e2e-screenshots before and after a
// change) pixel by pixel in Debian's Chromium, and prints per picture how many pixels differ.
// Usage: node compare-shots.mjs BEFORE_DIR AFTER_DIR [DIFF_DIR]
// With DIFF_DIR, each differing pair gets NAME.png there: the after picture, differences in red.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [before, after, diffDir] = process.argv.slice(2);
if (!before || !after) { console.error('usage: node compare-shots.mjs BEFORE_DIR AFTER_DIR [DIFF_DIR]'); process.exit(2); }
if (diffDir) mkdirSync(diffDir, { recursive: true });
const names = readdirSync(before).filter((f) => f.endsWith('.png') && readdirSync(after).includes(f)).sort();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const dataUrl = (file) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
let differing = 0;
for (const name of names) {
  const r = await page.evaluate(async ({ a, b, wantDiff }) => {
    const load = (src) => new Promise((resolve, reject) => { const i = new Image(); i.onload = () => resolve(i); i.onerror = reject; i.src = src; });
    const [ia, ib] = await Promise.all([load(a), load(b)]);
    if (ia.width !== ib.width || ia.height !== ib.height) return { size: `${ia.width}x${ia.height} vs ${ib.width}x${ib.height}` };
    const pixels = (img) => { const c = new OffscreenCanvas(img.width, img.height); const x = c.getContext('2d'); x.drawImage(img, 0, 0); return x.getImageData(0, 0, img.width, img.height); };
    const pa = pixels(ia), pb = pixels(ib);
    let n = 0;
    for (let i = 0; i < pa.data.length; i += 4) {
      if (pa.data[i] !== pb.data[i] || pa.data[i + 1] !== pb.data[i + 1] || pa.data[i + 2] !== pb.data[i + 2]) {
        n++;
        if (wantDiff) { pb.data[i] = 255; pb.data[i + 1] = 0; pb.data[i + 2] = 0; }
      }
    }
    let diff = null;
    if (wantDiff && n) {
      const c = new OffscreenCanvas(ib.width, ib.height);
      c.getContext('2d').putImageData(pb, 0, 0);
      const blob = await c.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      diff = btoa(text);
    }
    return { n, total: pa.data.length / 4, diff };
  }, { a: dataUrl(path.join(before, name)), b: dataUrl(path.join(after, name)), wantDiff: !!diffDir });
  if (r.size) { differing++; console.log(`${name}: size differs (${r.size})`); continue; }
  if (r.n) differing++;
  console.log(`${name}: ${r.n ? `${r.n} pixels differ (${((100 * r.n) / r.total).toFixed(2)}%)` : 'same'}`);
  if (r.diff) writeFileSync(path.join(diffDir, name), Buffer.from(r.diff, 'base64'));
}
await browser.close();
console.log(`${names.length} compared, ${differing} differ`);
