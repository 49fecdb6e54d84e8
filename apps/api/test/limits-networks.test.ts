/**
 * Per-IP limits count a client by its network: an IPv6 client by its /64 (RATE_LIMIT_IPV6_PREFIX),
 * since one client holds a whole /64 and may use a new address for every request; an IPv4 client
 * by its address, written either way. And the second step of the admin sign-in is capped per
 * account from all addresses together. Everything through the HTTP interface, the client address
 * coming from a trusted loopback proxy's X-Forwarded-For, and once over a real IPv6 socket.
 * `clientNetwork` itself: test/client-network.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { call, createAdmin, createTestApp, newIp, newPhone, type TestApp, type TestUser } from './helpers.ts';

const SEED_PHONE = '+919000000001';
const SEED_PASSWORD = 'seed-admin-password';

/** Addresses of one /64: `in64(1)(n)` is the n-th address of 2001:db8:5:1::/64, far apart in its host bits. */
const in64 = (net: number) => (n: number) => `2001:db8:5:${net.toString(16)}:${((n * 7919) & 0xffff).toString(16)}:${n.toString(16)}:a:${(n * 31).toString(16)}`;

describe('per-IP limits count an IPv6 client by its /64, behind a trusted loopback proxy', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback', SEED_ADMIN_PHONE: SEED_PHONE, SEED_ADMIN_PASSWORD: SEED_PASSWORD });
    const { ensureSeedAdmin } = await import('../src/modules/auth/auth.service.ts');
    await ensureSeedAdmin(t.app.ctx);
  });
  after(() => t.close());

  // The proxy is on 127.0.0.1 (inject's default address) and says who the client is.
  const via = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const adminLogin = (password: string, ip: string, phone = SEED_PHONE) => call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone, password }, ...via(ip) });
  const register = (ip: string) => call(t.app, 'POST', '/api/v1/auth/register', { body: { phone: newPhone(), password: 'correct horse battery', full_name: 'N' }, ...via(ip) });

  it('admin login per phone and address: wrong passwords from ten addresses of one /64 lock that /64 out, not another /64 nor an IPv4 client', async () => {
    const at = in64(1);
    for (let i = 1; i <= 10; i++) assert.equal((await adminLogin('wrong-password', at(i))).status, 401, `attempt ${i}`);
    const limited = await adminLogin(SEED_PASSWORD, at(11));
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error, 'rate_limited');
    assert.equal(limited.body.code, 'LOGIN_RATE_LIMITED');
    assert.equal(limited.headers['retry-after'], String(limited.body.retry_after));
    for (let i = 12; i <= 30; i++) assert.equal((await adminLogin('wrong-password', at(i))).status, 429, `attempt ${i}`);
    assert.equal((await adminLogin(SEED_PASSWORD, in64(2)(1))).status, 200, 'another /64 is another client');
    assert.equal((await adminLogin(SEED_PASSWORD, newIp())).status, 200, 'an IPv4 client is its own');
    const counted = await t.db.database.db.selectFrom('rate_limits').select('count').where('key', '=', `admin_login:${SEED_PHONE}|2001:db8:5:1::/64`).executeTakeFirst();
    assert.equal(counted?.count, 30, 'one counter for the whole /64');
  });

  it('the second step and invite acceptance count toward the 50 logins per /64, each as the other sees them', async () => {
    const mfa = (ip: string) => call(t.app, 'POST', '/api/v1/auth/admin/login/mfa', { body: { mfa_token: 'no-such-token', code: '123456' }, ...via(ip) });
    const accept = (ip: string) => call(t.app, 'POST', '/api/v1/auth/admin/accept-invite', { body: { phone: newPhone(), code: '123456', password: 'staff-password-1' }, ...via(ip) });
    const at = in64(9);
    // An unknown token names no phone: after ten, its per phone+address limit answers instead.
    const answer = (r: { status: number; body: { error: string; code?: string } }) => (r.status === 429 ? r.body.code : r.body.error);
    for (let i = 1; i <= 50; i++) assert.equal(answer(await mfa(at(i))), i <= 10 ? 'invalid_mfa_token' : 'LOGIN_RATE_LIMITED', `attempt ${i}`);
    const over = await accept(at(51));
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'IP_RATE_LIMITED');
    const other = in64(10);
    for (let i = 1; i <= 50; i++) assert.equal((await accept(other(i))).body.error, 'invalid_invite', `attempt ${i}`);
    assert.equal((await mfa(other(51))).body.code, 'IP_RATE_LIMITED');
  });

  it('registration per IP per hour: twenty from one /64, the 21st from a new address of it is 429', async () => {
    const at = in64(3);
    for (let i = 1; i <= 20; i++) assert.equal((await register(at(i))).status, 201, `registration ${i}`);
    for (let i = 21; i <= 25; i++) {
      const over = await register(at(i));
      assert.equal(over.status, 429, `registration ${i}`);
      assert.equal(over.body.code, 'IP_RATE_LIMITED');
    }
    assert.equal((await register(in64(4)(1))).status, 201, 'another /64');
    t.clock.advance(60 * 60_000);
    assert.equal((await register(at(26))).status, 201, 'the next hour');
  });

  it('IPv4 addresses stay apart, and an IPv4-mapped IPv6 address is the IPv4 address', async () => {
    for (let i = 1; i <= 20; i++) assert.equal((await register(i % 2 ? '192.0.2.77' : '::ffff:192.0.2.77')).status, 201, `registration ${i}`);
    assert.equal((await register('::ffff:c000:24d')).status, 429, '::ffff:192.0.2.77 in hex is the same client');
    assert.equal((await register('192.0.2.77')).status, 429);
    assert.equal((await register('192.0.2.78')).status, 201, 'the next IPv4 address is another client');
  });
});

