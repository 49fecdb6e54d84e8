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
