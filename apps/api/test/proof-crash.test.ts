/**
 * Crash safety: kill -9 the real server in the middle of an order storm, start it again
 * on the same database, and check every acknowledged order and every debit against each other.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sign } from '@storefront/signing';
import { openDatabase } from '../src/db/kysely.ts';
import { onPostgres, TEST_JWT_SECRET } from './helpers.ts';
import { http, spawnApi, type ApiProcess } from './support/spawn-api.ts';

const SECRET = 'crash-test-webhook-secret-0123';
const ADMIN = { phone: '+919000000555', password: 'crash-admin-password' };

describe('kill -9 during an order storm', () => {
  let dbUrl: string;
  let drop = async () => {};
  let api: ApiProcess | undefined;
  let env: Record<string, string>;

  before(async () => {
    if (onPostgres) {
      const name = `sf_crash_${randomBytes(5).toString('hex')}`;
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
      drop = async () => {
        const d = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      };
    } else {
      dbUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'sf-crash-')), 'crash.db')}`;
    }
    env = {
      DATABASE_URL: dbUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_SCRYPT_N: '1024',
      STORE_WEBHOOK_SECRET: SECRET,
      TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup',
      SEED_ADMIN_PHONE: ADMIN.phone,
      SEED_ADMIN_PASSWORD: ADMIN.password,
    };
  });
  after(async () => {
    if (api && api.child.exitCode === null && api.child.signalCode === null) await api.stop();
    await drop();
  });

  it('every acknowledged order survives with its debit; no order without a debit, no debit without an order', async () => {
    api = await spawnApi(env);
    const admin = await http(api.url, 'POST', '/api/v1/auth/admin/login', { body: ADMIN });
    const product = await http(api.url, 'POST', '/api/v1/admin/products', {
      token: admin.body.access_token,
      body: { name: 'Crash item', price: 100, stock: 1_000_000, is_active: true },
    });
    assert.equal(product.status, 201, product.text);
    const users: { token: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const reg = await http(api.url, 'POST', '/api/v1/auth/register', { body: { phone: `+9196${String(i).padStart(8, '0')}`, password: 'crash-user-pass', full_name: `C${i}` } });
      const init = await http(api.url, 'POST', '/api/v1/wallet/topup-initiate', { token: reg.body.custom_token, body: { amount: 1_000_000 } });
      const raw = JSON.stringify({ token: init.body.token, amount: 1_000_000, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: `crash-${i}` });
      const res: Response = await fetch(`${api.url}/api/v1/wallet/topup-credit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-store-signature': sign(SECRET, raw, Math.floor(Date.now() / 1000)) },
        body: raw,
      });
      assert.equal(res.status, 200);
      users.push({ token: reg.body.custom_token });
    }

    const acknowledged: string[] = [];
    let stop = false;
    const target = api;
    const workers = users.map(async (u) => {
      while (!stop) {
        try {
          const res: { status: number; body: any } = await http(target.url, 'POST', '/api/v1/orders', { token: u.token, body: { items: [{ product_id: product.body.id, quantity: 1 }] } });
          if (res.status === 201) acknowledged.push(res.body.id);
        } catch {
          return; // the server is gone
        }
      }
    });
    // Kill mid-storm once some orders are in: counted, not timed (the machine's speed varies, and
    // with synchronous=FULL every commit waits for the disk).
    while (acknowledged.length <= 10) await new Promise((r) => setTimeout(r, 10));
    await api.kill();
    stop = true;
    await Promise.all(workers);
    assert.ok(acknowledged.length > 10, `the storm placed orders before the kill (${acknowledged.length})`);

    api = await spawnApi(env);
    const database = openDatabase(dbUrl, { onPoolError: () => {} });
    try {
      const db = database.db as any;
      const orders: { id: string; user_id: string; total: number }[] = await db.selectFrom('orders').select(['id', 'user_id', 'total']).execute();
      const debits: { reference: string; amount: number; user_id: string }[] = await db
        .selectFrom('wallet_transactions')
        .select(['reference', 'amount', 'user_id'])
        .where('type', '=', 'order_payment')
        .execute();
      const orderIds = new Set(orders.map((o) => o.id));
      for (const id of acknowledged) assert.ok(orderIds.has(id), `acknowledged order ${id} survived`);
      const debitByOrder = new Map(debits.map((d) => [d.reference, d]));
      assert.equal(debits.length, orders.length, 'one debit per order');
      for (const o of orders) {
        const d = debitByOrder.get(o.id);
        assert.ok(d, `order ${o.id} has its debit`);
        assert.equal(Number(d.amount), -Number(o.total));
        assert.equal(d.user_id, o.user_id);
      }
      const wallets: { user_id: string; shopping_credits: number }[] = await db.selectFrom('wallets').select(['user_id', 'shopping_credits']).execute();
      for (const w of wallets) {
        const sum = await db.selectFrom('wallet_transactions').select((eb: any) => eb.fn.coalesce(eb.fn.sum('amount'), eb.lit(0)).as('s')).where('user_id', '=', w.user_id).executeTakeFirst();
        assert.equal(Number(w.shopping_credits), Number(sum.s), 'balance = ledger sum after the crash');
      }
      // And the restarted server serves those orders.
      const health = await http(api.url, 'GET', '/health');
      assert.equal(health.status, 200);
    } finally {
      await database.close();
    }
  });
});
