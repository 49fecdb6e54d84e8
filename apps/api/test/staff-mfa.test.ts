import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { call, createAdmin, createTestApp, newIp, TEST_JWT_SECRET, type TestApp, type TestUser } from './helpers.ts';

const run = promisify(execFile);

describe('two-factor sign-in for staff', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const codeAt = (secret: string, ms: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
  const code = (secret: string) => codeAt(secret, t.clock.now().getTime());
  /** The admin login's per phone+IP counter (docs/contracts.md §9): what every wrong code must raise. */
  const loginCount = async (phone: string, ip: string) =>
    Number((await db().selectFrom('rate_limits').select('count').where('key', '=', `admin_login:${phone}|${ip}`).executeTakeFirst())?.count ?? 0);

  /** An admin who enrolled: the secret read from the set-up answer, the recovery codes from the confirmation. */
  async function enrolled(role = 'owner'): Promise<TestUser & { secret: string; recovery: string[] }> {
    const a = await createAdmin(t, role);
    const setup = await call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, body: { current_password: a.password } });
    assert.equal(setup.status, 200, setup.text);
    assert.match(setup.body.otpauth_uri, /^otpauth:\/\/totp\//);
    assert.match(setup.body.qr_svg, /^data:image\/svg\+xml;base64,/);
    const confirmed = await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code: code(setup.body.secret), current_password: a.password } });
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.equal(confirmed.body.recovery_codes.length, 10);
    t.clock.advance(31_000); // the next sign-in uses a fresh time step
    return { ...a, secret: setup.body.secret, recovery: confirmed.body.recovery_codes };
  }

  const login = (a: TestUser, ip: string) => call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: a.phone, password: a.password }, ip });
  const second = (token: string, c: string, ip: string) => call(t.app, 'POST', '/api/v1/auth/admin/login/mfa', { body: { mfa_token: token, code: c }, ip });

  test('the secret is stored encrypted and recovery codes only as hashes', async () => {
    const a = await enrolled();
    const row = await db().selectFrom('staff_totp').selectAll().where('user_id', '=', a.id).executeTakeFirstOrThrow();
    assert.ok(!row.secret.includes(a.secret));
    const hashes = await db().selectFrom('staff_recovery_codes').select('code_hash').where('user_id', '=', a.id).execute();
    assert.equal(hashes.length, 10);
    for (const c of a.recovery) assert.ok(!hashes.some((h) => h.code_hash.includes(c.replace(/-/g, ''))));
  });

  test('with TOTP the password answers an mfa_token; the code then issues the admin token', async () => {
    const a = await enrolled();
    const ip = newIp();
    const first = await login(a, ip);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.mfa_required, true);
    assert.equal(first.body.expires_in, 300);
    assert.equal(first.body.access_token, undefined);
    const token = (await db().selectFrom('mfa_challenges').select('token_hash').where('user_id', '=', a.id).execute()).map((r) => r.token_hash);
    assert.ok(!token.includes(first.body.mfa_token), 'the mfa_token is stored only as a hash');
    const done = await second(first.body.mfa_token, code(a.secret), ip);
    assert.equal(done.status, 200, done.text);
    const me = await call(t.app, 'GET', '/api/v1/admin/me', { token: done.body.access_token });
    assert.equal(me.body.mfa.enabled, true);
    assert.equal(me.body.mfa.session_verified, true);
    assert.equal(me.body.role, 'owner');
  });

  test('a used TOTP code is refused when replayed within its window, and the attempt counts toward the login limit', async () => {
    const a = await enrolled();
    const ip = newIp();
    const c = code(a.secret);
    const first = await login(a, ip);
    assert.equal((await second(first.body.mfa_token, c, ip)).status, 200);
    const again = await login(a, ip);
    const before = await loginCount(a.phone, ip);
    const replay = await second(again.body.mfa_token, c, ip);
    assert.equal(replay.status, 401);
    assert.equal(replay.body.error, 'invalid_mfa_code');
    assert.equal(await loginCount(a.phone, ip), before + 1);
    t.clock.advance(30_000);
    assert.equal((await second(again.body.mfa_token, code(a.secret), ip)).status, 200, 'the next step’s code works');
  });

  test('a wrong code is refused and counted; the mfa_token dies after five wrong codes', async () => {
    const a = await enrolled();
    const ip = newIp();
    const first = await login(a, ip);
    const wrong = code(a.secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const before = await loginCount(a.phone, ip);
      const res = await second(first.body.mfa_token, wrong, ip);
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_mfa_code');
      assert.equal(await loginCount(a.phone, ip), before + 1);
    }
    const dead = await second(first.body.mfa_token, code(a.secret), ip);
    assert.equal(dead.status, 401);
    assert.equal(dead.body.error, 'invalid_mfa_token');
  });

  test('a stale mfa_token (expired, or already used) is refused and counted', async () => {
    const a = await enrolled();
    const ip = newIp();
    const first = await login(a, ip);
    t.clock.advance(5 * 60_000 + 1000);
    let before = await loginCount(a.phone, ip);
    const expired = await second(first.body.mfa_token, code(a.secret), ip);
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error, 'invalid_mfa_token');
    assert.equal(await loginCount(a.phone, ip), before + 1);

    const fresh = await login(a, ip);
    assert.equal((await second(fresh.body.mfa_token, code(a.secret), ip)).status, 200);
    t.clock.advance(30_000);
    before = await loginCount(a.phone, ip);
    const used = await second(fresh.body.mfa_token, code(a.secret), ip);
    assert.equal(used.status, 401);
    assert.equal(used.body.error, 'invalid_mfa_token');
    assert.equal(await loginCount(a.phone, ip), before + 1);
  });

  test('wrong codes exhaust the admin login limit: the 11th attempt is 429 LOGIN_RATE_LIMITED', async () => {
    const a = await enrolled();
    const ip = newIp();
    const first = await login(a, ip); // attempt 1
    let token = first.body.mfa_token;
    for (let i = 2; i <= 10; i++) {
      if (i === 6) token = (await login(a, ip)).body.mfa_token; // attempt 6 (the first token died after five wrong codes)
      else assert.equal((await second(token, 'abcdef', ip)).status, 401);
    }
    const limited = await second(token, code(a.secret), ip);
    assert.equal(limited.status, 429);
    assert.equal(limited.body.code, 'LOGIN_RATE_LIMITED');
  });

  test('a recovery code signs in once', async () => {
    const a = await enrolled();
    const ip = newIp();
    const first = await login(a, ip);
    assert.equal((await second(first.body.mfa_token, a.recovery[3]!.toUpperCase(), ip)).status, 200);
    const again = await login(a, ip);
    const reused = await second(again.body.mfa_token, a.recovery[3]!, ip);
    assert.equal(reused.status, 401);
    assert.equal(reused.body.error, 'invalid_mfa_code');
    assert.equal((await second(again.body.mfa_token, a.recovery[4]!, ip)).status, 200);
  });

  test('turning 2FA off needs a current code; then the password alone signs in again', async () => {
    const a = await enrolled();
    const wrong = await call(t.app, 'POST', '/api/v1/admin/me/mfa/disable', { token: a.token, body: { code: 'zzzz', current_password: a.password } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'invalid_mfa_code');
    const off = await call(t.app, 'POST', '/api/v1/admin/me/mfa/disable', { token: a.token, body: { code: code(a.secret), current_password: a.password } });
    assert.equal(off.status, 204, off.text);
    const res = await login(a, newIp());
    assert.ok(res.body.access_token, res.text);
    const audit = await db().selectFrom('audit_log').select('action').where('entity_id', '=', a.id).execute();
    assert.deepEqual(audit.map((r) => r.action).sort(), ['staff.mfa_disable', 'staff.mfa_enable']);
  });

  test('an owner resets a staff member’s 2FA: their sessions end and the reset is audited', async () => {
    const owner = await createAdmin(t);
    const s = await enrolled('support');
    const support = (await second((await login(s, newIp())).body.mfa_token, code(s.secret), newIp())).body.access_token;
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/tickets', { token: support })).status, 200);
    const reset = await call(t.app, 'DELETE', `/api/v1/admin/staff/${s.id}/mfa`, { token: owner.token });
    assert.equal(reset.status, 204, reset.text);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/tickets', { token: support })).status, 401);
    assert.ok((await login(s, newIp())).body.access_token, 'the password alone signs in until they enrol again');
    const row = await db().selectFrom('audit_log').select(['admin_id', 'action']).where('entity_id', '=', s.id).where('action', '=', 'staff.mfa_reset').executeTakeFirstOrThrow();
    assert.equal(row.admin_id, owner.id);
  });

  test('break-glass: `npm run admin -- reset-mfa --phone` on the server resets 2FA and ends the sessions', async () => {
    const a = await enrolled();
    const session = (await second((await login(a, newIp())).body.mfa_token, code(a.secret), newIp())).body.access_token;
    const env = { ...process.env, NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: t.db.url, DATA_DIR: join(tmpdir(), 'sf-test-data'), LOG_LEVEL: 'silent' };
    const out = await run(process.execPath, ['src/admin-cli.ts', 'reset-mfa', '--phone', a.phone], { env, cwd: join(import.meta.dirname, '..') });
    assert.equal(JSON.parse(out.stdout).reset_mfa, true);
    assert.equal(await db().selectFrom('staff_totp').select('user_id').where('user_id', '=', a.id).executeTakeFirst(), undefined);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: session })).status, 401);
    assert.ok((await login(a, newIp())).body.access_token);
    const unknown = await run(process.execPath, ['src/admin-cli.ts', 'reset-mfa', '--phone', '+15550000000'], { env, cwd: join(import.meta.dirname, '..') }).catch((e) => e);
    assert.equal(unknown.code, 1);
  });
});

describe('ADMIN_REQUIRE_MFA', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ ADMIN_REQUIRE_MFA: 'true' });
  });
  after(() => t.close());

  test('an admin without 2FA can only enrol; the confirming session may then work', async () => {
    const a = await createAdmin(t);
    const blocked = await call(t.app, 'GET', '/api/v1/admin/users', { token: a.token });
    assert.equal(blocked.status, 403);
    assert.equal(blocked.body.code, 'MFA_ENROLMENT_REQUIRED');
    const me = await call(t.app, 'GET', '/api/v1/admin/me', { token: a.token });
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.mfa, { enabled: false, required: true, session_verified: false, recovery_codes_left: 0 });
    const setup = await call(t.app, 'POST', '/api/v1/admin/me/mfa/setup', { token: a.token, body: { current_password: a.password } });
    const c = TOTP.generate({ secret: Secret.fromBase32(setup.body.secret), timestamp: t.clock.now().getTime() });
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/me/mfa/confirm', { token: a.token, body: { code: c, current_password: a.password } })).status, 200);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users', { token: a.token })).status, 200);
  });
});
