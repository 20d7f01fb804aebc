// Renders the app's icons (clients/web/icons/*.png) from clients/web/icons/icon.svg in headless
// Chromium, so the build needs no image tool: the plain icon at 192 and 512 (transparent
// corners), a maskable one whose picture keeps inside the middle 80 % on a full-bleed field, and
// the apple-touch-icon (opaque, iOS rounds it itself). Run after editing the SVG, and commit the
// PNGs: node tests/e2e/tools/render-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const icons = path.resolve(here, '../../../clients/web/icons');
const svg = fs.readFileSync(path.join(icons, 'icon.svg'), 'utf8');
const field = '#78b356';

// `scale` of the picture, on `background` (or transparent).
const variants = [
  { file: 'icon-192.png', size: 192, scale: 1, background: null },
  { file: 'icon-512.png', size: 512, scale: 1, background: null },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.78, background: field },
  { file: 'apple-touch-icon.png', size: 180, scale: 1, background: field },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const v of variants) {
    const page = await browser.newPage({ viewport: { width: v.size, height: v.size } });
    const side = Math.round(v.size * v.scale);
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;width:${v.size}px;height:${v.size}px;display:grid;place-items:center;` +
        `background:${v.background ?? 'transparent'}"><img src="${src}" width="${side}" height="${side}"></body>`,
    );
    await page.waitForFunction(() => document.images[0].complete);
    await page.screenshot({ path: path.join(icons, v.file), omitBackground: !v.background });
    await page.close();
    console.log(`${v.file}: ${v.size}x${v.size}`);
  }
} finally {
  await browser.close();
}
