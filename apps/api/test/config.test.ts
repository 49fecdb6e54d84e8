import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';
import { sql } from 'kysely';
import { LONG_READ_CACHE_KIB, openDatabase } from '../src/db/kysely.ts';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };

describe('configuration', () => {
  it('defaults close every optional gate', () => {
    const c = loadConfig(base);
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.databaseUrl, 'sqlite:./data/storefront.db');
    assert.equal(c.sms, null);
    assert.equal(c.smtp, null);
    assert.equal(c.mediaDir, null);
    assert.equal(c.topup.pageBaseUrl, null);
    assert.equal(c.storeWebhookSecrets, null);
    assert.equal(c.gatewayB, null);
    assert.equal(c.idp, null);
    assert.equal(c.trustProxy, false);
    assert.equal(c.rateLimitIpv6Prefix, 64);
    assert.equal(c.currency, 'INR');
    assert.equal(c.websiteUrl, c.publicBaseUrl);
    assert.equal(c.referral.mobileStoreUrl, 'https://play.google.com/store/apps/details?id=com.storefront.app');
    assert.ok(Object.isFrozen(c));
  });

  for (const [name, value] of [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['TRUST_PROXY', 'not-an-ip'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
    ['PUBLIC_BASE_URL', 'ftp://x'],
    ['DAILY_SPIN_PRIZE', '-5'],
    ['CURRENCY', 'rupees'],
    ['SHOP_TIME_ZONE', 'Mars/Olympus'],
    ['SMTP_PORT', 'x'],
    ['REFRESH_REUSE_GRACE_SECONDS', '-1'],
    ['REFRESH_REUSE_GRACE_SECONDS', '301'],
    ['REFRESH_REUSE_GRACE_SECONDS', '30s'],
    ['RATE_LIMIT_IPV6_PREFIX', '31'],
    ['RATE_LIMIT_IPV6_PREFIX', '129'],
    ['RATE_LIMIT_IPV6_PREFIX', '/64'],
  ] as const) {
    it(`${name}=${value} is refused naming the setting`, () => {
      const env: Record<string, string> = { ...base, [name]: value };
      if (name === 'SMTP_PORT') env.SMTP_HOST = 'localhost';
      assert.throws(() => loadConfig(env), (err: unknown) => err instanceof ConfigError && err.setting === name && err.message.includes(name));
    });
  }

  it('SHOP_TIME_ZONE takes UTC, every zone ICU lists and the aliases a formatter accepts', () => {
    for (const zone of ['UTC', 'Europe/London', 'Asia/Calcutta', 'Asia/Kolkata', 'Etc/GMT+5', 'America/Argentina/Buenos_Aires']) {
      assert.equal(loadConfig({ ...base, SHOP_TIME_ZONE: zone }).shopTimeZone, zone);
    }
    for (const zone of ['Mars/Olympus', 'Asia', '+05:30x']) assert.throws(() => loadConfig({ ...base, SHOP_TIME_ZONE: zone }), /SHOP_TIME_ZONE/);
  });

  it('an incomplete gate group keeps that gate closed and says why, without stopping the start', () => {
    const half = loadConfig({ ...base, GATEWAY_B_CLIENT_ID: 'id', SMS_PROVIDER: 'webhook', SEED_ADMIN_PHONE: '+919000000001' });
    assert.equal(half.gatewayB, null);
    assert.equal(half.sms, null);
    assert.equal(half.seedAdmin, null);
    assert.ok(half.warnings.some((w) => w.includes('GATEWAY_B_CLIENT_SECRET')));
    assert.ok(half.warnings.some((w) => w.includes('SMS_WEBHOOK_URL')));
    assert.ok(half.warnings.some((w) => w.includes('SEED_ADMIN_PASSWORD')));
    assert.equal(loadConfig({ ...base, SMS_PROVIDER: 'twilio', SMS_ACCOUNT_SID: 'AC1' }).sms, null);
    assert.deepEqual(loadConfig(base).warnings, []);
  });

  it('RATE_LIMIT_IPV6_PREFIX takes 32 to 128', () => {
    for (const n of [32, 48, 56, 128]) assert.equal(loadConfig({ ...base, RATE_LIMIT_IPV6_PREFIX: String(n) }).rateLimitIpv6Prefix, n);
  });

  it('TRUST_PROXY takes true, a hop count or a CIDR list', () => {
    assert.equal(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy, true);
    // In production `true` would let any client name its own IP: refused at start.
    assert.throws(() => loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'true' }), /TRUST_PROXY/);
    assert.equal(loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy, 2);
    assert.equal(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, '10.0.0.0/8, 127.0.0.1');
  });

  it('SQLite runs with synchronous=FULL unless SQLITE_SYNCHRONOUS=NORMAL', async () => {
    assert.equal(loadConfig(base).sqliteSynchronous, 'FULL');
    assert.equal(loadConfig({ ...base, SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous, 'NORMAL');
    assert.throws(() => loadConfig({ ...base, SQLITE_SYNCHRONOUS: 'OFF' }), /SQLITE_SYNCHRONOUS/);
    const dir = mkdtempSync(join(tmpdir(), 'sf-sync-'));
    for (const [option, level] of [[undefined, 2], ['FULL', 2], ['NORMAL', 1]] as const) {
      const database = openDatabase(`sqlite:${join(dir, `${level}-${option}.db`)}`, option ? { synchronous: option } : {});
      const row = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      assert.equal(row.rows[0]!.synchronous, level, `${option ?? 'default'}`);
      await database.close();
    }
  });

  it('the V8 heap keeps 16 MB of headroom unless HEAP_HEADROOM_MB sets it (0: V8’s own growth)', () => {
    assert.equal(loadConfig(base).heapHeadroomMb, 16);
    assert.equal(loadConfig({ ...base, HEAP_HEADROOM_MB: '0' }).heapHeadroomMb, 0);
    assert.equal(loadConfig({ ...base, HEAP_HEADROOM_MB: '64' }).heapHeadroomMb, 64);
    for (const bad of ['-1', '1.5', 'lots', '5000']) assert.throws(() => loadConfig({ ...base, HEAP_HEADROOM_MB: bad }), /HEAP_HEADROOM_MB/, bad);
  });

  it("SQLite's page cache is the driver's 16 MB unless SQLITE_CACHE_KIB sets it, and the connection runs with it", async () => {
    assert.equal(loadConfig(base).sqliteCacheKib, 16_000);
    assert.equal(loadConfig({ ...base, SQLITE_CACHE_KIB: '2000' }).sqliteCacheKib, 2000);
    assert.throws(() => loadConfig({ ...base, SQLITE_CACHE_KIB: '10' }), /SQLITE_CACHE_KIB/);
    const dir = mkdtempSync(join(tmpdir(), 'sf-cache-'));
    for (const [cacheKib, want] of [[undefined, -16_000], [2000, -2000]] as const) {
      const database = openDatabase(`sqlite:${join(dir, 'cache.db')}`, cacheKib === undefined ? {} : { cacheKib });
      try {
        const row = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
        assert.equal(row.rows[0]!.cache_size, want);
      } finally {
        await database.close();
      }
    }
  });

  it("a long read on a SQLite file is a read-only connection of its own with a 2 MB cache, closed by its release; in memory it is the database itself", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-long-read-'));
    const database = openDatabase(`sqlite:${join(dir, 'long.db')}`);
    try {
      await sql`create table t (x integer)`.execute(database.db);
      await sql`insert into t values (1)`.execute(database.db);
      const long = database.longRead();
      assert.notEqual(long.db, database.db);
      assert.equal((await sql<{ cache_size: number }>`pragma cache_size`.execute(long.db)).rows[0]!.cache_size, -LONG_READ_CACHE_KIB);
      assert.equal((await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db)).rows[0]!.cache_size, -16_000, 'the serving connection keeps its own');
      assert.deepEqual((await sql<{ x: number }>`select x from t`.execute(long.db)).rows, [{ x: 1 }], 'it sees what the serving connection committed');
      await assert.rejects(sql`insert into t values (2)`.execute(long.db), /readonly/);
      await long.release();
      await assert.rejects(sql`select x from t`.execute(long.db));
      assert.deepEqual((await sql<{ x: number }>`select x from t`.execute(database.db)).rows, [{ x: 1 }], 'the serving connection stays open');
    } finally {
      await database.close();
    }
    const memory = openDatabase('sqlite::memory:');
    try {
      assert.equal(memory.longRead().db, memory.db, 'another connection to :memory: would be another, empty database');
    } finally {
      await memory.close();
    }
  });

  it('JWT_SECRET is required in production, and generated once and kept otherwise', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /JWT_SECRET/);
    const dir = mkdtempSync(join(tmpdir(), 'sf-cfg-'));
    const a = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const b = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    assert.equal(a.jwtSecret, b.jwtSecret);
    assert.ok(a.jwtSecret.length >= 32);
    assert.equal(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim(), a.jwtSecret);
  });

  it('an invalid setting stops the server at start with one clear line', () => {
    const r = spawnSync(process.execPath, ['src/server.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(r.status, 1);
    assert.equal(r.stderr.trim(), 'Invalid setting PORT: expected a whole number, got "eighty"');
  });
});
