/**
 * Real races on the ledger. In one process Kysely's SQLite driver runs every transaction on one
 * connection, one after another, so in-process "concurrency" never interleaves two movements.
 * Here several processes, each with its own connection (SQLite: one file; PostgreSQL: a pool of
 * several clients each), move one wallet at the same moment through `applyMovement`. A ledger
 * that reads the balance and writes it back later (instead of one conditional UPDATE) loses
 * updates, overdraws, or fails with SQLITE_BUSY here; the real one does none of that.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, onPostgres, registerUser, type TestApp } from './helpers.ts';
import { credit } from './orders-fixtures.ts';
import { runWorker } from './support/run-worker.ts';
import { assertLedgerMatches, balanceOf } from './support/wallet.ts';

interface Outcome {
  ok: number[];
  refused: number;
  errors: string[];
}

function race(url: string, userId: string, amounts: number[], startAt: number, concurrency: number, reversal?: { of: string; adminId: string }): Promise<Outcome> {
  return runWorker<Outcome>('ledger-race-worker.ts', {
    DATABASE_URL: url,
    RACE_USER_ID: userId,
    RACE_AMOUNTS: JSON.stringify(amounts),
    RACE_CONCURRENCY: String(concurrency),
    RACE_START_AT: String(startAt),
    ...(reversal ? { RACE_REVERSES: reversal.of, RACE_ADMIN_ID: reversal.adminId } : {}),
  });
}

describe('ledger races between processes on one database', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const RACERS = 4;
  // SQLite: one connection per process; PostgreSQL: several pool clients per process as well.
  const CONCURRENCY = onPostgres ? 4 : 1;

  it('credits and debits racing on one wallet: none lost, none doubled, no overdraft, no error', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 1_000);
    // Each racer alternates credits and debits; the debits can outrun the credits, so some are refused.
    const plan = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? -150 : 100));
    const startAt = Date.now() + 1_500;
    const outcomes = await Promise.all(Array.from({ length: RACERS }, () => race(t.db.url, u.id, plan, startAt, CONCURRENCY)));
    const errors = outcomes.flatMap((o) => o.errors);
    assert.deepEqual(errors.slice(0, 5), [], `${errors.length} movements failed`);
    const moved = outcomes.flatMap((o) => o.ok).reduce((s, a) => s + a, 0);
    assert.equal(outcomes.reduce((s, o) => s + o.ok.length + o.refused, 0), RACERS * plan.length, 'every movement answered');
    assert.equal(await balanceOf(t, u.id), 1_000 + moved, 'the balance is the start plus every acknowledged movement');
    await assertLedgerMatches(t, u.id);
    const rows = await t.db.database.db.selectFrom('wallet_transactions').select('id').where('user_id', '=', u.id).execute();
    assert.equal(rows.length, 1 + outcomes.reduce((s, o) => s + o.ok.length, 0), 'one ledger row per acknowledged movement');
  });

  it('debits racing against a balance for exactly 10 of them: exactly 10 succeed and the balance ends at 0', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 1_000);
    const startAt = Date.now() + 1_500;
    const outcomes = await Promise.all(Array.from({ length: RACERS }, () => race(t.db.url, u.id, Array(10).fill(-100), startAt, CONCURRENCY)));
    assert.deepEqual(outcomes.flatMap((o) => o.errors).slice(0, 5), []);
    assert.equal(outcomes.reduce((s, o) => s + o.ok.length, 0), 10, 'exactly the affordable debits succeed');
    assert.equal(outcomes.reduce((s, o) => s + o.refused, 0), RACERS * 10 - 10);
    assert.equal(await assertLedgerMatches(t, u.id), 0);
  });

  it('reversals of one debit racing each other give back exactly the debit, never more', async () => {
    const admin = await createAdmin(t);
    const u = await registerUser(t.app);
    await credit(t, u.id, 1_000);
    const debit = await call(t.app, 'POST', `/api/v1/admin/users/${u.id}/adjustments`, { token: admin.token, body: { amount: -500, reason: 'write-off' } });
    assert.equal(debit.status, 201, debit.text);
    const startAt = Date.now() + 1_500;
    // 40 reversals of 25 offered against a debit of 500: exactly 20 fit.
    const reversal = { of: debit.body.id as string, adminId: admin.id };
    const outcomes = await Promise.all(Array.from({ length: RACERS }, () => race(t.db.url, u.id, Array(10).fill(25), startAt, CONCURRENCY, reversal)));
    assert.deepEqual(outcomes.flatMap((o) => o.errors).slice(0, 5), []);
    assert.equal(outcomes.reduce((s, o) => s + o.ok.length, 0), 20, 'exactly the debit is given back');
    assert.equal(outcomes.reduce((s, o) => s + o.refused, 0), RACERS * 10 - 20);
    assert.equal(await assertLedgerMatches(t, u.id), 1_000);
    const rows = await t.db.database.db.selectFrom('wallet_adjustments').select(['amount', 'reversed']).where('user_id', '=', u.id).execute();
    assert.equal(rows.filter((r) => Number(r.amount) === 25).length, 20, 'one adjustment row per reversal');
    assert.equal(Number(rows.find((r) => Number(r.amount) === -500)!.reversed), 500);
  });
});

interface KeyOutcome {
  answers: { value: any; replayed: boolean }[];
  errors: string[];
}

/**
 * One Idempotency-Key sent at the same moment from several processes (each with its own
 * connection(s)) through the real services: one effect, and every answer is the first one's.
 */
