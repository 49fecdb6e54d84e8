import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, newPhone, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { SmsSimulator } from './otp-fixtures.ts';
import { DAY, HOUR, MINUTE, SECOND } from '../src/lib/clock.ts';
import { runJobs } from '../src/jobs.ts';
import { attributeSignup, CODE_ALPHABET, ensureReferralCode } from '../src/modules/referrals/referrals.service.ts';

const STORE = 'https://store.example.test/details?id=com.example.app';
const CODE_RE = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;

describe('referrals', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  let ipSeq = 0;
  const freshIp = () => `198.51.100.${++ipSeq}`;

  before(async () => {
    sms = await new SmsSimulator().start();
    t = await createTestApp({
      TRUST_PROXY: 'true',
      MOBILE_STORE_URL: STORE,
      REFERRAL_SHARE_BASE_URL: 'https://share.example.test',
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: `${sms.url}/sms`,
    });
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  const db = () => t.db.database.db;
  const myCode = async (u: TestUser) => {
    const res = await call(t.app, 'GET', '/api/v1/referrals/my-code', { token: u.token });
    assert.equal(res.status, 200);
    return res.body as { referral_code: string; share_url: string };
  };
  const visit = (code: string, ip: string, ua = 'Mozilla/5.0 test') =>
    call(t.app, 'GET', `/r/${code}`, { headers: { 'x-forwarded-for': ip, 'user-agent': ua } });
  const check = (ip: string) => call(t.app, 'GET', '/api/v1/referrals/check', { headers: { 'x-forwarded-for': ip } });
  const clicks = (code?: string) => {
    let q = db().selectFrom('referral_clicks').selectAll();
    if (code) q = q.where('code', '=', code);
    return q.orderBy('id').execute();
  };
  const register = async (ip: string, referral_code?: unknown) => {
    const phone = newPhone();
    const res = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { phone, password: 'password123', full_name: 'New', ...(referral_code !== undefined ? { referral_code } : {}) },
      headers: { 'x-forwarded-for': ip },
    });
    assert.equal(res.status, 201, res.text);
    return db().selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
  };
  const attributionOf = (userId: string) => db().selectFrom('referral_attributions').selectAll().where('user_id', '=', userId).execute();

  it('codes are 8 characters from the alphabet without 0 O 1 I, made once, unique, with the share URL', async () => {
    assert.equal(CODE_ALPHABET.length, 32);
    for (const c of '0O1I') assert.ok(!CODE_ALPHABET.includes(c));
    const u = await registerUser(t.app);
    assert.equal((await db().selectFrom('users').select('referral_code').where('id', '=', u.id).executeTakeFirstOrThrow()).referral_code, null, 'lazy');
    const first = await myCode(u);
    assert.match(first.referral_code, CODE_RE);
    assert.equal(first.share_url, `https://share.example.test/r/${first.referral_code}`);
    assert.deepEqual(await myCode(u), first, 'the same code on every call');
    const codes = new Set<string>([first.referral_code]);
    for (let i = 0; i < 20; i++) codes.add((await myCode(await registerUser(t.app))).referral_code);
    assert.equal(codes.size, 21);
    for (const c of codes) assert.match(c, CODE_RE);
  });

  it('concurrent first calls agree on one code', async () => {
    const u = await registerUser(t.app);
    const all = await Promise.all(Array.from({ length: 8 }, () => myCode(u)));
    assert.equal(new Set(all.map((a) => a.referral_code)).size, 1);
  });

  it('a collision with another user’s code is retried with a fresh code', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await db().updateTable('users').set({ referral_code: 'AAAAAAAA' }).where('id', '=', a.id).execute();
    const queue = ['AAAAAAAA', 'AAAAAAAA', 'BBBBBBBB'];
    const code = await ensureReferralCode(t.app.ctx, b.id, () => queue.shift()!);
    assert.equal(code, 'BBBBBBBB');
    assert.equal(queue.length, 0);
    assert.equal((await db().selectFrom('users').select('referral_code').where('id', '=', b.id).executeTakeFirstOrThrow()).referral_code, 'BBBBBBBB');
  });

  it('GET /r/:code redirects a known code to the store with referrer=<CODE> and logs the click', async () => {
    const u = await registerUser(t.app);
    const { referral_code: code } = await myCode(u);
    const ip = freshIp();
    const res = await visit(code, ip, 'UA/1');
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, `${STORE}&referrer=${code}`);
    const rows = await clicks(code);
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0]!.ip, rows[0]!.user_agent, rows[0]!.created_at], [ip, 'UA/1', t.clock.now().toISOString()]);

    // Codes are matched case-insensitively; the store gets the canonical code.
    const lower = await visit(code.toLowerCase(), ip, 'x'.repeat(2000));
    assert.equal(lower.headers.location, `${STORE}&referrer=${code}`);
    const again = await clicks(code);
    assert.equal(again.length, 2);
    assert.equal(again[1]!.user_agent!.length, 512, 'the user-agent is bounded');
    const head = await t.app.inject({ method: 'HEAD', url: `/r/${code}`, headers: { 'x-forwarded-for': ip } });
    assert.equal(head.statusCode, 302);
    assert.equal(head.headers.location, `${STORE}&referrer=${code}`);
    assert.equal((await clicks(code)).length, 2, 'a HEAD is not a click');
  });

  it('unknown and malformed codes still redirect, with the code as given, and log nothing', async () => {
    const before = (await clicks()).length;
    const ip = freshIp();
    const cases: Array<[string, string]> = [
      ['ZZZZ2222', 'ZZZZ2222'],
      ['abc', 'abc'],
      ['O0I1O0I1', 'O0I1O0I1'],
      ['a%20b%26c', 'a%20b%26c'],
      ['x'.repeat(150), 'x'.repeat(150)],
    ];
    for (const [path, expected] of cases) {
      const res = await visit(path, ip);
      assert.equal(res.status, 302, path);
      assert.equal(res.headers.location, `${STORE}&referrer=${expected}`);
    }
    assert.equal((await clicks()).length, before);
  });

  it('a store URL without a query gets ?referrer=, a fragment stays last, and the IP is the socket’s without TRUST_PROXY', async () => {
    const other = await createTestApp({ MOBILE_STORE_URL: 'https://apps.example.test/app#top' });
    try {
      const res = await call(other.app, 'GET', '/r/ZZZZ2222');
      assert.equal(res.headers.location, 'https://apps.example.test/app?referrer=ZZZZ2222#top');
      // Without TRUST_PROXY a forwarded-for header is not believed: the socket address is logged.
      const u = await registerUser(other.app);
      const code = (await call(other.app, 'GET', '/api/v1/referrals/my-code', { token: u.token })).body.referral_code;
      await call(other.app, 'GET', `/r/${code}`, { headers: { 'x-forwarded-for': '9.9.9.9' } });
      const row = await other.db.database.db.selectFrom('referral_clicks').select('ip').executeTakeFirstOrThrow();
      assert.equal(row.ip, '127.0.0.1');
    } finally {
      await other.close();
    }
  });

  it('the redirect allows 20 per hour per IP, then 429 REFERRAL_RATE_LIMITED; other IPs are unaffected', async () => {
    t.clock.set('2026-02-01T10:00:00.000Z');
    const ip = freshIp();
    for (let i = 0; i < 20; i++) assert.equal((await visit('ZZZZ2222', ip)).status, 302, `hit ${i + 1}`);
    const refused = await visit('ZZZZ2222', ip);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error, 'rate_limited');
    assert.equal(refused.body.code, 'REFERRAL_RATE_LIMITED');
    assert.equal(refused.headers['retry-after'], String(HOUR / SECOND));
    assert.equal((await visit('ZZZZ2222', freshIp())).status, 302);
    t.clock.advance(HOUR);
    assert.equal((await visit('ZZZZ2222', ip)).status, 302, 'a new hour, a new budget');
  });

  it('the check allows 30 per hour per IP, then 429', async () => {
    t.clock.set('2026-02-02T10:00:00.000Z');
    const ip = freshIp();
    for (let i = 0; i < 30; i++) assert.equal((await check(ip)).status, 200, `check ${i + 1}`);
    const refused = await check(ip);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'REFERRAL_RATE_LIMITED');
  });

  it('the check answers the newest click from the caller’s IP inside the 48-hour window, else null', async () => {
    t.clock.set('2026-03-01T00:00:00.000Z');
    const a = (await myCode(await registerUser(t.app))).referral_code;
    const b = (await myCode(await registerUser(t.app))).referral_code;
    const ip = freshIp();
    assert.deepEqual((await check(ip)).body, { referral_code: null });
    await visit(a, ip);
    t.clock.advance(MINUTE);
    await visit(b, ip);
    assert.deepEqual((await check(ip)).body, { referral_code: b }, 'the newest wins');
    assert.deepEqual((await check(freshIp())).body, { referral_code: null }, 'another IP sees nothing');
    t.clock.advance(48 * HOUR);
    assert.deepEqual((await check(ip)).body, { referral_code: b }, 'at exactly 48 h it still matches');
    t.clock.advance(1);
    assert.deepEqual((await check(ip)).body, { referral_code: null }, 'past the window');
  });

  it('registration: a valid explicit code wins (manual), else the IP match (ip), else nothing; never a wallet reward', async () => {
    t.clock.set('2026-04-01T00:00:00.000Z');
    const referrer = await registerUser(t.app);
    const clicked = await registerUser(t.app);
    const code = (await myCode(referrer)).referral_code;
    const clickedCode = (await myCode(clicked)).referral_code;
    const ip = freshIp();
    await visit(clickedCode, ip);

    const explicit = await register(ip, ` ${code.toLowerCase()} `);
    assert.equal(explicit.referred_by, referrer.id);
    const rows = await attributionOf(explicit.id);
    assert.equal(rows.length, 1);
    assert.deepEqual([rows[0]!.method, rows[0]!.code, rows[0]!.referrer_id], ['manual', code, referrer.id]);

    const invalid = await register(ip, 'NOPE0000');
    assert.equal(invalid.referred_by, clicked.id, 'an invalid code falls back to the IP match');
    assert.equal((await attributionOf(invalid.id))[0]!.method, 'ip');

    const byIp = await register(ip);
    assert.equal(byIp.referred_by, clicked.id);

    t.clock.advance(48 * HOUR + 1);
    const late = await register(ip);
    assert.equal(late.referred_by, null, 'outside the window nothing matches');
    assert.equal((await attributionOf(late.id)).length, 0);

    const elsewhere = await register(freshIp(), 'garbage!!');
    assert.equal(elsewhere.referred_by, null);

    for (const u of [referrer, clicked]) {
      const w = await db().selectFrom('wallets').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
      assert.deepEqual([w.shopping_credits, w.reward_points, w.e_vouchers], [0, 0, 0]);
      assert.equal((await db().selectFrom('wallet_transactions').select('id').where('user_id', '=', u.id).execute()).length, 0);
    }
  });

  it('an over-long or malformed referral_code never fails sign-up: it is ignored like an unknown one', async () => {
    t.clock.set('2026-04-10T00:00:00.000Z');
    const clicked = await registerUser(t.app);
    const ip = freshIp();
    await visit((await myCode(clicked)).referral_code, ip);
    const long = await register(ip, 'X'.repeat(500));
    assert.equal(long.referred_by, clicked.id, 'the IP match still applies');
    const kept = await db().selectFrom('signup_referral_inputs').select('referral_code').where('user_id', '=', long.id).executeTakeFirstOrThrow();
    assert.equal(kept.referral_code, null, 'an over-long code is not stored');

    const phone = newPhone();
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone }, headers: { 'x-forwarded-for': ip } })).status, 200);
    const res = await call(t.app, 'POST', '/api/v1/auth/otp/verify', {
      body: { phone, otp: sms.code(), referral_code: 'Y'.repeat(300), referral_source: 'z'.repeat(300) },
      headers: { 'x-forwarded-for': ip },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.user.referred_by, clicked.id, 'the sign-up answer shows the attribution it made');
  });

  it('a referral_code or referral_source that is not a string (a number, an object, a list) never fails sign-up: it is ignored', async () => {
    t.clock.set('2026-04-12T00:00:00.000Z');
    const clicked = await registerUser(t.app);
    const ip = freshIp();
    await visit((await myCode(clicked)).referral_code, ip);
    for (const odd of [12345, { code: 'ABCD2345' }, ['ABCD2345'], true]) {
      const u = await register(ip, odd);
      assert.equal(u.referred_by, clicked.id, `${JSON.stringify(odd)}: the IP match still applies`);
      const kept = await db().selectFrom('signup_referral_inputs').select(['referral_code', 'referral_source']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
      assert.deepEqual(kept, { referral_code: null, referral_source: null });

      const phone = newPhone();
      assert.equal((await call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone }, headers: { 'x-forwarded-for': ip } })).status, 200);
      const res = await call(t.app, 'POST', '/api/v1/auth/otp/verify', {
        body: { phone, otp: sms.code(), referral_code: odd, referral_source: odd },
        headers: { 'x-forwarded-for': ip },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.user.referred_by, clicked.id);
    }
  });

  it('GET /me shows referred_by, the referring user, once attributed', async () => {
    const referrer = await registerUser(t.app);
    const code = (await myCode(referrer)).referral_code;
    const phone = newPhone();
    const reg = await call(t.app, 'POST', '/api/v1/auth/register', {
      body: { phone, password: 'password123', full_name: 'Referred', referral_code: code },
      headers: { 'x-forwarded-for': freshIp() },
    });
    assert.equal(reg.status, 201);
    const me = await call(t.app, 'GET', '/api/v1/me', { token: reg.body.custom_token });
    assert.equal(me.body.referred_by, referrer.id);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: referrer.token })).body.referred_by, null);
  });

  it('OTP signup: referral_source install_referrer names the method; an IP match applies too; a later login changes nothing', async () => {
    t.clock.set('2026-05-01T00:00:00.000Z');
    const referrer = await registerUser(t.app);
    const code = (await myCode(referrer)).referral_code;
    const otp = async (phone: string, ip: string, extra: Record<string, unknown>) => {
      assert.equal((await call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone }, headers: { 'x-forwarded-for': ip } })).status, 200);
      const res = await call(t.app, 'POST', '/api/v1/auth/otp/verify', { body: { phone, otp: sms.code(), ...extra }, headers: { 'x-forwarded-for': ip } });
      assert.equal(res.status, 200, res.text);
      return res.body.user.id as string;
    };
    const p1 = newPhone();
    const id1 = await otp(p1, freshIp(), { referral_code: code, referral_source: 'install_referrer' });
    assert.deepEqual((await attributionOf(id1)).map((r) => [r.method, r.code]), [['install_referrer', code]]);
    const id2 = await otp(newPhone(), freshIp(), { referral_code: code, referral_source: 'manual' });
    assert.equal((await attributionOf(id2))[0]!.method, 'manual');

    const ip = freshIp();
    await visit(code, ip);
    const id3 = await otp(newPhone(), ip, {});
    assert.equal((await attributionOf(id3))[0]!.method, 'ip');

    // Logging in again later with another code is not a signup: first touch stays.
    t.clock.advance(MINUTE);
    const other = (await myCode(await registerUser(t.app))).referral_code;
    await otp(p1, freshIp(), { referral_code: other });
    const u1 = await db().selectFrom('users').select('referred_by').where('id', '=', id1).executeTakeFirstOrThrow();
    assert.equal(u1.referred_by, referrer.id);
    assert.equal((await attributionOf(id1)).length, 1);
  });

  it('first touch wins and a user is never their own referrer', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const target = await registerUser(t.app);
    const c1 = (await myCode(first)).referral_code;
    const c2 = (await myCode(second)).referral_code;
    const own = (await myCode(target)).referral_code;
    const ctx = t.app.ctx;

    const self = await db().transaction().execute((trx) => attributeSignup(ctx, trx, { userId: target.id, referralCode: own }));
    assert.equal(self, null);
    const a = await db().transaction().execute((trx) => attributeSignup(ctx, trx, { userId: target.id, referralCode: c1 }));
    assert.equal(a?.referrerId, first.id);
    const b = await db().transaction().execute((trx) => attributeSignup(ctx, trx, { userId: target.id, referralCode: c2 }));
    assert.equal(b, null);
    const row = await db().selectFrom('users').select('referred_by').where('id', '=', target.id).executeTakeFirstOrThrow();
    assert.equal(row.referred_by, first.id);
    assert.deepEqual((await attributionOf(target.id)).map((r) => r.code), [c1]);

    // The self-visit of one's own link from the signup IP is not a match either.
    const ip = freshIp();
    await visit(own, ip);
    const viaIp = await db().transaction().execute((trx) => attributeSignup(ctx, trx, { userId: second.id, ip, referralCode: null }));
    assert.equal(viaIp?.referrerId, target.id, 'a different user can match the click');
    const selfIp = await db().transaction().execute((trx) => attributeSignup(ctx, trx, { userId: target.id, ip }));
    assert.equal(selfIp, null);
  });

  it('the admin user view shows referred_by and referral_attribution', async () => {
    t.clock.set('2026-06-01T00:00:00.000Z');
    const admin = await createAdmin(t);
    const referrer = await registerUser(t.app);
    const code = (await myCode(referrer)).referral_code;
    const u = await register(freshIp(), code);
    const res = await call(t.app, 'GET', `/api/v1/admin/users/${u.id}`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.referred_by, referrer.id);
    assert.deepEqual(res.body.referral_attribution, { method: 'manual', code, created_at: t.clock.now().toISOString() });
    const plain = await call(t.app, 'GET', `/api/v1/admin/users/${referrer.id}`, { token: admin.token });
    assert.equal(plain.body.referral_attribution, null);
  });

  it('the retention job forgets click IPs older than 30 days, once, and the check then cannot match them', async () => {
    t.clock.set('2026-07-01T00:00:00.000Z');
    const code = (await myCode(await registerUser(t.app))).referral_code;
    const oldIp = freshIp();
    await visit(code, oldIp);
    t.clock.advance(30 * DAY - MINUTE);
    const newIp = freshIp();
    await visit(code, newIp);
    t.clock.advance(MINUTE + 1);
    const first = await runJobs(t.app.ctx);
    assert.ok(first['purge-referral-click-ips']! >= 1);
    const rows = await clicks(code);
    assert.deepEqual(rows.map((r) => r.ip), [null, newIp], 'only the old one is purged; the row itself stays');
    assert.equal((await runJobs(t.app.ctx))['purge-referral-click-ips'], 0, 'a second run changes nothing');
    // Two runs at once (two instances) are also safe.
    const both = await Promise.all([runJobs(t.app.ctx), runJobs(t.app.ctx)]);
    assert.deepEqual(both.map((r) => r['purge-referral-click-ips']), [0, 0]);
  });
});
