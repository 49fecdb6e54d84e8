import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { answerTo, launch, rowsOf, shot, signIn } from './browser.ts';
import { png } from './images.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, startStack, type Stack } from './stack.ts';

let s: Stack;
let browser: Browser;
let page: Page;
let productId = '';

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

const apiGet = async (path: string, token?: string) => {
  const res = await fetch(`${s.apiUrl}${path}`, { headers: token ? { 'x-sdk-access-token': token } : {} });
  return { status: res.status, body: (await res.json()) as any };
};
const adminToken = async () => (await s.portal.sessions.tokens())[0]!;

test('an admin creates a product with two uploaded images, reorders them, and it appears in the public catalogue', async () => {
  await page.getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'New product' }).click();
  await page.getByLabel('Name').fill('E2E Desk Lamp');
  await page.getByLabel('Description').fill('A lamp made in a test.');
  await page.getByLabel(/^Price/).fill('1,234.50');
  await page.getByLabel(/^Unit cost/).fill('800.25');
  await page.getByLabel('Stock', { exact: true }).fill('7');
  await page.getByLabel('Low-stock alert at or under').fill('9');
  await page.locator('input[type=file]').setInputFiles([
    { name: 'red-lamp.png', mimeType: 'image/png', buffer: png(24, 16, [200, 30, 30]) },
    { name: 'blue-lamp.png', mimeType: 'image/png', buffer: png(24, 16, [30, 30, 200]) },
  ]);
  await page.getByTestId('gallery-item').nth(1).waitFor();
  assert.equal(await page.getByTestId('gallery-item').count(), 2);
  assert.equal(await page.getByLabel('Alt text for image 1').inputValue(), 'red-lamp');
  await page.getByLabel('Alt text for image 2').fill('The lamp in blue');
  // Reorder: the blue image becomes the cover.
  await page.getByRole('button', { name: 'Move image 2 up' }).click();
  assert.equal(await page.getByLabel('Alt text for image 1').inputValue(), 'The lamp in blue');
  await shot(page, '10-product-edit');
  await page.getByRole('button', { name: 'Save product' }).click();
  await page.getByText('Saved.').waitFor();
  productId = page.url().split('/').at(-1)!;
  assert.ok(productId && productId !== 'new', `navigated to the saved product (${page.url()})`);

  const admin = await apiGet(`/api/v1/admin/products/${productId}`, await adminToken());
  assert.equal(admin.status, 200);
  assert.equal(admin.body.name, 'E2E Desk Lamp');
  assert.equal(admin.body.price, 123450, 'typed 1,234.50 is stored as 123450 minor units');
  assert.equal(admin.body.stock, 7);
  assert.deepEqual([admin.body.low_stock_threshold, admin.body.stock_level], [9, 'low'], 'its own alert level, under which 7 is low');
  assert.equal(admin.body.is_active, true);
  assert.deepEqual(
    admin.body.images.map((i: any) => [i.alt_text, i.sort_order]),
    [
      ['The lamp in blue', 0],
      ['red-lamp', 1],
    ],
  );
  assert.equal(admin.body.image_url, admin.body.images[0].image_url);
  const cost = await apiGet(`/api/v1/admin/products/${productId}/cost`, await adminToken());
  assert.equal(cost.body.unit_cost, 80025);

  // The uploaded bytes are served from /media, and the blue one is the cover.
  const cover = await fetch(admin.body.image_url);
  assert.equal(cover.status, 200);
  assert.deepEqual(Buffer.from(await cover.arrayBuffer()), png(24, 16, [30, 30, 200]));

  const pub = await apiGet('/api/v1/products');
  const listed = pub.body.items.find((p: any) => p.id === productId);
  assert.ok(listed, 'the product is in the public catalogue');
  assert.equal(listed.image_url, admin.body.images[0].image_url);
  assert.deepEqual(listed.images.map((i: any) => i.alt_text), ['The lamp in blue', 'red-lamp']);

  // After a reload the edit page shows the saved order.
  await page.reload();
  await page.getByTestId('gallery-item').nth(1).waitFor();
  assert.equal(await page.getByLabel('Alt text for image 1').inputValue(), 'The lamp in blue');
  assert.equal(await page.getByLabel(/^Price/).inputValue(), '1234.50');
  assert.equal(await page.getByLabel(/^Unit cost/).inputValue(), '800.25');
});

test('switching a product inactive removes it from the public catalogue; the product list shows it with its cover', async () => {
  await page.getByLabel(/^Active/).uncheck();
  await page.getByRole('button', { name: 'Save product' }).click();
  await page.getByText('Saved.').waitFor();
  const pub = await apiGet('/api/v1/products');
  assert.equal(pub.body.items.find((p: any) => p.id === productId), undefined);
  assert.equal((await apiGet(`/api/v1/products/${productId}`)).status, 404);

  await page.getByRole('link', { name: 'Products' }).click();
  const found = answerTo(page, '/api/v1/admin/products', { q: 'Desk' });
  await page.getByLabel('Search products').fill('Desk');
  await page.getByLabel('Search products').press('Enter');
  await rowsOf(page, found, page.locator('main tbody tr'));
  await page.getByRole('link', { name: 'E2E Desk Lamp' }).waitFor();
  await shot(page, '11-products');
});

test('an upload the API refuses is explained in plain words', async () => {
  await page.getByRole('button', { name: 'New product' }).click();
  await page.locator('input[type=file]').setInputFiles([{ name: 'notes.txt', mimeType: 'image/png', buffer: Buffer.from('not an image at all') }]);
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').innerText(), /Only PNG, JPEG, GIF and WebP/);
});

test('categories and payment gateways are managed from their pages', async () => {
  await page.getByRole('link', { name: 'Categories' }).click();
  await page.getByLabel('New category name').fill('Lighting');
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Name of Lighting').waitFor();
  await shot(page, '12-categories');

  await page.getByRole('link', { name: 'Payment gateways' }).click();
  await page.getByLabel('Gateway code').fill('gateway_a');
  await page.getByLabel('Gateway name').fill('Cards and UPI');
  await page.getByLabel('Minimum amount').fill('1.00');
  await page.getByLabel('Maximum amount').fill('50,000');
  await page.getByRole('button', { name: 'Add gateway' }).click();
  await page.getByLabel('Name of gateway_a').waitFor();
  const gws = await apiGet('/api/v1/admin/payment-gateways', await adminToken());
  const gw = gws.body.items.find((g: any) => g.code === 'gateway_a');
  assert.equal(gw.min_amount, 100);
  assert.equal(gw.max_amount, 5000000);
  await shot(page, '13-gateways');
});
