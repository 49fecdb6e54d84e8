import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { call, createTestApp, newPhone, registerUser, type TestApp } from './helpers.ts';
import { containsCode, LogCapture, SmsSimulator, wrongCode } from './otp-fixtures.ts';
import { createSmsSender, SmsError } from '../src/modules/auth/sms.ts';
import { SECOND, MINUTE, HOUR } from '../src/lib/clock.ts';

const SECRET = 'sms-webhook-secret-for-tests';

describe('login OTP over the webhook provider', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  const logs = new LogCapture();
  const seenCodes: string[] = [];
  const responses: string[] = [];
  let ipSeq = 0;
  const freshIp = () => `203.0.113.${++ipSeq}`;

  before(async () => {
    sms = await new SmsSimulator().start();
    t = await createTestApp(
      { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms`, SMS_WEBHOOK_SECRET: SECRET, TRUST_PROXY: 'true', LOG_LEVEL: 'trace' },
      { logStream: logs },
    );
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  const db = () => t.db.database.db;
  const post = async (url: string, body: unknown, ip = '198.51.100.10') => {
    const res = await call(t.app, 'POST', `/api/v1${url}`, { body, headers: { 'x-forwarded-for': ip } });
    responses.push(res.text);
    return res;
  };
  const send = (phone: string, ip?: string, purpose?: string) => post('/auth/otp/send', purpose ? { phone, purpose } : { phone }, ip ?? freshIp());
  const verify = (phone: string, otp: string, extra: Record<string, unknown> = {}, ip?: string) =>
    post('/auth/otp/verify', { phone, otp, ...extra }, ip ?? freshIp());
  const lastCode = () => {
    const c = sms.code();
    seenCodes.push(c);
    return c;
  };
  const otpRow = (phone: string, purpose: 'login' | 'reset_password' = 'login') =>
    db().selectFrom('phone_otps').selectAll().where('phone', '=', phone).where('purpose', '=', purpose).executeTakeFirst();

  it('send answers {sent, expires_in, resend_in} and posts a signed JSON message holding only the hash in the database', async () => {
    const phone = newPhone();
    const before = sms.requests.length;
    const res = await send(phone);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { sent: true, expires_in: 300, resend_in: 30 });
    assert.equal(sms.requests.length, before + 1);
    const req = sms.requests.at(-1)!;
    assert.equal(req.method, 'POST');
    assert.equal(req.url, '/sms');
    const json = JSON.parse(req.raw);
    assert.deepEqual(Object.keys(json).sort(), ['body', 'purpose', 'to']);
    assert.equal(json.to, phone);
    assert.equal(json.purpose, 'login');
    const code = lastCode();
    assert.match(code, /^\d{6}$/);
    // Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
    const sig = String(req.headers['x-store-signature']);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
    assert.ok(m, sig);
    assert.equal(Number(m[1]), Math.floor(t.clock.now().getTime() / 1000));
    assert.equal(m[2], createHmac('sha256', SECRET).update(`${m[1]}.${req.raw}`).digest('hex'));

    const row = await otpRow(phone);
    assert.ok(row?.code_hash);
    assert.match(row.code_hash, /^[0-9a-f]{64}$/);
    assert.ok(!row.code_hash.includes(code));
    assert.equal(row.expires_at, new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString());
    assert.ok(!res.text.includes(code));
  });

  it('first verify of a new phone creates user and wallet, keeps the referral inputs, and says is_new_user', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode();
    const res = await verify(phone, code, { referral_code: 'ABCD2345', referral_source: 'install_referrer' }, '192.0.2.77');
    assert.equal(res.status, 200);
    assert.equal(res.body.is_new_user, true);
    assert.equal(res.body.expires_in, 900);
    assert.ok(res.body.custom_token && res.body.refresh_token);
    assert.equal(res.body.user.phone, phone);
    assert.equal(res.body.user.email_verified, false);
    const user = await db().selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    assert.equal(user.password_hash, null);
    const wallet = await db().selectFrom('wallets').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    assert.ok(wallet, 'wallet created with the user');
    const ref = await db().selectFrom('signup_referral_inputs').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    assert.deepEqual([ref.referral_code, ref.referral_source, ref.ip], ['ABCD2345', 'install_referrer', '192.0.2.77']);
    const me = await call(t.app, 'GET', '/api/v1/me', { token: res.body.custom_token });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, user.id);

    // The code is single use.
    assert.equal((await verify(phone, code)).status, 401);

    // A later login of the same phone finds the same user.
    t.clock.advance(30 * SECOND);
    await send(phone);
    const again = await verify(phone, lastCode(), { referral_code: 'ZZZZ9999' });
    assert.equal(again.status, 200);
    assert.equal(again.body.is_new_user, false);
    assert.equal(again.body.user.id, user.id);
    const users = await db().selectFrom('users').select('id').where('phone', '=', phone).execute();
    assert.equal(users.length, 1);
    const refs = await db().selectFrom('signup_referral_inputs').selectAll().where('user_id', '=', user.id).execute();
    assert.equal(refs.length, 1, 'referral inputs are kept only at signup');
  });

  it('password registration keeps its referral code and IP for attribution', async () => {
    const phone = newPhone();
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { phone, password: 'password123', full_name: 'R', referral_code: ' CODE7777 ' },
      headers: { 'x-forwarded-for': '192.0.2.88' },
    });
    assert.equal(res.status, 201);
    const user = await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
    const ref = await db().selectFrom('signup_referral_inputs').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    assert.deepEqual([ref.referral_code, ref.referral_source, ref.ip], ['CODE7777', null, '192.0.2.88']);
  });

  it('an unknown referral_source never fails signup and is stored as null', async () => {
    const phone = newPhone();
    await send(phone);
    const res = await verify(phone, lastCode(), { referral_source: 'billboard', referral_code: null });
    assert.equal(res.status, 200);
    const ref = await db().selectFrom('signup_referral_inputs').selectAll().where('user_id', '=', res.body.user.id).executeTakeFirstOrThrow();
    assert.deepEqual([ref.referral_code, ref.referral_source], [null, null]);
  });

  it('the resend cooldown is 30 s: at 29 s the send is 429 OTP_RATE_LIMITED, at 30 s it is sent', async () => {
    const phone = newPhone();
    assert.equal((await send(phone)).status, 200);
    const sent = sms.countTo(phone);
    t.clock.advance(29 * SECOND);
    const early = await send(phone);
    assert.equal(early.status, 429);
    assert.equal(early.body.error, 'rate_limited');
    assert.equal(early.body.code, 'OTP_RATE_LIMITED');
    assert.equal(early.body.retry_after, 1);
    assert.equal(early.headers['retry-after'], '1');
    assert.equal(sms.countTo(phone), sent);
    t.clock.advance(1 * SECOND);
    assert.equal((await send(phone)).status, 200);
    assert.equal(sms.countTo(phone), sent + 1);
    // The newest code replaces the old one.
    const code = lastCode();
    assert.equal((await verify(phone, code)).status, 200);
  });

  it('5 sends per phone per hour: the 5th is sent, the 6th is 429, the next hour admits again', async () => {
    t.clock.set('2026-01-16T10:00:00.000Z');
    const phone = newPhone();
    for (let i = 1; i <= 5; i++) {
      assert.equal((await send(phone)).status, 200, `send ${i}`);
      t.clock.advance(30 * SECOND);
    }
    const sixth = await send(phone);
    assert.equal(sixth.status, 429);
    assert.equal(sixth.body.code, 'OTP_RATE_LIMITED');
    assert.equal(sixth.body.retry_after, 3600 - 150);
    assert.equal(sms.countTo(phone), 5);
    // The cap is per phone across purposes: a reset send is refused as well.
    await registerUser(t.app, { phone });
    assert.equal((await send(phone, undefined, 'reset_password')).status, 429);
    const counter = await db().selectFrom('rate_limits').select('count').where('key', '=', `otp_send_phone:${phone}`).executeTakeFirstOrThrow();
    assert.equal(counter.count, 5, 'a refused send spends nothing');
    t.clock.set('2026-01-16T11:00:00.000Z');
    assert.equal((await send(phone)).status, 200);
  });

  it('the per-IP cap: 30 sends from one IP in an hour pass, the 31st is 429, other IPs are unaffected', async () => {
    t.clock.set('2026-01-17T10:00:00.000Z');
    const ip = '198.18.0.1';
    for (let i = 1; i <= 30; i++) assert.equal((await send(newPhone(), ip)).status, 200, `send ${i}`);
    const phone = newPhone();
    const over = await send(phone, ip);
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'OTP_RATE_LIMITED');
    assert.equal(sms.countTo(phone), 0);
    assert.equal(await otpRow(phone), undefined, 'nothing stored for a refused send');
    assert.equal((await send(phone, '198.18.0.2')).status, 200);
  });

  it('4 wrong codes then the right one signs in', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode();
    for (let i = 0; i < 4; i++) assert.equal((await verify(phone, wrongCode(code))).status, 401);
    assert.equal((await verify(phone, code)).status, 200);
  });

  it('5 wrong codes burn the code: the right one is then refused', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode();
    for (let i = 0; i < 5; i++) {
      const res = await verify(phone, i === 2 ? '12' : wrongCode(code));
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_otp');
    }
    assert.equal((await otpRow(phone))?.code_hash, null, 'burned');
    assert.equal((await verify(phone, code)).status, 401);
    assert.equal(await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst(), undefined);
  });

  it('a code lives 5 minutes: valid at 4:59, refused at 5:00', async () => {
    const a = newPhone();
    await send(a);
    const codeA = lastCode();
    const b = newPhone();
    await send(b);
    const codeB = lastCode();
    t.clock.advance(5 * MINUTE - SECOND);
    assert.equal((await verify(a, codeA)).status, 200);
    t.clock.advance(SECOND);
    const late = await verify(b, codeB);
    assert.equal(late.status, 401);
    assert.equal(late.body.error, 'invalid_otp');
  });

  it('verify accepts only purpose login, and an unknown phone or a malformed body is refused without side effects', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode();
    const wrongPurpose = await verify(phone, code, { purpose: 'reset_password' });
    assert.equal(wrongPurpose.status, 400);
    assert.equal(wrongPurpose.body.error, 'validation_failed');
    assert.equal((await verify(newPhone(), code)).status, 401);
    assert.equal((await post('/auth/otp/send', { phone: 'not a phone' })).status, 400);
    assert.equal((await post('/auth/otp/send', { phone, purpose: 'account_deletion' })).status, 400);
    assert.equal((await post('/auth/otp/verify', { phone })).status, 400);
    assert.equal((await otpRow(phone))?.attempts, 0, 'refused bodies and other phones count no attempt');
    assert.equal((await verify(phone, code)).status, 200);
  });

  it('20 concurrent sends for one phone deliver exactly one SMS, and rounds of them never exceed the hourly cap', async () => {
    t.clock.set('2026-01-18T10:00:00.000Z');
    const phone = newPhone();
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => send(phone, `198.19.${i}.1`)));
    assert.equal(first.filter((r) => r.status === 200).length, 1);
    assert.equal(first.filter((r) => r.status === 429).length, 19);
    assert.equal(sms.countTo(phone), 1);
    for (let round = 0; round < 6; round++) {
      t.clock.advance(30 * SECOND);
      await Promise.all(Array.from({ length: 20 }, (_, i) => send(phone, `198.19.${i}.2`)));
    }
    assert.equal(sms.countTo(phone), 5);
    const counter = await db().selectFrom('rate_limits').select('count').where('key', '=', `otp_send_phone:${phone}`).executeTakeFirstOrThrow();
    assert.equal(counter.count, 5);
  });

  it('concurrent verifies with the right code sign in exactly once', async () => {
    const phone = newPhone();
    await send(phone);
    const code = lastCode();
    const results = await Promise.all(Array.from({ length: 8 }, () => verify(phone, code)));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.equal(results.filter((r) => r.status === 401).length, 7);
    assert.equal((await db().selectFrom('users').select('id').where('phone', '=', phone).execute()).length, 1);
    assert.equal((await db().selectFrom('sessions').select('id').where('user_id', '=', results.find((r) => r.status === 200)!.body.user.id).execute()).length, 1);
  });

  it('provider down: 502 otp_send_failed, the stored code is deleted and cannot be used', async () => {
    const phone = newPhone();
    sms.mode = 'fail';
    try {
      const res = await send(phone);
      assert.equal(res.status, 502);
      assert.equal(res.body.error, 'otp_send_failed');
    } finally {
      sms.mode = 'ok';
    }
    const code = lastCode(); // the provider saw it, but the user never got it
    assert.equal(await otpRow(phone), undefined, 'deleted before answering');
    assert.equal((await verify(phone, code)).status, 401);
    // Nothing delivered, so no cooldown holds; the failed send still counted toward the cap.
    assert.equal((await send(phone)).status, 200);
    const counter = await db().selectFrom('rate_limits').select('count').where('key', '=', `otp_send_phone:${phone}`).executeTakeFirstOrThrow();
    assert.equal(counter.count, 2);
    assert.equal((await verify(phone, lastCode())).status, 200);
  });

  it('provider unreachable: 502 and nothing stored; password login still works', async () => {
    const down = await new SmsSimulator().start();
    await down.stop();
    const t2 = await createTestApp({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: down.url });
    try {
      const phone = newPhone();
      const res = await call(t2.app, 'POST', '/api/v1/auth/otp/send', { body: { phone } });
      assert.equal(res.status, 502);
      assert.equal(res.body.error, 'otp_send_failed');
      assert.equal(await t2.db.database.db.selectFrom('phone_otps').select('phone').where('phone', '=', phone).executeTakeFirst(), undefined);
      const u = await registerUser(t2.app);
      assert.equal((await call(t2.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } })).status, 200);
    } finally {
      await t2.close();
    }
  });

  it('a provider that hangs fails within the bounded timeout', async () => {
    const hang = await new SmsSimulator().start();
    hang.mode = 'hang';
    try {
      const sender = createSmsSender({ provider: 'webhook', url: hang.url, secret: null }, t.clock, 150)!;
      const started = Date.now();
      await assert.rejects(sender.send({ to: '+919800000000', body: 'x', purpose: 'login' }), (err) => err instanceof SmsError && /timed out/.test(err.message));
      assert.ok(Date.now() - started < 2000);
    } finally {
      await hang.stop();
    }
  });

  it('OTP values never appear in logs or responses', () => {
    assert.ok(seenCodes.length > 10);
    assert.ok(logs.lines.length > 50, 'trace logging was on');
    assert.ok(logs.text.includes('otp sent'));
    for (const code of seenCodes) {
      assert.ok(!containsCode(logs.text, code), `code ${code} leaked into the logs`);
      assert.ok(!responses.some((r) => containsCode(r, code)), `code ${code} leaked into a response`);
    }
  });
});
