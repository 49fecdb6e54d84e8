/**
 * End to end in Debian's Chromium at a phone viewport (390×844), against the real API, the real
 * payment server with its gateway B simulator, the SMS webhook sink and the SMTP sink: a shopper
 * browses signed out, registers, tops up through the hosted page, orders two products, cancels,
 * opens a ticket and asks for the account's deletion. A second shopper signs in by SMS code and
 * retries a checkout whose answer was lost: exactly one order. Every screen is checked with axe-core
 * and saved under test-artifacts/shop/.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { call, newPhone, registerUser } from '../../api/test/helpers.ts';
import { CHROMIUM, launch, phone, scenario, screen } from './browser.ts';
import { startShop, type ShopStack } from './stack.ts';

// On a developer machine without chromium the suite is skipped with a reason; in CI it must run.
const skip = existsSync(CHROMIUM) || process.env.CI ? false : `no ${CHROMIUM}: run .ci/setup-extra`;

describe('the shop in a phone browser', { skip }, () => {
  let st: ShopStack;
  let browser: Browser;
  before(async () => {
    st = await startShop();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await st?.close();
  });

  const wallet = async (token: string) => (await call(st.s.api, 'GET', '/api/v1/wallet', { token })).body.shopping_credits as number;
  const ordersOf = async (userId: string) => st.s.db.database.db.selectFrom('orders').select(['id', 'status', 'total']).where('user_id', '=', userId).execute();
  const stockOf = async (id: string) => Number((await st.s.db.database.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock);
  const userByPhone = async (p: string) => st.s.db.database.db.selectFrom('users').select('id').where('phone', '=', p).executeTakeFirstOrThrow();
  const text = (page: Page) => page.locator('main').innerText();

  test('browse signed out, register, top up, order, cancel, ask for help, delete the account', async () => {
    const { page, problems, context } = await phone(browser);
    await scenario(page, 'shopper', async () => {

    // Browse signed out: the catalogue, a category, a search, a product with its gallery.
    await page.goto(st.shopUrl);
    await page.getByRole('link', { name: /Copper Kettle/ }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Products' }).getByRole('listitem').count(), 6);
    await screen(page, '01-catalogue');
    await page.getByRole('button', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: /Wool Throw/ }).waitFor();
    assert.equal(await page.getByRole('link', { name: /Copper Kettle/ }).count(), 0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByLabel('Search products').fill('mug');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Results for “mug”').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Products"] li').length === 1);
    await screen(page, '02-search');
    await page.goto(`${st.shopUrl}/products/${st.products['Reading Lamp']}`);
    assert.equal(await page.getByRole('button', { name: 'Out of stock' }).isDisabled(), true);
    await page.goto(`${st.shopUrl}/products/${st.products['Copper Kettle']}`);
    await page.getByRole('heading', { name: 'Copper Kettle', level: 1 }).waitFor();
    assert.equal(await page.getByRole('button', { name: /^Zoom picture/ }).count(), 3);
    assert.match(await text(page), /₹1,499\.00/);
    assert.match(await text(page), /In stock/);
    await screen(page, '03-product');
    await page.getByRole('button', { name: 'Zoom picture 1 of 3' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await screen(page, '04-product-zoom');
    await page.getByRole('button', { name: 'Close' }).click();

    // Register (the wallet tab asks to sign in first).
    await page.getByRole('link', { name: 'Wallet' }).click();
    await page.getByRole('heading', { name: 'Welcome to Storefront' }).waitFor();
    await screen(page, '05-sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    const phoneNumber = newPhone();
    await page.getByLabel('Full name').fill('Asha Rao');
    await page.getByLabel('Phone number').fill(phoneNumber);
    await page.getByLabel('Password', { exact: true }).fill('a good long password');
    await screen(page, '06-register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Shop', exact: true }).waitFor();
    const me = await userByPhone(phoneNumber);
    const login = await call(st.s.api, 'POST', '/api/v1/auth/login', { body: { phone: phoneNumber, password: 'a good long password' } });
    const token = login.body.custom_token as string;

    // Two products into the cart; the wallet is empty, so paying is refused with a way to top up.
    await page.goto(`${st.shopUrl}/products/${st.products['Copper Kettle']}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(`${st.shopUrl}/products/${st.products['Stoneware Mug']}`);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    assert.match(await text(page), /Total\s*₹2,497\.00/);
    await page.getByRole('button', { name: 'Pay ₹2,497.00' }).click();
    await page.getByText('Your wallet does not have enough credits for this order.').waitFor();
    await screen(page, '07-cart-insufficient');
    assert.equal((await ordersOf(me.id)).length, 0);

    // Top up ₹2,497 through the hosted page and gateway B; the app polls until it is credited.
    await page.getByRole('alert').getByRole('button', { name: 'Top up wallet' }).click();
    await page.getByLabel('Amount (INR)').fill('2,497');
    await screen(page, '08-top-up');
    const [pay] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Continue to payment' }).click()]);
    await page.getByRole('heading', { name: 'Waiting for your payment' }).waitFor();
    await screen(page, '09-top-up-waiting');
    await pay.waitForURL(/\/topup\?token=/);
    await pay.click('#pay-gateway-b');
    await pay.click('#sim-approve');
    await pay.waitForSelector('#result');
    assert.equal(await pay.getAttribute('#result', 'data-result'), 'success');
    await pay.close();
    await page.getByRole('heading', { name: 'Money added' }).waitFor();
    assert.equal(await page.getByTestId('new-balance').innerText(), '₹2,497.00');
    assert.equal(await wallet(token), 249_700);
    await screen(page, '10-top-up-done');
    await page.getByRole('button', { name: 'Back to wallet' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Money added' }).waitFor();
    await screen(page, '11-wallet');

    // Checkout at the server's prices: one order, the wallet debited once, stock taken.
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    await screen(page, '12-cart');
    await page.getByRole('button', { name: 'Pay ₹2,497.00' }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await screen(page, '13-order-placed');
    assert.equal((await ordersOf(me.id)).length, 1);
    assert.equal(await wallet(token), 0);
    assert.equal(await stockOf(st.products['Copper Kettle']!), 11);
    assert.equal(await stockOf(st.products['Stoneware Mug']!), 38);

    // The order, then its cancellation: the wallet and the stock come back.
    await page.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('list', { name: 'Order progress' }).waitFor();
    await screen(page, '14-order');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await page.getByText('This order is cancelled and its amount is back in your wallet.').waitFor();
    await screen(page, '15-order-cancelled');
    assert.equal(await wallet(token), 249_700);
    assert.equal(await stockOf(st.products['Copper Kettle']!), 12);
    assert.deepEqual((await ordersOf(me.id)).map((o) => o.status), ['cancelled']);
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Cancelled' }).waitFor();
    await screen(page, '16-orders');
    await page.getByRole('link', { name: 'Wallet' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Order refund' }).waitFor();
    assert.equal(await page.getByTestId('credits').innerText(), '₹2,497.00');

    // Help: open a ticket and read it back.
    await page.getByRole('link', { name: 'Account' }).click();
    await screen(page, '17-account');
    await page.getByRole('link', { name: 'Help and support' }).click();
    await page.getByRole('link', { name: 'Ask for help' }).click();
    await page.getByLabel('Subject').fill('Where is my refund?');
    await page.getByLabel('How can we help?').fill('I cancelled an order and want to be sure the refund is in my wallet.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Where is my refund?' }).waitFor();
    await screen(page, '18-ticket');
    const tickets = await call(st.s.api, 'GET', '/api/v1/tickets', { token });
    assert.deepEqual(tickets.body.items.map((t: any) => [t.subject, t.status]), [['Where is my refund?', 'open']]);

    // Deletion: blocked while the wallet holds credits, in plain words.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.getByText(/You cannot delete your account yet: your wallet still has a balance/).waitFor();
    await screen(page, '19-delete-blocked');

    // Spend it all and have the order delivered (the shop's side), then ask for deletion by SMS code.
    for (const [name, more] of [['Copper Kettle', 0], ['Stoneware Mug', 1]] as const) {
      await page.goto(`${st.shopUrl}/products/${st.products[name]}`);
      for (let i = 0; i < more; i++) await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
    }
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('button', { name: 'Pay ₹2,497.00' }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    const second = (await ordersOf(me.id)).find((o) => o.status === 'placed')!;
    for (const status of ['processing', 'shipped', 'delivered']) {
      const r = await call(st.s.api, 'POST', `/api/v1/admin/orders/${second.id}/status`, { token: st.admin.token, body: { status } });
      assert.equal(r.status, 200, r.text);
    }
    await page.goto(`${st.shopUrl}/account/delete`);
    const sent = st.sms.requests.length;
    await page.getByRole('button', { name: 'Send me a code to confirm' }).click();
    await page.getByLabel('Code from the SMS').waitFor();
    assert.equal(st.sms.requests.length, sent + 1);
    await page.getByLabel('Code from the SMS').fill(st.sms.code());
    await page.getByLabel('Why are you leaving? (optional)').fill('Moving abroad');
    await screen(page, '20-delete-confirm');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Deletion requested' }).waitFor();
    await screen(page, '21-delete-pending');
    const status = await call(st.s.api, 'GET', '/api/v1/account/deletion/status', { token });
    assert.equal(status.body.status, 'pending');

    assert.deepEqual(problems, []);
    });
    await context.close();
  });
});
