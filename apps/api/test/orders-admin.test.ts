import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { assertLedgerMatches } from './support/wallet.ts';
import { countRows, credit, order, product, stockOf } from './orders-fixtures.ts';

describe('orders: admin status, refunds, lists and reconciliation', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const setStatus = (id: string, status: string) => call(t.app, 'POST', `/api/v1/admin/orders/${id}/status`, { token: admin.token, body: { status } });
  const refund = (id: string, body: unknown = {}) => call(t.app, 'POST', `/api/v1/admin/orders/${id}/refund`, { token: admin.token, body });
  async function placed(price = 1000, qty = 2, funds = 10_000) {
    const u = await registerUser(t.app);
    await credit(t, u.id, funds);
    const p = await product(t, admin, price, 10);
    const o = (await order(t, u, [{ product_id: p, quantity: qty }])).body;
    return { u, p, o };
  }

  it('every admin order route is 403 for a user token and changes nothing', async () => {
    const { u, o } = await placed();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/orders'],
      ['GET', `/api/v1/admin/orders/${o.id}`],
      ['POST', `/api/v1/admin/orders/${o.id}/status`, { status: 'processing' }],
      ['POST', `/api/v1/admin/orders/${o.id}/refund`, {}],
      ['GET', '/api/v1/admin/refunds'],
      ['GET', `/api/v1/admin/users/${u.id}/orders`],
      ['GET', '/api/v1/admin/reconciliation'],
    ];
    for (const [method, url, body] of routes) {
      const r = await call(t.app, method as 'GET', url, { token: u.token, ...(body ? { body } : {}) });
      assert.deepEqual([r.status, r.body.error], [403, 'forbidden'], `${method} ${url}`);
      assert.equal((await call(t.app, method as 'GET', url, body ? { body } : {})).status, 401);
    }
    const row = await db().selectFrom('orders').select(['status', 'refunded_amount']).where('id', '=', o.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, Number(row.refunded_amount)], ['placed', 0]);
  });

  it('status walks placed → processing → shipped → delivered; any other move is 409 invalid_transition and changes nothing', async () => {
    const { o } = await placed();
    assert.deepEqual([(await setStatus(o.id, 'delivered')).status, (await setStatus(o.id, 'delivered')).body.error], [409, 'invalid_transition']);
    for (const s of ['processing', 'shipped']) {
      const r = await setStatus(o.id, s);
      assert.deepEqual([r.status, r.body.status, r.body.user_id !== undefined], [200, s, true]);
    }
    for (const bad of ['cancelled', 'placed', 'processing', 'shipped', 'refunded']) {
      const r = await setStatus(o.id, bad);
      assert.deepEqual([r.status, r.body.error], [409, 'invalid_transition'], bad);
    }
    assert.equal((await setStatus(o.id, 'delivered')).body.status, 'delivered');
    assert.equal((await setStatus(o.id, 'bogus')).status, 400);
    assert.equal((await setStatus('no-such-order', 'processing')).status, 404);
    assert.equal((await db().selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status, 'delivered');
  });

  it('an admin cancel of a processing order refunds the whole amount and returns stock; cancelled takes no refund', async () => {
    const { u, p, o } = await placed(1000, 3);
    assert.equal((await setStatus(o.id, 'processing')).status, 200);
    const r = await setStatus(o.id, 'cancelled');
    assert.deepEqual([r.status, r.body.status, r.body.refunded_amount], [200, 'cancelled', 3000]);
    assert.equal(await stockOf(t, p), 10);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000);
    const late = await refund(o.id);
    assert.deepEqual([late.status, late.body.error], [409, 'invalid_transition']);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', o.id).execute();
    assert.deepEqual(refunds.map((x) => [Number(x.amount), x.admin_id]), [[3000, admin.id]]);
  });

  it('a delivered order takes a refund (a return after delivery), and the wallet gets it back', async () => {
    const { u, o } = await placed(1000, 1);
    for (const status of ['processing', 'shipped', 'delivered']) assert.equal((await setStatus(o.id, status)).status, 200);
    const r = await refund(o.id, { amount: 400, reason: 'returned after delivery' });
    assert.deepEqual([r.status, r.body.amount, r.body.order.status, r.body.order.refunded_amount], [201, 400, 'delivered', 400], r.text);
    const w = await call(t.app, 'GET', '/api/v1/wallet', { token: u.token });
    assert.equal(w.body.shopping_credits, 10_000 - 1000 + 400);
  });

  it('partial refunds add up, never above what was paid; the last one makes the order refunded; each is a ledger row', async () => {
    const { u, p, o } = await placed(1000, 2);
    await setStatus(o.id, 'processing');
    await setStatus(o.id, 'shipped');
    const r1 = await refund(o.id, { amount: 500, reason: 'damaged' });
    assert.equal(r1.status, 201, r1.text);
    assert.deepEqual([r1.body.amount, r1.body.reason, r1.body.order_id, r1.body.currency, r1.body.order.status, r1.body.order.refunded_amount], [500, 'damaged', o.id, 'INR', 'shipped', 500]);
    const over = await refund(o.id, { amount: 1501 });
    assert.deepEqual([over.status, over.body.error, over.body.refundable], [409, 'refund_exceeds_paid', 1500]);
    for (const bad of [{ amount: 0 }, { amount: -5 }, { amount: '5' }, { amount: 1.5 }]) assert.equal((await refund(o.id, bad)).status, 400);
    const rest = await refund(o.id);
    assert.deepEqual([rest.status, rest.body.amount, rest.body.order.status, rest.body.order.refunded_amount], [201, 1500, 'refunded', 2000]);
    const again = await refund(o.id, { amount: 1 });
    assert.deepEqual([again.status, again.body.error], [409, 'invalid_transition']);
    assert.equal((await setStatus(o.id, 'delivered')).status, 409, 'refunded is final');
    assert.equal(await stockOf(t, p), 8, 'a refund does not return stock');
    const ledger = await db().selectFrom('wallet_transactions').select(['amount', 'reference']).where('type', '=', 'order_refund').where('user_id', '=', u.id).orderBy('id').execute();
    assert.deepEqual(ledger.map((l) => [Number(l.amount), l.reference]), [[500, r1.body.id], [1500, rest.body.id]]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000);
    // The user sees the refunded order but can no longer cancel it.
    assert.equal((await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token })).status, 409);
    assert.equal((await refund('nope')).status, 404);
  });

  it('a placed order partially refunded then cancelled by the user refunds only the rest', async () => {
    const { u, o } = await placed(1000, 1);
    assert.equal((await refund(o.id, { amount: 300 })).status, 201);
    const c = await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token });
    assert.deepEqual([c.body.status, c.body.refunded_amount], ['cancelled', 1000]);
    const amounts = await db().selectFrom('refunds').select('amount').where('order_id', '=', o.id).orderBy('id').execute();
    assert.deepEqual(amounts.map((a) => Number(a.amount)), [300, 700]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000);
  });

  it('each admin move writes one audit row: action, admin, the order before and after, and a refund\'s id, amount and reason; the user\'s own cancel writes none', async () => {
    const audit = (id: string) => db().selectFrom('audit_log').selectAll().where('entity_id', '=', id).orderBy('id').execute();
    const { u, o } = await placed(1000, 2);
    assert.equal((await setStatus(o.id, 'processing')).status, 200);
    const part = await refund(o.id, { amount: 300, reason: 'scratched' });
    assert.equal(part.status, 201, part.text);
    const cancel = await setStatus(o.id, 'cancelled');
    assert.equal(cancel.status, 200, cancel.text);
    const rows = await audit(o.id);
    assert.deepEqual(rows.map((r) => [r.action, r.entity, r.admin_id]), [
      ['order.status', 'order', admin.id],
      ['order.refund', 'order', admin.id],
      ['order.status', 'order', admin.id],
    ]);
    const [moved, refunded, cancelled] = rows.map((r) => ({ before: JSON.parse(r.before!), after: JSON.parse(r.after!) }));
    assert.deepEqual(moved, { before: { status: 'placed', total: 2000, refunded_amount: 0 }, after: { status: 'processing', total: 2000, refunded_amount: 0 } });
    assert.deepEqual(refunded, {
      before: { status: 'processing', total: 2000, refunded_amount: 0 },
      after: { status: 'processing', total: 2000, refunded_amount: 300, refund: { id: part.body.id, amount: 300, reason: 'scratched' } },
    });
    const rest = await db().selectFrom('refunds').select(['id', 'amount', 'reason', 'admin_id', 'idempotency_key']).where('order_id', '=', o.id).orderBy('id').execute();
    assert.deepEqual(rest.map((r) => [Number(r.amount), r.reason, r.admin_id, r.idempotency_key]), [[300, 'scratched', admin.id, null], [1700, 'cancelled', admin.id, null]]);
    assert.deepEqual(cancelled, {
      before: { status: 'processing', total: 2000, refunded_amount: 300 },
      after: { status: 'cancelled', total: 2000, refunded_amount: 2000, refund: { id: rest[1]!.id, amount: 1700, reason: 'cancelled' } },
    });
    // The user's own cancel is no admin write: its refund names no admin, and no audit row.
    const { u: v, o: mine } = await placed(500, 1);
    assert.equal((await call(t.app, 'POST', `/api/v1/orders/${mine.id}/cancel`, { token: v.token })).status, 200);
    assert.deepEqual(await audit(mine.id), []);
    const own = await db().selectFrom('refunds').select(['amount', 'reason', 'admin_id', 'idempotency_key']).where('order_id', '=', mine.id).execute();
    assert.deepEqual(own.map((r) => [Number(r.amount), r.reason, r.admin_id, r.idempotency_key]), [[500, 'cancelled', null, null]]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000);
  });

  it('a user cannot cancel another user\'s order: 404 not_found, and the order, stock and both wallets are unchanged', async () => {
    const { u, p, o } = await placed(1000, 2);
    const other = await registerUser(t.app);
    await credit(t, other.id, 50);
    const r = await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: other.token });
    assert.deepEqual([r.status, r.body.error, r.body.message], [404, 'not_found', 'order not found']);
    const row = await db().selectFrom('orders').select(['status', 'refunded_amount']).where('id', '=', o.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, Number(row.refunded_amount)], ['placed', 0]);
    assert.equal(await countRows(t, 'refunds', ['order_id', o.id]), 0);
    assert.equal(await stockOf(t, p), 8);
    assert.equal(await assertLedgerMatches(t, u.id), 8000);
    assert.equal(await assertLedgerMatches(t, other.id), 50);
    // The owner still can.
    assert.equal((await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token })).status, 200);
  });

  it('refused moves say why: the invalid move names both states, an excessive refund how much is left', async () => {
    const { o } = await placed(1000, 1);
    const skip = await setStatus(o.id, 'delivered');
    assert.deepEqual(skip.body, { error: 'invalid_transition', message: 'An order that is placed cannot become delivered', from: 'placed', to: 'delivered' });
    const over = await refund(o.id, { amount: 1001 });
    assert.deepEqual(over.body, { error: 'refund_exceeds_paid', message: 'At most 1000 is still refundable', refundable: 1000 });
    assert.equal((await refund(o.id)).status, 201);
    const done = await refund(o.id, { amount: 1 });
    assert.deepEqual(done.body, { error: 'invalid_transition', message: 'An order that is refunded cannot become refunded', from: 'refunded', to: 'refunded' });
  });

  it('a refund retried with its Idempotency-Key after it refunded the whole order answers that refund (201), not 409, and pays nothing more', async () => {
    const { u, o } = await placed(1000, 2);
    const withKey = (body: unknown) => call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body, headers: { 'idempotency-key': 'full-once' } });
    const first = await withKey({ reason: 'lost in transit' });
    assert.deepEqual([first.status, first.body.amount, first.body.order.status], [201, 2000, 'refunded']);
    // The order is refunded now, so only the key's look-up can answer the retry.
    const again = await withKey({ reason: 'lost in transit' });
    assert.equal(again.status, 201, again.text);
    assert.deepEqual([again.body.id, again.body.amount, again.body.reason, again.body.order.status, again.body.order.refunded_amount], [first.body.id, 2000, 'lost in transit', 'refunded', 2000]);
    // The key is bound to the request as sent: another body (even one naming the amount paid) is 409.
    for (const body of [{ amount: 2000 }, { amount: 5 }, { reason: 'another reason' }]) {
      const other = await withKey(body);
      assert.deepEqual([other.status, other.body.error, other.body.message], [409, 'idempotency_conflict', 'This Idempotency-Key was used for another refund'], JSON.stringify(body));
    }
    // The same key on another order is another request too.
    const { o: second } = await placed(1000, 1);
    const elsewhere = await call(t.app, 'POST', `/api/v1/admin/orders/${second.id}/refund`, { token: admin.token, body: { reason: 'lost in transit' }, headers: { 'idempotency-key': 'full-once' } });
    assert.deepEqual([elsewhere.status, elsewhere.body.error], [409, 'idempotency_conflict']);
    assert.equal(await countRows(t, 'refunds', ['order_id', second.id]), 0);
    const keyed = await db().selectFrom('refunds').select(['id', 'amount']).where('order_id', '=', o.id).execute();
    assert.deepEqual(keyed.map((r) => [r.id, Number(r.amount)]), [[first.body.id, 2000]]);
    const key = await db().selectFrom('idempotency_keys').select(['scope', 'principal', 'resource_id']).where('key', '=', 'full-once').execute();
    assert.deepEqual(key, [{ scope: 'order.refund', principal: admin.id, resource_id: first.body.id }]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000);
  });

  it('admin lists: orders filtered by status and user, a user\'s orders (404 unknown user), refunds', async () => {
    const { u, o } = await placed(100, 1);
    const second = (await order(t, u, [{ product_id: o.items[0].product_id, quantity: 1 }])).body;
    await setStatus(second.id, 'processing');
    const byUser = await call(t.app, 'GET', `/api/v1/admin/orders?user_id=${u.id}`, { token: admin.token });
    assert.deepEqual(byUser.body.items.map((x: { id: string }) => x.id), [second.id, o.id]);
    const proc = await call(t.app, 'GET', `/api/v1/admin/orders?user_id=${u.id}&status=processing`, { token: admin.token });
    assert.deepEqual(proc.body.items.map((x: { id: string }) => x.id), [second.id]);
    const page = await call(t.app, 'GET', `/api/v1/admin/users/${u.id}/orders?limit=1`, { token: admin.token });
    assert.deepEqual([page.body.items.length, typeof page.body.next_cursor], [1, 'string']);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users/nobody/orders', { token: admin.token })).status, 404);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/orders?status=lost', { token: admin.token })).status, 400);
    await refund(o.id, { amount: 40 });
    const refunds = await call(t.app, 'GET', `/api/v1/admin/refunds?order_id=${o.id}`, { token: admin.token });
    assert.deepEqual(refunds.body.items.map((r: { amount: number; admin_id: string }) => [r.amount, r.admin_id]), [[40, admin.id]]);
    assert.equal((await call(t.app, 'GET', `/api/v1/admin/orders/${o.id}`, { token: admin.token })).body.refunded_amount, 40);
  });

  it('reconciliation balances a clean history and validates its range', async () => {
    const r = await call(t.app, 'GET', '/api/v1/admin/reconciliation', { token: admin.token });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.ok, r.body.mismatches], [true, []]);
    assert.equal(r.body.balances.sum_of_balances, r.body.balances.sum_of_ledger);
    assert.ok(r.body.orders.placed.count > 0, 'r.body.orders.placed.count > 0');
    assert.equal(r.body.orders.placed.amount, r.body.orders.ledger_payments.amount);
    assert.equal(r.body.orders.refunds.amount, r.body.orders.ledger_refunds.amount);
    for (const q of ['from=yesterday', 'to=2026-13-45', 'from=2026-01-02&to=2026-01-01', 'from=2026-01-01&to=2026-01-01']) {
      const bad = await call(t.app, 'GET', `/api/v1/admin/reconciliation?${q}`, { token: admin.token });
      assert.deepEqual([bad.status, bad.body.error], [400, 'validation_failed'], q);
    }
    const old = await call(t.app, 'GET', '/api/v1/admin/reconciliation?from=2000-01-01&to=2000-02-01', { token: admin.token });
    assert.deepEqual([old.status, old.body.orders.placed.count, old.body.ok], [200, 0, true]);
  });

  it('reconciliation reports every deliberately broken row', async () => {
    const now = t.clock.now().toISOString();
    const { u, o } = await placed(1000, 1);
    const { o: o2 } = await placed(500, 1);
    const { o: o3 } = await placed(800, 1);
    const rf = await refund(o3.id, { amount: 300 });
    // A completed top-up with no ledger row; a ledger top-up with no top-up; a credited webhook with no top-up.
    const topupId = 'topup-broken-1';
    await db().insertInto('topups').values({
      id: topupId, token_hash: 'h-broken-1', user_id: u.id, amount: 700, currency: 'INR', status: 'completed', expires_at: now,
      attached_gateway: null, gateway_order_id: null, gateway: 'gateway_a', gateway_txn_id: 'txn-broken-1', credited_at: now, created_at: now, updated_at: now,
    }).execute();
    await db().insertInto('wallet_transactions').values({ id: 'ledger-orphan-1', user_id: u.id, type: 'topup', amount: 50, balance_after: 50, reference: 'no-such-topup', created_at: now }).execute();
    // A refund credit naming no refund: money into a wallet that no refund explains.
    await db().insertInto('wallet_transactions').values({ id: 'ledger-orphan-2', user_id: u.id, type: 'order_refund', amount: 40, balance_after: 90, reference: 'no-such-refund', created_at: now }).execute();
    await db().insertInto('webhook_logs').values({ id: 'wh-orphan-1', endpoint: 'topup-credit', gateway: 'gateway_a', token: 'abc', topup_id: 'no-such-topup', gateway_txn_id: 'x', outcome: 'credited', reason: null, created_at: now }).execute();
    // An order's payment row altered, another's deleted, a refund's ledger row deleted.
    await db().updateTable('wallet_transactions').set({ amount: -999 }).where('reference', '=', o.id).execute();
    await db().deleteFrom('wallet_transactions').where('reference', '=', o2.id).execute();
    await db().deleteFrom('wallet_transactions').where('reference', '=', rf.body.id).execute();
    const r = await call(t.app, 'GET', '/api/v1/admin/reconciliation', { token: admin.token });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.ok, false);
    const found = new Set(r.body.mismatches.map((m: { kind: string; id: string }) => `${m.kind}:${m.id}`));
    for (const want of [
      `topup_without_ledger:${topupId}`,
      'ledger_topup_without_topup:ledger-orphan-1',
      'ledger_refund_without_refund:ledger-orphan-2',
      'webhook_credited_without_topup:wh-orphan-1',
      `order_payment_mismatch:${o.id}`,
      `order_without_payment:${o2.id}`,
      `refund_mismatch:${o3.id}`,
      `balance_mismatch:${u.id}`,
    ]) {
      assert.ok(found.has(want), `missing ${want} in ${JSON.stringify(r.body.mismatches, null, 1)}`);
    }
    assert.ok(r.body.mismatches.every((m: { detail: string }) => typeof m.detail === 'string' && m.detail.length > 0), 'every mismatch has a detail');
    assert.ok(r.body.balances.sum_of_balances !== r.body.balances.sum_of_ledger, 'r.body.balances.sum_of_balances !== r.body.balances.sum_of_ledger');
  });
});
