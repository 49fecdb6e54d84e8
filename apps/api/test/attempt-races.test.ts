/**
 * Attempt caps hold under real races: four processes, each with its own connection (PostgreSQL:
 * several pool clients each), send wrong codes at the same moment against one mfa_token, one staff
 * invite, one phone OTP and one e-mail code (test/support/attempt-race-worker.ts). Each cap is one conditional
 * increment, and a code is compared only after its increment succeeded, so exactly the cap's
 * number of codes are checked and `attempts` ends at the cap. On PostgreSQL the test holds the
 * row's lock until every attempt waits on it, so all of them meet at the row: a read-then-write
 * (every read sees the row before any write) fails there every time.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { call, createAdmin, createTestApp, newIp, newPhone, onPostgres, registerUser, TEST_JWT_SECRET, type TestApp } from './helpers.ts';
import { MailSink, SmsSimulator } from './otp-fixtures.ts';
import { runWorker } from './support/run-worker.ts';

const RACERS = 4;
const CAP = 5;

interface Outcome {
  answers: Record<string, number>;
  errors: string[];
}

describe('wrong codes racing from several processes', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  let smtp: MailSink;
  before(async () => {
    sms = await new SmsSimulator().start();
    smtp = await new MailSink().start();
    t = await createTestApp({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms`, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  });
  after(async () => {
    await t.close();
    await sms.stop();
    await smtp.stop();
  });

  const db = () => t.db.database.db;
  /** The code of the last SMS sent to `phone`: the only 6-digit run of its body. */
  const lastCode = (phone: string) => {
    const m = sms.requests.map((r) => JSON.parse(r.raw)).filter((b) => b.to === phone).at(-1);
    return /\b(\d{6})\b/.exec(m.body)![1]!;
  };
  const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');

  /** Every racer's answers added up; on PostgreSQL with `hold` (a `select … for update` of the row) held until all wait. */
  async function race(kind: string, lanes: number, env: Record<string, string>, hold: [string, string]): Promise<Record<string, number>> {
    const locker = onPostgres ? new pg.Client({ connectionString: t.db.url }) : null;
    if (locker) {
      await locker.connect();
      await locker.query('begin');
      assert.equal((await locker.query(hold[0], [hold[1]])).rowCount, 1);
    }
    const start = String(Date.now() + 2_000);
    const racing = Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        runWorker<Outcome>('attempt-race-worker.ts', {
          DATABASE_URL: t.db.url,
          JWT_SECRET: TEST_JWT_SECRET,
          RACE_KIND: kind,
          RACE_LANES: String(lanes),
          RACE_RACER: String(i + 1),
          RACE_NOW: t.clock.now().toISOString(),
          RACE_START_AT: start,
          ...env,
        }),
      ),
    );
    if (locker) {
      try {
        await waitForLockWaiters(locker, lanes * RACERS);
      } finally {
        await locker.query('commit');
        await locker.end();
      }
    }
    const outcomes = await racing;
    assert.deepEqual(outcomes.flatMap((o) => o.errors), []);
    const total: Record<string, number> = {};
    for (const o of outcomes) for (const [k, n] of Object.entries(o.answers)) total[k] = (total[k] ?? 0) + n;
    return total;
  }

  async function waitForLockWaiters(locker: pg.Client, n: number) {
    for (let i = 0; i < 6000; i++) {
      // Inside the locker's transaction pg_stat_activity is read once and kept: drop that copy.
      await locker.query('select pg_stat_clear_snapshot()');
      const r = await locker.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (r.rows[0].n >= n) return;
      await new Promise((res) => setTimeout(res, 10));
    }
    throw new Error(`fewer than ${n} attempts are waiting for the row's lock`);
  }

  it('one mfa_token: twelve wrong codes at once, exactly five checked, attempts 5', async () => {
    const a = await createAdmin(t);
    const codeNow = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
    const setup = await call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, body: { current_password: a.password } });
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code: codeNow(setup.body.secret), current_password: a.password } })).status, 200);
    t.clock.advance(31_000);
    const first = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: a.phone, password: a.password }, ip: newIp() });
    assert.equal(first.body.mfa_required, true);
    // Only the codes the token counted reach the account's own cap of ten, so the token's cap decides.
    const answers = await race('mfa', 3, { RACE_TOKEN: first.body.mfa_token, RACE_WRONG_CODE: wrongFor(codeNow(setup.body.secret)) }, [
      'select token_hash from mfa_challenges where user_id = $1 for update',
      a.id,
    ]);
    assert.deepEqual(answers, { invalid_mfa_code: CAP, invalid_mfa_token: 3 * RACERS - CAP });
    const row = await db().selectFrom('mfa_challenges').select(['attempts', 'used_at']).where('user_id', '=', a.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { attempts: CAP, used_at: null });
  });

  it('one invite: 24 wrong codes at once, attempts 5, and the right code is refused after them', async () => {
    const owner = await createAdmin(t);
    const phone = newPhone();
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone, role: 'support' } })).status, 201);
    const right = lastCode(phone);
    const answers = await race('invite', 6, { RACE_PHONE: phone, RACE_WRONG_CODE: wrongFor(right) }, ['select id from staff_invites where phone = $1 for update', phone]);
    assert.deepEqual(answers, { invalid_invite: 6 * RACERS });
    const row = await db().selectFrom('staff_invites').select('attempts').where('phone', '=', phone).executeTakeFirstOrThrow();
    assert.equal(row.attempts, CAP);
    const late = await call(t.app, 'POST', '/api/v1/auth/admin/accept-invite', { body: { phone, code: right, password: 'staff-password-1' }, ip: newIp() });
    assert.equal(late.status, 400);
    assert.equal((await db().selectFrom('staff_invites').select('attempts').where('phone', '=', phone).executeTakeFirstOrThrow()).attempts, CAP);
  });

  it('one phone OTP: 24 wrong codes at once, attempts 5, the code burned', async () => {
    const phone = newPhone();
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone }, ip: newIp() })).status, 200);
    const right = lastCode(phone);
    const answers = await race('phone_otp', 6, { RACE_PHONE: phone, RACE_WRONG_CODE: wrongFor(right) }, ['select phone from phone_otps where phone = $1 for update', phone]);
    assert.deepEqual(answers, { invalid_otp: 6 * RACERS });
    const row = await db().selectFrom('phone_otps').select(['attempts', 'code_hash']).where('phone', '=', phone).executeTakeFirstOrThrow();
    assert.deepEqual(row, { attempts: CAP, code_hash: null });
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/otp/verify', { body: { phone, otp: right }, ip: newIp() })).status, 401);
  });

  it('one e-mail code: 24 wrong codes at once, attempts 5, the code burned', async () => {
    const u = await registerUser(t.app);
    const email = `race.${process.pid}.${Date.now()}@example.test`;
    assert.equal((await call(t.app, 'POST', '/api/v1/me/email/send-otp', { token: u.token, body: { email }, ip: newIp() })).status, 200);
    const right = smtp.code();
    const answers = await race('email_otp', 6, { RACE_USER: u.id, RACE_WRONG_CODE: wrongFor(right) }, ['select user_id from email_otps where user_id = $1 for update', u.id]);
    assert.deepEqual(answers, { invalid_otp: 6 * RACERS });
    const row = await db().selectFrom('email_otps').select(['attempts', 'code_hash']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { attempts: CAP, code_hash: null });
    assert.equal((await call(t.app, 'POST', '/api/v1/me/email/verify-otp', { token: u.token, body: { otp: right }, ip: newIp() })).status, 400);
  });
});
