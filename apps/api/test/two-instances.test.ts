/**
 * Two API processes on one PostgreSQL database, requests spread across them: limits, sessions and
 * once-only rules behave exactly as with one instance. Always PostgreSQL — it is the database for
 * scale-out (docs/operations.md) — so this file runs against the local server in both CI passes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { http, spawnApi, type ApiProcess } from './support/spawn-api.ts';
import { createPgDatabase, TEST_JWT_SECRET } from './helpers.ts';
import { spawn } from 'node:child_process';
import { sign } from '@storefront/signing';

const WEBHOOK_SECRET = 'two-instances-webhook-secret';

const PG = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SEED = { phone: '+919000000077', password: 'two-instances-admin' };

describe('two instances on one PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPgDatabase>>;
  let dbUrl: string;
  let a: ApiProcess;
  let b: ApiProcess;

  before(async () => {
    created = await createPgDatabase(PG, 'sf_two');
    dbUrl = created.url;
    const env = {
      DATABASE_URL: dbUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_SCRYPT_N: '1024',
      TRUST_PROXY: 'true',
      SEED_ADMIN_PHONE: SEED.phone,
      SEED_ADMIN_PASSWORD: SEED.password,
      STORE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup',
      ACCOUNT_DELETION_GRACE_DAYS: '0',
    };
    // Both start at once: migrations and the seed admin must be safe to race.
    [a, b] = await Promise.all([spawnApi(env), spawnApi(env)]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await created?.drop();
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

  it('a refresh token spent on one instance answers the same successor on the other, and is reuse once that is spent', async () => {
    const login = await http(a.url, 'POST', '/api/v1/auth/login', { body: { phone: '+919811122233', password: 'password123' } });
    const r1 = await http(b.url, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
    assert.equal(r1.status, 200);
    const lost = await http(a.url, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
    assert.equal(lost.status, 200, 'inside the grace window');
    assert.equal(lost.body.refresh_token, r1.body.refresh_token);
    assert.equal((await http(a.url, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: r1.body.refresh_token } })).status, 200);
    assert.equal((await http(b.url, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: login.body.refresh_token } })).status, 401);
    assert.equal((await http(b.url, 'GET', '/api/v1/me', { token: r1.body.custom_token })).status, 401, 'reuse revoked the family');
  });

  async function fundedUser(phone: string, amount: number) {
    const reg = await http(a.url, 'POST', '/api/v1/auth/register', { body: { phone, password: 'password123', full_name: 'Funded' } });
    const token = reg.body.custom_token as string;
    const init = await http(b.url, 'POST', '/api/v1/wallet/topup-initiate', { token, body: { amount } });
    const raw = JSON.stringify({ token: init.body.token, amount, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: `two-${phone}` });
    const header = sign(WEBHOOK_SECRET, raw, Math.floor(Date.now() / 1000));
    // 40 replays spread over both instances: exactly one credit.
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${both()[i % 2]}/api/v1/wallet/topup-credit`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-store-signature': header }, body: raw }).then((r) => r.json() as Promise<any>),
      ),
    );
    assert.equal(results.filter((r) => r.credited === true).length, 1);
    assert.equal(results.filter((r) => r.duplicate === true).length, 39);
    return token;
  }

  it('once-only credits, daily spins and idempotency keys hold across instances', async () => {
    const token = await fundedUser('+919822233344', 50_000);
    assert.equal((await http(a.url, 'GET', '/api/v1/wallet', { token })).body.shopping_credits, 50_000);

    const spins = await Promise.all(Array.from({ length: 20 }, (_, i) => http(both()[i % 2]!, 'POST', '/api/v1/wallet/daily-spin', { token })));
    assert.equal(spins.filter((r) => r.status === 200 || r.status === 201).length, 1);
    assert.equal(spins.filter((r) => r.status === 409).length, 19);

    const admin = await http(a.url, 'POST', '/api/v1/auth/admin/login', { body: SEED, headers: { 'x-forwarded-for': '198.51.100.78' } });
    const product = await http(b.url, 'POST', '/api/v1/admin/products', { token: admin.body.access_token, body: { name: 'Two', price: 1000, stock: 100, is_active: true } });
    assert.equal(product.status, 201, product.text);
    const body = { items: [{ product_id: product.body.id, quantity: 1 }] };
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, i) => http(both()[i % 2]!, 'POST', '/api/v1/orders', { token, body, headers: { 'idempotency-key': 'same-key-everywhere' } })),
    );
    assert.ok(orders.every((r) => r.status === 201 || r.status === 200), JSON.stringify(orders.map((r) => r.status)));
    assert.equal(new Set(orders.map((r) => r.body.id)).size, 1, 'one order');
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const { rows } = await c.query(
      `select (select count(*)::int from orders) as orders,
              (select shopping_credits from wallets w join users u on u.id = w.user_id where u.phone = '+919822233344') as balance,
              (select coalesce(sum(amount), 0)::int from wallet_transactions t join users u on u.id = t.user_id where u.phone = '+919822233344') as ledger`,
    );
    await c.end();
    assert.equal(rows[0].orders, 1);
    assert.equal(Number(rows[0].balance), Number(rows[0].ledger));
  });

  it('the deletion job run from several processes at once anonymises a user once', async () => {
    const reg = await http(b.url, 'POST', '/api/v1/auth/register', { body: { phone: '+919833344455', password: 'password123', full_name: 'Leaving' } });
    const token = reg.body.custom_token as string;
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const userId = (await c.query(`select id from users where phone = '+919833344455'`)).rows[0].id as string;
    // The OTP travels by SMS, which is not configured here: file the request straight in the table
    // the flow writes, so this test is about the job racing itself across processes.
    const requested = await c.query(`select count(*)::int as n from deletion_requests where user_id = $1`, [userId]);
    if (requested.rows[0].n === 0) {
      const now = new Date().toISOString();
      await c.query(
        `insert into deletion_requests (id, user_id, status, reason, channel, requested_at, scheduled_for, updated_at) values ($1, $2, 'pending', null, 'app', $3, $3, $3)`,
        [`two-del-${Date.now()}`, userId, now],
      );
    }
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent', ACCOUNT_DELETION_GRACE_DAYS: '0' };
    const runs = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<{ code: number | null; results: Record<string, number> }>((resolve) => {
            const child = spawn(process.execPath, ['src/jobs-cli.ts'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
            let out = '';
            child.stdout.on('data', (d) => (out += d));
            child.on('exit', (code) => resolve({ code, results: JSON.parse(out.trim() || '{}') }));
          }),
      ),
    );
    assert.deepEqual(runs.map((r) => r.code), [0, 0, 0]);
    // Each run reports how many deletions it carried out: across the three, exactly one.
    assert.equal(runs.reduce((n, r) => n + (r.results['complete-account-deletions'] ?? 0), 0), 1, 'exactly one process anonymised the user');
    const after = await c.query(`select phone, deleted_at from users where id = $1`, [userId]);
    const done = await c.query(`select count(*)::int as n from deletion_requests where user_id = $1 and status = 'completed'`, [userId]);
    await c.end();
    assert.equal(after.rows[0].phone, null);
    assert.ok(after.rows[0].deleted_at);
    assert.equal(done.rows[0].n, 1);
    assert.equal((await http(a.url, 'GET', '/api/v1/me', { token })).status, 401, 'sessions ended on every instance');
    assert.equal((await http(b.url, 'GET', '/api/v1/me', { token })).status, 401);
  });

  it('SIGTERM shuts an instance down cleanly', async () => {
    const extra = await spawnApi({ DATABASE_URL: dbUrl, JWT_SECRET: TEST_JWT_SECRET });
    assert.equal(await extra.stop(), 0);
  });
});
