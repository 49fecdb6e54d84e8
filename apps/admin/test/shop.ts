/** The set-up the order and people E2E tests share: a signed-in admin, and a shopper with one order. */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { registerUser, type TestUser } from '../../api/test/helpers.ts';
import { launch, signIn } from './browser.ts';
import { SEED_ADMIN_PASSWORD, SEED_ADMIN_PHONE, apiCall, portalToken, startStack, type Stack } from './stack.ts';

/** The daily spin is the simplest real way to put credits in a wallet; the prize is a setting. */
export const SPIN_PRIZE = 500_000;

export interface Shop {
  s: Stack;
  browser: Browser;
  page: Page;
  shopper: TestUser;
  orderId: string;
  /** The shopper's shopping credits, read through the API. */
  credits(): Promise<number>;
  close(): Promise<void>;
}

/** A newly registered shopper who has spun once, so the wallet holds `SPIN_PRIZE`. */
export async function shopperWithCredits(s: Stack, fullName: string): Promise<TestUser> {
  const shopper = await registerUser(s.api, { full_name: fullName });
  const spin = await apiCall(s, 'POST', '/api/v1/wallet/daily-spin', { token: shopper.token });
  assert.equal(spin.status, 200, JSON.stringify(spin.body));
  return shopper;
}

export async function openShopWithOrder(): Promise<Shop> {
  const s = await startStack({ listenPortal: true, env: { DAILY_SPIN_PRIZE: String(SPIN_PRIZE) } });
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, s.portalUrl, SEED_ADMIN_PHONE, SEED_ADMIN_PASSWORD);

  // A product (made through the API: the catalogue E2E covers making one in the UI) and a shopper
  // who spins for credits and orders two of it.
  const admin = await portalToken(s);
  const product = await apiCall(s, 'POST', '/api/v1/admin/products', { token: admin, body: { name: 'E2E Kettle', price: 25_000, stock: 10, is_active: true } });
  assert.equal(product.status, 201, JSON.stringify(product.body));
  const shopper = await shopperWithCredits(s, 'Asha Shopper');
  const order = await apiCall(s, 'POST', '/api/v1/orders', {
    token: shopper.token,
    headers: { 'idempotency-key': 'e2e-order-1' },
    body: { items: [{ product_id: product.body.id, quantity: 2 }] },
  });
  assert.equal(order.status, 201, JSON.stringify(order.body));
  return {
    s,
    browser,
    page,
    shopper,
    orderId: order.body.id,
    credits: async () => (await apiCall(s, 'GET', '/api/v1/wallet', { token: shopper.token })).body.shopping_credits as number,
    async close() {
      await browser.close();
      await s.close();
    },
  };
}
