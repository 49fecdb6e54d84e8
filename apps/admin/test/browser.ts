/** Real headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core, plus screenshots. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';

export const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/admin/', import.meta.url));

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Saves a PNG under test-artifacts/admin/ for review: the full page, or only what the window shows. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: options.fullPage ?? true });
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, portalUrl: string, phone: string, password: string): Promise<void> {
  await page.goto(`${portalUrl}/login`);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Polls until `check` holds, e.g. a form that fills itself after loading or a list that refetches after a filter. */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The answer to the page's next GET of `path` with these query parameters. Start waiting before
 * the action that asks (a filter, a search): a list already on the page may show the same text as
 * the answer will, so the answer is the change to wait for, and its items the rows to count.
 */
export function answerTo(page: Page, path: string, query: Record<string, string>): Promise<Response> {
  return page.waitForResponse((r) => {
    const u = new URL(r.url());
    return r.request().method() === 'GET' && u.pathname === path && Object.entries(query).every(([k, v]) => u.searchParams.get(k) === v);
  });
}

/** Waits for the answer, then for the table to show exactly its items; answers the items. */
export async function rowsOf(page: Page, answer: Promise<Response>, rows: ReturnType<Page['locator']>): Promise<unknown[]> {
  const items = ((await (await answer).json()) as { items: unknown[] }).items;
  await eventually(async () => (await rows.count()) === items.length);
  return items;
}
