import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sha256 } from '../src/lib/secrets.ts';
import { loadConfig } from '../src/config.ts';
import { call, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { PAGE_BASE, SECRET, signedCall } from './support/wallet.ts';

const SHOP = 'https://shop.example.com';

describe('topup-initiate return_url: only to an allowed origin, handed to the payment server', () => {
  let t: TestApp;
  let u: TestUser;
  before(async () => {
    t = await createTestApp({
      TOPUP_PAGE_BASE_URL: PAGE_BASE,
      STORE_WEBHOOK_SECRET: SECRET,
      TOPUP_RETURN_ORIGINS: `${SHOP}, http://127.0.0.1:3003`,
    });
    u = await registerUser(t.app);
  });
  after(() => t.close());

  const initiate = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body });
  const topupCount = async () => (await t.db.database.db.selectFrom('topups').select('id').where('user_id', '=', u.id).execute()).length;

  it('a return_url on an allowed origin is stored with the top-up and returned by the signed lookup', async () => {
    const res = await initiate({ amount: 5000, return_url: `${SHOP}/cart?step=pay#top` });
    assert.equal(res.status, 201, res.text);
    const row = await t.db.database.db.selectFrom('topups').select('return_url').where('token_hash', '=', sha256(res.body.token)).executeTakeFirstOrThrow();
    assert.equal(row.return_url, `${SHOP}/cart?step=pay`);
    const lookup = await signedCall(t, 'topup-lookup', { token: res.body.token });
    assert.equal(lookup.status, 200);
    assert.equal(lookup.body.return_url, `${SHOP}/cart?step=pay`);

    const other = await initiate({ amount: 5000, return_url: 'http://127.0.0.1:3003/checkout' });
    assert.equal(other.status, 201, other.text);
  });

  it('without return_url the top-up has none and the lookup names none', async () => {
    const res = await initiate({ amount: 5000 });
    assert.equal(res.status, 201);
    const lookup = await signedCall(t, 'topup-lookup', { token: res.body.token });
    assert.equal('return_url' in lookup.body, false);
  });

  it('other hosts, look-alike prefixes, credentials and other schemes are 400 return_url_not_allowed and make no top-up', async () => {
    const before = await topupCount();
    for (const return_url of [
      'https://shop.example.com.evil.com/cart',
      'https://shop.example.com@evil.com/cart',
      'https://user:pw@shop.example.com/cart',
      'https://evil.com/https://shop.example.com',
      'http://shop.example.com/cart',
      'https://shop.example.com:8443/cart',
      'javascript:alert(1)//https://shop.example.com',
      '//shop.example.com/cart',
      '/cart',
      'not a url',
    ]) {
      const res = await initiate({ amount: 5000, return_url });
      assert.equal(res.status, 400, return_url);
      assert.equal(res.body.error, 'return_url_not_allowed', return_url);
    }
    for (const return_url of ['', 'x'.repeat(2001), 42]) {
      const res = await initiate({ amount: 5000, return_url });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'validation_failed');
    }
    assert.equal(await topupCount(), before, 'no refused request made a top-up');
  });
});

describe('topup-initiate return_url without TOPUP_RETURN_ORIGINS', () => {
  let t: TestApp;
  let u: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    u = await registerUser(t.app);
  });
  after(() => t.close());

  it('every return_url is refused with 400 and no top-up is made; without one initiate still works', async () => {
    const res = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 5000, return_url: `${SHOP}/cart` } });
    assert.deepEqual([res.status, res.body.error], [400, 'return_url_not_allowed']);
    assert.equal((await t.db.database.db.selectFrom('topups').select('id').where('user_id', '=', u.id).execute()).length, 0);
    const ok = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 5000 } });
    assert.equal(ok.status, 201);
  });
});

describe('TOPUP_RETURN_ORIGINS setting', () => {
  it('takes origins and refuses a path, credentials or another scheme at start', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    assert.deepEqual(loadConfig({ ...base, TOPUP_RETURN_ORIGINS: 'https://Shop.Example.com, http://127.0.0.1:3003/' }).topup.returnOrigins, [
      'https://shop.example.com',
      'http://127.0.0.1:3003',
    ]);
    assert.deepEqual(loadConfig(base).topup.returnOrigins, []);
    for (const bad of ['https://shop.example.com/cart', 'ftp://shop.example.com', 'https://a@shop.example.com', 'shop.example.com']) {
      assert.throws(() => loadConfig({ ...base, TOPUP_RETURN_ORIGINS: bad }), /TOPUP_RETURN_ORIGINS/, bad);
    }
  });
});
