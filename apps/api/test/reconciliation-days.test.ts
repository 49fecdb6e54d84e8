/**
 * The reconciliation reads what its jobs already checked (docs/orders.md, Reconciliation): each
 * closed day's range checks stored once by `verify-reconciliation-days`, the failing wallets
 * recorded by `verify-ledger-checkpoints`. These tests pin that a report built from them says
 * exactly what the all-live `recheck` report says, and what each side may and may not trust.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { jobs, runJobs } from '../src/jobs.ts';
import { DAY, HOUR, MINUTE } from '../src/lib/clock.ts';
import { applyMovement } from '../src/modules/ledger/ledger.ts';
import { call, countingApp, createAdmin, createTestApp, registerUser, type Res, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';

describe('reconciliation over verified days', () => {
  let t: TestApp;
  let admin: TestUser;
  let item: string;
  let seq = 0;
  const db = () => t.db.database.db;
  const report = (range: string, recheck = false) =>
    call(t.app, 'GET', `/api/v1/admin/reconciliation?${range}${recheck ? '&recheck=true' : ''}`, { token: admin.token });
  /** Moves the clock; a new admin session, as the old token has expired meanwhile. */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    admin = await createAdmin(t);
  };
  const runJob = (name: string) => runJobs(t.app.ctx, jobs.filter((j) => j.name === name));
  /** Both jobs, as the server's timer runs them. */
  const verify = async () => {
    const r = { ...(await runJob('verify-ledger-checkpoints')), ...(await runJob('verify-reconciliation-days')) };
    assert.ok(Object.values(r).every((n) => n >= 0), 'no job failed');
    return r;
  };
  const storedDays = async () => (await db().selectFrom('reconciled_days').select('day').orderBy('day').execute()).map((r) => r.day);
  /** What a report says, the per-wallet list's "as of" note aside. */
  const said = (r: Res) => {
    assert.equal(r.status, 200, r.text);
    const { from, to, currency, topups, orders, balances, ok, mismatches, mismatches_truncated } = r.body;
    const listed = (mismatches as { kind: string; id: string; detail: string }[])
      .map((m) => `${m.kind}:${m.id}:${m.detail.replace(/ \(as of the verify-ledger-checkpoints run at [^)]*\)$/, '')}`)
      .sort();
    return { from, to, currency, topups, orders, balances, ok, listed, mismatches_truncated };
  };
  /**
   * The report over the stored days and the all-live one agree (once the per-wallet job has run),
   * on a range with partial days at both ends and on one from midnight to midnight.
   */
  async function sameAsRecheck(since: Date): Promise<ReturnType<typeof said>> {
    await runJob('verify-ledger-checkpoints');
    const ranges = [
      `from=${since.toISOString()}&to=${t.clock.now().toISOString()}`,
      `from=${since.toISOString().slice(0, 10)}&to=${t.clock.now().toISOString().slice(0, 10)}`,
    ];
    let first: ReturnType<typeof said> | undefined;
    for (const range of ranges) {
      const stored = said(await report(range));
      assert.deepEqual(stored, said(await report(range, true)), range);
      first ??= stored;
    }
    return first!;
  }
  const kinds = (s: { listed: string[] }) => s.listed.map((l) => l.split(':').slice(0, 2).join(':'));

  async function customer(funds: number) {
    const u = await registerUser(t.app);
    await credit(t, u.id, funds);
    return u;
  }
  /** A completed top-up with its ledger credit and its credited webhook log, as the credit path writes them. */
  async function topup(userId: string, amount: number): Promise<string> {
    const id = `topup-${++seq}`;
    const now = t.clock.now().toISOString();
    await db().transaction().execute(async (trx) => {
      await trx.insertInto('topups').values({
        id, token_hash: `h-${id}`, user_id: userId, amount, currency: 'INR', status: 'completed', expires_at: now,
        attached_gateway: null, gateway_order_id: null, gateway: 'gateway_a', gateway_txn_id: `txn-${id}`, credited_at: now, created_at: now, updated_at: now,
      }).execute();
      await applyMovement(t.app.ctx, trx, { userId, type: 'topup', amount, reference: id });
      await trx.insertInto('webhook_logs').values({
        id: `wh-${id}`, endpoint: 'topup-credit', gateway: 'gateway_a', token: null, topup_id: id, gateway_txn_id: `txn-${id}`, outcome: 'credited', reason: null, created_at: now,
      }).execute();
    });
    return id;
  }
  const place = async (u: TestUser, qty = 1) => {
    const r = await order(t, u, [{ product_id: item, quantity: qty }]);
    assert.equal(r.status, 201, r.text);
    return r.body as { id: string; total: number };
  };
  const refund = async (id: string, amount: number) => {
    const r = await call(t.app, 'POST', `/api/v1/admin/orders/${id}/refund`, { token: admin.token, body: { amount } });
    assert.equal(r.status, 201, r.text);
    return r.body as { id: string };
  };
  /** A day of trade: top-ups, orders, a refund; returns a customer. */
  async function trade() {
    const u = await customer(5_000);
    await topup(u.id, 700);
    const a = await place(u, 2);
    await place(u);
    await refund(a.id, 150);
    return u;
  }

  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
    item = await product(t, admin, 100, 1_000_000);
  });
  after(() => t.close());

  it('before the ledger job\'s first run, the report checks every wallet live, as recheck does, and says so', async () => {
    const u = await customer(300);
    const range = `from=${new Date(t.clock.now().getTime() - HOUR).toISOString()}&to=${t.clock.now().toISOString()}`;
    const clean = await report(range);
    assert.deepEqual([said(clean).ok, clean.body.balances_as_of], [true, null]);
    await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits + 40` }).where('user_id', '=', u.id).execute();
    try {
      const r = await report(range);
      assert.deepEqual(kinds(said(r)), [`balance_mismatch:${u.id}`, 'balance_total_mismatch:wallets'].sort());
      assert.deepEqual([r.body.balances.sum_of_balances - r.body.balances.sum_of_ledger, r.body.balances_as_of], [40, null]);
      assert.deepEqual(said(r), said(await report(range, true)));
    } finally {
      await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits - 40` }).where('user_id', '=', u.id).execute();
    }
  });

  it('on a clean shop, the report over the verified days says exactly what the live recheck says', async () => {
    const since = new Date(t.clock.now().getTime() - HOUR);
    await trade();
    await advance(DAY);
    await trade();
    await advance(DAY);
    await trade();
    await advance(6 * HOUR);
    const r = await verify();
    assert.ok(r['verify-reconciliation-days']! >= 2, `the closed days were checked: ${JSON.stringify(r)} ${t.clock.now().toISOString()} ${JSON.stringify(await storedDays())}`);
    assert.equal((await verify())['verify-reconciliation-days'], 0, 'each day once');
    const s = await sameAsRecheck(since);
    assert.deepEqual([s.ok, s.listed], [true, []]);
    assert.equal(s.orders.placed.count, 6);
    assert.equal(s.orders.refunds.amount, 450);
    assert.equal(s.topups.completed.amount, 2_100);
  });

  it('with every kind of defect planted in a day before it was verified, both reports list the same', async () => {
    const since = new Date(t.clock.now().getTime() - HOUR);
    const now = t.clock.now().toISOString();
    const u = await customer(10_000);
    const v = await customer(2_000);
    // Top-ups: one without its ledger row, one credited another amount; a ledger top-up and a credited webhook of no top-up.
    const lost = await topup(u.id, 100);
    await db().deleteFrom('wallet_transactions').where('reference', '=', lost).execute();
    const other = await topup(u.id, 200);
    await db().updateTable('topups').set({ amount: 250 }).where('id', '=', other).execute();
    await db().insertInto('wallet_transactions').values({ id: '019a0000-0000-7000-8000-000000000001', user_id: v.id, type: 'topup', amount: 50, balance_after: 50, reference: 'no-such-topup', created_at: now }).execute();
    await db().insertInto('wallet_transactions').values({ id: '019a0000-0000-7000-8000-000000000002', user_id: v.id, type: 'order_refund', amount: 30, balance_after: 80, reference: 'no-such-refund', created_at: now }).execute();
    await db().insertInto('webhook_logs').values({ id: 'wh-orphan', endpoint: 'topup-credit', gateway: 'gateway_a', token: null, topup_id: 'no-such-topup', gateway_txn_id: 'x', outcome: 'credited', reason: null, created_at: now }).execute();
    // Orders: a payment altered, one deleted, one paying no order; a refund's ledger row deleted.
    const o1 = await place(u);
    await db().updateTable('wallet_transactions').set({ amount: -99 }).where('reference', '=', o1.id).execute();
    const o2 = await place(u);
    await db().deleteFrom('wallet_transactions').where('reference', '=', o2.id).execute();
    const o3 = await place(u);
    await db().updateTable('wallet_transactions').set({ reference: 'no-such-order' }).where('reference', '=', o3.id).execute();
    const o4 = await place(u, 3);
    const rf = await refund(o4.id, 120);
    await db().deleteFrom('wallet_transactions').where('reference', '=', rf.id).execute();
    // A wallet changed without a ledger row.
    await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits + 5` }).where('user_id', '=', v.id).execute();
    await advance(DAY + 30 * MINUTE);
    await verify();
    const s = await sameAsRecheck(since);
    assert.deepEqual([...new Set(kinds(s))].sort(), [
      `balance_mismatch:${u.id}`,
      `balance_mismatch:${v.id}`,
      'balance_total_mismatch:wallets',
      `order_payment_mismatch:${o1.id}`,
      `order_without_payment:${o2.id}`,
      `order_without_payment:${o3.id}`,
      `payment_without_order:${(await db().selectFrom('wallet_transactions').select('id').where('reference', '=', 'no-such-order').executeTakeFirstOrThrow()).id}`,
      `refund_mismatch:${o4.id}`,
      'ledger_topup_without_topup:019a0000-0000-7000-8000-000000000001',
      'ledger_refund_without_refund:019a0000-0000-7000-8000-000000000002',
      `topup_amount_mismatch:${other}`,
      `topup_without_ledger:${lost}`,
      'webhook_credited_without_topup:wh-orphan',
    ].sort());
    const day = since.toISOString().slice(0, 10);
    const stored = await db().selectFrom('reconciled_days').select('mismatches').where('day', '=', day).executeTakeFirstOrThrow();
    assert.ok(JSON.parse(stored.mismatches).some((m: { kind: string }) => m.kind === 'order_without_payment'), 'the day\'s defects were stored, so the report read them from there');
    // A day stored before the orphan-refund check existed: the report still finds the credit, once.
    const older = JSON.parse(stored.mismatches).filter((m: { kind: string }) => m.kind !== 'ledger_refund_without_refund');
    await db().updateTable('reconciled_days').set({ mismatches: JSON.stringify(older) }).where('day', '=', day).execute();
    assert.ok(kinds(await sameAsRecheck(since)).includes('ledger_refund_without_refund:019a0000-0000-7000-8000-000000000002'));
    // Put right, so that the later tests start clean (the wallet's own failure goes with the next job run).
    await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits - 5` }).where('user_id', '=', v.id).execute();
    await db().deleteFrom('wallet_transactions').where('user_id', 'in', [u.id, v.id]).execute();
    await db().deleteFrom('ledger_checkpoints').where('user_id', 'in', [u.id, v.id]).execute();
    await db().updateTable('wallets').set({ shopping_credits: 0, last_entry_id: null }).where('user_id', 'in', [u.id, v.id]).execute();
    await db().deleteFrom('reconciled_days').where('day', '>=', day).execute();
    await db().deleteFrom('daily_figures').where('day', '>=', day).execute();
    await db().deleteFrom('refunds').where('order_id', 'in', [o1.id, o2.id, o3.id, o4.id]).execute();
    await db().deleteFrom('order_items').where('order_id', 'in', [o1.id, o2.id, o3.id, o4.id]).execute();
    await db().deleteFrom('order_events').where('order_id', 'in', [o1.id, o2.id, o3.id, o4.id]).execute();
    await db().deleteFrom('orders').where('id', 'in', [o1.id, o2.id, o3.id, o4.id]).execute();
    await db().deleteFrom('webhook_logs').where('created_at', '=', now).execute();
    await db().deleteFrom('topups').where('id', 'in', [lost, other]).execute();
    await verify();
    assert.equal(said(await report(`from=${since.toISOString()}&to=${t.clock.now().toISOString()}`)).ok, true);
  });

  it('a refund made after its order\'s day was verified is checked, live', async () => {
    const since = new Date(t.clock.now().getTime() - HOUR);
    const u = await customer(5_000);
    const o = await place(u, 4);
    // Another order's refund lost its ledger row on the day: the day's stored check lists it.
    const w = await customer(5_000);
    const o2 = await place(w, 2);
    const early = await refund(o2.id, 30);
    const lost = await db().selectFrom('wallet_transactions').selectAll().where('reference', '=', early.id).executeTakeFirstOrThrow();
    await db().deleteFrom('wallet_transactions').where('id', '=', lost.id).execute();
    await advance(DAY + 30 * MINUTE);
    await verify();
    const day = since.toISOString().slice(0, 10);
    assert.ok((await storedDays()).includes(day), 'the order\'s day is verified, with no refund yet');
    const stored = await db().selectFrom('reconciled_days').select('mismatches').where('day', '=', day).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(stored.mismatches).map((m: { kind: string; id: string }) => `${m.kind}:${m.id}`), [`refund_mismatch:${o2.id}`]);
    const good = await refund(o.id, 100);
    // o2's later refund: its stored mismatch gives way to what the live check finds now (listed once).
    await refund(o2.id, 20);
    const s0 = await sameAsRecheck(since);
    assert.deepEqual(s0.listed.filter((l) => !l.startsWith('balance')), [`refund_mismatch:${o2.id}:refunded_amount 50, refund rows 50, ledger refunds 20`], 'a late refund that agrees is no mismatch');
    const bad = await refund(o.id, 50);
    await db().deleteFrom('wallet_transactions').where('reference', '=', bad.id).execute();
    try {
      const s = await sameAsRecheck(since);
      assert.ok(kinds(s).includes(`refund_mismatch:${o.id}`), JSON.stringify(s.listed));
      assert.ok(kinds(s).includes(`refund_mismatch:${o2.id}`), JSON.stringify(s.listed));
      assert.ok(s.listed.includes(`refund_mismatch:${o.id}:refunded_amount 150, refund rows 150, ledger refunds 100`), JSON.stringify(s.listed));
    } finally {
      await db().deleteFrom('refunds').where('id', '=', bad.id).execute();
      await db().updateTable('orders').set({ refunded_amount: 100 }).where('id', '=', o.id).execute();
      await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits - 50` }).where('user_id', '=', u.id).execute();
      await db().insertInto('wallet_transactions').values(lost).execute();
      // The dashboard's rollup stored the day without it (the ledger total trusts stored days).
      await db().deleteFrom('daily_figures').where('day', '>=', day).execute();
    }
    assert.ok(good.id);
    await verify();
  });

  it('a wallet broken behind the job\'s back is in the list and the totals once the job has run, and cleared at its next run once put right', async () => {
    const u = await customer(800);
    await verify();
    const ranAt = t.clock.now().toISOString();
    const range = `from=${new Date(t.clock.now().getTime() - HOUR).toISOString()}&to=${t.clock.now().toISOString()}`;
    const clean = await report(range);
    assert.deepEqual([said(clean).listed, clean.body.balances_as_of], [[], ranAt]);
    await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits + 70` }).where('user_id', '=', u.id).execute();
    try {
      const before = await report(range);
      assert.deepEqual([said(before).listed, before.body.balances, before.body.balances_as_of], [[], clean.body.balances, ranAt], 'before the job: its last run, totals included');
      await advance(MINUTE);
      await verify();
      const r = await report(range);
      assert.deepEqual(kinds(said(r)), [`balance_mismatch:${u.id}`, 'balance_total_mismatch:wallets'].sort());
      assert.deepEqual([r.body.balances.sum_of_balances - r.body.balances.sum_of_ledger, r.body.balances_as_of], [70, t.clock.now().toISOString()]);
      const asOf = new RegExp(`as of the verify-ledger-checkpoints run at ${t.clock.now().toISOString().replace(/\./g, '\\.')}`);
      for (const kind of ['balance_mismatch', 'balance_total_mismatch']) assert.match(r.body.mismatches.find((m: { kind: string }) => m.kind === kind).detail, asOf, kind);
    } finally {
      await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits - 70` }).where('user_id', '=', u.id).execute();
    }
    assert.deepEqual(kinds(said(await report(range))), [`balance_mismatch:${u.id}`, 'balance_total_mismatch:wallets'].sort(), 'the list and the totals are the job\'s last run');
    await verify();
    assert.deepEqual(said(await report(range)).listed, [], 'cleared by the next run');
  });

  it('each run\'s totals are the whole shop\'s as of the run: wallets that moved, new ones and untouched ones, exactly as recheck counts them', async () => {
    const range = `from=${new Date(t.clock.now().getTime() - HOUR).toISOString()}&to=${t.clock.now().toISOString()}`;
    await verify();
    const first = await report(range);
    const ranAt = first.body.balances_as_of;
    assert.deepEqual(first.body.balances, (await report(range, true)).body.balances);
    // After the run: a wallet moves (an order), a new wallet is funded, a wallet is emptied by hand with its ledger row.
    const u = await customer(900);
    await place(u, 3);
    const v = await customer(1_000);
    await db().transaction().execute((trx) => applyMovement(t.app.ctx, trx, { userId: v.id, type: 'adjustment', amount: -1_000, reference: 'emptied' }));
    const moved = (await report(range, true)).body.balances;
    assert.deepEqual([moved.wallets - first.body.balances.wallets, moved.sum_of_balances - first.body.balances.sum_of_balances], [2, 600]);
    const stale = await report(range);
    assert.deepEqual([stale.body.balances, stale.body.balances_as_of], [first.body.balances, ranAt], 'between runs: the last run\'s totals, as of then');
    await advance(MINUTE);
    const live = (await report(range, true)).body.balances;
    await verify();
    const next = await report(range);
    assert.deepEqual([next.body.balances, next.body.balances_as_of, next.body.ok], [live, t.clock.now().toISOString(), true]);
  });

  it('reads no wallet row: the totals and the failing wallets come from the job\'s tables', async () => {
    await verify();
    const counting = await countingApp(t);
    try {
      const range = `from=${new Date(t.clock.now().getTime() - 30 * DAY).toISOString()}&to=${t.clock.now().toISOString()}`;
      const ask = async (recheck: boolean) => {
        counting.statements.length = 0;
        const r = await call(counting.app, 'GET', `/api/v1/admin/reconciliation?${range}${recheck ? '&recheck=true' : ''}`, { token: admin.token });
        assert.equal(r.status, 200, r.text);
        return counting.statements.filter((q) => /\b(from|join)\s+"?wallets\b/i.test(q));
      };
      assert.deepEqual(await ask(false), []);
      assert.ok((await ask(true)).length > 0, 'recheck reads the wallets (the log sees them)');
    } finally {
      await counting.close();
    }
  });
});
