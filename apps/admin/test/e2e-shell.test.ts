/**
 * The portal's frame and the screens it frames most, in Chromium: on a 390×844 phone the page
 * comes first, the sections open from a menu button (aria-expanded, focus, Escape) and the role's
 * most used ones wait in a bar at the bottom; the orders list keeps each order's status and total
 * in view; the global search tells orders apart by customer, total and day; the dashboard counts the orders to fulfil and names every figure in
 * words; payment gateway settings are saved by a Save button, after a confirmation, saying what
 * changed, and never on leaving a field. Screenshots at 1280×800 and 390×844.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Dialog, Page, Request } from 'playwright-core';
import type { TestUser } from '../../api/test/helpers.ts';
import { shot } from './browser.ts';
import { apiCall, portalToken, type Stack } from './stack.ts';
import { openShopWithOrder, type Shop } from './shop.ts';

let shop: Shop;
let s: Stack;
let page: Page;
let shopper: TestUser;
let orderId = '';
let admin = '';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

before(async () => {
  shop = await openShopWithOrder();
  ({ s, page, shopper, orderId } = shop);
  admin = await portalToken(s);
  // A second order, moved to processing (the longest status word), and a third, shipped.
  const product = (await apiCall(s, 'GET', '/api/v1/admin/products', { token: admin })).body.items[0].id;
  for (const [key, status] of [['e2e-order-2', ['processing']], ['e2e-order-3', ['processing', 'shipped']]] as const) {
    const order = await apiCall(s, 'POST', '/api/v1/orders', { token: shopper.token, headers: { 'idempotency-key': key }, body: { items: [{ product_id: product, quantity: 1 }] } });
    assert.equal(order.status, 201, JSON.stringify(order.body));
    for (const to of status) {
      const moved = await apiCall(s, 'POST', `/api/v1/admin/orders/${order.body.id}/status`, { token: admin, body: { status: to } });
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
    }
  }
  const gw = await apiCall(s, 'POST', '/api/v1/admin/payment-gateways', { token: admin, body: { code: 'gateway_a', name: 'Gateway A', is_active: true, min_amount: null, max_amount: null } });
  assert.equal(gw.status, 201, JSON.stringify(gw.body));
});
after(async () => {
  await page?.setViewportSize(DESKTOP);
  await shop?.close();
});

const sections = () => page.getByRole('navigation', { name: 'Sections' });
const menu = () => sections().getByRole('button', { name: 'Menu' });
const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('on a phone the page comes first, and the sections open from the menu button', async () => {
  await page.setViewportSize(PHONE);
  for (const path of ['/', '/orders', '/users', '/gateways', '/transactions']) {
    await page.goto(`${s.portalUrl}${path}`);
    const h1 = page.locator('main h1').first();
    await h1.waitFor();
    const box = (await h1.boundingBox())!;
    assert.ok(box.y + box.height <= 120, `${path}: the heading ends ${Math.round(box.y + box.height)} px down`);
    assert.equal(await sections().getByRole('link').count(), 0, `${path}: no section link shows before the menu opens`);
    assert.equal(await menu().getAttribute('aria-expanded'), 'false');
  }
  // Opened: every section, focus on the first; Escape closes it and focus returns to the button.
  await menu().click();
  assert.equal(await menu().getAttribute('aria-expanded'), 'true');
  const links = sections().getByRole('link');
  assert.deepEqual(await links.allTextContents(), [
    'Dashboard', 'Products', 'Categories', 'Payment gateways', 'Orders', 'Users', 'Tickets', 'Refunds', 'Transactions',
    'Reconciliation', 'Webhook logs', 'Payments to return', 'Audit log', 'Staff', 'Security',
  ]);
  assert.equal(await focused(), 'Dashboard');
  await shot(page, '90-menu-open-phone', { fullPage: false });
  await page.keyboard.press('Escape');
  assert.equal(await menu().getAttribute('aria-expanded'), 'false');
  assert.equal(await links.count(), 0);
  assert.equal(await focused(), '☰ Menu');
  // The keyboard opens it too, and a section followed closes it.
  await page.keyboard.press('Enter');
  await sections().getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('heading', { name: 'Orders' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/orders');
  assert.equal(await menu().getAttribute('aria-expanded'), 'false');
  assert.equal(await links.count(), 0);
  // Signing out is in the menu as well.
  await menu().click();
  await sections().getByRole('button', { name: 'Sign out' }).waitFor();
  await page.keyboard.press('Escape');
  // The owner's most used sections wait at the bottom of the screen.
  const mostUsed = page.getByRole('navigation', { name: 'Most used' }).getByRole('link');
  assert.deepEqual(await mostUsed.allTextContents(), ['Dashboard', 'Orders', 'Users', 'Tickets']);
  const bar = (await page.getByRole('navigation', { name: 'Most used' }).boundingBox())!;
  assert.equal(Math.round(bar.y + bar.height), PHONE.height);
  await mostUsed.filter({ hasText: 'Tickets' }).click();
  await page.getByRole('heading', { name: 'Tickets' }).waitFor();
  assert.equal(await mostUsed.filter({ hasText: 'Tickets' }).getAttribute('aria-current'), 'page');
});

test('at 390 px every order row shows its status and total inside the screen', async () => {
  await page.setViewportSize(PHONE);
  await page.goto(`${s.portalUrl}/orders`);
  const rows = page.locator('tbody tr');
  await rows.nth(2).waitFor();
  assert.equal(await rows.count(), 3);
  for (let i = 0; i < 3; i++) {
    for (const part of ['.status', '.money']) {
      const box = (await rows.nth(i).locator(part).boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `row ${i} ${part}: ${Math.round(box.x)}–${Math.round(box.x + box.width)} px`);
    }
  }
  assert.deepEqual((await rows.locator('.status').allTextContents()).sort(), ['placed', 'processing', 'shipped']);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page itself does not scroll sideways');
  await shot(page, '91-orders-phone', { fullPage: false });
  await page.setViewportSize(DESKTOP);
  await page.goto(`${s.portalUrl}/orders`);
  await rows.nth(2).waitFor();
  await shot(page, '91-orders', { fullPage: false });
});

test('on a desktop the sections stay in the sidebar, with no menu button', async () => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${s.portalUrl}/`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  assert.equal(await sections().getByRole('link').count(), 15);
  assert.equal(await menu().count(), 0);
  assert.equal(await page.getByRole('navigation', { name: 'Most used' }).count(), 0);
});

test('an order in the global search shows its status, customer, total and day', async () => {
  const order = (await apiCall(s, 'GET', `/api/v1/admin/orders/${orderId}`, { token: admin })).body;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`${s.portalUrl}/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('searchbox', { name: /Search orders, users and products/ }).fill(orderId.slice(0, 10));
    const results = page.locator(`[data-testid="global-results"][data-query="${orderId.slice(0, 10)}"]`);
    const hit = results.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order ${orderId.slice(0, 13)}…` }) });
    await hit.waitFor();
    const day = await page.evaluate((iso) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }), order.created_at as string);
    assert.equal(await hit.textContent(), `Order ${orderId.slice(0, 13)}… placed · Asha Shopper · ₹500.00 · ${day}`);
    const box = (await results.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= size.width, 'the results fit the screen');
    await shot(page, size === PHONE ? '92-global-search-order-phone' : '92-global-search-order', { fullPage: false });
  }
  await page.keyboard.press('Escape');
});

test('the dashboard counts the orders to fulfil and names every figure in words', async () => {
  const api = (await apiCall(s, 'GET', '/api/v1/admin/dashboard', { token: admin })).body;
  assert.equal(api.current.orders_to_fulfil, 2, 'the placed and the processing order; not the shipped one');
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`${s.portalUrl}/`);
    const card = page.locator('.card').filter({ hasText: 'Orders to fulfil' });
    await card.waitFor();
    assert.equal(await card.locator('.card-value').textContent(), '2');
    const names = [...(await page.locator('.card-label').allTextContents()), ...(await page.locator('main table tbody th').allTextContents())];
    const raw = [...Object.keys(api.current), ...Object.keys(api.windows.today)];
    assert.deepEqual(names.filter((n) => raw.some((k) => k === n || k.replace(/_/g, ' ') === n)), [], 'no figure is named by its field');
    assert.ok(names.includes('Top-up amount') && names.includes('Shopping credits held'), names.join(', '));
    await shot(page, size === PHONE ? '93-dashboard-phone' : '93-dashboard', { fullPage: false });
  }
});

test('payment gateway settings are saved by Save, after a confirmation naming each change, and not on leaving a field', async () => {
  await page.setViewportSize(DESKTOP);
  const puts: Request[] = [];
  const onRequest = (r: Request) => r.method() === 'PUT' && r.url().includes('/api/v1/admin/payment-gateways/') && puts.push(r);
  page.on('request', onRequest);
  const gateway = async () => (await apiCall(s, 'GET', '/api/v1/admin/payment-gateways', { token: admin })).body.items.find((g: { code: string }) => g.code === 'gateway_a');
  try {
    await page.goto(`${s.portalUrl}/gateways`);
    const save = page.getByRole('button', { name: 'Save gateway_a' });
    await save.waitFor();
    assert.ok(await save.isDisabled(), 'nothing to save yet');
    await page.getByLabel('Name of gateway_a').fill('Gateway Prime');
    await page.keyboard.press('Tab');
    await page.getByLabel('Minimum of gateway_a').fill('100');
    await page.keyboard.press('Tab');
    // Declined: nothing is sent.
    let asked = '';
    page.once('dialog', (d) => ((asked = d.message()), void d.dismiss()));
    await save.click();
    assert.match(asked, /name: Gateway A → Gateway Prime\nminimum: none → ₹100\.00$/);
    assert.equal((await gateway()).name, 'Gateway A');
    // Accepted: one PUT with the two changes, and the page says what changed.
    page.once('dialog', (d) => void d.accept());
    const answered = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/v1/admin/payment-gateways/'));
    await save.click();
    assert.equal((await answered).status(), 200);
    await page.getByRole('status').filter({ hasText: 'Saved gateway_a: name: Gateway A → Gateway Prime; minimum: none → ₹100.00.' }).waitFor();
    assert.deepEqual(puts.map((r) => r.postDataJSON()), [{ name: 'Gateway Prime', min_amount: 10_000 }]);
    const saved = await gateway();
    assert.equal(saved.name, 'Gateway Prime');
    assert.equal(saved.min_amount, 10_000);
    await shot(page, '94-gateways-saved', { fullPage: false });
    // The same amount typed another way changes nothing: no dialog, nothing sent, and it says so.
    await page.getByLabel('Minimum of gateway_a').fill('100.0');
    let unexpected = '';
    const onDialog = (d: Dialog) => ((unexpected = d.message()), void d.dismiss());
    page.once('dialog', onDialog);
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Nothing changed on gateway_a.' }).waitFor();
    page.off('dialog', onDialog);
    assert.equal(unexpected, '');
    assert.equal(puts.length, 1);
    await page.setViewportSize(PHONE);
    await shot(page, '94-gateways-phone', { fullPage: false });
  } finally {
    page.off('request', onRequest);
  }
});

test('screens whose tables gained header names, at both sizes', async () => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const [path, name] of [['/categories', 'categories'], ['/products', 'products'], ['/staff', 'staff'], ['/security', 'security']] as const) {
      await page.goto(`${s.portalUrl}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `95-${name}${size === PHONE ? '-phone' : ''}`, { fullPage: false });
    }
  }
});
