import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { registerUser } from '../../api/test/helpers.ts';
import { credit } from '../../api/test/orders-fixtures.ts';
import { eventually, launch, shot, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, startStack, type Stack } from './stack.ts';

let s: Stack;
let browser: Browser;
let page: Page;

before(async () => {
  s = await startStack({ listenPortal: true });
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  await signIn(page, s.portalUrl, SEED_ADMIN_PHONE, SEED_ADMIN_PASSWORD);
});
after(async () => {
  await browser?.close();
  await s?.close();
});

test('a price change made in the portal shows on the Audit log page with what changed, and the filter narrows it', async () => {
  const login = await apiCall(s, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
  const created = await apiCall(s, 'POST', '/api/v1/admin/products', { token: login.body.access_token, body: { name: 'Audited lamp', price: 50_000 } });
  assert.equal(created.status, 201);

  // The change itself goes through the portal's product page, as an operator makes it.
  await page.goto(`${s.portalUrl}/products/${created.body.id}`);
  const price = page.getByLabel(/Price/);
  // The form fills itself once the product has loaded; typing before that would be overwritten.
  await eventually(async () => (await price.inputValue()) === '500.00');
  await price.fill('650.00');
  await page.getByRole('button', { name: /Save/ }).click();
  await page.getByText(/Saved/).waitFor();

  await page.getByRole('link', { name: 'Audit log' }).click();
  const table = page.getByTestId('audit-log');
  const row = table.locator('tr', { hasText: 'product.update' });
  await row.first().waitFor();
  assert.match(await row.first().innerText(), /price: ₹500\.00 → ₹650\.00/);
  assert.doesNotMatch(await row.first().innerText(), /updated/);
  // The record by its name, linking to it, and its whole id in monospace with a button that copies it.
  assert.equal(await row.first().getByRole('link', { name: 'Audited lamp' }).getAttribute('href'), `/products/${created.body.id}`);
  assert.equal(await row.first().locator('code').innerText(), created.body.id);
  await row.first().getByRole('button', { name: 'Copy the id of Audited lamp' }).click();
  await row.first().getByRole('button', { name: 'Copy the id of Audited lamp' }).getByText('Copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), created.body.id);
  await shot(page, '80-audit-log');

  // Saving the form again untouched (the portal sends every field and the cost) adds no row.
  const before = (await apiCall(s, 'GET', `/api/v1/admin/audit-log?entity_id=${created.body.id}`, { token: login.body.access_token })).body.items.length;
  await page.goto(`${s.portalUrl}/products/${created.body.id}`);
  await eventually(async () => (await price.inputValue()) === '650.00');
  const saved = page.waitForResponse((r) => r.url().includes(`/products/${created.body.id}/cost`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: /Save/ }).click();
  assert.equal((await saved).status(), 200);
  assert.equal((await apiCall(s, 'GET', `/api/v1/admin/audit-log?entity_id=${created.body.id}`, { token: login.body.access_token })).body.items.length, before);
  await page.getByRole('link', { name: 'Audit log' }).click();

  await page.getByLabel('Filter by kind of record').selectOption('category');
  await eventually(async () => (await table.locator('tr', { hasText: 'product.' }).count()) === 0);
  await page.getByText('No changes recorded yet.').waitFor();
  await page.getByLabel('Filter by kind of record').selectOption('product');
  await table.locator('tr', { hasText: 'product.create' }).first().waitFor();
});

async function seriousViolations(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('an admin refund of an order reads on the Audit log page as "Order <number> · <customer>" with the refund in rupees; the line-items export opens with names', async () => {
  const login = await apiCall(s, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
  const token = login.body.access_token;
  const buyer = await registerUser(s.api, { full_name: 'Meera Nair' });
  await credit({ app: s.api, db: s.db } as never, buyer.id, 500_000);
  const lamp = (await apiCall(s, 'POST', '/api/v1/admin/products', { token, body: { name: 'Diya lamp', price: 125_050, stock: 9 } })).body.id;
  const placed = await apiCall(s, 'POST', '/api/v1/orders', { token: buyer.token, body: { items: [{ product_id: lamp, quantity: 2 }] } });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  const o = placed.body;
  const refunded = await apiCall(s, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token, body: { amount: 50_000, reason: 'chipped' } });
  assert.equal(refunded.status, 201);

  await page.goto(`${s.portalUrl}/audit`);
  const row = page.getByTestId('audit-log').locator('tr', { hasText: 'order.refund' });
  await row.first().waitFor();
  const text = await row.first().innerText();
  assert.match(text, new RegExp(`Order ${o.id.slice(-8).toUpperCase()} · Meera Nair`));
  assert.match(text, /refunded amount: ₹0\.00 → ₹500\.00/);
  assert.match(text, /refund\.amount: — → ₹500\.00/);
  assert.match(text, /refund\.reason: — → chipped/);
  assert.deepEqual(await seriousViolations(page), []);
  await shot(page, '81-audit-log-order');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await row.first().waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await shot(page, '82-audit-log-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('heading', { name: 'Orders' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export line items CSV' }).click()]);
  assert.equal(download.suggestedFilename(), 'order-lines.csv');
  const file = await readFile((await download.path())!, 'utf8');
  assert.ok(file.startsWith('\uFEFForder_id,'), "the API's UTF-8 byte-order mark reaches the download");
  const lines = parse(file, { bom: true, columns: true }) as Record<string, string>[];
  const mine = lines.filter((l) => l.order_id === o.id);
  assert.deepEqual(
    mine.map((l) => [l.customer_name, l.product, l.quantity, l.unit_price, l.line_total, l.currency]),
    [['Meera Nair', 'Diya lamp', '2', '1250.50', '2501.00', 'INR']],
  );
});