describe('one Idempotency-Key from several processes', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  after(() => t.close());

  const RACERS = 4;
  const CONCURRENCY = onPostgres ? 4 : 1;

  async function raceKey(operation: string, principal: string, body: unknown, target = ''): Promise<KeyOutcome['answers']> {
    const startAt = Date.now() + 1_500;
    const env = {
      DATABASE_URL: t.db.url,
      RACE_OPERATION: operation,
      RACE_PRINCIPAL: principal,
      RACE_TARGET: target,
      RACE_KEY: `race-${operation}`,
      RACE_BODY: JSON.stringify(body),
      RACE_CONCURRENCY: String(CONCURRENCY),
      RACE_START_AT: String(startAt),
    };
    const outcomes = await Promise.all(Array.from({ length: RACERS }, () => runWorker<KeyOutcome>('idempotency-race-worker.ts', env)));
    assert.deepEqual(outcomes.flatMap((o) => o.errors).slice(0, 5), []);
    const answers = outcomes.flatMap((o) => o.answers);
    assert.equal(answers.length, RACERS * CONCURRENCY, 'every request answered');
    return answers;
  }

  async function paidOrder(u: { id: string; token: string }, price: number, qty: number) {
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Race', price, stock: 50, description: 'x' } });
    const o = await call(t.app, 'POST', '/api/v1/orders', { token: u.token, body: { items: [{ product_id: p.body.id, quantity: qty }] } });
    assert.equal(o.status, 201, o.text);
    return { productId: p.body.id as string, orderId: o.body.id as string };
  }

  it('an order placed with one key: one order, one debit, one stock take; every answer is that order', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const p = await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Race', price: 1000, stock: 50, description: 'x' } });
    const answers = await raceKey('order', u.id, { items: [{ product_id: p.body.id, quantity: 2 }] });
    assert.equal(new Set(answers.map((a) => a.value.id)).size, 1, 'one order in every answer');
    assert.equal(answers.filter((a) => !a.replayed).length, 1, 'one first answer, the rest replays');
    const orders = await t.db.database.db.selectFrom('orders').select('id').where('user_id', '=', u.id).execute();
    assert.deepEqual(orders.map((o) => o.id), [answers[0]!.value.id]);
    assert.equal(await assertLedgerMatches(t, u.id), 8_000);
    const stock = await t.db.database.db.selectFrom('products').select('stock').where('id', '=', p.body.id).executeTakeFirstOrThrow();
    assert.equal(Number(stock.stock), 48);
  });

  it('a partial refund sent with one key: one refund, one credit; every answer is that refund', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const { orderId } = await paidOrder(u, 1000, 5);
    const answers = await raceKey('refund', admin.id, { amount: 700, reason: 'dented' }, orderId);
    assert.equal(new Set(answers.map((a) => a.value.id)).size, 1);
    const refunds = await t.db.database.db.selectFrom('refunds').select(['id', 'amount']).where('order_id', '=', orderId).execute();
    assert.deepEqual(refunds.map((r) => [r.id, Number(r.amount)]), [[answers[0]!.value.id, 700]]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 5_000 + 700);
  });

  it('a wallet adjustment sent with one key: one debit; every answer is that adjustment', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 1_000);
    const answers = await raceKey('adjust', admin.id, { amount: -300, reason: 'race write-off' }, u.id);
    assert.equal(new Set(answers.map((a) => a.value.id)).size, 1);
    assert.equal(answers.filter((a) => !a.replayed).length, 1);
    const rows = await t.db.database.db.selectFrom('wallet_adjustments').select('id').where('user_id', '=', u.id).execute();
    assert.deepEqual(rows.map((r) => r.id), [answers[0]!.value.id]);
    assert.equal(await assertLedgerMatches(t, u.id), 700);
  });

  it('a bulk move sent with one key: each order moved once (one audit row each); every answer is the same', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 100_000);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { orderId } = await paidOrder(u, 100, 1);
      const to = i === 5 ? 'cancelled' : 'processing';
      assert.equal((await call(t.app, 'POST', `/api/v1/admin/orders/${orderId}/status`, { token: admin.token, body: { status: to } })).status, 200);
      ids.push(orderId);
    }
    const audits = () => t.db.database.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'order.status').where('entity_id', 'in', ids).execute();
    const before = (await audits()).length;
    const answers = await raceKey('bulk', admin.id, { order_ids: ids, status: 'shipped' });
    for (const a of answers) assert.deepEqual(a.value, answers[0]!.value);
    assert.deepEqual([answers[0]!.value.moved, answers[0]!.value.refused], [5, 1]);
    assert.equal(answers[0]!.value.results[5].refusal.error, 'invalid_transition');
    assert.equal((await audits()).length - before, 5, 'one status move (and audit row) per order');
    const rows = await t.db.database.db.selectFrom('orders').select('status').where('id', 'in', ids).execute();
    assert.deepEqual(rows.map((r) => r.status).sort(), ['cancelled', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped']);
  });
});
