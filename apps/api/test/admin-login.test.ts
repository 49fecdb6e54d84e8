import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, newPhone, registerUser, type TestApp } from './helpers.ts';

const SEED_PHONE = '+919000000001';
const SEED_PASSWORD = 'seed-admin-password';

describe('admin login', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ SEED_ADMIN_PHONE: SEED_PHONE, SEED_ADMIN_PASSWORD: SEED_PASSWORD, TRUST_PROXY: 'true' });
    const { ensureSeedAdmin } = await import('../src/modules/auth/auth.service.ts');
    await ensureSeedAdmin(t.app.ctx);
    await ensureSeedAdmin(t.app.ctx); // a second start refreshes, never duplicates
  });
  after(() => t.close());

  const login = (phone: string, password: string, ip = '198.51.100.7') =>
    call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone, password }, headers: { 'x-forwarded-for': ip } });

  it('the seed admin signs in with {access_token, user}', async () => {
    const res = await login(SEED_PHONE, SEED_PASSWORD, '198.51.100.1');
    assert.equal(res.status, 200);
    assert.equal(res.body.user.is_admin, true);
    assert.equal(res.body.user.phone, SEED_PHONE);
    const me = await call(t.app, 'GET', `/api/v1/admin/users/${res.body.user.id}`, { token: res.body.access_token });
    assert.equal(me.status, 200);
  });

  it('every failure is the same 401: wrong password, unknown phone, non-admin, and any body that is not a phone and a password', async () => {
    const user = await registerUser(t.app);
    const ip = '198.51.100.2';
    const raw = (payload: string | undefined, type = 'application/json') =>
      call(t.app, 'POST', '/api/v1/auth/admin/login', { headers: { 'x-forwarded-for': ip, ...(payload === undefined ? {} : { 'content-type': type }) }, ...(payload === undefined ? {} : { raw: payload }) });
    const answers = [
      await login(SEED_PHONE, 'wrong-password', ip),
      await login(newPhone(), 'whatever-password', ip),
      await login(user.phone, user.password, ip),
      // The spec: any failure of the admin login is the one 401 (a malformed phone included).
      await login('garbage', 'whatever-password', ip),
      await raw(JSON.stringify({ phone: SEED_PHONE })),
      await raw(JSON.stringify({ password: SEED_PASSWORD })),
      await raw(JSON.stringify({ phone: SEED_PHONE, password: 12345678 })),
      await raw(JSON.stringify({ phone: 919000000001, password: SEED_PASSWORD })),
      await raw(JSON.stringify({ phone: [SEED_PHONE], password: { p: SEED_PASSWORD } })),
      await raw(JSON.stringify({ phone: SEED_PHONE, password: '' })),
      await raw(JSON.stringify({ phone: SEED_PHONE, password: 'x'.repeat(129) })),
      await raw('{}'),
      await raw('null'),
      await raw('[]'),
      await raw('"phone"'),
      await raw(undefined),
    ];
    for (const [i, res] of answers.entries()) {
      assert.equal(res.status, 401, `answer ${i}: ${res.text}`);
      assert.deepEqual(res.body, answers[0]!.body, `answer ${i}`);
    }
    assert.equal(answers[0]!.body.error, 'invalid_credentials');
  });

  it('bodies that are not a phone and a password count toward the limits too', async () => {
    const ip = '198.51.100.6';
    const bad = () => call(t.app, 'POST', '/api/v1/auth/admin/login', { raw: '{}', headers: { 'x-forwarded-for': ip } });
    for (let i = 1; i <= 10; i++) assert.equal((await bad()).status, 401, `attempt ${i}`);
    const eleventh = await bad();
    assert.deepEqual([eleventh.status, eleventh.body.code], [429, 'LOGIN_RATE_LIMITED']);
    // …and toward the per-IP limit across phones (50 per 15 minutes), which the right password then meets.
    for (let i = 12; i <= 50; i++) await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: newPhone(), password: 1 }, headers: { 'x-forwarded-for': ip } });
    const after = await login(SEED_PHONE, SEED_PASSWORD, ip);
    assert.deepEqual([after.status, after.body.code], [429, 'IP_RATE_LIMITED']);
  });

  it('the 11th attempt within 15 minutes is 429 LOGIN_RATE_LIMITED, even with the right password', async () => {
    const ip = '198.51.100.3';
    for (let i = 1; i <= 10; i++) assert.equal((await login(SEED_PHONE, 'wrong-password', ip)).status, 401, `attempt ${i}`);
    const eleventh = await login(SEED_PHONE, SEED_PASSWORD, ip);
    assert.equal(eleventh.status, 429);
    assert.equal(eleventh.body.error, 'rate_limited');
    assert.equal(eleventh.body.code, 'LOGIN_RATE_LIMITED');
    assert.ok(eleventh.body.retry_after > 0 && eleventh.body.retry_after <= 900);
    assert.equal(eleventh.headers['retry-after'], String(eleventh.body.retry_after));
    // Another IP for the same phone is counted apart.
    assert.equal((await login(SEED_PHONE, SEED_PASSWORD, '198.51.100.4')).status, 200);
    t.clock.advance(15 * 60 * 1000);
    assert.equal((await login(SEED_PHONE, SEED_PASSWORD, ip)).status, 200, 'a new window admits again');
  });

  it('50 concurrent attempts for one phone and IP try at most 10', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => login(SEED_PHONE, 'wrong-password', '198.51.100.5')));
    const tried = results.filter((r) => r.status === 401).length;
    assert.equal(tried, 10);
    assert.equal(results.filter((r) => r.status === 429).length, 40);
  });
});
