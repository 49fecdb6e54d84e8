/**
 * Renders the app icons (web/public/icons/*.png) from one SVG with the machine's Chromium:
 * `node scripts/icons.ts`. The PNGs are committed; run this only to change the artwork.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

/** A diamond mark on the brand colour; `pad` keeps a maskable icon's mark inside its safe zone. */
const svg = (size: number, pad: number, round: boolean) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${round ? 22 : 0}" fill="#0f766e"/>
  <g transform="translate(${pad} ${pad}) scale(${(100 - 2 * pad) / 100})">
    <path d="M50 14 L82 46 L50 86 L18 46 Z" fill="#ccfbf1"/>
    <path d="M50 14 L62 46 L50 86 L38 46 Z" fill="#5eead4"/>
    <path d="M18 46 H82" stroke="#0f766e" stroke-width="3"/>
  </g>
</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
for (const [name, size, pad, round] of [
  ['icon-192', 192, 8, true],
  ['icon-512', 512, 8, true],
  ['icon-maskable-512', 512, 20, false],
  ['apple-touch-icon', 180, 10, false],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size, pad, round)}</body></html>`);
  await page.locator('svg').screenshot({ path: `${out}${name}.png`, omitBackground: true });
}
await browser.close();
