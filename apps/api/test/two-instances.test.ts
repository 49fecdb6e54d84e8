/**
 * Two API processes on one PostgreSQL database, requests spread across them: limits, sessions and
 * once-only rules behave exactly as with one instance. Always PostgreSQL — it is the database for
 * scale-out (docs/operations.md) — so this file runs against the local server in both CI passes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { http, spawnApi, type ApiProcess } from './support/spawn-api.ts';
import { TEST_JWT_SECRET } from './helpers.ts';

const PG = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEED = { phone: '+919000000077', password: 'two-instances-admin' };

describe('two instances on one PostgreSQL', () => {
  const name = `sf_two_${randomBytes(5).toString('hex')}`;
  let dbUrl: string;
  let a: ApiProcess;
  let b: ApiProcess;

  before(async () => {
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(PG);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    const env = {
      DATABASE_URL: dbUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_SCRYPT_N: '1024',
      TRUST_PROXY: 'true',
      SEED_ADMIN_PHONE: SEED.phone,
      SEED_ADMIN_PASSWORD: SEED.password,
    };
    // Both start at once: migrations and the seed admin must be safe to race.
    [a, b] = await Promise.all([spawnApi(env), spawnApi(env)]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const both = () => [a.url, b.url];

  it('both instances migrated one database and seeded one admin', async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const { rows } = await c.query('select count(*)::int as n from users where phone = $1', [SEED.phone]);
    await c.end();
    assert.equal(rows[0].n, 1);
  });

  it('the admin-login limit holds across instances: 40 concurrent attempts try at most 10', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        http(both()[i % 2]!, 'POST', '/api/v1/auth/admin/login', {
          body: { phone: SEED.phone, password: 'wrong-password' },
          headers: { 'x-forwarded-for': '198.51.100.77' },
        }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 401).length, 10);
    assert.equal(results.filter((r) => r.status === 429).length, 30);
  });

  it('a session ended on one instance is dead on the other at once', async () => {
    const reg = await http(a.url, 'POST', '/api/v1/auth/register', { body: { phone: '+919811122233', password: 'password123', full_name: 'Two' } });
    assert.equal(reg.status, 201);
    const token = reg.body.custom_token;
    assert.equal((await http(b.url, 'GET', '/api/v1/me', { token })).status, 200);
    assert.equal((await http(a.url, 'POST', '/api/v1/auth/logout', { token })).status, 204);
    assert.equal((await http(b.url, 'GET', '/api/v1/me', { token })).status, 401);
  });

  it('a refresh token spent on one instance is reuse on the other', async () => {
    const login = await http(a.url, 'POST', '/api/v1/auth/login', { body: { phone: '+919811122233', password: 'password123' } });
    const r1 = await http(b.url, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
    assert.equal(r1.status, 200);
    assert.equal((await http(a.url, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: login.body.refresh_token } })).status, 401);
    assert.equal((await http(b.url, 'GET', '/api/v1/me', { token: r1.body.custom_token })).status, 401, 'reuse revoked the family');
  });

  it('SIGTERM shuts an instance down cleanly', async () => {
    const extra = await spawnApi({ DATABASE_URL: dbUrl, JWT_SECRET: TEST_JWT_SECRET });
    assert.equal(await extra.stop(), 0);
  });
});
