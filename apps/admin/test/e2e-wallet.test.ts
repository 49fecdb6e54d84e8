import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { signAll } from '@storefront/signing';
import { createStorefrontClient } from '@storefront/client';
import { registerUser, type TestUser } from '../../api/test/helpers.ts';
import { answerTo, eventually, launch, rowsOf, shot, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, startStack, type Stack } from './stack.ts';

const SECRET = 'e2e-store-webhook-secret-0123456789abcdef';
let s: Stack;
let browser: Browser;
let page: Page;
let shopper: TestUser;

before(async () => {
  s = await startStack({ listenPortal: true, env: { STORE_WEBHOOK_SECRET: SECRET, TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup', TOPUP_MAX: '100000000' } });
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, s.portalUrl, SEED_ADMIN_PHONE, SEED_ADMIN_PASSWORD);
  shopper = await registerUser(s.api, { full_name: 'Meera Wallet' });
});
after(async () => {
  await browser?.close();
  await s?.close();
});

test('a signed top-up (sent with the typed client, as the payment server does) shows in the user\'s ledger in major units, grouped the Indian way', async () => {
  const init = await apiCall(s, 'POST', '/api/v1/wallet/topup-initiate', { token: shopper.token, body: { amount: 16_063_150 } });
  assert.equal(init.status, 201, JSON.stringify(init.body));
  const signed = createStorefrontClient(s.apiUrl, { sign: (raw) => ({ 'x-store-signature': signAll([SECRET], raw, Math.floor(Date.now() / 1000)) }) });
  const credit = await signed.POST('/api/v1/wallet/topup-credit', {
    body: { token: init.body.token, amount: 16_063_150, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: 'A-E2E-1' },
  });
  assert.equal(credit.response.status, 200, JSON.stringify(credit.error));
  assert.deepEqual(credit.data, { credited: true, balance: 16_063_150 });

  await page.goto(`${s.portalUrl}/users/${shopper.id}`);
  const ledger = page.getByTestId('ledger');
  await ledger.getByText('topup').waitFor();
  assert.match(await ledger.innerText(), /₹1,60,631\.50/);
  await shot(page, '60-user-ledger');
});

test('an admin takes credits from a wallet with a reason, cannot take it below zero, and gives a debit back at most once', async () => {
  const before = (await apiCall(s, 'GET', '/api/v1/wallet', { token: shopper.token })).body.shopping_credits as number;
  assert.ok(before >= 100_000, 'the top-up above filled the wallet');
  await page.goto(`${s.portalUrl}/users/${shopper.id}`);
  assert.equal(await page.getByLabel('Adjustment direction').count(), 0, 'no way to add money by hand');
  await page.getByLabel('Adjustment amount').fill('1,000.00');
  await page.getByLabel('Adjustment reason').fill('duplicate top-up refunded by the bank');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Take credits' }).click();
  await page.getByText('Credits taken.').waitFor();
  await page.getByTestId('ledger').getByText('adjustment', { exact: true }).waitFor();
  await shot(page, '61-user-adjusted');
  const after = (await apiCall(s, 'GET', '/api/v1/wallet', { token: shopper.token })).body.shopping_credits;
  assert.equal(after, before - 100_000);

  await page.getByLabel('Adjustment amount').fill('999999');
  await page.getByLabel('Adjustment reason').fill('too much');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Take credits' }).click();
  await page.getByText('never take it below zero').waitFor();
  assert.equal((await apiCall(s, 'GET', '/api/v1/wallet', { token: shopper.token })).body.shopping_credits, after);

  // "Give back" on the debit's ledger row offers the whole debit; giving it back twice is refused.
  await page.getByRole('button', { name: 'Give back the debit of ₹1,000.00' }).click();
  // The form fills the amount once it has rendered the chosen debit: wait for the value itself.
  const amount = await page.getByLabel('Adjustment amount').elementHandle();
  await page.waitForFunction((el) => (el as HTMLInputElement).value === '1000.00', amount, { timeout: 5_000 });
  await page.getByLabel('Adjustment reason').fill('the bank reversed its refund');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Give back', exact: true }).click();
  await page.getByText('Debit given back.').waitFor();
  assert.equal((await apiCall(s, 'GET', '/api/v1/wallet', { token: shopper.token })).body.shopping_credits, before);
  await page.getByRole('button', { name: 'Give back the debit of ₹1,000.00' }).click();
  await page.getByLabel('Adjustment reason').fill('again');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Give back', exact: true }).click();
  await page.getByText('more than what remains of this debit').waitFor();
  assert.equal((await apiCall(s, 'GET', '/api/v1/wallet', { token: shopper.token })).body.shopping_credits, before);
});

test('the transactions page filters by type and downloads the same rows as CSV, in major units', async () => {
  await page.getByRole('link', { name: 'Transactions' }).click();
  await page.getByRole('heading', { name: 'Transactions' }).waitFor();
  const table = page.getByTestId('transactions');
  const adjustments = answerTo(page, '/api/v1/admin/transactions', { type: 'adjustment' });
  await page.getByLabel('Filter by type').selectOption('adjustment');
  await rowsOf(page, adjustments, table.locator('tbody tr'));
  await shot(page, '62-transactions');
  const login = await apiCall(s, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_ADMIN_PHONE, password: SEED_ADMIN_PASSWORD } });
  const api = await apiCall(s, 'GET', '/api/v1/admin/transactions?type=adjustment&limit=100', { token: login.body.access_token });
  assert.ok(api.body.items.length >= 1);
  assert.equal(await table.locator('tbody tr').count(), api.body.items.length);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  assert.equal(download.suggestedFilename(), 'transactions.csv');
  const file = await readFile((await download.path())!, 'utf8');
  assert.ok(file.startsWith('\uFEFFid,'), 'the API\'s UTF-8 byte-order mark reaches the download');
  const rows = parse(file, { bom: true, columns: true }) as Record<string, string>[];
  assert.deepEqual(
    rows.map((r) => [r.id, r.user_id, r.type, r.amount, r.currency, r.balance_after]),
    api.body.items.map((x: any) => [x.id, x.user_id, x.type, (x.amount / 100).toFixed(2), 'INR', (x.balance_after / 100).toFixed(2)]),
  );
  assert.ok(rows.some((r) => r.amount === '-1000.00'), 'the portal debit of INR 1,000.00');
});

