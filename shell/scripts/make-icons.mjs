#!/usr/bin/env node
// Renders the PNG app icons from public/favicon.svg in Chromium (Debian's, at /usr/bin/chromium), so the
// pictures stay one drawing: public/apple-touch-icon.png (180 px, square corners: iOS rounds them itself)
// and public/icon-192.png, public/icon-512.png for the web manifest. Run after changing the SVG:
//   node shell/scripts/make-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const squareCorners = svg.replace(/ rx="\d+"/, '');
const icons = [
  { file: 'apple-touch-icon.png', size: 180, svg: squareCorners },
  { file: 'icon-192.png', size: 192, svg },
  { file: 'icon-512.png', size: 512, svg },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    writeFileSync(path.join(publicDir, icon.file), await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
