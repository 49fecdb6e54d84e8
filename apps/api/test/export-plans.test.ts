/**
 * The plans of the CSV exports' batches (docs/admin-exports.md, "Streamed") and of the order and
 * ledger lists' pages, which go in the same order: one range of a (filter, created_at, id) index
 * read backwards from the last row written, whatever the planner knows of the values; a customer's
 * ledger rows one range of `wallet_transactions_user_idx` (user_id, id), their wallet's chain order.
 * On PostgreSQL both the plan made with the values (custom) and the plan made once for any values
 * (generic, what a prepared statement settles on after five runs) are checked; time-ordered ids
 * make walking the primary key backwards look cheap to both. On SQLite the batch is a SEARCH
 * through the index with no sort. The admin order list over a range of dates or totals is planned
 * per call for the same reason. Two years of rows, analysed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase, PLAN_PER_CALL, ROWS_AS_ARRAYS, type Database } from '../src/db/kysely.ts';
import { exportTransactions, listTransactions, walletTransactions } from '../src/modules/ledger/index.ts';
import { exportOrders, listOrders } from '../src/modules/orders/index.ts';
import { createTestDb, onPostgres, type TestDb } from './helpers.ts';
import { planOf, sqlLiteral } from './support/plans.ts';

const ROWS = 200_000;
const USERS = 100;
const START = Date.parse('2024-01-01T00:00:00.000Z');
const STEP_S = Math.floor((730 * 86_400) / ROWS);
/** Row i's time, as the SQL below writes it. */
const at = (i: number) => new Date(START + i * STEP_S * 1000).toISOString();
const key = (prefix: string, i: number) => `${prefix}${1_000_000_000 + i}`;

