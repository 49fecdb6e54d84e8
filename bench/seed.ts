/**
 * The load benches' shop (bench/run.ts, bench/heap.ts), made through the API's own HTTP routes:
 * 20 products in one category, each with four images, and `users` customers holding 10,000,000
 * credits each from a signed top-up. The API must run with `STORE_WEBHOOK_SECRET` = `webhookSecret`,
 * `TRUST_PROXY=loopback`, `TOPUP_PAGE_BASE_URL` set and the bench admin (`ADMIN`) seeded without a second factor.
 */
import { sign } from '@storefront/signing';
import { http as call } from '../apps/api/test/support/spawn-api.ts';
import { ADMIN } from './api.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Seeds the shop of the API at `base`; the products' ids and the customers' access tokens. */
export async function seed(base: string, webhookSecret: string, users: number): Promise<{ productIds: string[]; tokens: string[] }> {
  const admin = await call(base, 'POST', '/api/v1/auth/admin/login', { body: ADMIN });
  const at = admin.body.access_token as string;
  const upload = await call(base, 'POST', '/api/v1/admin/uploads/image', { token: at, body: { filename: 'p.png', data: PNG } });
  const img = upload.body.data.url as string;
  const cat = await call(base, 'POST', '/api/v1/admin/categories', { token: at, body: { name: 'Bench', slug: 'bench' } });
  const productIds: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await call(base, 'POST', '/api/v1/admin/products', {
      token: at,
      body: {
        name: `Bench product ${i}`,
        description: 'A product used by the benchmark, with a description of realistic length for a shop listing.',
        price: 100 + i,
        stock: 1_000_000_000,
        is_active: true,
        category_id: cat.body.id,
        images: [0, 1, 2, 3].map((k) => ({ image_url: `${img}?v=${i}-${k}`, alt_text: `Image ${k} of product ${i}` })),
      },
    });
    if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
    productIds.push(res.body.id);
  }
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const phone = `+9197${String(i).padStart(8, '0')}`;
    // Each bench user signs up from its own address (registration is capped at 20 per IP per hour);
    // the API trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback).
    const reg = await call(base, 'POST', '/api/v1/auth/register', {
      body: { phone, password: 'bench-user-pass', full_name: `User ${i}` },
      headers: { 'x-forwarded-for': `198.18.0.${i + 1}` },
    });
    const token = reg.body.custom_token as string;
    tokens.push(token);
    const init = await call(base, 'POST', '/api/v1/wallet/topup-initiate', { token, body: { amount: 10_000_000 } });
    const body = JSON.stringify({ token: init.body.token, amount: 10_000_000, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: `bench-${i}` });
    const credited = await call(base, 'POST', '/api/v1/wallet/topup-credit', {
      body: JSON.parse(body),
      headers: { 'x-store-signature': sign(webhookSecret, body, Math.floor(Date.now() / 1000)) },
    });
    if (credited.body?.credited !== true) throw new Error(`credit: ${credited.status} ${credited.text}`);
  }
  return { productIds, tokens };
}
