import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { PAGE_BASE, SECRET, assertLedgerMatches, creditBody, initiate, signedCall } from './support/wallet.ts';

describe('admin money routes: transactions, user ledger, webhook log', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    admin = await createAdmin(t);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    const a = await initiate(t, alice.token, 1000);
    await signedCall(t, 'topup-credit', creditBody(a.token, 1000, 'ADM-1'));
    await signedCall(t, 'topup-credit', creditBody(a.token, 1000, 'ADM-1')); // duplicate
    await signedCall(t, 'topup-credit', creditBody(a.token, 999, 'ADM-2')); // rejected
    await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: alice.token });
    await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: bob.token });
  });
  after(() => t.close());

  const routes = ['/api/v1/admin/transactions', `/api/v1/admin/users/ID/ledger`, '/api/v1/admin/webhook/logs'];

  it('every admin money route is 403 for a user token and 401 without one', async () => {
    for (const r of routes) {
      const url = r.replace('ID', alice.id);
      const res = await call(t.app, 'GET', url, { token: alice.token });
      assert.deepEqual([res.status, res.body.error], [403, 'forbidden'], url);
      assert.equal((await call(t.app, 'GET', url)).status, 401, url);
    }
  });

  it('GET /admin/transactions lists every user newest first, filters by user_id and type, and pages', async () => {
    const all = await call(t.app, 'GET', '/api/v1/admin/transactions', { token: admin.token });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.items.map((x: any) => [x.user_id, x.type]), [
      [bob.id, 'daily_spin'],
      [alice.id, 'daily_spin'],
      [alice.id, 'topup'],
    ]);
    const mine = await call(t.app, 'GET', `/api/v1/admin/transactions?user_id=${alice.id}&type=topup`, { token: admin.token });
    assert.equal(mine.body.items.length, 1);
    assert.equal(mine.body.items[0].amount, 1000);
    const p1 = await call(t.app, 'GET', '/api/v1/admin/transactions?limit=2', { token: admin.token });
    assert.equal(p1.body.items.length, 2);
    const p2 = await call(t.app, 'GET', `/api/v1/admin/transactions?limit=2&cursor=${p1.body.next_cursor}`, { token: admin.token });
    assert.deepEqual([p2.body.items.length, p2.body.next_cursor], [1, null]);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/transactions?type=bogus', { token: admin.token })).status, 400);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/transactions?limit=101', { token: admin.token })).status, 400);
  });

  it('GET /admin/users/:uid/ledger shows that user only, with the wallet it sums to; unknown user 404', async () => {
    const res = await call(t.app, 'GET', `/api/v1/admin/users/${alice.id}/ledger`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.items.map((x: any) => x.type), ['daily_spin', 'topup']);
    assert.equal(res.body.items[0].balance_after, 1100);
    assert.equal(res.body.wallet.shopping_credits, 1100);
    assert.equal(await assertLedgerMatches(t, alice.id), 1100);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users/nobody/ledger', { token: admin.token })).status, 404);
  });

  it('GET /admin/webhook/logs lists every callback with its outcome and filters by outcome', async () => {
    const res = await call(t.app, 'GET', '/api/v1/admin/webhook/logs', { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.items.map((x: any) => x.outcome), ['rejected', 'duplicate', 'credited']);
    const row = res.body.items[2];
    assert.deepEqual(Object.keys(row).sort(), ['created_at', 'endpoint', 'gateway', 'gateway_txn_id', 'id', 'outcome', 'reason', 'token', 'topup_id']);
    assert.deepEqual([row.endpoint, row.gateway, row.gateway_txn_id], ['topup-credit', 'gateway_a', 'ADM-1']);
    assert.equal(row.token.length, 8);
    const rejected = await call(t.app, 'GET', '/api/v1/admin/webhook/logs?outcome=rejected', { token: admin.token });
    assert.deepEqual(rejected.body.items.map((x: any) => x.reason), ['amount_mismatch']);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/webhook/logs?outcome=nope', { token: admin.token })).status, 400);
  });
});