describe('export batches and list pages walk one index', () => {
  let t: TestDb;
  let probe: Database;
  let last: CompiledQuery | undefined;

  before(async () => {
    t = await createTestDb();
    const db = t.database.db;
    const series = (n: number) => sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(n - 1)})`;
    const id = (prefix: string, expr: string) => sql.raw(`'${prefix}' || cast(1000000000 + ${expr} as text)`);
    // The same instant as `at(i)`, in each database's own date functions.
    const time = onPostgres
      ? sql.raw(`to_char(timestamp '2024-01-01' + i * interval '${STEP_S} seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
      : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', ${START / 1000} + i * ${STEP_S}, 'unixepoch')`);
    const now = at(0);
    await sql`insert into users (id, full_name, created_at, updated_at) ${series(USERS)} select ${id('u', 'i')}, 'bulk', ${now}, ${now} from s`.execute(db);
    await sql`insert into wallets (user_id, shopping_credits, created_at, updated_at) ${series(USERS)} select ${id('u', 'i')}, 0, ${now}, ${now} from s`.execute(db);
    // Six types as a real ledger has them, the most common half the rows.
    await sql`insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
      ${series(ROWS)} select ${id('l', 'i')}, ${id('u', `i % ${USERS}`)},
        case when i % 2 = 0 then 'order_payment' when i % 10 in (1, 3) then 'topup' when i % 10 = 5 then 'daily_spin' when i % 10 = 7 then 'order_refund' else 'adjustment' end,
        case when i % 2 = 0 then -1 else 1 end, 1, null, ${time} from s`.execute(db);
    await sql`insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at)
      ${series(ROWS)} select ${id('o', 'i')}, ${id('u', `i % ${USERS}`)}, case when i % 10 = 0 then 'placed' else 'delivered' end, 100, 100, 0, 'INR', ${time}, ${time} from s`.execute(db);
    await sql`analyze`.execute(db);
    probe = openDatabase(t.url, { onQuery: (e) => (last = e.query) });
  });

  after(async () => {
    await probe?.close();
    await t?.drop();
  });

  /** The SQL and values of one batch, as the export sends them. */
  async function batch(run: (db: Database['db']) => Promise<unknown>): Promise<CompiledQuery> {
    last = undefined;
    await run(probe.db);
    assert.ok(last, 'the batch ran one statement');
    return last;
  }


  /** PostgreSQL's plan for the statement prepared once, then planned with its values (custom) or for any values (generic). */
  async function pgPlans(q: CompiledQuery): Promise<Record<'custom' | 'generic', string>> {
    return await t.database.db.connection().execute(async (c) => {
      const plans = { custom: '', generic: '' };
      await c.executeQuery(CompiledQuery.raw(`prepare export_batch as ${q.sql}`));
      try {
        for (const mode of ['custom', 'generic'] as const) {
          await c.executeQuery(CompiledQuery.raw(`set plan_cache_mode = force_${mode}_plan`));
          const r = await c.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain execute export_batch(${q.parameters.map(sqlLiteral).join(', ')})`));
          plans[mode] = r.rows.map((x) => x['QUERY PLAN']).join('\n');
        }
      } finally {
        await c.executeQuery(CompiledQuery.raw('deallocate export_batch'));
        await c.executeQuery(CompiledQuery.raw('reset plan_cache_mode'));
      }
      return plans;
    });
  }

  /**
   * Asserts that the batch is one backward range of `index` (or, given a pattern, of one of the
   * indexes it matches) from the last row read, by (created_at, id) or, for a wallet's chain order,
   * by `id` alone; never sorted.
   */
  async function assertWalks(q: CompiledQuery, table: string, index: string | RegExp, from: 'time' | 'id' = 'time') {
    if (onPostgres) {
      for (const [mode, plan] of Object.entries(await pgPlans(q))) {
        const scan = /Index Scan Backward using (\w+) on (\w+)/.exec(plan);
        assert.ok(scan, `${mode} plan walks an index backwards:\n${plan}`);
        if (typeof index === 'string') assert.equal(scan[1], index, `${mode} plan's index:\n${plan}`);
        else assert.match(scan[1]!, index, `${mode} plan's index:\n${plan}`);
        assert.equal(scan[2], table);
        const start = from === 'time' ? /Index Cond: .*\(ROW\(created_at, id\) < ROW\(/ : /Index Cond: .*\(id < /;
        assert.match(plan, start, `${mode} plan starts the range at the last row:\n${plan}`);
        assert.doesNotMatch(plan, /\(created_at < /, `${mode} plan has no other upper bound to start from:\n${plan}`);
        assert.doesNotMatch(plan, /Sort|_pkey|Seq Scan/, `${mode} plan sorts nothing and reads no primary key:\n${plan}`);
      }
    } else {
      // Without the batch's ROWS_AS_ARRAYS ending, the plan's rows come as objects.
      const plan = await planOf(t.database.db, CompiledQuery.raw(q.sql.replace(ROWS_AS_ARRAYS, ''), [...q.parameters]), false);
      const start = from === 'time' ? '\\(created_at,id\\)<\\(\\?,\\?\\)' : 'id<\\?';
      const search = new RegExp(`^SEARCH ${table} USING INDEX (\\w+) \\(.*${start}\\)$`, 'm').exec(plan);
      assert.ok(search, `a SEARCH through an index that starts at the last row:\n${plan}`);
      if (typeof index === 'string') assert.equal(search[1], index, plan);
      else assert.match(search[1]!, index, plan);
      assert.doesNotMatch(plan, /USE TEMP B-TREE/, `no sort:\n${plan}`);
    }
  }

  // A batch in the middle of a month a year back: the rows after the month and the month's newer half are behind it.
  const month = { from: '2024-12-01T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' };
  const mid = Math.floor((Date.parse('2024-12-15T00:00:00.000Z') - START) / 1000 / STEP_S);
  const older = { created_at: at(mid), id: key('l', mid) };

  it("a month's transactions: the time index from the last row written, not the primary key", async () => {
    const q = await batch((db) => exportTransactions(db, { ...month, older, limit: 500 }));
    await assertWalks(q, 'wallet_transactions', 'wallet_transactions_created_idx');
  });

  it("one customer's transactions: the wallet's chain order, through the customer's index", async () => {
    const q = await batch((db) => exportTransactions(db, { userId: key('u', 7), older, limit: 500 }));
    await assertWalks(q, 'wallet_transactions', 'wallet_transactions_user_idx', 'id');
  });

  it("a month's transactions of one type: a time index, the type's or the ledger's", async () => {
    const q = await batch((db) => exportTransactions(db, { ...month, type: 'topup', older, limit: 500 }));
    await assertWalks(q, 'wallet_transactions', /^wallet_transactions_(type_)?created_idx$/);
  });

  it('orders, all and by status: a time index from the last order written', async () => {
    const o = { created_at: at(mid), id: key('o', mid) };
    await assertWalks(await batch((db) => exportOrders(db, { ...month, older: o, limit: 500 })), 'orders', 'orders_created_idx');
    await assertWalks(await batch((db) => exportOrders(db, { status: 'placed', older: o, limit: 500 })), 'orders', /^orders_(status_)?created_idx$/);
  });

  it('the order lists page through the time index of their filter from the cursor', async () => {
    const o = { created_at: at(mid), id: key('o', mid) };
    await assertWalks(await batch((db) => listOrders(db, { before: o, limit: 21 })), 'orders', 'orders_created_idx');
    // A status a tenth of the orders hold: PostgreSQL may walk all orders' time index and skip the others.
    await assertWalks(await batch((db) => listOrders(db, { status: 'placed', before: o, limit: 21 })), 'orders', /^orders_(status_)?created_idx$/);
    await assertWalks(await batch((db) => listOrders(db, { userId: key('u', 7), before: o, limit: 21 })), 'orders', 'orders_user_created_idx');
    await assertWalks(await batch((db) => listOrders(db, { userId: key('u', 7), status: 'placed', before: o, limit: 21 })), 'orders', /^orders_(user|status)_created_idx$/);
  });

  it("the ledger lists: all and by type through a time index, a customer's in the wallet's chain order", async () => {
    await assertWalks(await batch((db) => listTransactions(db, { before: older, limit: 21 })), 'wallet_transactions', 'wallet_transactions_created_idx');
    await assertWalks(await batch((db) => listTransactions(db, { type: 'topup', before: older, limit: 21 })), 'wallet_transactions', /^wallet_transactions_(type_)?created_idx$/);
    await assertWalks(await batch((db) => listTransactions(db, { userId: key('u', 7), before: older, limit: 21 })), 'wallet_transactions', 'wallet_transactions_user_idx', 'id');
    await assertWalks(await batch((db) => walletTransactions(db, { userId: key('u', 7), before: older.id, limit: 21 })), 'wallet_transactions', 'wallet_transactions_user_idx', 'id');
  });

  it("the admin order list over a month's dates and totals: planned with its values, through the time index", async () => {
    // A generic plan knows neither how many orders the month holds nor how many pass the total: it
    // walked every order backwards by the primary key for a month holding no match (0.5–0.9 s at 1 M).
    const q = await batch((db) => listOrders(db, { ...month, totalMin: 1000, before: null, limit: 21 }));
    assert.ok(q.sql.endsWith(PLAN_PER_CALL), `the ranged list runs unnamed, planned per call:\n${q.sql}`);
    if (onPostgres) {
      const { custom } = await pgPlans(q);
      assert.match(custom, /Index (Only )?Scan (using|on) orders_created_idx/, `the month's range through the time index:\n${custom}`);
      assert.doesNotMatch(custom, /orders_pkey/, `no walk of every order:\n${custom}`);
    }
  });
});
