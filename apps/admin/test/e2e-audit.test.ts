import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually, launch, shot, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, startStack, type Stack } from './stack.ts';

let s: Stack;
let browser: Browser;
let page: Page;

before(async () => {
  s = await startStack({ listenPortal: true });
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
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
  await shot(page, '80-audit-log');

  await page.getByLabel('Filter by kind of record').selectOption('category');
  await eventually(async () => (await table.locator('tr', { hasText: 'product.' }).count()) === 0);
  await page.getByText('No changes recorded yet.').waitFor();
  await page.getByLabel('Filter by kind of record').selectOption('product');
  await table.locator('tr', { hasText: 'product.create' }).first().waitFor();
});
