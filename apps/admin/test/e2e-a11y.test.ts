/**
 * Accessibility: axe-core (WCAG 2 A and AA rules) on every page of the portal, signed out and in,
 * with no serious or critical violation; and the keyboard alone can filter a table and submit a form.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { TestUser } from '../../api/test/helpers.ts';
import { answerTo, eventually, rowsOf } from './browser.ts';
import { apiCall, portalToken, type Stack } from './stack.ts';
import { openShopWithOrder, type Shop } from './shop.ts';

let shop: Shop;
let s: Stack;
let page: Page;
let shopper: TestUser;
let orderId = '';
let productId = '';
let ticketId = '';

before(async () => {
  shop = await openShopWithOrder();
  ({ s, page, shopper, orderId } = shop);
  const admin = await portalToken(s);
  productId = (await apiCall(s, 'GET', '/api/v1/admin/products', { token: admin })).body.items[0].id;
  ticketId = (await apiCall(s, 'POST', '/api/v1/tickets', { token: shopper.token, body: { subject: 'Lid is loose', message: 'Please help.' } })).body.id;
  // A support reply on the page, so its header's colours are checked too.
  const replied = await apiCall(s, 'POST', `/api/v1/admin/tickets/${ticketId}/reply`, { token: admin, body: { message: 'Checking the lid.' } });
  assert.equal(replied.status, 201);
});
after(async () => {
  await shop?.close();
});

/**
 * Serious and critical violations of the WCAG rules, and any header cell without a name
 * (`empty-table-header`: axe files it under best practice, as minor, but a checkbox or action column
 * with no header leaves a screen reader announcing nothing for each of its cells).
 */
async function seriousViolations(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const headers = await new AxeBuilder({ page: p as never }).withRules(['empty-table-header']).analyze();
  return [...result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...headers.violations].map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`,
  );
}

test('every page has no serious or critical axe violation, and no table header without a name', async () => {
  const pages = [
    '/',
    '/products',
    '/products/new',
    `/products/${productId}`,
    '/categories',
    '/gateways',
    '/orders',
    `/orders/${orderId}`,
    '/users',
    `/users/${shopper.id}`,
    '/tickets',
    `/tickets/${ticketId}`,
    '/refunds',
    '/transactions',
    '/reconciliation',
    '/webhooks',
    '/payments-to-return',
    '/audit',
    '/staff',
    '/security',
  ];
  const found: string[] = [];
  for (const path of pages) {
    await page.goto(`${s.portalUrl}${path}`);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (path === `/tickets/${ticketId}`) await page.locator('.reply-support .reply-head').waitFor();
    for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
  }
  const outside = await page.context().browser()!.newContext();
  const signedOut = await outside.newPage();
  await signedOut.goto(`${s.portalUrl}/login`);
  await signedOut.getByLabel('Phone number').waitFor();
  for (const v of await seriousViolations(signedOut)) found.push(`/login: ${v}`);
  await signedOut.goto(`${s.portalUrl}/accept-invite`);
  await signedOut.getByLabel('Invite code').waitFor();
  for (const v of await seriousViolations(signedOut)) found.push(`/accept-invite: ${v}`);
  await outside.close();
  assert.deepEqual(found, []);
});

test('the keyboard alone filters the transactions table and reaches its rows and links', async () => {
  await page.goto(`${s.portalUrl}/transactions`);
  await page.getByRole('heading', { name: 'Transactions' }).waitFor();
  const rows = page.getByTestId('transactions').locator('tbody tr');
  // The unfiltered table (a top-up and the order's payment) first, so the filtered one is a change.
  await eventually(async () => (await rows.count()) === 2);
  const filtered = answerTo(page, '/api/v1/admin/transactions', { type: 'order_payment' });
  await page.getByLabel('Filter by type').focus();
  // Down-arrow through the options of a focused select: All → topup → order payment.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByLabel('Filter by type').inputValue(), 'order_payment');
  assert.equal((await rowsOf(page, filtered, rows)).length, 1);
  assert.match(await rows.first().innerText(), /order payment/);
  // Tab moves on through the date fields (one stop per day, month and year) and the export link, then into the table's links.
  const reached: string[] = [];
  const userLink = `Asha Shopper · ${shopper.phone}`;
  for (let i = 0; i < 20 && !reached.includes(userLink); i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
  }
  assert.ok(reached.includes('From day') && reached.includes('To day') && reached.includes('Export CSV'), reached.join(' / '));
  assert.ok(reached.includes(userLink), `a user link in the table is reachable: ${reached.join(' / ')}`);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Asha Shopper' }).waitFor();
});

test('the keyboard alone fills and submits a form (a ticket reply)', async () => {
  await page.goto(`${s.portalUrl}/tickets/${ticketId}`);
  await page.getByText('Please help.').waitFor();
  await page.getByLabel('Reply', { exact: true }).focus();
  await page.keyboard.type('On its way.');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Send reply');
  await page.keyboard.press('Enter');
  await page.getByText('Reply sent.').waitFor();
  const t = await apiCall(s, 'GET', `/api/v1/tickets/${ticketId}`, { token: shopper.token });
  assert.equal(t.body.replies.at(-1).message, 'On its way.');
});
