import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runJobs } from '../src/jobs.ts';
import { hit } from '../src/lib/rate-limit.ts';
import { buildApp } from '../src/app.ts';
import { call, createTestApp, registerUser, TEST_JWT_SECRET, testConfig, type TestApp } from './helpers.ts';

describe('background jobs', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('old rate-limit counters are purged and live ones kept; a second run finds nothing', async () => {
    const rule = { bucket: 'test', limit: 5, windowMs: 60_000, code: 'X' };
    await hit(t.app.ctx.db, t.app.ctx, rule, { id: 'old' });
    t.clock.advance(61 * 60_000); // past the longest window (an hour)
    await hit(t.app.ctx.db, t.app.ctx, rule, { id: 'fresh' });
    const first = await runJobs(t.app.ctx);
    assert.equal(first['purge-rate-limit-counters'], 1);
    const keys = await t.db.database.db.selectFrom('rate_limits').select('key').execute();
    assert.deepEqual(keys.map((k) => k.key), ['test:fresh']);
    assert.equal((await runJobs(t.app.ctx))['purge-rate-limit-counters'], 0);
  });

  it('retention: OTPs, sessions, deletion tokens and webhook logs go after their time, not before; two instances at once delete each row once', async () => {
    const db = t.db.database.db;
    const DAY = 24 * 3600 * 1000;
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    const u = await registerUser(t.app);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/logout', { token: u.token })).status, 204);
    await db.insertInto('phone_otps').values({ purpose: 'login', phone: '+919811100001', code_hash: 'h', channel: 'sms', attempts: 0, sent_at: at(0), expires_at: at(5 * 60_000) }).execute();
    await db.insertInto('deletion_tokens').values({ token_hash: 'del-old', user_id: u.id, channel: 'web', expires_at: at(3600_000), used_at: null, created_at: at(0) }).execute();
    const log = { endpoint: 'topup-credit', gateway: null, token: null, topup_id: null, gateway_txn_id: null, outcome: 'rejected' as const, reason: 'test' };
    await db.insertInto('webhook_logs').values({ ...log, id: 'log-old', created_at: at(0) }).execute();
    await db.insertInto('webhook_logs').values({ ...log, id: 'log-new', created_at: at(60 * DAY) }).execute();
    const count = async (table: 'phone_otps' | 'deletion_tokens' | 'webhook_logs' | 'sessions' | 'refresh_tokens') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const sessionsBefore = await count('sessions');

    // Just before each horizon nothing goes.
    t.clock.advance(DAY); // the OTP expired 23 h 55 min ago, the deletion token 23 h ago
    let r = await runJobs(t.app.ctx);
    assert.deepEqual([r['purge-expired-otps'], r['purge-expired-deletion-tokens'], r['purge-old-sessions'], r['purge-old-webhook-logs']], [0, 0, 0, 0]);

    // Two instances run the jobs at the same moment, 91 days on: each row is deleted once.
    t.clock.advance(90 * DAY);
    const other = await buildApp({ config: testConfig(t.db.url), clock: t.clock });
    await other.ready();
    const [a, b] = await Promise.all([runJobs(t.app.ctx), runJobs(other.ctx)]);
    await other.close();
    const total = (name: string) => a[name]! + b[name]!;
    assert.ok(Object.values({ ...a, ...b }).every((n) => n >= 0), 'no job failed');
    assert.equal(total('purge-expired-otps'), 1);
    assert.equal(total('purge-expired-deletion-tokens'), 1);
    assert.equal(total('purge-old-webhook-logs'), 1, 'only the row older than 90 days');
    assert.deepEqual((await db.selectFrom('webhook_logs').select('id').where('id', 'in', ['log-old', 'log-new']).execute()).map((x) => x.id), ['log-new']);
    // Every session of these tests is now past its refresh token's 30 days plus 30 more, or revoked long ago.
    assert.equal(await count('sessions'), 0);
    assert.equal(await count('refresh_tokens'), 0);
    assert.ok(total('purge-old-sessions') >= sessionsBefore);
    assert.equal(await count('phone_otps'), 0);
    assert.equal(await count('deletion_tokens'), 0);
  });

  it('a live session is kept by the retention job', async () => {
    const u = await registerUser(t.app);
    t.clock.advance(29 * 24 * 3600 * 1000);
    await runJobs(t.app.ctx);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: u.token })).status, 401, 'the 15-minute access token expired long ago');
    const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: u.refresh } });
    assert.equal(refreshed.status, 200, 'the refresh token still works after the job ran');
  });

  it('npm run jobs runs one pass from the command line', () => {
    const r = spawnSync(process.execPath, ['src/jobs-cli.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: t.db.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok('purge-rate-limit-counters' in JSON.parse(r.stdout.trim()));
  });
});
