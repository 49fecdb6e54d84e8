/**
 * The reconciliation's all-time "balance = ledger" check is incremental (docs/orders.md): per
 * wallet, a checkpoint (newest verified ledger row, balance there) that each run moves forward
 * over the rows it verified. These tests pin what that may and may not trust. Most reconcile an
 * empty range (the year 2000), so that only the all-time check can find anything.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { jobs, runJobs } from '../src/jobs.ts';
import { entryIdAfter } from '../src/modules/ledger/index.ts';
import { call, createAdmin, createTestApp, onPostgres, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit } from './orders-fixtures.ts';

describe('reconciliation: per-wallet ledger checkpoints', () => {
  let t: TestApp;
  let admin: TestUser;
  const db = () => t.db.database.db;
  const report = (range = 'from=2000-01-01&to=2000-02-01') => call(t.app, 'GET', `/api/v1/admin/reconciliation?${range}`, { token: admin.token });
  /** The job moves the checkpoints, then the report reads them (the report itself writes nothing). */
  const reconcile = async (range?: string) => {
    await runJobs(t.app.ctx, jobs.filter((j) => j.name === 'verify-ledger-checkpoints'));
    return report(range);
  };
  const found = (r: { body: { mismatches: { kind: string; id: string }[] } }) => r.body.mismatches.map((m) => `${m.kind}:${m.id}`).sort();
  const checkpoint = (userId: string) => db().selectFrom('ledger_checkpoints').select(['entry_id', 'balance']).where('user_id', '=', userId).executeTakeFirst();
  const wallet = (userId: string) => db().selectFrom('wallets').select(['last_entry_id', 'shopping_credits']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  async function funded(...amounts: number[]): Promise<string> {
    const u = await registerUser(t.app);
    for (const a of amounts) await credit(t, u.id, a);
    return u.id;
  }

  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
  });
  after(() => t.close());

  it('moves each wallet\'s checkpoint to its newest row and balance, and on the next run reads only the rows after it', async () => {
    const u = await funded(100, 250);
    const first = await reconcile();
    assert.equal(first.status, 200, first.text);
    assert.deepEqual([first.body.ok, first.body.mismatches], [true, []]);
    const w = await wallet(u);
    assert.deepEqual(await checkpoint(u), { entry_id: w.last_entry_id, balance: 350 });

    // A row behind the checkpoint is not read again by the all-time check (that is what makes it
    // incremental); the range check still reads it whenever its range is reconciled.
    const oldest = await db().selectFrom('wallet_transactions').select('id').where('user_id', '=', u).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('wallet_transactions').set({ balance_after: 90 }).where('id', '=', oldest.id).execute();
    try {
      assert.deepEqual(found(await reconcile()), [], 'the all-time check does not re-read verified rows');
      const all = await reconcile(`from=2000-01-01&to=${new Date(t.clock.now().getTime() + 60_000).toISOString()}`);
      assert.deepEqual(found(all), [`balance_mismatch:${u}`, `balance_mismatch:${u}`], 'the range check reads them (both rows now break the running balance)');
    } finally {
      await db().updateTable('wallet_transactions').set({ balance_after: 100 }).where('id', '=', oldest.id).execute();
    }

    await credit(t, u, 50);
    const again = await reconcile();
    assert.deepEqual([again.body.ok, again.body.balances.sum_of_balances === again.body.balances.sum_of_ledger], [true, true]);
    assert.deepEqual(await checkpoint(u), { entry_id: (await wallet(u)).last_entry_id, balance: 400 });
  });

  it('finds a balance changed behind a checkpoint\'s back, although the wallet never moves again (the checkpoint is not trusted blindly)', async () => {
    const u = await funded(300);
    assert.equal((await reconcile()).body.ok, true);
    // A bug credits the wallet without writing a ledger row: no new row, so nothing "moved".
    await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits + 500` }).where('user_id', '=', u).execute();
    try {
      for (let run = 0; run < 2; run++) {
        const r = await reconcile();
        assert.deepEqual(found(r), ['balance_total_mismatch:wallets', `balance_mismatch:${u}`].sort(), `run ${run}`);
        assert.equal(r.body.balances.sum_of_balances - r.body.balances.sum_of_ledger, 500);
      }
      assert.deepEqual(await checkpoint(u), { entry_id: (await wallet(u)).last_entry_id, balance: 300 }, 'the checkpoint keeps what the ledger says');
    } finally {
      await db().updateTable('wallets').set({ shopping_credits: sql`shopping_credits - 500` }).where('user_id', '=', u).execute();
    }
    assert.equal((await reconcile()).body.ok, true);
  });

  it('a broken new row stops the wallet\'s checkpoint, and every later run reports it again', async () => {
    const u = await funded(200);
    assert.equal((await reconcile()).body.ok, true);
    const before = await checkpoint(u);
    // A movement written wrongly: the wallet gains 100 but the row says the balance is 290.
    const id = entryIdAfter(t.clock, (await wallet(u)).last_entry_id);
    const now = t.clock.now().toISOString();
    await db().transaction().execute(async (trx) => {
      await trx.updateTable('wallets').set({ shopping_credits: sql`shopping_credits + 100`, last_entry_id: id }).where('user_id', '=', u).execute();
      await trx.insertInto('wallet_transactions').values({ id, user_id: u, type: 'adjustment', amount: 100, balance_after: 290, reference: 'bug', created_at: now }).execute();
    });
    try {
      for (let run = 0; run < 2; run++) {
        const r = await reconcile();
        assert.deepEqual(found(r), [`balance_mismatch:${u}`], `run ${run}`);
        assert.match(r.body.mismatches[0].detail, new RegExp(`ledger row ${id} does not continue`));
        assert.deepEqual(await checkpoint(u), before, 'the checkpoint did not move past the broken row');
      }
    } finally {
      await db().updateTable('wallet_transactions').set({ balance_after: 300 }).where('id', '=', id).execute();
    }
    assert.equal((await reconcile()).body.ok, true);
    assert.deepEqual(await checkpoint(u), { entry_id: id, balance: 300 });
  });

  it('the verify-ledger-checkpoints job moves the checkpoints between reconciliations', async () => {
    const u = await funded(40);
    assert.equal(await checkpoint(u), undefined);
    assert.ok((await runJobs(t.app.ctx))['verify-ledger-checkpoints']! >= 1);
    assert.deepEqual(await checkpoint(u), { entry_id: (await wallet(u)).last_entry_id, balance: 40 });
    assert.equal((await runJobs(t.app.ctx))['verify-ledger-checkpoints'], 0, 'nothing new, nothing written');
  });

  it('verifies from the first row a wallet that has no checkpoint yet', async () => {
    const u = await funded(70, 30);
    // A bug debits the ledger row but not the wallet.
    await db().updateTable('wallets').set({ shopping_credits: 130 }).where('user_id', '=', u).execute();
    try {
      const r = await reconcile();
      assert.deepEqual(found(r), ['balance_total_mismatch:wallets', `balance_mismatch:${u}`].sort());
      assert.equal(await checkpoint(u), undefined);
    } finally {
      await db().updateTable('wallets').set({ shopping_credits: 100 }).where('user_id', '=', u).execute();
    }
  });

  // On SQLite one connection serialises every transaction, so no movement can be in flight while
  // the reconciliation runs.
  it('never claims a row that commits after the run with an older id than rows already committed', { skip: !onPostgres }, async () => {
    const u = await funded(100);
    const other = await funded(10);
    assert.equal((await reconcile()).body.ok, true);
    const before = await checkpoint(u);
    // Movement X on `u` takes its id first but commits last; meanwhile `other` moves (newer id) and
    // a reconciliation runs. X is written wrongly, so a run that let a checkpoint (or a global
    // "verified through id" mark) pass over it would never report it.
    const x = entryIdAfter(t.clock, (await wallet(u)).last_entry_id);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inFlight = db().transaction().execute(async (trx) => {
      await trx.updateTable('wallets').set({ shopping_credits: sql`shopping_credits + 100`, last_entry_id: x }).where('user_id', '=', u).execute();
      await trx.insertInto('wallet_transactions').values({ id: x, user_id: u, type: 'adjustment', amount: 100, balance_after: 150, reference: 'late', created_at: t.clock.now().toISOString() }).execute();
      await held;
    });
    try {
      await credit(t, other, 5);
      assert.ok((await wallet(other)).last_entry_id! > x, 'the other wallet\'s row is newer and committed first');
      const during = await reconcile();
      assert.deepEqual([during.body.ok, await checkpoint(u)], [true, before], 'X is not visible yet: nothing claimed');
      release();
      await inFlight;
      const afterCommit = await reconcile();
      assert.deepEqual(found(afterCommit), [`balance_mismatch:${u}`], 'X is verified once committed');
      assert.deepEqual(await checkpoint(u), before);
    } finally {
      release();
      await inFlight;
      await db().updateTable('wallet_transactions').set({ balance_after: 200 }).where('id', '=', x).execute();
    }
    assert.equal((await reconcile()).body.ok, true);
    assert.deepEqual(await checkpoint(u), { entry_id: x, balance: 200 }, 'the late row, put right, is checkpointed like any other');
  });
});
