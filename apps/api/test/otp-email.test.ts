import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { containsCode, LogCapture, MailSink, wrongCode } from './otp-fixtures.ts';
import { MINUTE, SECOND } from '../src/lib/clock.ts';

describe('email ownership verification', () => {
  let t: TestApp;
  let smtp: MailSink;
  const logs = new LogCapture();
  const responses: string[] = [];
  let seq = 0;
  const newEmail = () => `user${++seq}.${process.pid}@example.test`;
  let ipSeq = 0;
  const freshIp = () => `203.0.113.${++ipSeq}`;

  before(async () => {
    smtp = await new MailSink().start();
    t = await createTestApp(
      { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Storefront <no-reply@example.test>', TRUST_PROXY: 'true', LOG_LEVEL: 'trace' },
      { logStream: logs },
    );
  });
  after(async () => {
    await t.close();
    await smtp.stop();
  });

  const db = () => t.db.database.db;
  const post = async (u: TestUser, url: string, body: unknown, ip = freshIp()) => {
    const res = await call(t.app, 'POST', `/api/v1${url}`, { body, token: u.token, headers: { 'x-forwarded-for': ip } });
    responses.push(res.text);
    return res;
  };
  const sendTo = (u: TestUser, email: string, ip?: string) => post(u, '/me/email/send-otp', { email }, ip);
  const verify = (u: TestUser, otp: string) => post(u, '/me/email/verify-otp', { otp });

  it('sends a 6-digit code by mail (text and HTML) and a correct code verifies the address', async () => {
    const u = await registerUser(t.app);
    const email = newEmail();
    const res = await sendTo(u, `  ${email.toUpperCase()} `.trim());
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { sent: true, expires_in: 600, resend_in: 60 });
    const mail = smtp.mails.at(-1)!;
    assert.deepEqual(mail.to, [email]);
    assert.equal(mail.from, 'no-reply@example.test');
    assert.match(mail.raw, /Content-Type: text\/plain/i);
    assert.match(mail.raw, /Content-Type: text\/html/i);
    const code = smtp.code();
    const row = await db().selectFrom('email_otps').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    assert.equal(row.email, email);
    assert.ok(row.code_hash && !row.code_hash.includes(code));

    const ok = await verify(u, code);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body, { email, email_verified: true });
    const user = await db().selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    assert.equal(user.email, email);
    assert.equal(user.email_verified, 1);
    assert.equal(user.email_verified_at, t.clock.now().toISOString());
    const me = await call(t.app, 'GET', '/api/v1/me', { token: u.token });
    assert.equal(me.body.email_verified, true);
    assert.equal((await verify(u, code)).status, 400, 'single use');
  });

  it('a wrong code is 400 invalid_otp; 4 wrong then right verifies; 5 wrong burn it', async () => {
    const a = await registerUser(t.app);
    await sendTo(a, newEmail());
    const codeA = smtp.code();
    for (let i = 0; i < 4; i++) {
      const res = await verify(a, wrongCode(codeA));
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_otp');
    }
    assert.equal((await verify(a, codeA)).status, 200);

    const b = await registerUser(t.app);
    await sendTo(b, newEmail());
    const codeB = smtp.code();
    for (let i = 0; i < 5; i++) assert.equal((await verify(b, wrongCode(codeB))).status, 400);
    assert.equal((await verify(b, codeB)).status, 400);
    const user = await db().selectFrom('users').select(['email', 'email_verified']).where('id', '=', b.id).executeTakeFirstOrThrow();
    assert.deepEqual(user, { email: null, email_verified: 0 });
  });

  it('a code lives 10 minutes: valid at 9:59, refused at 10:00', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await sendTo(a, newEmail());
    const codeA = smtp.code();
    await sendTo(b, newEmail());
    const codeB = smtp.code();
    t.clock.advance(10 * MINUTE - SECOND);
    assert.equal((await verify(a, codeA)).status, 200);
    t.clock.advance(SECOND);
    assert.equal((await verify(b, codeB)).status, 400);
  });

  it('the resend cooldown is 60 s: 429 EMAIL_OTP_RATE_LIMITED at 59 s, sent at 60 s, and the newest code counts', async () => {
    const u = await registerUser(t.app);
    assert.equal((await sendTo(u, newEmail())).status, 200);
    const first = smtp.code();
    t.clock.advance(59 * SECOND);
    const early = await sendTo(u, newEmail());
    assert.equal(early.status, 429);
    assert.equal(early.body.error, 'rate_limited');
    assert.equal(early.body.code, 'EMAIL_OTP_RATE_LIMITED');
    assert.equal(early.body.retry_after, 1);
    t.clock.advance(SECOND);
    const email = newEmail();
    assert.equal((await sendTo(u, email)).status, 200);
    const second = smtp.code();
    if (first !== second) assert.equal((await verify(u, first)).status, 400);
    const ok = await verify(u, second);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.email, email);
  });

  it('5 sends per user per hour: the 5th is sent, the 6th is 429', async () => {
    t.clock.set('2026-03-01T10:00:00.000Z');
    const u = await registerUser(t.app);
    const before = smtp.mails.length;
    for (let i = 1; i <= 5; i++) {
      assert.equal((await sendTo(u, newEmail())).status, 200, `send ${i}`);
      t.clock.advance(60 * SECOND);
    }
    const sixth = await sendTo(u, newEmail());
    assert.equal(sixth.status, 429);
    assert.equal(sixth.body.code, 'EMAIL_OTP_RATE_LIMITED');
    assert.equal(sixth.body.retry_after, 3600 - 300);
    assert.equal(smtp.mails.length, before + 5);
  });

  it('20 sends per IP per hour: the 20th is sent, the 21st is 429, another IP is fine', async () => {
    t.clock.set('2026-03-02T10:00:00.000Z');
    const ip = '198.18.1.1';
    const users = await Promise.all(Array.from({ length: 21 }, () => registerUser(t.app)));
    for (let i = 0; i < 20; i++) assert.equal((await sendTo(users[i]!, newEmail(), ip)).status, 200, `send ${i + 1}`);
    const over = await sendTo(users[20]!, newEmail(), ip);
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'EMAIL_OTP_RATE_LIMITED');
    assert.equal(await db().selectFrom('email_otps').select('user_id').where('user_id', '=', users[20]!.id).executeTakeFirst(), undefined);
    assert.equal((await sendTo(users[20]!, newEmail(), '198.18.1.2')).status, 200);
  });

  it('concurrent sends for one user deliver one mail', async () => {
    const u = await registerUser(t.app);
    const before = smtp.mails.length;
    const results = await Promise.all(Array.from({ length: 10 }, () => sendTo(u, newEmail())));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.equal(smtp.mails.length, before + 1);
  });

  it('an address verified by another user is 409 email_in_use at send, and at verify when it lost the race', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const late = await registerUser(t.app);
    const email = newEmail();
    await sendTo(late, email);
    const lateCode = smtp.code();
    await sendTo(owner, email);
    assert.equal((await verify(owner, smtp.code())).status, 200);

    const send = await sendTo(other, email.toUpperCase());
    assert.equal(send.status, 409);
    assert.equal(send.body.error, 'email_in_use');
    const lost = await verify(late, lateCode);
    assert.equal(lost.status, 409);
    assert.equal(lost.body.error, 'email_in_use');
    const verified = await db().selectFrom('users').select('id').where('email', '=', email).where('email_verified', '=', 1).execute();
    assert.deepEqual(verified.map((r) => r.id), [owner.id]);
    // Re-verifying one's own address is fine.
    t.clock.advance(60 * SECOND);
    assert.equal((await sendTo(owner, email)).status, 200);
  });

  it('the database refuses two verified owners of one address', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const email = newEmail();
    await db().updateTable('users').set({ email, email_verified: 1 }).where('id', '=', a.id).execute();
    await assert.rejects(db().updateTable('users').set({ email, email_verified: 1 }).where('id', '=', b.id).execute());
    // Unverified claims may overlap.
    await db().updateTable('users').set({ email, email_verified: 0 }).where('id', '=', b.id).execute();
  });

  it('a mail server refusing the message is 502 email_send_failed and the code is deleted', async () => {
    const u = await registerUser(t.app);
    smtp.fail = true;
    try {
      const res = await sendTo(u, newEmail());
      assert.equal(res.status, 502);
      assert.equal(res.body.error, 'email_send_failed');
    } finally {
      smtp.fail = false;
    }
    assert.equal(await db().selectFrom('email_otps').select('user_id').where('user_id', '=', u.id).executeTakeFirst(), undefined);
  });

  it('bad input is 400 and the routes need a token', async () => {
    const u = await registerUser(t.app);
    assert.equal((await sendTo(u, 'not-an-email')).status, 400);
    assert.equal((await post(u, '/me/email/verify-otp', {})).status, 400);
    const anon = await call(t.app, 'POST', '/api/v1/me/email/send-otp', { body: { email: newEmail() } });
    assert.equal(anon.status, 401);
    assert.equal((await call(t.app, 'POST', '/api/v1/me/email/verify-otp', { body: { otp: '123456' } })).status, 401);
  });

  it('codes never appear in logs or responses', () => {
    const codes = smtp.mails.map((_, i) => smtp.code(i));
    assert.ok(codes.length > 20);
    for (const code of codes) {
      assert.ok(!containsCode(logs.text, code), `code ${code} leaked into the logs`);
      assert.ok(!responses.some((r) => containsCode(r, code)), `code ${code} leaked into a response`);
    }
  });
});

