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

  it('every failure is the same 401: wrong password, unknown phone, non-admin; a malformed phone is 400', async () => {
    const user = await registerUser(t.app);
    const bodies = [
      await login(SEED_PHONE, 'wrong-password', '198.51.100.2'),
      await login(newPhone(), 'whatever-password', '198.51.100.2'),
      await login(user.phone, user.password, '198.51.100.2'),
    ];
    for (const res of bodies) {
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, bodies[0]!.body);
    }
    assert.equal(bodies[0]!.body.error, 'invalid_credentials');
    // docs/contracts.md §3: anything that is not a phone is 400.
    const garbage = await login('garbage', 'whatever-password', '198.51.100.2');
    assert.equal(garbage.status, 400);
    assert.equal(garbage.body.error, 'validation_failed');
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
