// One order through a running API, over HTTP only: the admin (seeded by SEED_ADMIN_*) makes a
// product, a shopper registers, a signed top-up credit fills the wallet, the order is placed and
// the wallet pays exactly its total. scripts/image-check.sh runs it against the API started from
// the image.  node deploy/smoke.ts <api url>   (env SMOKE_ADMIN_PHONE, SMOKE_ADMIN_PASSWORD,
// SMOKE_WEBHOOK_SECRET: the values the API was started with)
import { randomBytes } from 'node:crypto';
import { sign } from '@storefront/signing';

const base = process.argv[2];
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`smoke: ${name} is not set`);
  return value;
};
if (!base) throw new Error('smoke: usage: node deploy/smoke.ts <api url>');

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(new URL(path, base), {
    method,
    headers: { ...(text === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: text,
  });
  const answer = await res.text();
  return { status: res.status, body: answer ? JSON.parse(answer) : null, text: answer };
}

function expect(what: string, res: { status: number; text: string }, status: number) {
  if (res.status !== status) throw new Error(`smoke: ${what} answered ${res.status}, expected ${status}: ${res.text}`);
  console.log(`  ${what}: ${res.status}`);
}

const admin = await call('POST', '/api/v1/auth/admin/login', { phone: env('SMOKE_ADMIN_PHONE'), password: env('SMOKE_ADMIN_PASSWORD') });
expect('admin login', admin, 200);
const adminAuth = { 'x-sdk-access-token': admin.body.access_token as string };
const product = await call('POST', '/api/v1/admin/products', { name: 'Image check tea', price: 250, stock: 5, is_active: true }, adminAuth);
expect('product created', product, 201);

const phone = `+9198${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`;
const shopper = await call('POST', '/api/v1/auth/register', { phone, password: 'image-check-pass', full_name: 'Image Check' });
expect('shopper registered', shopper, 201);
const auth = { 'x-sdk-access-token': shopper.body.custom_token as string };

const topup = await call('POST', '/api/v1/wallet/topup-initiate', { amount: 1000 }, auth);
expect('top-up initiated', topup, 201);
const credit = JSON.stringify({ token: topup.body.token, amount: 1000, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: `image-check-${randomBytes(6).toString('hex')}` });
const credited = await call('POST', '/api/v1/wallet/topup-credit', JSON.parse(credit), { 'x-store-signature': sign(env('SMOKE_WEBHOOK_SECRET'), credit, Date.now() / 1000) });
expect('top-up credited', credited, 200);
if (credited.body.credited !== true) throw new Error(`smoke: the credit was not applied: ${credited.text}`);

const order = await call('POST', '/api/v1/orders', { items: [{ product_id: product.body.id, quantity: 2 }] }, { ...auth, 'idempotency-key': randomBytes(8).toString('hex') });
expect('order placed', order, 201);
const wallet = await call('GET', '/api/v1/wallet', undefined, auth);
expect('wallet read', wallet, 200);
if (order.body.total !== 500 || wallet.body.shopping_credits !== 500) {
  throw new Error(`smoke: 1000 credited, an order of 500: the wallet holds ${wallet.body.shopping_credits}, the order's total is ${order.body.total}`);
}
console.log(`  order ${order.body.id}: total 500 paid from 1000 credited, 500 left`);