test('a forged top-up call is logged as rejected and highlighted on the webhook log page', async () => {
  const forged = createStorefrontClient(s.apiUrl, { sign: () => ({ 'x-store-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }) });
  const res = await forged.POST('/api/v1/wallet/topup-credit', {
    body: { token: 'made-up', amount: 999_999, currency: 'INR', gateway: 'gateway_b', gateway_txn_id: 'B-FORGED' },
  });
  assert.equal(res.response.status, 401);

  await page.getByRole('link', { name: 'Webhook logs' }).click();
  const rejected = page.locator('tr.mismatch', { hasText: 'rejected' });
  await rejected.first().waitFor();
  await page.waitForLoadState('networkidle');
  const credited = page.locator('tr', { hasText: 'credited' });
  assert.equal(await credited.count(), 1);
  assert.equal(await credited.first().getAttribute('class'), null, 'a credited row is not highlighted');
  await page.getByLabel('Filter by outcome').selectOption('rejected');
  // The list refetches after the filter changes: wait for the new page, not for network idleness.
  await eventually(async () => (await page.locator('tbody tr', { hasText: 'credited' }).count()) === 0);
  assert.ok((await page.locator('tbody tr', { hasText: 'rejected' }).count()) >= 1);
  await shot(page, '61-webhook-logs');
});

test('a second payment for a completed top-up is listed on the payments-to-return page, with its payer and the transaction to refund', async () => {
  const init = await apiCall(s, 'POST', '/api/v1/wallet/topup-initiate', { token: shopper.token, body: { amount: 4_500 } });
  const signed = createStorefrontClient(s.apiUrl, { sign: (raw) => ({ 'x-store-signature': signAll([SECRET], raw, Math.floor(Date.now() / 1000)) }) });
  const pay = (txn: string) => signed.POST('/api/v1/wallet/topup-credit', { body: { token: init.body.token, amount: 4_500, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: txn } });
  assert.equal((await pay('A-E2E-PAID')).response.status, 200);
  const second = await pay('A-E2E-SECOND');
  assert.deepEqual([second.response.status, (second.error as { error?: string } | undefined)?.error], [409, 'topup_already_completed']);

  await page.getByRole('link', { name: 'Payments to return' }).click();
  await page.getByRole('heading', { name: 'Payments to return' }).waitFor();
  const row = page.getByTestId('payments-to-return').locator('tbody tr', { hasText: 'A-E2E-SECOND' });
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /Meera Wallet/);
  assert.match(text, /₹45\.00/);
  assert.match(text, /gateway_a A-E2E-PAID/);
  await shot(page, '63-payments-to-return');
});
