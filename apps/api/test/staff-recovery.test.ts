/**
 * Staff sign-in recovery (docs/contracts.md §9a): a staff account is never recovered or deleted by
 * SMS, an owner resets it instead; enrolling or turning off one's own two-factor sign-in needs the
 * password; a staff refresh token has no reuse grace.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { settleBackground } from '../src/lib/background.ts';
import { call, createAdmin, createTestApp, newIp, newPhone, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { SmsSimulator } from './otp-fixtures.ts';

describe('staff sign-in recovery', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  before(async () => {
    sms = await new SmsSimulator().start();
    t = await createTestApp({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms` });
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  const db = () => t.db.database.db;
  const messagesTo = (phone: string): string[] => sms.requests.map((r) => JSON.parse(r.raw)).filter((b) => b.to === phone).map((b) => b.body as string);
  const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
  // Reset codes are sent after the answer: wait for that work before looking at what was sent.
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await call(t.app, 'POST', `/api/v1${url}`, { body, ...(token ? { token } : {}), ip: newIp() });
    await settleBackground(t.app.ctx);
    return res;
  };
  const adminLogin = (phone: string, password: string) => call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone, password }, ip: newIp() });
  const makeStaff = (id: string, active = true) => db().updateTable('users').set({ is_admin: active ? 1 : 0, staff_role: 'support' }).where('id', '=', id).execute();
  const liveSessions = async (userId: string) => (await db().selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()).length;
  const passwordHash = async (userId: string) => (await db().selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;

  test('a reset code is never sent to a staff phone, and the send answers as for any other phone', async () => {
    const staff = await registerUser(t.app);
    await makeStaff(staff.id);
    const unknown = newPhone();
    const a = await post('/auth/otp/send', { phone: staff.phone, purpose: 'reset_password' });
    const b = await post('/auth/otp/send', { phone: unknown, purpose: 'reset_password' });
    assert.deepEqual([a.status, a.body], [b.status, b.body]);
    assert.deepEqual([a.status, a.body], [200, { sent: true, expires_in: 300, resend_in: 30 }]);
    assert.deepEqual(messagesTo(staff.phone), [], 'no SMS to the staff phone');
    const left = await db().selectFrom('phone_otps').select('code_hash').where('phone', '=', staff.phone).where('purpose', '=', 'reset_password').executeTakeFirstOrThrow();
    assert.equal(left.code_hash, null, 'its code is cleared, as an unknown phone’s (the row keeps the cooldown)');
  });

  test('reset-password for a staff account answers exactly as for an unknown phone and changes nothing, even with a code sent before it became staff', async () => {
    for (const active of [true, false]) {
      const u = await registerUser(t.app);
      const send = await post('/auth/otp/send', { phone: u.phone, purpose: 'reset_password' });
      assert.equal(send.status, 200);
      const code = codeIn(messagesTo(u.phone).at(-1)!);
      await makeStaff(u.id, active);
      const staffToken = active ? (await adminLogin(u.phone, u.password)).body.access_token : u.token;
      const hash = await passwordHash(u.id);
      const sessions = await liveSessions(u.id);

      const unknownPhone = newPhone();
      await post('/auth/otp/send', { phone: unknownPhone, purpose: 'reset_password' });
      const unknown = await post('/auth/reset-password', { phone: unknownPhone, otp: code, new_password: 'attacker password 1' });
      const res = await post('/auth/reset-password', { phone: u.phone, otp: code, new_password: 'attacker password 1' });
      assert.deepEqual([res.status, res.body], [unknown.status, unknown.body], `${active ? 'active' : 'disabled'} staff`);
      assert.deepEqual([res.status, res.body.error], [401, 'invalid_otp']);

      assert.equal(await passwordHash(u.id), hash, 'password unchanged');
      assert.equal(await liveSessions(u.id), sessions, 'sessions untouched');
      assert.equal((await call(t.app, 'GET', active ? '/api/v1/admin/me' : '/api/v1/me', { token: staffToken })).status, 200);
      assert.equal((await adminLogin(u.phone, 'attacker password 1')).status, 401);
      if (active) assert.equal((await adminLogin(u.phone, u.password)).status, 200, 'the old password still signs in');
    }
  });

  test('a shopper still resets their password by SMS', async () => {
    const u = await registerUser(t.app);
    await post('/auth/otp/send', { phone: u.phone, purpose: 'reset_password' });
    const res = await post('/auth/reset-password', { phone: u.phone, otp: codeIn(messagesTo(u.phone).at(-1)!), new_password: 'brand new password' });
    assert.deepEqual([res.status, res.body], [200, { reset: true }]);
  });

  const deletionRequests = async (userId: string) => (await db().selectFrom('deletion_requests').select('id').where('user_id', '=', userId).execute()).length;
  /** The shopper token an SMS code opens (`/auth/otp/verify`): `role: user`, also for a staff account. */
  async function otpLogin(phone: string): Promise<string> {
    t.clock.advance(31_000);
    assert.equal((await post('/auth/otp/send', { phone })).status, 200);
    const res = await post('/auth/otp/verify', { phone, otp: codeIn(messagesTo(phone).at(-1)!) });
    assert.equal(res.status, 200, res.text);
    return res.body.custom_token;
  }
  /** A deletion token through the web flow (`web`) or the in-app flow on `token` (`app`). */
  async function deletionToken(phone: string, token?: string): Promise<string> {
    t.clock.advance(31_000);
    const prefix = token ? '/account/deletion' : '/account/deletion/web';
    assert.equal((await post(`${prefix}/send-otp`, token ? {} : { phone }, token)).status, 200);
    const res = await post(token ? `${prefix}/verify-otp` : `${prefix}/verify`, { ...(token ? {} : { phone }), otp: codeIn(messagesTo(phone).at(-1)!) }, token);
    assert.equal(res.status, 200, res.text);
    return res.body.deletion_token;
  }

  test('the web deletion send sends nothing to a staff phone and answers as for any other phone', async () => {
    for (const active of [true, false]) {
      const staff = await registerUser(t.app);
      await makeStaff(staff.id, active);
      const a = await post('/account/deletion/web/send-otp', { phone: staff.phone });
      const b = await post('/account/deletion/web/send-otp', { phone: newPhone() });
      assert.deepEqual([a.status, a.body], [b.status, b.body]);
      assert.deepEqual([a.status, a.body], [200, { sent: true, expires_in: 300, resend_in: 30 }]);
      assert.deepEqual(messagesTo(staff.phone), [], 'no SMS to the staff phone');
      const left = await db().selectFrom('phone_otps').select('code_hash').where('phone', '=', staff.phone).where('purpose', '=', 'account_deletion').executeTakeFirstOrThrow();
      assert.equal(left.code_hash, null, 'its code is cleared, as an unknown phone’s');
    }
  });

  test('web deletion of a staff account answers as for an unknown phone and files nothing, even with a code or token from before it became staff', async () => {
    for (const active of [true, false]) {
      const u = await registerUser(t.app);
      const tokenBefore = await deletionToken(u.phone);
      t.clock.advance(31_000);
      await post('/account/deletion/web/send-otp', { phone: u.phone });
      const code = codeIn(messagesTo(u.phone).at(-1)!);
      await makeStaff(u.id, active);

      const unknownPhone = newPhone();
      await post('/account/deletion/web/send-otp', { phone: unknownPhone });
      const unknown = await post('/account/deletion/web/verify', { phone: unknownPhone, otp: code });
      const res = await post('/account/deletion/web/verify', { phone: u.phone, otp: code });
      assert.deepEqual([res.status, res.body], [unknown.status, unknown.body], `${active ? 'active' : 'disabled'} staff`);
      assert.deepEqual([res.status, res.body.error], [401, 'invalid_otp']);

      const bogus = await post('/account/deletion/web/request', { deletion_token: 'no such token' });
      const filed = await post('/account/deletion/web/request', { deletion_token: tokenBefore });
      assert.deepEqual([filed.status, filed.body], [bogus.status, bogus.body]);
      assert.deepEqual([filed.status, filed.body.error], [400, 'invalid_deletion_token']);
      assert.equal(await deletionRequests(u.id), 0, 'no deletion request');
    }
  });

  test('a shopper session of a staff account (an SMS code opens one) cannot delete it: 403; a back-office session can', async () => {
    const u = await registerUser(t.app);
    const tokenBefore = await deletionToken(u.phone, u.token);
    await makeStaff(u.id);
    const smsSession = await otpLogin(u.phone);
    const sent = messagesTo(u.phone).length;
    for (const [url, body] of [
      ['/account/deletion/send-otp', {}],
      ['/account/deletion/verify-otp', { otp: '123456' }],
      ['/account/deletion/request', { deletion_token: tokenBefore }],
    ] as const) {
      for (const token of [smsSession, u.token]) {
        const res = await post(url, body, token);
        assert.deepEqual([res.status, res.body.error, res.body.code], [403, 'forbidden', 'STAFF_SESSION_REQUIRED'], url);
      }
    }
    assert.equal(messagesTo(u.phone).length, sent, 'no code sent');
    assert.equal(await deletionRequests(u.id), 0, 'no deletion request');

    const backOffice = (await adminLogin(u.phone, u.password)).body.access_token;
    const filed = await post('/account/deletion/request', { deletion_token: tokenBefore }, backOffice);
    assert.equal(filed.status, 201, filed.text);
  });

  test('a shopper still deletes their account by SMS code: on the web, and in the app on a session an SMS code opened', async () => {
    const w = await registerUser(t.app);
    const web = await post('/account/deletion/web/request', { deletion_token: await deletionToken(w.phone) });
    assert.deepEqual([web.status, web.body.status], [201, 'pending']);
    const a = await registerUser(t.app);
    const session = await otpLogin(a.phone);
    const app = await post('/account/deletion/request', { deletion_token: await deletionToken(a.phone, session) }, session);
    assert.deepEqual([app.status, app.body.status], [201, 'pending']);
  });

  /** An active staff member who enrolled two-factor sign-in, signed in with it. */
  async function enrolledStaff(role = 'support'): Promise<TestUser & { secret: string }> {
    const a = await createAdmin(t, role);
    const setup = await call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, body: { current_password: a.password } });
    assert.equal(setup.status, 200, setup.text);
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: t.clock.now().getTime() });
    const confirmed = await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code, current_password: a.password } });
    assert.equal(confirmed.status, 200, confirmed.text);
    t.clock.advance(31_000);
    return { ...a, secret: setup.body.secret };
  }

  test('an owner resets a staff member’s sign-in: sessions, refresh tokens, password and two-factor end; a fresh invite sets a new password', async () => {
    const owner = await createAdmin(t);
    const s = await enrolledStaff();
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: s.token })).status, 200);

    const reset = await call(t.app, 'POST', `/api/v1/admin/staff/${s.id}/reset`, { token: owner.token });
    assert.equal(reset.status, 200, reset.text);
    assert.equal(reset.body.status, 'invited');
    assert.equal(reset.body.mfa_enabled, false);
    assert.equal(reset.body.role, 'support');

    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: s.token })).status, 401, 'the session ended');
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: s.refresh } })).status, 401, 'its refresh token too');
    assert.equal(await liveSessions(s.id), 0);
    assert.equal((await adminLogin(s.phone, s.password)).status, 401, 'the old password no longer signs in');
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: s.phone, password: s.password }, ip: newIp() })).status, 401, 'it is gone, not only the back office closed');
    const enable = await call(t.app, 'PATCH', `/api/v1/admin/staff/${s.id}`, { token: owner.token, body: { disabled: false } });
    assert.equal(enable.status, 409, 'enabling before the invite is accepted is refused, as for a new invite');
    assert.equal(await db().selectFrom('staff_totp').select('user_id').where('user_id', '=', s.id).executeTakeFirst(), undefined);
    assert.equal(await db().selectFrom('staff_recovery_codes').select('user_id').where('user_id', '=', s.id).executeTakeFirst(), undefined);
    const audit = await db().selectFrom('audit_log').select(['admin_id', 'before', 'after']).where('entity_id', '=', s.id).where('action', '=', 'staff.sign_in_reset').executeTakeFirstOrThrow();
    assert.equal(audit.admin_id, owner.id);

    const text = messagesTo(s.phone).at(-1)!;
    assert.match(text, /sign-in reset code/);
    const accepted = await call(t.app, 'POST', '/api/v1/auth/admin/accept-invite', { body: { phone: s.phone, code: codeIn(text), password: 'a new staff password' }, ip: newIp() });
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(accepted.body.role, 'support');
    const signedIn = await adminLogin(s.phone, 'a new staff password');
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.ok(signedIn.body.access_token, 'no second factor left: they enrol again');
    const list = await call(t.app, 'GET', '/api/v1/admin/staff?limit=100', { token: owner.token });
    assert.equal(list.body.items.find((i: { id: string }) => i.id === s.id).status, 'active');
  });

  test('only staff.manage resets; not oneself, not an unknown id; nothing changes then', async () => {
    const owner = await createAdmin(t);
    const other = await createAdmin(t, 'finance');
    const target = await createAdmin(t, 'support');
    const before = await messagesTo(target.phone).length;
    const refused = await call(t.app, 'POST', `/api/v1/admin/staff/${target.id}/reset`, { token: other.token });
    assert.deepEqual([refused.status, refused.body.permission], [403, 'staff.manage']);
    const self = await call(t.app, 'POST', `/api/v1/admin/staff/${owner.id}/reset`, { token: owner.token });
    assert.deepEqual([self.status, self.body.error], [409, 'conflict']);
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/staff/nope/reset', { token: owner.token })).status, 404);
    const shopper = await registerUser(t.app);
    assert.equal((await call(t.app, 'POST', `/api/v1/admin/staff/${shopper.id}/reset`, { token: owner.token })).status, 404, 'not a staff account');
    assert.equal(messagesTo(target.phone).length, before, 'no code sent');
    for (const u of [owner, target]) assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: u.token })).status, 200);
  });

  test('enrolling or turning off one’s own two-factor needs the current password; wrong ones count toward the login limit', async () => {
    const a = await createAdmin(t, 'support');
    const ip = newIp();
    const count = async () =>
      Number((await db().selectFrom('rate_limits').select('count').where('key', '=', `admin_login:${a.phone}|${ip}`).executeTakeFirst())?.count ?? 0);
    const setup = (body: unknown) => call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, body, ip });

    const missing = await call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, ip });
    assert.deepEqual([missing.status, missing.body.error], [400, 'validation_failed']);
    const wrong = await setup({ current_password: 'not my password' });
    assert.deepEqual([wrong.status, wrong.body.error], [403, 'invalid_credentials']);
    assert.equal(await count(), 1);
    assert.equal(await db().selectFrom('staff_totp').select('user_id').where('user_id', '=', a.id).executeTakeFirst(), undefined, 'no secret was made');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: a.token })).status, 200, 'the session stays');

    const ok = await setup({ current_password: a.password });
    assert.equal(ok.status, 200, ok.text);
    const code = () => TOTP.generate({ secret: Secret.fromBase32(ok.body.secret), timestamp: t.clock.now().getTime() });
    const badConfirm = await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code: code(), current_password: 'wrong' }, ip });
    assert.deepEqual([badConfirm.status, badConfirm.body.error], [403, 'invalid_credentials']);
    const confirmed = await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code: code(), current_password: a.password }, ip });
    assert.equal(confirmed.status, 200, confirmed.text);
    t.clock.advance(31_000);
    const badDisable = await call(t.app, 'POST', '/api/v1/admin/me/mfa/disable', { token: a.token, body: { code: code(), current_password: 'wrong' }, ip });
    assert.deepEqual([badDisable.status, badDisable.body.error], [403, 'invalid_credentials']);
    assert.ok(await db().selectFrom('staff_totp').select('user_id').where('user_id', '=', a.id).executeTakeFirst(), 'still on');

    // The admin login's limit (10 per phone+IP per 15 minutes) stops guessing.
    let last = wrong;
    for (let i = (await count()) + 1; i <= 11; i++) last = await setup({ current_password: `guess ${i}` });
    assert.deepEqual([last.status, last.body.code], [429, 'LOGIN_RATE_LIMITED']);
    const right = await call(t.app, 'POST', '/api/v1/admin/me/mfa/disable', { token: a.token, body: { code: code(), current_password: a.password }, ip });
    assert.equal(right.status, 429, 'the right password too, once the limit is reached');
  });

  test('a replayed staff refresh token revokes the session at once, even inside the grace window', async () => {
    const a = await createAdmin(t, 'support');
    const first = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: a.refresh } });
    assert.equal(first.status, 200);
    t.clock.advance(1_000);
    const replay = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: a.refresh } });
    assert.deepEqual([replay.status, replay.body.error], [401, 'unauthorized']);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: first.body.refresh_token } })).status, 401, 'the successor died with the session');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: first.body.custom_token })).status, 401);
    // A shopper's token keeps the grace (test/auth-refresh-grace.test.ts).
    const u = await registerUser(t.app);
    const one = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } });
    t.clock.advance(1_000);
    const again = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } });
    assert.deepEqual([again.status, again.body.refresh_token], [200, one.body.refresh_token]);
  });
});