describe('email verification with SMTP unconfigured', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('send-otp answers 503 email_disabled and the account stays unverified', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/v1/me/email/send-otp', { body: { email: 'a@example.test' }, token: u.token });
    assert.equal(res.status, 503);
    assert.equal(res.body.error, 'email_disabled');
    assert.equal(await t.db.database.db.selectFrom('email_otps').select('user_id').executeTakeFirst(), undefined);
    const me = await call(t.app, 'GET', '/api/v1/me', { token: u.token });
    assert.equal(me.body.email_verified, false);
    assert.equal((await call(t.app, 'POST', '/api/v1/me/email/verify-otp', { body: { otp: '123456' }, token: u.token })).status, 400);
  });

  it('the closed gate comes before the body: an invalid or malformed body is 503 too, but no token is still 401', async () => {
    const u = await registerUser(t.app);
    for (const options of [{ body: { email: 'not an email' } }, { body: {} }, { raw: '{"email":' }]) {
      const res = await call(t.app, 'POST', '/api/v1/me/email/send-otp', { token: u.token, ...options });
      assert.deepEqual([res.status, res.body.error], [503, 'email_disabled'], JSON.stringify(options));
    }
    assert.equal((await call(t.app, 'POST', '/api/v1/me/email/send-otp', { body: {} })).status, 401);
  });
});