describe('admin wallet adjustments: POST /admin/users/:uid/adjustments', () => {
  let t: TestApp;
  let admin: TestUser;
  let carol: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    admin = await createAdmin(t);
    carol = await registerUser(t.app);
    const a = await initiate(t, carol.token, 700);
    await signedCall(t, 'topup-credit', creditBody(a.token, 700, 'ADJ-1'));
  });
  after(() => t.close());

  const adjust = (uid: string, body: unknown, options: { key?: string; token?: string } = {}) =>
    call(t.app, 'POST', `/api/v1/admin/users/${uid}/adjustments`, {
      token: options.token ?? admin.token,
      body,
      ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
    });
  const adjustments = () => t.db.database.db.selectFrom('wallet_adjustments').selectAll().orderBy('id').execute();

  it('a credit and a debit each write one adjustment ledger row with the admin and reason; the balance stays the ledger sum', async () => {
    const up = await adjust(carol.id, { amount: 50, reason: 'goodwill for a late delivery' });
    assert.equal(up.status, 201, up.text);
    assert.equal(up.body.amount, 50);
    assert.equal(up.body.admin_id, admin.id);
    assert.equal(up.body.reason, 'goodwill for a late delivery');
    assert.deepEqual([up.body.transaction.type, up.body.transaction.amount, up.body.transaction.balance_after], ['adjustment', 50, 750]);
    assert.equal(up.body.transaction.reference, `adjustment:${up.body.id}`);

    const down = await adjust(carol.id, { amount: -750, reason: '  clear the balance before deletion  ' });
    assert.equal(down.status, 201, down.text);
    assert.equal(down.body.reason, 'clear the balance before deletion');
    assert.equal(down.body.transaction.balance_after, 0);
    assert.equal(await assertLedgerMatches(t, carol.id), 0);
    const eligible = await call(t.app, 'GET', '/api/v1/account/deletion/eligibility', { token: carol.token });
    assert.deepEqual(eligible.body.blockers, [], 'a cleared balance no longer blocks deletion');
    const rows = await adjustments();
    assert.deepEqual(rows.map((r) => [Number(r.amount), r.admin_id, r.transaction_id]), [
      [50, admin.id, up.body.transaction.id],
      [-750, admin.id, down.body.transaction.id],
    ]);
  });

  it('a debit below zero is 402 and changes nothing', async () => {
    const before = (await adjustments()).length;
    const credit = await adjust(carol.id, { amount: 30, reason: 'seed' });
    assert.equal(credit.status, 201);
    const res = await adjust(carol.id, { amount: -31, reason: 'too much' });
    assert.deepEqual([res.status, res.body.error], [402, 'insufficient_credits']);
    assert.equal(await assertLedgerMatches(t, carol.id), 30);
    assert.equal((await adjustments()).length, before + 1);
  });

  it('the same Idempotency-Key answers the first adjustment once; another amount or reason with it is 409', async () => {
    const balance = await assertLedgerMatches(t, carol.id);
    const first = await adjust(carol.id, { amount: 20, reason: 'retry me' }, { key: 'adj-key-1' });
    const again = await adjust(carol.id, { amount: 20, reason: 'retry me' }, { key: 'adj-key-1' });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(await assertLedgerMatches(t, carol.id), balance + 20, 'moved once');
    for (const body of [{ amount: 21, reason: 'retry me' }, { amount: 20, reason: 'other' }]) {
      const res = await adjust(carol.id, body, { key: 'adj-key-1' });
      assert.deepEqual([res.status, res.body.error], [409, 'idempotency_conflict']);
    }
    // Concurrent first uses of one key still move once.
    const racing = await Promise.all([1, 2, 3].map(() => adjust(carol.id, { amount: 5, reason: 'race' }, { key: 'adj-key-2' })));
    assert.deepEqual(racing.map((r) => r.status), [201, 201, 201]);
    assert.equal(new Set(racing.map((r) => r.body.id)).size, 1);
    assert.equal(await assertLedgerMatches(t, carol.id), balance + 25);
  });

  it('bad input is 400 and changes nothing; a user token is 403; an unknown user 404', async () => {
    const before = await assertLedgerMatches(t, carol.id);
    for (const body of [{ amount: 0, reason: 'zero' }, { amount: '10', reason: 'string' }, { amount: 1.5, reason: 'float' }, { amount: 10 }, { amount: 10, reason: '   ' }, { amount: 1e13, reason: 'huge' }]) {
      const res = await adjust(carol.id, body);
      assert.deepEqual([res.status, res.body.error], [400, 'validation_failed'], JSON.stringify(body));
    }
    assert.equal((await adjust(carol.id, { amount: 10, reason: 'x' }, { token: carol.token })).status, 403);
    assert.equal((await adjust('00000000-0000-7000-8000-000000000000', { amount: 10, reason: 'x' })).status, 404);
    assert.equal(await assertLedgerMatches(t, carol.id), before);
  });
});
