import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, UnsecuredJWT } from 'jose';
import { call, createAdmin, createTestApp, newPhone, registerUser, TEST_JWT_SECRET, type TestApp } from './helpers.ts';

describe('accounts and tokens', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('registering creates the user and an empty wallet, and answers 201 with a token pair', async () => {
    const phone = newPhone();
    const res = await call(t.app, 'POST', '/api/v1/auth/register', { body: { phone, password: 'password123', full_name: ' Asha ' } });
    assert.equal(res.status, 201);
    assert.equal(typeof res.body.custom_token, 'string');
    assert.equal(typeof res.body.refresh_token, 'string');
    assert.equal(res.body.expires_in, 900);
    const user = await t.db.database.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    assert.equal(user.full_name, 'Asha');
    assert.ok(user.password_hash?.startsWith('scrypt$'), 'password is stored only as a scrypt hash');
    const wallet = await t.db.database.db.selectFrom('wallets').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    assert.deepEqual([wallet.shopping_credits, wallet.reward_points, wallet.e_vouchers], [0, 0, 0]);
  });

  it('a duplicate phone is 409, also when written another way', async () => {
    const u = await registerUser(t.app);
    const national = u.phone.slice(3).replace(/(\d{5})(\d+)/, '$1 $2'); // "+91" dropped, a space added
    const res = await call(t.app, 'POST', '/api/v1/auth/register', { body: { phone: national, password: 'password123', full_name: 'B' } });
    assert.equal(res.status, 409);
    assert.equal(res.body.error, 'conflict');
    assert.equal(await t.db.database.db.selectFrom('users').select('id').where('phone', '=', u.phone).execute().then((r) => r.length), 1);
  });

  it('bad register input is 400 validation_failed and creates nothing', async () => {
    const before = await t.db.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const body of [
      { phone: newPhone(), password: 'short', full_name: 'X' },
      { phone: 'not a phone', password: 'password123', full_name: 'X' },
      { phone: newPhone(), password: 'password123' },
      { phone: 12345, password: 'password123', full_name: 'X' },
      { phone: newPhone(), password: 'x'.repeat(129), full_name: 'X' },
    ]) {
      const res = await call(t.app, 'POST', '/api/v1/auth/register', { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'validation_failed');
    }
    const afterCount = await t.db.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n));
  });

  it('login works, and a wrong password and an unknown phone give identical 401 bodies', async () => {
    const u = await registerUser(t.app);
    const ok = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } });
    assert.equal(ok.status, 200);
    assert.ok(ok.body.custom_token && ok.body.refresh_token);
    const wrong = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: 'wrong password' } });
    const unknown = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: newPhone(), password: 'wrong password' } });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(wrong.body, unknown.body);
    assert.equal(wrong.body.error, 'invalid_credentials');
  });

  it('refresh rotates the pair, and reusing a spent refresh token revokes the whole session', async () => {
    const u = await registerUser(t.app);
    const r1 = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } });
    assert.equal(r1.status, 200);
    assert.notEqual(r1.body.refresh_token, u.refresh);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: r1.body.custom_token })).status, 200);

    t.clock.advance(31_000); // past the grace window for a lost answer (test/auth-refresh-grace.test.ts)
    const reuse = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } });
    assert.equal(reuse.status, 401);
    // The thief's reuse ended the family: the legitimate newer tokens are dead too.
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: r1.body.refresh_token } })).status, 401);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: r1.body.custom_token })).status, 401);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: u.token })).status, 401);
  });

  it('concurrent refreshes with one token all get the one new pair', async () => {
    const u = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } })),
    );
    assert.ok(results.every((r) => r.status === 200));
    assert.equal(new Set(results.map((r) => r.body.refresh_token)).size, 1);
  });

  it('an unknown or expired refresh token is 401', async () => {
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: 'nope' } })).status, 401);
    const u = await registerUser(t.app);
    t.clock.advance(31 * 24 * 3600 * 1000);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } })).status, 401);
  });

  it('logout makes the old token 401 at once, on every session of the user', async () => {
    const u = await registerUser(t.app);
    const second = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } });
    const out = await call(t.app, 'POST', '/api/v1/auth/logout', { token: u.token });
    assert.equal(out.status, 204);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: u.token })).status, 401);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: second.body.custom_token })).status, 401);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } })).status, 401);
  });

  it('forged tokens are 401: alg none, wrong key, edited claims, expired, missing', async () => {
    const u = await registerUser(t.app);
    const [, payload] = u.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const none = new UnsecuredJWT(claims).encode();
    const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const edited = [u.token.split('.')[0], Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url'), u.token.split('.')[2]].join('.');
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const otherSession = await new SignJWT({ ...claims, sid: 'made-up' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    for (const token of [none, wrongKey, edited, otherSession, 'garbage', '']) {
      const res = await call(t.app, 'GET', '/api/v1/me', { headers: { 'x-sdk-access-token': token } });
      assert.equal(res.status, 401, token);
      assert.equal(res.body.error, 'unauthorized');
    }
    assert.equal((await call(t.app, 'GET', '/api/v1/me')).status, 401);
    t.clock.advance(16 * 60 * 1000);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: u.token })).status, 401, 'expired after 15 minutes');
  });

  it('GET and PATCH /me; a changed email clears email_verified', async () => {
    const u = await registerUser(t.app, { full_name: 'Ravi' });
    const me = await call(t.app, 'GET', '/api/v1/me', { token: u.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.phone, u.phone);
    assert.equal(me.body.email_verified, false);
    assert.equal(me.body.password_hash, undefined);
    await t.db.database.db
      .updateTable('users')
      .set({ email: 'ravi@example.com', email_verified: 1, email_verified_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', u.id)
      .execute();
    const same = await call(t.app, 'PATCH', '/api/v1/me', { token: u.token, body: { email: 'Ravi@Example.com', full_name: 'Ravi K' } });
    assert.equal(same.status, 200);
    assert.equal(same.body.email_verified, true, 'the same address keeps its verification');
    assert.equal(same.body.full_name, 'Ravi K');
    const changed = await call(t.app, 'PATCH', '/api/v1/me', { token: u.token, body: { email: 'other@example.com' } });
    assert.equal(changed.body.email_verified, false);
    assert.equal(changed.body.email_verified_at, null);
    assert.equal((await call(t.app, 'PATCH', '/api/v1/me', { token: u.token, body: { email: 'not-an-email' } })).status, 400);
    assert.equal((await call(t.app, 'PATCH', '/api/v1/me', { token: u.token, body: {} })).status, 400);
    assert.equal((await call(t.app, 'PATCH', '/api/v1/me', { token: u.token, body: { nickname: 'x' } })).status, 400);
  });

  it('a user token on an admin route is 403; demoting an admin ends admin access at once', async () => {
    const user = await registerUser(t.app);
    const res = await call(t.app, 'GET', `/api/v1/admin/users/${user.id}`, { token: user.token });
    assert.equal(res.status, 403);
    assert.equal(res.body.error, 'forbidden');

    const admin = await createAdmin(t);
    assert.equal((await call(t.app, 'GET', `/api/v1/admin/users/${user.id}`, { token: admin.token })).status, 200);
    await t.db.database.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', admin.id).execute();
    assert.equal((await call(t.app, 'GET', `/api/v1/admin/users/${user.id}`, { token: admin.token })).status, 403);
  });

  it('an unknown user id on an admin route is 404 whatever its shape', async () => {
    const admin = await createAdmin(t);
    for (const id of ['nope', '00000000-0000-7000-8000-000000000000', "x' or 1=1"]) {
      const res = await call(t.app, 'GET', `/api/v1/admin/users/${encodeURIComponent(id)}`, { token: admin.token });
      assert.equal(res.status, 404);
      assert.equal(res.body.error, 'not_found');
    }
  });
});
