import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, newPhone, registerUser, type TestApp } from './helpers.ts';
import { SmsSimulator, wrongCode } from './otp-fixtures.ts';
import { SECOND } from '../src/lib/clock.ts';
import { settleBackground } from '../src/lib/background.ts';

describe('password reset by OTP over the Twilio provider', () => {
  let t: TestApp;
  let twilio: SmsSimulator;

  before(async () => {
    twilio = await new SmsSimulator(201).start();
    t = await createTestApp({
      SMS_PROVIDER: 'twilio',
      SMS_ACCOUNT_SID: 'AC0123456789abcdef',
      SMS_AUTH_TOKEN: 'twilio-auth-token',
      SMS_FROM: '+15005550006',
      SMS_API_BASE: twilio.url,
    });
  });
  after(async () => {
    await t.close();
    await twilio.stop();
  });

  const db = () => t.db.database.db;
  // Reset codes are sent after the answer: wait for that work, so the code can be read.
  const post = async (url: string, body: unknown) => {
    const res = await call(t.app, 'POST', `/api/v1${url}`, { body });
    await settleBackground(t.app.ctx);
    return res;
  };
  const sendReset = (phone: string) => post('/auth/otp/send', { phone, purpose: 'reset_password' });

  it('sends a Twilio Messages request: form-encoded To, From, Body with basic auth', async () => {
    const phone = newPhone();
    const res = await post('/auth/otp/send', { phone });
    assert.equal(res.status, 200);
    const req = twilio.requests.at(-1)!;
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    assert.equal(req.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(req.headers.authorization, `Basic ${Buffer.from('AC0123456789abcdef:twilio-auth-token').toString('base64')}`);
    const form = new URLSearchParams(req.raw);
    assert.equal(form.get('To'), phone);
    assert.equal(form.get('From'), '+15005550006');
    assert.match(twilio.code(), /^\d{6}$/);
    assert.equal((await post('/auth/otp/verify', { phone, otp: twilio.code() })).status, 200);
  });

  it('reset sets the new password, ends every session and spends the code', async () => {
    const u = await registerUser(t.app);
    const second = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } });
    const send = await sendReset(u.phone);
    assert.equal(send.status, 200);
    assert.deepEqual(send.body, { sent: true, expires_in: 300, resend_in: 30 });
    await settleBackground(t.app.ctx); // the SMS goes out after the answer
    assert.ok(twilio.messageBody().includes('password reset'));
    const code = twilio.code();

    const res = await post('/auth/reset-password', { phone: u.phone, otp: code, new_password: 'brand new password' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { reset: true });

    for (const token of [u.token, second.body.custom_token]) assert.equal((await call(t.app, 'GET', '/api/v1/me', { token })).status, 401);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } })).status, 401);
    const live = await db().selectFrom('sessions').select('id').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    assert.equal(live.length, 0);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } })).status, 401);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: 'brand new password' } })).status, 200);

    const again = await post('/auth/reset-password', { phone: u.phone, otp: code, new_password: 'another password' });
    assert.equal(again.status, 401);
    assert.equal(again.body.error, 'invalid_otp');
  });

  it('an unknown phone gets the same answer at send, no SMS, and no account is ever created', async () => {
    const phone = newPhone();
    const before = twilio.requests.length;
    const res = await sendReset(phone);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { sent: true, expires_in: 300, resend_in: 30 });
    assert.equal(twilio.requests.length, before, 'no SMS to an unknown phone');
    // The cooldown answers alike too.
    assert.equal((await sendReset(phone)).status, 429);
    const reset = await post('/auth/reset-password', { phone, otp: '123456', new_password: 'whatever password' });
    assert.equal(reset.status, 401);
    assert.equal(reset.body.error, 'invalid_otp');
    assert.equal(await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst(), undefined);
  });

  it('codes are bound to their purpose: a reset code never signs in, a login code never resets', async () => {
    const u = await registerUser(t.app);
    await sendReset(u.phone);
    const resetCode = twilio.code();
    assert.equal((await post('/auth/otp/verify', { phone: u.phone, otp: resetCode })).status, 401);
    await post('/auth/otp/send', { phone: u.phone });
    const loginCode = twilio.code();
    assert.equal((await post('/auth/reset-password', { phone: u.phone, otp: loginCode, new_password: 'new password 1' })).status, 401);
    // Both still work where they belong (one attempt each was spent above).
    assert.equal((await post('/auth/reset-password', { phone: u.phone, otp: resetCode, new_password: 'new password 1' })).status, 200);
    assert.equal((await post('/auth/otp/verify', { phone: u.phone, otp: loginCode })).status, 200);
  });

  it('5 wrong reset codes burn it; a bad new password is 400 and spends nothing', async () => {
    const u = await registerUser(t.app);
    await sendReset(u.phone);
    const code = twilio.code();
    const short = await post('/auth/reset-password', { phone: u.phone, otp: code, new_password: 'short' });
    assert.equal(short.status, 400);
    assert.equal(short.body.error, 'validation_failed');
    for (let i = 0; i < 5; i++) assert.equal((await post('/auth/reset-password', { phone: u.phone, otp: wrongCode(code), new_password: 'long enough pw' })).status, 401);
    assert.equal((await post('/auth/reset-password', { phone: u.phone, otp: code, new_password: 'long enough pw' })).status, 401);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } })).status, 200, 'password unchanged');
  });

  it('a registered phone, an unknown phone and a failing provider get the same answer, which never waits for the SMS', async () => {
    const registered = await registerUser(t.app);
    const failing = await registerUser(t.app);
    const unknown = newPhone();
    t.clock.advance(30 * SECOND);
    const before = twilio.requests.length;
    twilio.mode = 'fail';
    const c = await sendReset(failing.phone);
    const b = await sendReset(unknown);
    await settleBackground(t.app.ctx);
    // The provider hangs: an answer that waited for it would never come.
    twilio.mode = 'hang';
    const a = await call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone: registered.phone, purpose: 'reset_password' } });
    for (const r of [a, b, c]) assert.deepEqual([r.status, r.body], [200, { sent: true, expires_in: 300, resend_in: 30 }]);
    assert.deepEqual(Object.keys(a.headers).sort(), Object.keys(b.headers).sort());
    while (twilio.requests.length < before + 2) await new Promise((r) => setTimeout(r, 5));
    await twilio.releaseHanging();
    await settleBackground(t.app.ctx);
    twilio.mode = 'ok';
    const to = twilio.requests.slice(before).map((r) => new URLSearchParams(r.raw).get('To'));
    assert.deepEqual(to.sort(), [registered.phone, failing.phone].sort(), 'no SMS to the unknown phone');
    // The failed send (and the one cut while hanging) left no usable code and were counted.
    const left = await db().selectFrom('phone_otps').select('phone').where('purpose', '=', 'reset_password').where('phone', 'in', [registered.phone, failing.phone]).execute();
    assert.deepEqual(left, []);
    assert.match((await call(t.app, 'GET', '/metrics', { ip: '127.0.0.1' })).text, /otp_sms_total\{provider="twilio",outcome="failed"\} 2/);
  });

  it('Twilio answering an error leaves no usable code', async () => {
    const u = await registerUser(t.app);
    t.clock.advance(30 * SECOND);
    twilio.mode = 'fail';
    try {
      const res = await sendReset(u.phone);
      assert.equal(res.status, 200, 'the answer does not tell (docs/contracts.md §10)');
      await settleBackground(t.app.ctx);
    } finally {
      twilio.mode = 'ok';
    }
    const code = twilio.code();
    assert.equal(await db().selectFrom('phone_otps').select('phone').where('phone', '=', u.phone).where('purpose', '=', 'reset_password').executeTakeFirst(), undefined);
    assert.equal((await post('/auth/reset-password', { phone: u.phone, otp: code, new_password: 'long enough pw' })).status, 401);
  });
});
