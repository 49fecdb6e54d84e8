/**
 * Finding things in Chromium: the orders search follows the typing (no Enter), a filter lives in
 * the URL (reload, Back), the `/` key opens the global search over orders, users and products,
 * and the dashboard's low-stock alert links to the filtered products, where an empty one is
 * marked. axe finds nothing serious or critical on these screens at desktop and phone sizes.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page, Response } from 'playwright-core';
import type { TestUser } from '../../api/test/helpers.ts';
import { shot } from './browser.ts';
import { apiCall, portalToken, type Stack } from './stack.ts';
import { openShopWithOrder, type Shop } from './shop.ts';

let shop: Shop;
let s: Stack;
let page: Page;
let shopper: TestUser;
let orderId = '';

before(async () => {
  shop = await openShopWithOrder();
  ({ s, page, shopper, orderId } = shop);
  const admin = await portalToken(s);
  for (const [name, stock] of [['E2E Teabags', 2], ['E2E Strainer', 0]] as const) {
    const r = await apiCall(s, 'POST', '/api/v1/admin/products', { token: admin, body: { name, price: 5_000, stock, is_active: true } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  }
});
after(async () => {
  await shop?.close();
});

/** The next answer of an admin list route whose query holds `part`. */
const answer = (path: string, part: string) => page.waitForResponse((r: Response) => r.url().includes(`/api/v1/admin/${path}?`) && decodeURIComponent(r.url()).includes(part));

async function seriousViolations(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

test('the orders search follows the typing: a phone in national format finds the order, and a reload keeps it', async () => {
  await page.goto(`${s.portalUrl}/orders`);
  await page.getByRole('link', { name: orderId }).waitFor();
  const national = `0${shopper.phone.slice(3, 8)} ${shopper.phone.slice(8)}`;
  const found = answer('orders', `q=${national}`);
  await page.getByLabel('Search orders', { exact: true }).pressSequentially(national, { delay: 20 });
  assert.equal((await found).status(), 200);
  await page.getByRole('link', { name: orderId }).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('q'), national);
  // A name fragment, replacing the phone: a new answer, one row.
  const byName = answer('orders', 'q=asha sho');
  await page.getByLabel('Search orders', { exact: true }).fill('asha sho');
  await byName;
  await page.locator('tbody tr').first().waitFor();
  assert.equal(await page.locator('tbody tr').count(), 1);
  const reloaded = answer('orders', 'q=asha sho');
  await page.reload();
  await reloaded;
  assert.equal(await page.getByLabel('Search orders', { exact: true }).inputValue(), 'asha sho');
  await page.getByRole('link', { name: orderId }).waitFor();
  await shot(page, '60-orders-search');
});

test('a filter lives in the URL: it survives a reload, and Back returns to the list before it', async () => {
  await page.goto(`${s.portalUrl}/orders`);
  await page.getByRole('link', { name: orderId }).waitFor();
  const cancelled = answer('orders', 'status=cancelled');
  await page.getByLabel('Filter by status').selectOption('cancelled');
  await cancelled;
  await page.getByText('No orders.').waitFor();
  assert.equal(new URL(page.url()).searchParams.get('status'), 'cancelled');
  const again = answer('orders', 'status=cancelled');
  await page.reload();
  await again;
  await page.getByText('No orders.').waitFor();
  assert.equal(await page.getByLabel('Filter by status').inputValue(), 'cancelled');
  await page.goBack();
  await page.getByRole('link', { name: orderId }).waitFor();
  assert.equal(await page.getByLabel('Filter by status').inputValue(), '');
  // Users: a date range and "has orders" in the URL, read back by a fresh page.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`${s.portalUrl}/users?joined_from=${today}&has_orders=true`);
  await page.getByRole('link', { name: 'Asha Shopper' }).waitFor();
  assert.equal(await page.getByLabel('Has orders').inputValue(), 'true');
  assert.equal(await page.locator('tbody tr').count(), 1, 'only the shopper has an order');
  await shot(page, '61-users-filters');
});

test('the / key focuses the global search, which finds users, orders and products as one types', async () => {
  await page.goto(`${s.portalUrl}/`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Search orders, users and products (press /)');
  await page.keyboard.type('asha');
  const results = page.locator('[data-testid="global-results"][data-query="asha"]');
  await results.waitFor();
  await results.getByRole('link', { name: 'Asha Shopper' }).waitFor();
  assert.equal(await results.getByRole('link', { name: /^Order / }).count(), 1, "the shopper's order, by her name");
  await shot(page, '62-global-search');
  for (const v of await seriousViolations(page)) assert.fail(`global search open: ${v}`);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('strainer');
  const products = page.locator('[data-testid="global-results"][data-query="strainer"]');
  await products.getByRole('link', { name: 'E2E Strainer' }).click();
  await page.getByRole('heading', { name: /E2E Strainer|Edit product/ }).waitFor();
  assert.match(page.url(), /\/products\/[0-9a-f-]+$/);
});

test('the dashboard counts low stock and links to those products, where the empty one is marked', async () => {
  await page.goto(`${s.portalUrl}/`);
  const alert = page.getByTestId('low-stock');
  await alert.waitFor();
  assert.equal(await alert.innerText(), 'Low stock: 2');
  const listed = answer('products', 'stock_level=low');
  await alert.click();
  await listed;
  const rows = page.getByTestId('products').locator('tbody tr');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  assert.deepEqual(await rows.locator('td:nth-child(2)').allInnerTexts(), ['E2E Strainer', 'E2E Teabags'], 'fewest in stock first');
  assert.equal(await rows.first().getByText('Out of stock').count(), 1);
  assert.equal(await rows.nth(1).getByText('Low stock').count(), 1);
  assert.equal(await page.getByLabel('Stock filter').inputValue(), 'low');
  await shot(page, '63-low-stock');
});

test('no serious or critical axe violation on the filtered screens at 1440×900 and 390×844', async () => {
  const found: string[] = [];
  for (const [w, h] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const path of [
      '/',
      '/orders?q=asha%20sho&status=placed&placed_from=2026-01-01',
      '/users?has_orders=true&joined_from=2026-01-01',
      '/tickets?status=open&created_from=2026-01-01',
      '/products?stock_level=low&sort=stock',
    ]) {
      await page.goto(`${s.portalUrl}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const v of await seriousViolations(page)) found.push(`${w}×${h} ${path}: ${v}`);
    }
    await shot(page, `64-products-low-${w}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(found, []);
});
