/**
 * Every index on the tables an order placement writes is kept up by every order, so each one here
 * has a route that reads it (docs/decisions/0005-order-rate-and-indexes.md). An index added to
 * these tables, or one dropped, changes this list on purpose.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestDb, onPostgres, type TestDb } from './helpers.ts';
import * as ledgerListsByTime from '../src/modules/ledger/migrations/2026-11-27-32-ledger-lists-by-time.ts';
import * as orderListsByTime from '../src/modules/orders/migrations/2026-11-27-32-order-lists-by-time.ts';

/** The secondary indexes (keys and UNIQUE constraints aside), each with what reads it. */
const READERS: Record<string, string> = {
  orders_created_idx: 'the order list and its export, dashboard ranges, reconciliation',
  orders_user_created_idx: "the shopper's orders, the admin list and export by customer, the order search's buyers",
  orders_status_created_idx: 'the admin order list and export by status',
  order_events_order_idx: "an order's timeline",
  wallets_extras_idx: "the dashboard's reward points and e-vouchers (not written by a debit)",
  wallet_transactions_user_idx: "the wallet's history, a customer's ledger list and export, the ledger checkpoints",
  wallet_transactions_created_idx: 'the admin ledger list and its export, ledger ranges: reconciliation, dashboard',
  wallet_transactions_type_created_idx: "the admin ledger list and export by type",
  wallet_transactions_refund_ref_idx: "the reconciliation's refunds (partial: no entry for a payment)",
  wallet_transactions_topup_once: 'one ledger row per top-up (partial: no entry for a payment)',
  products_active_idx: 'the catalogue',
  products_category_idx: 'the catalogue by category',
  ...(onPostgres && { products_name_trgm_idx: 'product search (SQLite: an FTS5 table)' }),
};
const TABLES = ['orders', 'order_items', 'order_events', 'wallets', 'wallet_transactions', 'products'];

describe('the indexes an order keeps up', () => {
  let t: TestDb;
  before(async () => {
    t = await createTestDb();
  });
  after(() => t.drop());

  /** The secondary indexes on TABLES, sorted. */
  async function indexes(): Promise<string[]> {
    const db = t.database.db;
    const { rows } = onPostgres
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename in (${sql.join(TABLES)})
          and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in (${sql.join(TABLES)})
          and name not like 'sqlite_autoindex_%'`.execute(db);
    return rows.map((r) => r.name).sort();
  }

  it('are exactly the ones a route reads', async () => {
    assert.deepEqual(await indexes(), Object.keys(READERS).sort());
  });

  it("migration 32's down puts back the (…, id) twins the lists no longer read, and its up drops them again", async () => {
    const db = t.database.db as never;
    await orderListsByTime.down(db);
    await ledgerListsByTime.down(db);
    const twins = ['orders_user_idx', 'orders_status_idx', 'wallet_transactions_type_idx', 'wallet_transactions_user_created_idx'];
    assert.deepEqual(await indexes(), [...Object.keys(READERS), ...twins].sort());
    await ledgerListsByTime.up(db);
    await orderListsByTime.up(db);
    assert.deepEqual(await indexes(), Object.keys(READERS).sort());
  });
});
