/**
 * The reconciliation at a size no bind message can carry: 70,000 orders, 70,000 completed top-ups
 * and 140,000 ledger rows in range (PostgreSQL allows 65,535 parameters per statement, SQLite
 * 32,766). Rows are made with one recursive-CTE statement each, the same SQL on both databases.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { jobs, runJobs } from '../src/jobs.ts';
import { call, createAdmin, createTestApp, onPostgres, type TestApp, type TestUser } from './helpers.ts';

const ORDERS = 70_000;
const USERS = 10;

describe('reconciliation at scale', () => {
  let t: TestApp;
  let admin: TestUser;
  const db = () => t.db.database.db;
  const reconcile = () => call(t.app, 'GET', '/api/v1/admin/reconciliation', { token: admin.token });
  /** The per-wallet check runs in this job; the report lists what it found (docs/orders.md). */
  const verifyWallets = () => runJobs(t.app.ctx, jobs.filter((j) => j.name === 'verify-ledger-checkpoints'));

  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
    const at = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    // Order i (1…ORDERS) belongs to user i % USERS; its top-up credits 100 and its payment spends
    // it, so each user's running balance goes 0 → 100 → 0 and ids follow that order.
    const series = sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(ORDERS)})`;
    const key = (prefix: string, expr = 'i') => sql.raw(`'${prefix}' || cast(1000000000 + ${expr} as text)`);
    await sql`insert into users (id, full_name, created_at, updated_at)
      with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(USERS - 1)})
      select ${key('u')}, 'bulk', ${at}, ${at} from s`.execute(db());
    await sql`insert into wallets (user_id, shopping_credits, last_entry_id, created_at, updated_at)
      with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(USERS - 1)})
      select ${key('u')}, 0, ${key('l', `2 * (case when i = 0 then ${ORDERS} else ${ORDERS - USERS} + i end)`)}, ${at}, ${at} from s`.execute(db());
    await sql`insert into topups (id, token_hash, user_id, amount, currency, status, expires_at, gateway, gateway_txn_id, credited_at, created_at, updated_at)
      ${series} select ${key('t')}, ${key('h')}, ${key('u', `i % ${USERS}`)}, 100, 'INR', 'completed', ${at}, 'gateway_a', ${key('g')}, ${at}, ${at}, ${at} from s`.execute(db());
    await sql`insert into webhook_logs (id, endpoint, gateway, topup_id, gateway_txn_id, outcome, created_at)
      ${series} select ${key('w')}, 'topup-credit', 'gateway_a', ${key('t')}, ${key('g')}, 'credited', ${at} from s`.execute(db());
    await sql`insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at)
      ${series} select ${key('o')}, ${key('u', `i % ${USERS}`)}, 'placed', 100, 100, 0, 'INR', ${at}, ${at} from s`.execute(db());
    await sql`insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
      ${series} select ${key('l', '2 * i - 1')}, ${key('u', `i % ${USERS}`)}, 'topup', 100, 100, ${key('t')}, ${at} from s`.execute(db());
    await sql`insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
      ${series} select ${key('l', '2 * i')}, ${key('u', `i % ${USERS}`)}, 'order_payment', -100, 0, ${key('o')}, ${at} from s`.execute(db());
    // As autovacuum would (docs/operations.md): the planner needs row counts to pick hash joins.
    if (onPostgres) await sql`analyze`.execute(db());
    // As the job does in production: the ledger verified once, each wallet checkpointed (docs/orders.md).
    await verifyWallets();
  });
  after(() => t.close());

  it(`answers a clean range of ${ORDERS} orders and top-ups with exact figures and no mismatch`, async () => {
    const r = await reconcile();
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.topups, {
      completed: { count: ORDERS, amount: 100 * ORDERS },
      ledger: { count: ORDERS, amount: 100 * ORDERS },
      webhook_credited: { count: ORDERS },
    });
    assert.deepEqual([r.body.orders.placed, r.body.orders.ledger_payments], [{ count: ORDERS, amount: 100 * ORDERS }, { count: ORDERS, amount: 100 * ORDERS }]);
    assert.deepEqual([r.body.ok, r.body.mismatches, r.body.mismatches_truncated], [true, [], false]);
    assert.equal(r.body.balances.sum_of_balances, r.body.balances.sum_of_ledger);
  });

  it('finds the one broken payment, the one missing top-up credit, the broken running balances and the altered wallet among them', async () => {
    const payment = 'l' + (1000000000 + 2 * 54_321);
    await db().updateTable('wallet_transactions').set({ amount: -90 }).where('id', '=', payment).execute();
    await db().deleteFrom('wallet_transactions').where('id', '=', 'l' + (1000000000 + 2 * 12_345 - 1)).execute();
    await db().updateTable('wallets').set({ shopping_credits: 7 }).where('user_id', '=', 'u' + (1000000000 + 3)).execute();
    await verifyWallets();
    try {
      const r = await reconcile();
      assert.equal(r.status, 200, r.text);
      const found = r.body.mismatches.map((m: { kind: string; id: string }) => `${m.kind}:${m.id}`).sort();
      assert.deepEqual(found, [
        // 54,321 % 10 = 1 and 12,345 % 10 = 5: each running balance breaks at the altered row.
        `balance_mismatch:u${1000000000 + 1}`,
        `balance_mismatch:u${1000000000 + 3}`, // its balance alone was changed: it no longer matches its newest row
        `balance_mismatch:u${1000000000 + 5}`,
        'balance_total_mismatch:wallets',
        `order_payment_mismatch:o${1000000000 + 54_321}`,
        `topup_without_ledger:t${1000000000 + 12_345}`,
      ]);
    } finally {
      await db().updateTable('wallets').set({ shopping_credits: 0 }).where('user_id', '=', 'u' + (1000000000 + 3)).execute();
      await db().updateTable('wallet_transactions').set({ amount: -100 }).where('id', '=', payment).execute();
      await db().insertInto('wallet_transactions').values({
        id: 'l' + (1000000000 + 2 * 12_345 - 1), user_id: 'u' + (1000000000 + 5), type: 'topup', amount: 100, balance_after: 100,
        reference: 't' + (1000000000 + 12_345), created_at: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
      }).execute();
      await verifyWallets();
    }
    assert.equal((await reconcile()).body.ok, true);
  });

  it('lists at most 1,000 mismatches per check and says the list is cut', async () => {
    await db().updateTable('orders').set({ total: 101, subtotal: 101 }).where('id', '<=', 'o' + (1000000000 + 1000)).execute();
    const exactly = await reconcile();
    assert.deepEqual([exactly.body.mismatches.length, exactly.body.mismatches_truncated], [1000, false], 'exactly 1,000 found: all listed, nothing cut');
    await db().updateTable('orders').set({ total: 101, subtotal: 101 }).where('id', '<=', 'o' + (1000000000 + 1500)).execute();
    try {
      const r = await reconcile();
      assert.equal(r.status, 200, r.text);
      const kinds = r.body.mismatches.map((m: { kind: string }) => m.kind);
      assert.deepEqual([kinds.length, new Set(kinds).size, r.body.mismatches_truncated, r.body.ok], [1000, 1, true, false]);
      assert.equal(r.body.orders.placed.amount, 100 * ORDERS + 1500, 'the figures still count every row');
    } finally {
      await db().updateTable('orders').set({ total: 100, subtotal: 100 }).where('id', '<=', 'o' + (1000000000 + 1500)).execute();
    }
  });
});
