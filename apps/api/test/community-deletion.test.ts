import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, newPhone, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { SmsSimulator, wrongCode } from './otp-fixtures.ts';
import { insertOrder, setOrderStatus } from './community-fixtures.ts';
import { DAY, SECOND } from '../src/lib/clock.ts';
import { settleBackground } from '../src/lib/background.ts';
import { spawnSync } from 'node:child_process';
import { runJobs } from '../src/jobs.ts';
import { TEST_JWT_SECRET } from './helpers.ts';

describe('account deletion', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  let ipSeq = 0;
  const freshIp = () => `203.0.113.${++ipSeq}`;

  before(async () => {
    sms = await new SmsSimulator().start();
    t = await createTestApp({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms`, TRUST_PROXY: 'true' });
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  const db = () => t.db.database.db;
  // The web send-otp answers before its SMS goes out: wait for that work, so the code can be read.
  const post = async (url: string, body?: unknown, token?: string) => {
    const res = await call(t.app, 'POST', `/api/v1${url}`, { body: body ?? {}, ...(token ? { token } : {}), headers: { 'x-forwarded-for': freshIp() } });
    await settleBackground(t.app.ctx);
    return res;
  };
  const get = (url: string, token: string) => call(t.app, 'GET', `/api/v1${url}`, { token });
  const userRow = (id: string) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const runDeletions = async () => (await runJobs(t.app.ctx))['complete-account-deletions'];
  /** Access tokens last 15 minutes; after moving the clock, sign in again. */
  async function relogin(u: TestUser): Promise<TestUser> {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password }, headers: { 'x-forwarded-for': freshIp() } });
    assert.equal(res.status, 200, res.text);
    return { ...u, token: res.body.custom_token, refresh: res.body.refresh_token };
  }
  /** Cooldowns are per (purpose, phone); moving 31 s keeps sends apart. */
  const tick = () => t.clock.advance(31 * SECOND);

  async function appToken(u: TestUser): Promise<string> {
    tick();
    const sent = await post('/account/deletion/send-otp', {}, u.token);
    assert.equal(sent.status, 200, sent.text);
    const verified = await post('/account/deletion/verify-otp', { otp: sms.code() }, u.token);
    assert.equal(verified.status, 200, verified.text);
    assert.equal(typeof verified.body.deletion_token, 'string');
    return verified.body.deletion_token;
  }

  it('eligibility: open orders and any non-zero balance of the three block; delivered or cancelled orders do not', async () => {
    const u = await registerUser(t.app);
    assert.deepEqual((await get('/account/deletion/eligibility', u.token)).body, { eligible: true, blockers: [] });
    const order = await insertOrder(db(), t.clock, u.id, 'placed');
    assert.deepEqual((await get('/account/deletion/eligibility', u.token)).body, { eligible: false, blockers: ['open_orders'] });
    for (const s of ['processing', 'shipped'] as const) {
      await setOrderStatus(db(), order, s);
      assert.deepEqual((await get('/account/deletion/eligibility', u.token)).body.blockers, ['open_orders'], s);
    }
    for (const s of ['delivered', 'cancelled', 'refunded'] as const) {
      await setOrderStatus(db(), order, s);
      assert.deepEqual((await get('/account/deletion/eligibility', u.token)).body.blockers, [], s);
    }
    for (const col of ['shopping_credits', 'reward_points', 'e_vouchers'] as const) {
      await db().updateTable('wallets').set({ [col]: 1 }).where('user_id', '=', u.id).execute();
      assert.deepEqual((await get('/account/deletion/eligibility', u.token)).body, { eligible: false, blockers: ['wallet_balance'] }, col);
      await db().updateTable('wallets').set({ [col]: 0 }).where('user_id', '=', u.id).execute();
    }
    await insertOrder(db(), t.clock, u.id, 'shipped');
    await db().updateTable('wallets').set({ reward_points: 5 }).where('user_id', '=', u.id).execute();
    assert.deepEqual((await get('/account/deletion/eligibility', u.token)).body.blockers, ['open_orders', 'wallet_balance']);
  });

  it('in-app flow end to end: OTP, request, grace, anonymisation, sessions ended, records kept, phone registers anew', async () => {
    t.clock.set('2026-03-01T00:00:00.000Z');
    const u = await registerUser(t.app, { full_name: 'Asha' });
    await db().updateTable('users').set({ email: 'asha@example.test', email_verified: 1, email_verified_at: t.clock.now().toISOString() }).where('id', '=', u.id).execute();
    await call(t.app, 'GET', '/api/v1/referrals/my-code', { token: u.token });
    const delivered = await insertOrder(db(), t.clock, u.id, 'delivered');
    const ticket = await post('/tickets', { subject: 'bye', message: 'closing my account' }, u.token);
    assert.equal(ticket.status, 201);
    assert.deepEqual((await get('/account/deletion/status', u.token)).body, { status: 'none' });

    const token = await appToken(u);
    const smsJson = JSON.parse(sms.requests.at(-1)!.raw);
    assert.deepEqual([smsJson.to, smsJson.purpose], [u.phone, 'account_deletion']);
    const requested = await post('/account/deletion/request', { deletion_token: token, reason: 'no longer needed' }, u.token);
    assert.equal(requested.status, 201, requested.text);
    const scheduled = new Date(t.clock.now().getTime() + 14 * DAY).toISOString();
    assert.deepEqual(requested.body, { status: 'pending', requested_at: t.clock.now().toISOString(), scheduled_for: scheduled });
    assert.deepEqual((await get('/account/deletion/status', u.token)).body, requested.body);
    const reused = await post('/account/deletion/request', { deletion_token: token }, u.token);
    assert.equal(reused.status, 400, 'a token is single use');
    assert.equal(reused.body.error, 'invalid_deletion_token');
    const again = await post('/account/deletion/request', { deletion_token: await appToken(u) }, u.token);
    assert.equal(again.status, 200, 'a second request answers the pending one');
    assert.equal(again.body.scheduled_for, scheduled);
    assert.equal((await db().selectFrom('deletion_requests').select('id').where('user_id', '=', u.id).execute()).length, 1);

    t.clock.set(new Date(Date.parse(scheduled) - SECOND));
    assert.equal(await runDeletions(), 0, 'not before the grace period ends');
    const during = await relogin(u);
    assert.equal((await get('/me', during.token)).status, 200, 'the user can still sign in during the grace period');
    t.clock.set(scheduled);
    assert.equal(await runDeletions(), 1);
    assert.equal(await runDeletions(), 0, 'done once');

    const row = await userRow(u.id);
    assert.deepEqual(
      [row.phone, row.full_name, row.email, row.email_verified, row.email_verified_at, row.referral_code, row.password_hash, row.idp_uid],
      [null, '', null, 0, null, null, null, null],
    );
    assert.equal(row.deleted_at, scheduled);
    assert.equal((await get('/me', during.token)).status, 401, 'sessions ended');
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: during.refresh } })).status, 401);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } })).status, 401);
    const live = await db().selectFrom('sessions').select('id').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    assert.equal(live.length, 0);
    assert.equal((await db().selectFrom('wallets').select('user_id').where('user_id', '=', u.id).execute()).length, 1, 'wallet kept');
    const kept = await db().selectFrom('tickets').select('user_id').where('id', '=', ticket.body.id).executeTakeFirstOrThrow();
    assert.equal(kept.user_id, u.id, 'tickets keep the user id');
    const order = await db().selectFrom('orders').select('user_id').where('id', '=', delivered).executeTakeFirstOrThrow();
    assert.equal(order.user_id, u.id, 'orders keep the user id');
    const req = await db().selectFrom('deletion_requests').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    assert.deepEqual([req.status, req.completed_at, req.reason], ['completed', scheduled, 'no longer needed']);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } })).status, 401);

    const fresh = await registerUser(t.app, { phone: u.phone });
    assert.notEqual(fresh.id, u.id, 'the phone registers again as a new user');
    assert.deepEqual((await get('/account/deletion/status', fresh.token)).body, { status: 'none' });
  });

  it('a blocked request is 409 deletion_blocked with blockers, and the unspent token works once the blocker clears', async () => {
    const u = await registerUser(t.app);
    await db().updateTable('wallets').set({ shopping_credits: 250 }).where('user_id', '=', u.id).execute();
    const order = await insertOrder(db(), t.clock, u.id, 'placed');
    const token = await appToken(u);
    const res = await post('/account/deletion/request', { deletion_token: token }, u.token);
    assert.equal(res.status, 409);
    assert.equal(res.body.error, 'deletion_blocked');
    assert.deepEqual(res.body.blockers, ['open_orders', 'wallet_balance']);
    assert.equal((await db().selectFrom('deletion_requests').select('id').where('user_id', '=', u.id).execute()).length, 0);
    await db().updateTable('wallets').set({ shopping_credits: 0 }).where('user_id', '=', u.id).execute();
    await setOrderStatus(db(), order, 'delivered');
    assert.equal((await post('/account/deletion/request', { deletion_token: token }, u.token)).status, 201);
  });

  it('cancel: pending → cancelled, the job then leaves the user alone, a second cancel is 409', async () => {
    t.clock.set('2026-04-01T00:00:00.000Z');
    let u = await registerUser(t.app);
    const filed = await post('/account/deletion/request', { deletion_token: await appToken(u) }, u.token);
    assert.equal(filed.status, 201);
    const cancelled = await post('/account/deletion/cancel', {}, u.token);
    assert.equal(cancelled.status, 200);
    assert.deepEqual(cancelled.body, { status: 'cancelled', requested_at: filed.body.requested_at, scheduled_for: filed.body.scheduled_for });
    assert.equal((await get('/account/deletion/status', u.token)).body.status, 'cancelled');
    const again = await post('/account/deletion/cancel', {}, u.token);
    assert.equal(again.status, 409);
    t.clock.advance(30 * DAY);
    await runDeletions();
    assert.equal((await userRow(u.id)).deleted_at, null);
    u = await relogin(u);
    assert.equal((await get('/me', u.token)).status, 200);
    // A new request after a cancel is allowed.
    assert.equal((await post('/account/deletion/request', { deletion_token: await appToken(u) }, u.token)).status, 201);
    assert.equal((await get('/account/deletion/status', u.token)).body.status, 'pending');
  });

  it('blockers that appear during the grace period keep the request pending until they clear', async () => {
    t.clock.set('2026-05-01T00:00:00.000Z');
    const u = await registerUser(t.app);
    assert.equal((await post('/account/deletion/request', { deletion_token: await appToken(u) }, u.token)).status, 201);
    const order = await insertOrder(db(), t.clock, u.id, 'processing');
    t.clock.advance(15 * DAY);
    await runDeletions();
    assert.equal((await userRow(u.id)).deleted_at, null);
    assert.equal((await get('/account/deletion/status', (await relogin(u)).token)).body.status, 'pending');
    await setOrderStatus(db(), order, 'delivered');
    assert.equal(await runDeletions(), 1);
    assert.ok((await userRow(u.id)).deleted_at);
    assert.equal(await runDeletions(), 0);
  });

  it('the last active owner cannot delete their account this way (409 last_owner), and a filed request waits while they are the last', async () => {
    t.clock.set('2026-05-15T00:00:00.000Z');
    await db().updateTable('users').set({ staff_role: 'read_only' }).where('staff_role', '=', 'owner').execute();
    // A staff account files its deletion from a back-office session (docs/deletion.md, "Staff accounts").
    const owner = await createAdmin(t);
    const refused = await post('/account/deletion/request', { deletion_token: await appToken(owner) }, owner.token);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error, 'last_owner');
    assert.deepEqual((await get('/account/deletion/status', owner.token)).body, { status: 'none' });

    // With a second owner the request is filed; that owner steps down in the grace period.
    const second = await registerUser(t.app);
    await db().updateTable('users').set({ is_admin: 1, staff_role: 'owner' }).where('id', '=', second.id).execute();
    assert.equal((await post('/account/deletion/request', { deletion_token: await appToken(owner) }, owner.token)).status, 201);
    await db().updateTable('users').set({ staff_role: 'read_only' }).where('id', '=', second.id).execute();
    t.clock.advance(15 * DAY);
    assert.equal(await runDeletions(), 0);
    assert.equal((await userRow(owner.id)).deleted_at, null);
    assert.equal((await userRow(owner.id)).is_admin, 1);
    assert.equal((await get('/account/deletion/status', (await relogin(owner)).token)).body.status, 'pending');
    await db().updateTable('users').set({ staff_role: 'owner' }).where('id', '=', second.id).execute();
    assert.equal(await runDeletions(), 1);
    assert.ok((await userRow(owner.id)).deleted_at);
  });

  it('concurrent job runs (several instances) complete each request exactly once', async () => {
    t.clock.set('2026-06-01T00:00:00.000Z');
    await runDeletions(); // whatever earlier tests left due
    const users = [await registerUser(t.app), await registerUser(t.app), await registerUser(t.app)];
    for (const u of users) assert.equal((await post('/account/deletion/request', { deletion_token: await appToken(u) }, u.token)).status, 201);
    t.clock.advance(14 * DAY);
    const runs = await Promise.all([runJobs(t.app.ctx), runJobs(t.app.ctx), runJobs(t.app.ctx)]);
    assert.equal(runs.reduce((n, r) => n + r['complete-account-deletions']!, 0), 3);
    for (const u of users) assert.ok((await userRow(u.id)).deleted_at);
  });

  it('web flow: send answers the same for unknown phones (no SMS), verify gives a token, request files it', async () => {
    t.clock.set('2026-07-01T00:00:00.000Z');
    const u = await registerUser(t.app);
    const unknown = newPhone();
    const before = sms.requests.length;
    const a = await post('/account/deletion/web/send-otp', { phone: unknown });
    const b = await post('/account/deletion/web/send-otp', { phone: u.phone });
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.deepEqual(a.body, b.body);
    assert.equal(sms.requests.length, before + 1, 'only the registered phone gets an SMS');
    assert.equal(JSON.parse(sms.requests.at(-1)!.raw).to, u.phone);
    const code = sms.code();

    assert.equal((await post('/account/deletion/web/verify', { phone: unknown, otp: '123456' })).status, 401);
    const wrong = await post('/account/deletion/web/verify', { phone: u.phone, otp: wrongCode(code) });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'invalid_otp');
    const ok = await post('/account/deletion/web/verify', { phone: u.phone, otp: code });
    assert.equal(ok.status, 200);
    assert.equal((await post('/account/deletion/web/verify', { phone: u.phone, otp: code })).status, 401, 'the code is single use');

    assert.equal((await post('/account/deletion/web/request', { deletion_token: 'forged' })).status, 400);
    // An in-app token is not a web token (and the other way round).
    const appTok = await appToken(await registerUser(t.app));
    assert.equal((await post('/account/deletion/web/request', { deletion_token: appTok })).status, 400);
    assert.equal((await post('/account/deletion/request', { deletion_token: ok.body.deletion_token }, u.token)).status, 400);

    const filed = await post('/account/deletion/web/request', { deletion_token: ok.body.deletion_token, reason: 'via web' });
    assert.equal(filed.status, 201);
    assert.equal(filed.body.status, 'pending');
    assert.equal((await get('/account/deletion/status', u.token)).body.status, 'pending');
    const row = await db().selectFrom('deletion_requests').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    assert.equal(row.channel, 'web');
  });

  it('a deletion token expires after 15 minutes; a login code does not prove deletion', async () => {
    const u = await registerUser(t.app);
    const token = await appToken(u);
    t.clock.advance(15 * 60 * SECOND);
    const again = await relogin(u);
    const expired = await post('/account/deletion/request', { deletion_token: token }, again.token);
    assert.equal(expired.status, 400);
    assert.equal(expired.body.error, 'invalid_deletion_token');

    tick();
    assert.equal((await post('/auth/otp/send', { phone: u.phone })).status, 200);
    const loginCode = sms.code();
    const refused = await post('/account/deletion/verify-otp', { otp: loginCode }, again.token);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error, 'invalid_otp');
    assert.equal((await post('/account/deletion/web/verify', { phone: u.phone, otp: loginCode })).status, 401);
  });

  it('deletion OTP sends share the login OTP limits: 30 s cooldown → 429 OTP_RATE_LIMITED', async () => {
    const u = await registerUser(t.app);
    tick();
    assert.equal((await post('/account/deletion/send-otp', {}, u.token)).status, 200);
    const again = await post('/account/deletion/send-otp', {}, u.token);
    assert.equal(again.status, 429);
    assert.equal(again.body.code, 'OTP_RATE_LIMITED');
    assert.equal((await post('/account/deletion/web/send-otp', { phone: u.phone })).status, 429);
  });

  it('in-app send for an account without a phone is 409 and sends nothing', async () => {
    const u = await registerUser(t.app);
    await db().updateTable('users').set({ phone: null }).where('id', '=', u.id).execute();
    const before = sms.requests.length;
    const res = await post('/account/deletion/send-otp', {}, u.token);
    assert.equal(res.status, 409);
    assert.equal(sms.requests.length, before);
  });

  it('two requests racing with two tokens file one pending request', async () => {
    const u = await registerUser(t.app);
    const a = await appToken(u);
    const b = await appToken(u);
    const results = await Promise.all([
      post('/account/deletion/request', { deletion_token: a }, u.token),
      post('/account/deletion/request', { deletion_token: b }, u.token),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 201]);
    assert.equal(results[0]!.body.scheduled_for, results[1]!.body.scheduled_for);
    const rows = await db().selectFrom('deletion_requests').select('status').where('user_id', '=', u.id).execute();
    assert.deepEqual(rows, [{ status: 'pending' }]);
  });

  it('npm run jobs runs the deletion and click-IP jobs from the command line', () => {
    const r = spawnSync(process.execPath, [new URL('../src/jobs-cli.ts', import.meta.url).pathname], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: t.db.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout.trim());
    assert.ok(out['complete-account-deletions'] >= 0);
    assert.ok(out['purge-referral-click-ips'] >= 0);
  });
});