describe('RATE_LIMIT_IPV6_PREFIX=48', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_IPV6_PREFIX: '48' });
  });
  after(() => t.close());

  it('counts every /64 of one /48 as one client', async () => {
    const register = (ip: string) => call(t.app, 'POST', '/api/v1/auth/register', { body: { phone: newPhone(), password: 'correct horse battery', full_name: 'N' }, headers: { 'x-forwarded-for': ip } });
    for (let i = 1; i <= 20; i++) assert.equal((await register(in64(i)(i))).status, 201);
    assert.equal((await register('2001:db8:5:ffff::1')).status, 429);
    assert.equal((await register('2001:db8:6::1')).status, 201, 'another /48');
  });
});

describe('the second step of the admin sign-in', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
  const wrongFor = (secret: string) => (code(secret) === '000000' ? '111111' : '000000');
  const via = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const password = (a: TestUser, ip: string) => call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: a.phone, password: a.password }, ...via(ip) });
  const second = (token: string, c: string, ip: string) => call(t.app, 'POST', '/api/v1/auth/admin/login/mfa', { body: { mfa_token: token, code: c }, ...via(ip) });

  async function enrolled(): Promise<TestUser & { secret: string }> {
    const a = await createAdmin(t);
    const setup = await call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, body: { current_password: a.password } });
    const confirmed = await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code: code(setup.body.secret), current_password: a.password } });
    assert.equal(confirmed.status, 200, confirmed.text);
    t.clock.advance(31_000);
    return { ...a, secret: setup.body.secret };
  }

  /** An mfa_token from the password step. */
  async function mfaToken(a: TestUser, ip: string): Promise<string> {
    const first = await password(a, ip);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.mfa_required, true);
    return first.body.mfa_token;
  }

  it('codes from rotating addresses of one /64 meet the per phone+address limit; another /64 signs in', async () => {
    const a = await enrolled();
    const at = in64(7);
    const wrong = wrongFor(a.secret);
    let token = '';
    // The password steps count too: 2 + 8 codes = 10 attempts of this phone from this /64.
    for (let i = 1; i <= 10; i++) {
      if (i === 1 || i === 6) token = await mfaToken(a, at(i));
      else assert.equal((await second(token, wrong, at(i))).body.error, 'invalid_mfa_code', `attempt ${i}`);
    }
    const limited = await second(token, code(a.secret), at(11));
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'LOGIN_RATE_LIMITED');
    const elsewhere = await second(token, code(a.secret), in64(8)(1));
    assert.equal(elsewhere.status, 200, elsewhere.text);
  });

  it('an mfa_token whose account stopped being an admin is dead, and counts against nothing', async () => {
    const owner = await createAdmin(t);
    const a = await enrolled();
    const token = await mfaToken(a, newIp());
    assert.equal((await call(t.app, 'PATCH', `/api/v1/admin/staff/${a.id}`, { token: owner.token, body: { disabled: true } })).status, 200);
    const dead = await second(token, code(a.secret), newIp());
    assert.equal(dead.status, 401);
    assert.equal(dead.body.error, 'invalid_mfa_token');
    const row = await db().selectFrom('mfa_challenges').select('attempts').where('user_id', '=', a.id).executeTakeFirstOrThrow();
    assert.equal(row.attempts, 0);
  });

  it('ten codes per account from any addresses: fifteen IPv4 addresses, the 11th code is 429 and an owner sees it in the audit log', async () => {
    const owner = await createAdmin(t);
    const a = await enrolled();
    const wrong = wrongFor(a.secret);
    const answers: string[] = [];
    let token = '';
    let limited: Awaited<ReturnType<typeof second>> | undefined;
    for (let i = 1; i <= 15; i++) {
      const ip = `203.0.113.${100 + i}`;
      if (i % 5 === 1) token = await mfaToken(a, ip); // each token takes five codes
      const res = await second(token, wrong, ip);
      answers.push(res.status === 429 ? res.body.code : res.body.error);
      if (res.status === 429) limited ??= res;
    }
    assert.deepEqual(answers, [...Array(10).fill('invalid_mfa_code'), ...Array(5).fill('MFA_RATE_LIMITED')]);
    assert.equal(limited!.body.error, 'rate_limited');
    const window = 15 * 60_000;
    const until = Math.floor(t.clock.now().getTime() / window) * window + window;
    assert.equal(limited!.body.retry_after, Math.ceil((until - t.clock.now().getTime()) / 1000));
    assert.equal(limited!.headers['retry-after'], String(limited!.body.retry_after));
    // The right code from a fresh address is refused too, until the window ends.
    const locked = await second(await mfaToken(a, '203.0.113.200'), code(a.secret), '203.0.113.200');
    assert.equal(locked.status, 429);
    assert.equal(locked.body.code, 'MFA_RATE_LIMITED');

    const log = await call(t.app, 'GET', `/api/v1/admin/audit-log?entity=staff&entity_id=${a.id}`, { token: owner.token });
    assert.equal(log.status, 200, log.text);
    const rows = log.body.items.filter((r: { action: string }) => r.action === 'staff.mfa_locked');
    assert.equal(rows.length, 1, 'one row however many attempts were refused');
    assert.equal(rows[0].admin_id, a.id);
    assert.equal(rows[0].admin.phone, a.phone);
    assert.deepEqual(rows[0].before, { second_step: 'open' });
    assert.equal(rows[0].after.second_step, 'locked');
    assert.equal(rows[0].after.attempts, 10);
    assert.equal(rows[0].after.until, new Date(until).toISOString());

    // Another account is not affected; after the window the account signs in again.
    const b = await enrolled();
    assert.equal((await second(await mfaToken(b, '203.0.113.201'), code(b.secret), '203.0.113.201')).status, 200);
    t.clock.advance(15 * 60_000);
    const again = await second(await mfaToken(a, '203.0.113.202'), code(a.secret), '203.0.113.202');
    assert.equal(again.status, 200, again.text);
    assert.equal((await db().selectFrom('audit_log').select('id').where('action', '=', 'staff.mfa_locked').execute()).length, 1);
  });
});

describe('over a real IPv6 socket', () => {
  let t: TestApp;
  let base: string | null = null;
  before(async () => {
    t = await createTestApp();
    try {
      await t.app.listen({ host: '::1', port: 0 });
      const { port } = t.app.server.address() as { port: number };
      base = `http://[::1]:${port}`;
    } catch {
      base = null; // no IPv6 loopback on this machine
    }
  });
  after(() => t.close());

  it('a client at ::1 is counted as ::/64', async (ctx) => {
    if (base === null) return ctx.skip('no ::1 here');
    const register = () =>
      fetch(`${base}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: newPhone(), password: 'correct horse battery', full_name: 'N' }) });
    for (let i = 1; i <= 20; i++) assert.equal((await register()).status, 201);
    const over = await register();
    assert.equal(over.status, 429);
    assert.equal(((await over.json()) as { code: string }).code, 'IP_RATE_LIMITED');
    const counter = await t.db.database.db.selectFrom('rate_limits').select('count').where('key', '=', 'register_ip:::/64').executeTakeFirst();
    assert.equal(counter?.count, 21);
  });
});
