import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DAY, HOUR } from '../src/lib/clock.ts';
import { AppError } from '../src/lib/errors.ts';
import { applyMovement } from '../src/modules/ledger/ledger.ts';
import { call, countingApp, createTestApp, registerUser, type TestApp } from './helpers.ts';
import { assertLedgerMatches, balanceOf } from './support/wallet.ts';

describe('wallet ledger and daily spin', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ DAILY_SPIN_PRIZE: '250', CURRENCY: 'INR' });
  });
  after(() => t.close());

  const move = (userId: string, type: 'adjustment' | 'order_payment' | 'topup', amount: number, reference: string | null = null) =>
    t.db.database.db.transaction().execute((trx) => applyMovement(t.app.ctx, trx, { userId, type, amount, reference }));

  it('GET /wallet answers the three balances, the currency and the top-up bounds of a new wallet', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'GET', '/api/v1/wallet', { token: u.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { shopping_credits: 0, reward_points: 0, e_vouchers: 0, currency: 'INR', topup: { min: 100, max: 10_000_000 } });
    assert.equal((await call(t.app, 'GET', '/api/v1/wallet')).status, 401);
  });

  it('GET /wallet reads the session and the wallet in ONE statement, and still refuses a logged-out session', async () => {
    const { app, statements, close } = await countingApp(t);
    try {
      const u = await registerUser(app);
      await move(u.id, 'adjustment', 1234);
      statements.length = 0;
      const res = await call(app, 'GET', '/api/v1/wallet', { token: u.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.shopping_credits, 1234);
      assert.equal(statements.length, 1, statements.join('\n'));
      assert.equal((await call(app, 'POST', '/api/v1/auth/logout', { token: u.token })).status, 204);
      const after = await call(app, 'GET', '/api/v1/wallet', { token: u.token });
      assert.deepEqual([after.status, after.body.error], [401, 'unauthorized']);
      assert.equal(after.body.shopping_credits, undefined);
    } finally {
      await close();
    }
  });

  it('a movement updates the balance and appends one ledger row with balance_after', async () => {
    const u = await registerUser(t.app);
    const credit = await move(u.id, 'adjustment', 1000, 'manual:1');
    assert.equal(credit.balance_after, 1000);
    const debit = await move(u.id, 'order_payment', -400, 'order-1');
    assert.deepEqual([debit.amount, debit.balance_after, debit.type, debit.reference], [-400, 600, 'order_payment', 'order-1']);
    assert.equal(await assertLedgerMatches(t, u.id), 600);
  });

  it('a debit above the balance is 402 insufficient_credits and changes nothing, and rolls back the caller', async () => {
    const u = await registerUser(t.app);
    await move(u.id, 'adjustment', 300);
    await assert.rejects(
      move(u.id, 'order_payment', -301),
      (e: unknown) => e instanceof AppError && e.status === 402 && e.code === 'insufficient_credits' && e.message === 'Not enough shopping credits',
    );
    // The caller's own work in the same transaction is undone with it.
    await assert.rejects(
      t.db.database.db.transaction().execute(async (trx) => {
        await applyMovement(t.app.ctx, trx, { userId: u.id, type: 'order_payment', amount: -100, reference: 'a' });
        await applyMovement(t.app.ctx, trx, { userId: u.id, type: 'order_payment', amount: -250, reference: 'b' });
      }),
      (e: unknown) => e instanceof AppError && e.code === 'insufficient_credits',
    );
    assert.equal(await assertLedgerMatches(t, u.id), 300);
    const exact = await move(u.id, 'order_payment', -300);
    assert.equal(exact.balance_after, 0, 'spending the whole balance is allowed');
  });

  it('a zero, fractional or unsafe amount is a programming error: thrown before anything is written', async () => {
    const u = await registerUser(t.app);
    await move(u.id, 'adjustment', 100);
    for (const amount of [0, 1.5, Number.NaN, 2 ** 53]) {
      await assert.rejects(move(u.id, 'adjustment', amount), /ledger: amount must be a non-zero safe integer/, String(amount));
    }
    assert.equal(await assertLedgerMatches(t, u.id), 100);
  });

  it('a movement for a user without a wallet is 404 not_found (wallet)', async () => {
    await assert.rejects(move('no-such-user', 'adjustment', 100), (e: unknown) => e instanceof AppError && e.status === 404 && e.message === 'wallet not found');
  });

  it('concurrent debits never overdraw: 10 debits of 100 against 500 → exactly 5 succeed', async () => {
    const u = await registerUser(t.app);
    await move(u.id, 'adjustment', 500);
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => move(u.id, 'order_payment', -100, `o${i}`)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 5);
    assert.equal(await assertLedgerMatches(t, u.id), 0);
  });

  it('the database itself refuses a negative balance and a zero or wrongly signed ledger row', async () => {
    const u = await registerUser(t.app);
    const db = t.db.database.db;
    await assert.rejects(db.updateTable('wallets').set({ shopping_credits: -1 }).where('user_id', '=', u.id).execute());
    const row = { id: 'x-' + u.id, user_id: u.id, reference: null, created_at: new Date().toISOString() };
    await assert.rejects(db.insertInto('wallet_transactions').values({ ...row, type: 'adjustment', amount: 0, balance_after: 0 }).execute());
    await assert.rejects(db.insertInto('wallet_transactions').values({ ...row, type: 'topup', amount: -5, balance_after: 0 }).execute());
    await assert.rejects(db.insertInto('wallet_transactions').values({ ...row, type: 'adjustment', amount: 5, balance_after: -5 }).execute());
    await assert.rejects(db.insertInto('wallet_transactions').values({ ...row, type: 'bogus' as 'topup', amount: 5, balance_after: 5 }).execute());
    assert.equal(await balanceOf(t, u.id), 0);
  });

  it('GET /wallet/transactions pages newest first with {id, type, amount, balance_after, reference, created_at}', async () => {
    const u = await registerUser(t.app);
    for (let i = 1; i <= 5; i++) {
      await move(u.id, 'adjustment', i * 10, `r${i}`);
      t.clock.advance(1000);
    }
    const first = await call(t.app, 'GET', '/api/v1/wallet/transactions?limit=2', { token: u.token });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body.items.map((x: any) => x.reference), ['r5', 'r4']);
    assert.deepEqual(Object.keys(first.body.items[0]).sort(), ['amount', 'balance_after', 'created_at', 'id', 'reference', 'type']);
    assert.equal(first.body.items[0].balance_after, 150);
    const second = await call(t.app, 'GET', `/api/v1/wallet/transactions?limit=2&cursor=${first.body.next_cursor}`, { token: u.token });
    assert.deepEqual(second.body.items.map((x: any) => x.reference), ['r3', 'r2']);
    const third = await call(t.app, 'GET', `/api/v1/wallet/transactions?limit=2&cursor=${second.body.next_cursor}`, { token: u.token });
    assert.deepEqual(third.body.items.map((x: any) => x.reference), ['r1']);
    assert.equal(third.body.next_cursor, null);
    // Another user's ledger never shows up.
    const other = await registerUser(t.app);
    assert.deepEqual((await call(t.app, 'GET', '/api/v1/wallet/transactions', { token: other.token })).body, { items: [], next_cursor: null });
    for (const bad of ['limit=0', 'limit=101', 'cursor=%%%', 'limit=abc']) {
      assert.equal((await call(t.app, 'GET', `/api/v1/wallet/transactions?${bad}`, { token: u.token })).status, 400, bad);
    }
  });

  it('POST /wallet/settle-pending is a no-op answering {wallet, settled: 0}', async () => {
    const u = await registerUser(t.app);
    await move(u.id, 'adjustment', 70);
    const res = await call(t.app, 'POST', '/api/v1/wallet/settle-pending', { token: u.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { wallet: { shopping_credits: 70, reward_points: 0, e_vouchers: 0, currency: 'INR' }, settled: 0 });
    assert.equal(await assertLedgerMatches(t, u.id), 70);
  });

  it('the daily spin credits the configured prize once per UTC day; a repeat is 409 already_spun', async () => {
    t.clock.set('2026-03-10T23:30:00.000Z');
    const u = await registerUser(t.app);
    const first = await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: u.token });
    assert.equal(first.status, 200);
    assert.equal(first.body.prize, 250);
    assert.equal(first.body.wallet.shopping_credits, 250);
    assert.equal(first.body.transaction.type, 'daily_spin');
    assert.equal(first.body.transaction.amount, 250);
    assert.equal(first.body.next_spin_at, '2026-03-11T00:00:00.000Z');
    const again = await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: u.token });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, 'already_spun');
    t.clock.advance(HOUR); // 00:30 the next UTC day
    const login = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } });
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: login.body.custom_token })).status, 200);
    assert.equal(await assertLedgerMatches(t, u.id), 500);
  });

  it('20 simultaneous daily spins credit exactly one prize', async () => {
    t.clock.advance(DAY);
    const u = await registerUser(t.app);
    const results = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: u.token })));
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    assert.equal(results.filter((r) => r.status === 409 && r.body.error === 'already_spun').length, 19);
    assert.equal(await assertLedgerMatches(t, u.id), 250);
    const spins = await t.db.database.db.selectFrom('daily_spins').select('day').where('user_id', '=', u.id).execute();
    assert.equal(spins.length, 1);
  });
});
