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
