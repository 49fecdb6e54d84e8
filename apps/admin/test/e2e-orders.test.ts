import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { jobs, runJobs } from '../../api/src/jobs.ts';
import type { TestUser } from '../../api/test/helpers.ts';
import { answerTo, rowsOf, shot } from './browser.ts';
import { apiCall, type Stack } from './stack.ts';
import { openShopWithOrder, SPIN_PRIZE, type Shop } from './shop.ts';

let shop: Shop;
let s: Stack;
let browser: Browser;
let page: Page;
let shopper: TestUser;
let orderId = '';
const credits = () => shop.credits();
const verifyLedger = () => runJobs(s.api.ctx, jobs.filter((j) => j.name === 'verify-ledger-checkpoints'));

before(async () => {
  shop = await openShopWithOrder();
  ({ s, browser, page, shopper, orderId } = shop);
});
after(async () => {
  await shop?.close();
});

test('an admin changes an order\'s status and refunds it, and the user\'s wallet changes', async () => {
  assert.equal(await credits(), SPIN_PRIZE - 50_000);
  await page.getByRole('link', { name: 'Orders' }).click();
  const placed = answerTo(page, '/api/v1/admin/orders', { status: 'placed' });
  await page.getByLabel('Filter by status').selectOption('placed');
  await rowsOf(page, placed, page.locator('main tbody tr'));
  await page.getByRole('link', { name: orderId }).waitFor();
  await shot(page, '19-orders');
  await page.getByRole('link', { name: orderId }).click();
  await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
  // The customer by name and phone, linking to their page.
  const customer = page.getByTestId('customer').getByRole('link', { name: `Asha Shopper · ${shopper.phone}` });
  await customer.waitFor();
  assert.equal(await customer.getAttribute('href'), `/users/${shopper.id}`);
  await page.getByRole('button', { name: 'Mark processing' }).click();
  await page.getByText('Status changed to processing.').waitFor();
  assert.equal((await apiCall(s, 'GET', `/api/v1/orders/${orderId}`, { token: shopper.token })).body.status, 'processing');

  // A partial refund typed in major units, then the rest.
  page.once('dialog', (d) => void d.accept());
  await page.getByLabel('Refund amount').fill('100.00');
  await page.getByLabel('Refund reason').fill('one kettle arrived dented');
  await page.getByRole('button', { name: 'Refund' }).click();
  await page.getByText('Refund issued to the wallet.').waitFor();
  assert.equal(await credits(), SPIN_PRIZE - 50_000 + 10_000);
  await shot(page, '20-order-detail');

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Refund' }).click();
  // The first refund's notice is still on the page: wait for the API to show the second one.
  for (let i = 0; i < 50 && (await credits()) !== SPIN_PRIZE; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await credits(), SPIN_PRIZE, 'the whole order amount is back in the wallet');
  const after = await apiCall(s, 'GET', `/api/v1/orders/${orderId}`, { token: shopper.token });
  assert.equal(after.body.status, 'refunded');

  // The user's page shows the wallet back at its full amount, and the refunds in the ledger.
  await page.goto(`${s.portalUrl}/users/${shopper.id}`);
  await page.getByTestId('balance').waitFor();
  assert.equal(await page.getByTestId('balance').innerText(), 'Shopping credits now: ₹5,000.00');
  await page.getByTestId('ledger').getByText('order refund').first().waitFor();
  assert.equal(await page.getByTestId('ledger').getByText('order refund').count(), 2);
  await shot(page, '21-user-detail');

  await page.getByRole('link', { name: 'Refunds' }).click();
  await page.getByRole('link', { name: orderId }).first().waitFor();
  await shot(page, '22-refunds');
});

test('a refund beyond what is refundable is refused in plain words', async () => {
  await page.goto(`${s.portalUrl}/orders/${orderId}`);
  await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Refund' }).isDisabled(), 'nothing is left to refund');
});

test('reconciliation over a date range matches, then highlights a wallet whose balance disagrees with its ledger', async () => {
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await page.getByText('Everything matches').waitFor();
  assert.equal(await page.getByTestId('balances-as-of').innerText(), 'Balances checked live.', 'before the ledger job\'s first run');
  // As the server's hourly timer does: the ledger job verifies every wallet and takes the totals.
  await verifyLedger();
  await page.reload();
  await page.getByText('Everything matches').waitFor();
  assert.match(await page.getByTestId('balances-as-of').innerText(), /^Balances as the ledger job took them at /);
  await shot(page, '51-reconciliation-ok');
  // Tamper with one balance behind the ledger's back (what reconciliation exists to catch).
  const w = await s.db.database.db.selectFrom('wallets').select('shopping_credits').where('user_id', '=', shopper.id).executeTakeFirstOrThrow();
  await s.db.database.db.updateTable('wallets').set({ shopping_credits: Number(w.shopping_credits) + 1 }).where('user_id', '=', shopper.id).execute();
  // The default report is the job's last run until the job runs again; a live check finds it at once.
  await page.reload();
  await page.getByText('Everything matches').waitFor();
  const rows = page.getByTestId('mismatches').locator('tr.mismatch');
  await page.getByLabel('Check everything live').check();
  await page.getByRole('button', { name: 'Show' }).click();
  await rows.filter({ hasText: shopper.id }).waitFor();
  assert.match(await rows.filter({ hasText: shopper.id }).innerText(), /balance mismatch/);
  await rows.filter({ hasText: 'balance total mismatch' }).waitFor();
  await shot(page, '52-reconciliation-mismatch');
  await verifyLedger();
  await page.getByLabel('Check everything live').uncheck();
  await page.getByRole('button', { name: 'Show' }).click();
  // The job's run names the wallet, and its totals are apart.
  await rows.filter({ hasText: shopper.id }).filter({ hasText: 'as of the verify-ledger-checkpoints run at' }).waitFor();
  await rows.filter({ hasText: 'balance total mismatch' }).filter({ hasText: 'as of the verify-ledger-checkpoints run at' }).waitFor();
});

test('the webhook log page renders', async () => {
  await page.getByRole('link', { name: 'Webhook logs' }).click();
  await page.getByRole('heading', { name: 'Webhook logs' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await page.getByRole('alert').count(), 0, 'webhook logs loaded without an error');
});
