import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { runJobs } from '../src/jobs.ts';
import { hit } from '../src/lib/rate-limit.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers.ts';

describe('background jobs', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('old rate-limit counters are purged and live ones kept; a second run finds nothing', async () => {
    const rule = { bucket: 'test', limit: 5, windowMs: 60_000, code: 'X' };
    await hit(t.app.ctx.db, t.clock, rule, 'old');
    t.clock.advance(2 * 24 * 3600 * 1000);
    await hit(t.app.ctx.db, t.clock, rule, 'fresh');
    const first = await runJobs(t.app.ctx);
    assert.equal(first['purge-rate-limit-counters'], 1);
    const keys = await t.db.database.db.selectFrom('rate_limits').select('key').execute();
    assert.deepEqual(keys.map((k) => k.key), ['test:fresh']);
    assert.equal((await runJobs(t.app.ctx))['purge-rate-limit-counters'], 0);
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
