/**
 * Adding money in Chromium at 390×844 against the real API, payment server and gateway A's
 * simulator, with top-up bounds other than the defaults (TOPUP_MIN ₹750.00, TOPUP_MAX ₹3,000.00):
 * the wallet's "Add money" goes to the hosted page and back in the same tab and shows the outcome;
 * a declined payment reads "declined" on return and offers another try, at the wallet and at the
 * checkout; the cart rounds the shortfall up to the API's minimum, and the quick amounts stay
 * within the bounds.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { call, registerUser, type TestUser } from '../../api/test/helpers.ts';
import { credit } from '../../api/test/orders-fixtures.ts';
import { CHROMIUM, launch, phone, scenario, screen } from './browser.ts';
import { startShop, type ShopStack } from './stack.ts';

const skip = existsSync(CHROMIUM) || process.env.CI ? false : `no ${CHROMIUM}: run .ci/setup-extra`;

describe('adding money in the shop, same tab, with the API’s own bounds', { skip }, () => {
  let st: ShopStack;
  let browser: Browser;
  before(async () => {
    st = await startShop({ TOPUP_MIN: '75000', TOPUP_MAX: '300000' });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await st?.close();
  });

  const credits = async (u: TestUser) => (await call(st.s.api, 'GET', '/api/v1/wallet', { token: u.token })).body.shopping_credits as number;
  const topupsOf = async (u: TestUser) =>
    (await st.s.db.database.db.selectFrom('topups').select(['amount', 'status', 'declined_at']).where('user_id', '=', u.id).execute())
      .map((r) => [Number(r.amount), r.status, r.declined_at !== null])
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  async function signIn(page: Page, u: TestUser) {
    await page.goto(`${st.shopUrl}/sign-in`);
    await page.getByLabel('Phone number').fill(u.phone);
    await page.getByLabel('Password').fill(u.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Shop', exact: true }).waitFor();
  }

  test("the wallet's Add money: quick amounts within the bounds, paid and declined in the same tab, the outcome back on the wallet", async () => {
    const u = await registerUser(st.s.api, { full_name: 'Meera Iyer' });
    const { page, problems, context } = await phone(browser);
    await scenario(page, 'wallet-topup', async () => {
      await signIn(page, u);
      await page.goto(`${st.shopUrl}/wallet`);
      await page.getByRole('link', { name: 'Add money' }).click();
      await page.waitForURL(`${st.shopUrl}/wallet/top-up`);
      // ₹500 is raised to the minimum ₹750; ₹5,000 is above the maximum and not offered.
      const quick = page.getByRole('group', { name: 'Quick amounts' }).getByRole('button');
      await quick.first().waitFor();
      assert.deepEqual(await quick.allInnerTexts(), ['₹750.00', '₹1,000.00', '₹2,000.00']);
      await page.getByLabel('Amount (INR)').fill('500');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByText('Enter an amount between ₹750.00 and ₹3,000.00.').waitFor();
      await screen(page, '35-top-up-bounds');

      // Paid: the hosted page in this tab, then straight back to the wallet, which says so.
      await quick.filter({ hasText: '₹1,000.00' }).click();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/topup\?token=/);
      assert.equal(context.pages().length, 1, 'the hosted page opens in the same tab');
      assert.equal(await page.textContent('#amount'), '₹1,000.00');
      await page.click('#pay-gateway-a');
      await page.click('#sim-pay');
      await page.waitForURL(/\/wallet\?topup=/);
      await page.getByTestId('topup-outcome').filter({ hasText: '₹1,000.00 was added to your wallet.' }).waitFor();
      await page.getByTestId('credits').filter({ hasText: '₹1,000.00' }).waitFor();
      assert.equal(await credits(u), 100_000);
      assert.doesNotMatch(await page.locator('main').innerText(), /close/i);
      await screen(page, '36-wallet-topup-added');

      // Declined at the gateway: back at the wallet it reads declined at once, with another try.
      await page.goto(`${st.shopUrl}/wallet/top-up`);
      await page.getByLabel('Amount (INR)').fill('800');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/topup\?token=/);
      await page.click('#pay-gateway-a');
      await page.click('#sim-decline');
      await page.waitForURL(/\/wallet\?topup=/);
      await page.getByTestId('topup-outcome').filter({ hasText: 'the payment of ₹800.00 was declined' }).waitFor();
      assert.equal(context.pages().length, 1);
      assert.equal(await credits(u), 100_000, 'nothing added');
      assert.deepEqual(await topupsOf(u), [[100_000, 'completed', false], [80_000, 'pending', true]], 'the declined top-up is marked, the paid one completed');
      await screen(page, '37-wallet-topup-declined');
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.waitForURL(`${st.shopUrl}/wallet/top-up`);
      assert.deepEqual(problems, []);
    });
    await context.close();
  });

  test('cancelled at the bank: the cart says nothing was added and stops asking; paid, Back from “Order placed” stays in the shop', async () => {
    const u = await registerUser(st.s.api, { full_name: 'Anil Kapoor' });
    await credit(st.t, u.id, 40_000);
    const { page, problems, context } = await phone(browser);
    // The app's timers run on a clock the test moves: "stops asking" is then checked without waiting.
    await page.clock.install();
    const statusAsks: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/wallet/topup-status/')) statusAsks.push(r.url());
    });
    await scenario(page, 'checkout-cancelled', async () => {
      await signIn(page, u);
      const product = `${st.shopUrl}/products/${st.products['Stoneware Mug']}`;
      await page.goto(product);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.goto(`${st.shopUrl}/cart`);
      await page.getByRole('button', { name: 'Add ₹750.00 and pay' }).click();
      await page.waitForURL(/\/topup\?token=/);
      await page.click('#pay-gateway-a');
      await page.click('#sim-cancel');
      await page.waitForURL(/\/cart\?topup=.*&payment=cancelled/);
      const outcome = page.getByTestId('topup-outcome');
      await outcome.filter({ hasText: 'Not added to your wallet: the payment of ₹750.00 was cancelled, so nothing was charged.' }).waitFor();
      assert.doesNotMatch(await outcome.innerText(), /check again/);
      await page.getByRole('button', { name: 'Add ₹750.00 and pay' }).waitFor();
      await screen(page, '39-cart-topup-cancelled');
      // A minute of the app's time passes: no more asking. The fetch after it is the last request
      // the page sends, so any ask made in that minute was seen before it.
      const asked = statusAsks.length;
      assert.ok(asked >= 1);
      await page.clock.runFor(60_000);
      await page.evaluate(() => fetch('/health'));
      assert.equal(statusAsks.length, asked, 'a cancelled top-up is not asked about again');
      assert.equal(await credits(u), 40_000, 'nothing added');

      // Paid on the second try, then the order: Back leaves neither on the payment server's pages
      // nor on the gateway's, but on the screen before the cart.
      await page.getByRole('button', { name: 'Add ₹750.00 and pay' }).click();
      await page.waitForURL(/\/topup\?token=/);
      await page.click('#pay-gateway-a');
      await page.click('#sim-pay');
      await page.waitForURL(/\/cart\?topup=/);
      await page.getByRole('button', { name: 'Pay ₹499.00' }).click();
      await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
      await page.goBack();
      assert.equal(page.url(), product, 'Back from “Order placed” is the product the shopper came from');
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();
      assert.deepEqual(problems, []);
    });
    await context.close();
  });

  test('the checkout adds at least the API’s minimum, and a declined payment offers another try', async () => {
    const u = await registerUser(st.s.api, { full_name: 'Ravi Menon' });
    await credit(st.t, u.id, 40_000);
    const { page, problems, context } = await phone(browser);
    await scenario(page, 'checkout-declined', async () => {
      await signIn(page, u);
      await page.goto(`${st.shopUrl}/products/${st.products['Stoneware Mug']}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.goto(`${st.shopUrl}/cart`);
      // ₹499.00 against ₹400.00: ₹99.00 is missing, and the smallest top-up is ₹750.00.
      assert.match(await page.getByTestId('shortfall').innerText(), /Still to add\s*₹99\.00/);
      await page.getByRole('button', { name: 'Add ₹750.00 and pay' }).click();
      await page.waitForURL(/\/topup\?token=/);
      assert.equal(await page.textContent('#amount'), '₹750.00');
      await page.click('#pay-gateway-a');
      await page.click('#sim-decline');
      await page.waitForURL(/\/cart\?topup=/);
      await page.getByTestId('topup-outcome').filter({ hasText: 'the payment of ₹750.00 was declined' }).waitFor();
      // Another try is the same one action; there is still no Pay.
      await page.getByRole('button', { name: 'Add ₹750.00 and pay' }).waitFor();
      assert.equal(await page.getByRole('button', { name: /^Pay/ }).count(), 0);
      await screen(page, '38-cart-topup-declined');

      await page.getByRole('button', { name: 'Add ₹750.00 and pay' }).click();
      await page.waitForURL(/\/topup\?token=/);
      await page.click('#pay-gateway-a');
      await page.click('#sim-pay');
      await page.waitForURL(/\/cart\?topup=/);
      await page.getByTestId('topup-outcome').filter({ hasText: '₹750.00 was added to your wallet' }).waitFor();
      await page.getByRole('button', { name: 'Pay ₹499.00' }).waitFor();
      assert.equal(await credits(u), 115_000);
      assert.deepEqual(await topupsOf(u), [[75_000, 'completed', false], [75_000, 'pending', true]], 'the declined top-up and the one that paid');
      assert.deepEqual(problems, []);
    });
    await context.close();
  });
});
