import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, newPhone, registerUser, type TestApp } from './helpers.ts';
import { SECOND } from '../src/lib/clock.ts';

const REVIEWER_PHONE = '+919777700001';
const REVIEWER_OTP = '246810';

describe('with SMS unconfigured: reviewer login and the closed gate', () => {
  let t: TestApp;
  before(async () => {
    // National form on purpose: the setting is normalised like any phone.
    t = await createTestApp({ REVIEWER_LOGIN_PHONE: '97777 00001', REVIEWER_LOGIN_OTP: REVIEWER_OTP });
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const post = (url: string, body: unknown) => call(t.app, 'POST', `/api/v1${url}`, { body });

  it('an ordinary phone gets 503 otp_send_failed and no code is kept', async () => {
    const phone = newPhone();
    const res = await post('/auth/otp/send', { phone });
    assert.equal(res.status, 503);
    assert.equal(res.body.error, 'otp_send_failed');
    assert.equal(await db().selectFrom('phone_otps').select('phone').where('phone', '=', phone).executeTakeFirst(), undefined);
    // Reset answers the same whether or not the phone has an account.
    const u = await registerUser(t.app);
    const known = await post('/auth/otp/send', { phone: u.phone, purpose: 'reset_password' });
    const unknown = await post('/auth/otp/send', { phone: newPhone(), purpose: 'reset_password' });
    assert.equal(known.status, 503);
    assert.deepEqual(unknown.body, known.body);
    assert.equal(unknown.status, 503);
  });

  it('password auth keeps working', async () => {
    const u = await registerUser(t.app);
    assert.equal((await post('/auth/login', { phone: u.phone, password: u.password })).status, 200);
  });

  it('the reviewer phone signs in with the fixed code and no SMS, creating the account once', async () => {
    const send = await post('/auth/otp/send', { phone: REVIEWER_PHONE });
    assert.equal(send.status, 200);
    assert.deepEqual(send.body, { sent: true, expires_in: 300, resend_in: 30 });
    const row = await db().selectFrom('phone_otps').selectAll().where('phone', '=', REVIEWER_PHONE).executeTakeFirstOrThrow();
    assert.equal(row.channel, 'reviewer');
    assert.notEqual(row.code_hash, REVIEWER_OTP);
    const wrong = await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: '000000' });
    assert.equal(wrong.status, 401);
    const ok = await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: REVIEWER_OTP });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.is_new_user, true);
    assert.equal(ok.body.user.is_admin, false);
    assert.equal((await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: REVIEWER_OTP })).status, 401, 'a send is needed per login');
  });

  it('the reviewer phone still obeys the cooldown, the hourly cap and the attempt cap', async () => {
    t.clock.set('2026-02-01T10:00:00.000Z');
    assert.equal((await post('/auth/otp/send', { phone: REVIEWER_PHONE })).status, 200);
    t.clock.advance(29 * SECOND);
    const early = await post('/auth/otp/send', { phone: REVIEWER_PHONE });
    assert.equal(early.status, 429);
    assert.equal(early.body.code, 'OTP_RATE_LIMITED');
    for (let i = 2; i <= 5; i++) {
      t.clock.advance(30 * SECOND);
      assert.equal((await post('/auth/otp/send', { phone: REVIEWER_PHONE })).status, 200, `send ${i}`);
    }
    t.clock.advance(30 * SECOND);
    assert.equal((await post('/auth/otp/send', { phone: REVIEWER_PHONE })).status, 429, '6th send in the hour');
    for (let i = 0; i < 5; i++) assert.equal((await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: '111111' })).status, 401);
    assert.equal((await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: REVIEWER_OTP })).status, 401, 'burned after 5 wrong');
  });

  it('a reviewer phone that belongs to an admin is refused: no fixed code, and the closed SMS gate answers', async () => {
    t.clock.set('2026-02-02T10:00:00.000Z');
    const user = await db().selectFrom('users').select('id').where('phone', '=', REVIEWER_PHONE).executeTakeFirstOrThrow();
    await db().updateTable('users').set({ is_admin: 1 }).where('id', '=', user.id).execute();
    const send = await post('/auth/otp/send', { phone: REVIEWER_PHONE });
    assert.equal(send.status, 503);
    assert.equal(send.body.error, 'otp_send_failed');
    const verify = await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: REVIEWER_OTP });
    assert.equal(verify.status, 401);
    assert.equal(verify.body.error, 'invalid_otp');
  });

  it('an account promoted to admin between send and verify is refused too', async () => {
    t.clock.set('2026-02-03T10:00:00.000Z');
    const user = await db().selectFrom('users').select('id').where('phone', '=', REVIEWER_PHONE).executeTakeFirstOrThrow();
    await db().updateTable('users').set({ is_admin: 0 }).where('id', '=', user.id).execute();
    assert.equal((await post('/auth/otp/send', { phone: REVIEWER_PHONE })).status, 200);
    await db().updateTable('users').set({ is_admin: 1 }).where('id', '=', user.id).execute();
    const verify = await post('/auth/otp/verify', { phone: REVIEWER_PHONE, otp: REVIEWER_OTP });
    assert.equal(verify.status, 401);
    const sessions = await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    assert.equal(sessions.length, 1, 'only the first reviewer login ever opened a session');
  });

  it('the fixed code is for login only: a reset of the reviewer phone is an ordinary SMS send', async () => {
    const res = await post('/auth/otp/send', { phone: REVIEWER_PHONE, purpose: 'reset_password' });
    assert.equal(res.status, 503);
  });
});
