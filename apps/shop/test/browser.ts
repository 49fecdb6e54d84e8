/** Debian's Chromium through playwright-core at a phone viewport, with screenshots and an axe check. */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/shop/', import.meta.url));
export const PHONE = { width: 390, height: 844 };
export const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-IN', serviceWorkers: 'block' } as const;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    timeout: 30_000,
  });
}

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** CSP refusals and uncaught page errors seen so far. */
  problems: string[];
}

/** A phone-sized (or `viewport`-sized) page that records CSP violations and page errors. */
export async function phone(browser: Browser, viewport = PHONE): Promise<Watched> {
  const mobile = viewport.width < 600;
  const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: mobile ? 2 : 1, locale: 'en-IN', serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  return { context, page, problems };
}

/**
 * Saves `name.png` (what the screen shows) under test-artifacts/shop/ after checking the screen with axe-core (WCAG 2.0,
 * 2.1 and 2.2 A and AA rules, target size included): no serious or critical violation, and nothing wider than the screen.
 */
export async function screen(page: Page, name: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate(`axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })))`)) as {
    id: string;
    impact: string;
    nodes: string[];
  }[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `accessibility on ${name}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
}

/** Runs a browser scenario; on failure the page as it was is saved as `<name>-failure.png`. */
export async function scenario(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}${name}-failure.png`, fullPage: true }).catch(() => undefined);
    throw err;
  }
}
