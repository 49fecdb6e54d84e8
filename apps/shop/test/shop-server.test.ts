/**
 * The shop server in front of a real API: shopper routes pass through byte for byte, the admin
 * API and the payment server's signed calls do not, referral links log their click and land on
 * sign-up, and every answer carries the CSP.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, newPhone, registerUser, type TestApp } from '../../api/test/helpers.ts';
import { notRefused, rawRequest } from '../../api/test/support/raw-http.ts';
import { loadShopConfig } from '../src/config.ts';
import { buildShopServer } from '../src/shop-server.ts';

let t: TestApp;
let shop: FastifyInstance;
let apiUrl: string;
const dist = mkdtempSync(join(tmpdir(), 'sf-shop-dist-'));

before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  shop = await buildShopServer(loadShopConfig({ STOREFRONT_API_URL: apiUrl, SHOP_STATIC_DIR: dist, LOG_LEVEL: 'silent' }));
  await shop.listen({ port: 0, host: '127.0.0.1' });
});
after(async () => {
  await shop?.close();
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});
const shopPort = () => (shop.server.address() as { port: number }).port;

test('shopper routes pass through, bodies and tokens included', async () => {
  const phone = newPhone();
  const reg = await shop.inject({ method: 'POST', url: '/api/v1/auth/register', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ phone, password: 'a good long password', full_name: 'Ravi' }) });
  assert.equal(reg.statusCode, 201, reg.body);
  const token = reg.json().custom_token;
  const me = await shop.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-sdk-access-token': token } });
  assert.equal(me.statusCode, 200);
  assert.equal(me.json().phone, phone);
  const bad = await shop.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"phone":' });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().error, 'validation_failed');
});

test('the admin API and the signed payment calls are not reachable through the shop', async () => {
  const admin = await registerUser(t.app);
  await t.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'owner' }).where('id', '=', admin.id).execute();
  for (const [method, url] of [
    ['GET', '/api/v1/admin/users'],
    ['POST', '/api/v1/auth/admin/login'],
    ['POST', '/api/v1/wallet/topup-credit'],
    ['POST', '/api/v1/wallet/topup-lookup'],
    ['POST', '/api/v1/wallet/topup-attach'],
    ['POST', '/api/v1/wallet/topup-decline'],
  ] as const) {
    const res = await shop.inject({ method, url, headers: { 'x-sdk-access-token': admin.token, 'content-type': 'application/json' }, ...(method === 'POST' ? { payload: '{}' } : {}) });
    assert.equal(res.statusCode, 404, `${method} ${url}`);
    assert.equal(res.json().error, 'not_found');
  }
});

test('no spelling of an admin or signed route gets past the allow-list: the shop refuses it itself', async () => {
  const admin = await registerUser(t.app);
  await t.db.database.db.updateTable('users').set({ is_admin: 1, staff_role: 'owner' }).where('id', '=', admin.id).execute();
  const token = (await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: admin.phone, password: admin.password } })).body.access_token;
  assert.equal((await call(t.app, 'GET', '/api/v1/admin/users', { token })).status, 200, 'the token is an admin token');
  const headers = { 'x-sdk-access-token': token, 'content-type': 'application/json' };
  // Each is what Fastify's router (percent-decoding), a URL parser (dot segments, backslashes) or a
  // lenient server (`;` parameters, duplicate slashes, case) could turn into a route the shop refuses.
  const table: [method: string, path: string][] = [
    ['GET', '/api/v1/%61dmin/users'],
    ['GET', '/api/v1/%41dmin/users'],
    ['GET', '/api/v1/adm%69n/users'],
    ['GET', '/api/v1/%61%64%6D%69%6E/users'],
    ['GET', '/api/v1/%61%64%6d%69%6e/users'],
    ['GET', '/api/v1/%2561dmin/users'],
    ['GET', '/api/v1/admin%2Fusers'],
    ['GET', '/api/v1/admin%2fusers'],
    ['GET', '/api/v1/products%2F..%2Fadmin%2Fusers'],
    ['GET', '/api/v1/./admin/users'],
    ['GET', '/api/v1/%2e/admin/users'],
    ['GET', '/api/v1/x/../admin/users'],
    ['GET', '/api/v1/products/../admin/users'],
    ['GET', '/api/v1/products/%2e%2e/admin/users'],
    ['GET', '/api/v1/products/%2E%2E/admin/users'],
    ['GET', '/api/v1/products/.%2e/admin/users'],
    ['GET', '/api/v1/products/%2e%2e%2fadmin/users'],
    ['GET', '/api/v1//admin/users'],
    ['GET', '/api/v1/products//../admin/users'],
    ['GET', '/api/v1/products\\..\\admin\\users'],
    ['GET', '/api/v1/products/..\\admin/users'],
    ['GET', '/api/v1/admin;x=1/users'],
    ['GET', '/api/v1/admin/users;x=1'],
    ['GET', '/api/v1/ADMIN/users'],
    ['GET', '/api/v1/Admin/users'],
    ['GET', '/api/v1/admin/users/'],
    ['POST', '/api/v1/auth/%61dmin/login'],
    ['POST', '/api/v1/wallet/%74opup-credit'],
    ['POST', '/api/v1/wallet/%54opup-credit'],
    ['POST', '/api/v1/wallet/topup%2Dcredit'],
    ['POST', '/api/v1/wallet/topup-%6Cookup'],
    ['POST', '/api/v1/wallet/topup-%61ttach'],
    ['POST', '/api/v1/wallet/topup-credit;x'],
    ['POST', '/api/v1/wallet/topup-credit/'],
    ['POST', '/api/v1/wallet/./topup-credit'],
    ['POST', '/api/v1/wallet/TOPUP-CREDIT'],
    ['POST', '/api/v1/wallet/topup-credit#x'],
  ];
  assert.deepEqual(await notRefused(shopPort(), table, headers, 'No such route in the shop.'), [], 'answered by the API rather than refused by the shop');
  // The same requests spelled plainly still pass: the refusals above are the spelling's, not the server's.
  assert.equal((await rawRequest({ port: shopPort(), method: 'GET', path: '/api/v1/products', headers })).status, 200);
  assert.equal((await rawRequest({ port: shopPort(), method: 'GET', path: '/api/v1/me', headers })).status, 200);
});

test('a referral link logs the click with the API and lands on sign-up with the code', async () => {
  const u = await registerUser(t.app);
  const code = (await call(t.app, 'GET', '/api/v1/referrals/my-code', { token: u.token })).body.referral_code as string;
  const res = await shop.inject({ method: 'GET', url: `/r/${code.toLowerCase()}`, headers: { 'user-agent': 'test-phone' } });
  assert.equal(res.statusCode, 302);
  assert.equal(res.headers.location, `/register?ref=${code}`);
  const clicks = await t.db.database.db.selectFrom('referral_clicks').select(['code', 'user_agent']).execute();
  assert.deepEqual(clicks, [{ code, user_agent: 'test-phone' }]);
  const junk = await shop.inject({ method: 'GET', url: '/r/%3Cscript%3E' });
  assert.equal(junk.headers.location, '/register');
});

test('the app is served for every screen, with its CSP; hashed assets are immutable', async () => {
  const page = await shop.inject({ method: 'GET', url: '/orders/abc' });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<title>shop<\/title>/);
  assert.equal(page.headers['cache-control'], 'no-cache');
  const csp = String(page.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /connect-src 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.equal(page.headers['x-frame-options'], 'DENY');
  const asset = await shop.inject({ method: 'GET', url: '/assets/app-abc123.js' });
  assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await shop.inject({ method: 'GET', url: '/nothing.js' })).statusCode, 404);
  assert.equal((await shop.inject({ method: 'GET', url: '/api/v1/nothing' })).statusCode, 404);
});

test('an API that cannot be reached is a 502 in the usual error shape', async () => {
  const down = await buildShopServer(loadShopConfig({ STOREFRONT_API_URL: 'http://127.0.0.1:9', SHOP_STATIC_DIR: dist, LOG_LEVEL: 'silent' }));
  const res = await down.inject({ method: 'GET', url: '/api/v1/products' });
  assert.equal(res.statusCode, 502);
  assert.equal(res.json().error, 'api_unavailable');
  await down.close();
});

test('extra image origins are settings checked at start, and the CSP names only them', async () => {
  const c = loadShopConfig({ SHOP_IMAGE_ORIGINS: 'https://cdn.example.com, https://img.example.org/' });
  assert.deepEqual(c.imageOrigins, ['https://cdn.example.com', 'https://img.example.org']);
  assert.throws(() => loadShopConfig({ SHOP_IMAGE_ORIGINS: 'https://cdn.example.com/path' }), /SHOP_IMAGE_ORIGINS/);
  assert.throws(() => loadShopConfig({ SHOP_IMAGE_ORIGINS: "* 'unsafe-inline'" }), /SHOP_IMAGE_ORIGINS/);
  assert.throws(() => loadShopConfig({ SHOP_PORT: 'x' }), /SHOP_PORT/);
  const csp = String((await shop.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
  assert.match(csp, /img-src 'self' data: blob:;/);
});
