import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { newId } from '../src/lib/ids.ts';
import { call, countingApp, createAdmin, createTestApp, onPostgres, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { assertLedgerMatches } from './support/wallet.ts';
import { countRows, credit, order, product, stockOf } from './orders-fixtures.ts';

/** A ledger id of millisecond `ms`, as an instance whose clock reads `ms` mints it (newId's form). */
function idAt(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-000000000000`;
}

/** Races through the HTTP API (app.inject + Promise.all); each ends on balance = ledger sum and stock >= 0. */
describe('orders under concurrency', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  after(() => t.close());

  const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {});

  it('50 simultaneous orders against credits for 3 → exactly 3 succeed, the rest 402, balance = ledger sum', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 3000);
    const a = await product(t, admin, 1000, 100);
    const res = await Promise.all(Array.from({ length: 50 }, () => order(t, u, [{ product_id: a, quantity: 1 }])));
    assert.deepEqual(tally(res.map((r) => r.status)), { 201: 3, 402: 47 });
    assert.ok(res.filter((r) => r.status === 402).every((r) => r.body.error === 'insufficient_credits'), 'refusals are insufficient_credits');
    assert.equal(await assertLedgerMatches(t, u.id), 0);
    assert.equal(await stockOf(t, a), 97, 'refused orders gave their stock back');
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 3);
    assert.equal(await countRows(t, 'order_items'), await countRows(t, 'orders'));
  });

  it('a movement orders itself after one written by an instance whose clock runs ahead: the ledger in id order stays a running sum', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 5000);
    const a = await product(t, admin, 700, 10);
    // Another instance, 10 s ahead, wrote the newest ledger row (and the wallet's last_entry_id).
    // Its id is spelled out here: newId() in this process would move this process's own
    // monotonic clock ahead too, and the movement below would never meet an older id.
    const ahead = { now: () => new Date(t.clock.now().getTime() + 10_000) };
    const db = t.db.database.db;
    const w = await db.selectFrom('wallets').select('shopping_credits').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    const aheadMs = ahead.now().getTime();
    const aheadId = idAt(aheadMs);
    assert.ok(newId(t.clock) < aheadId, 'this process mints older ids than the other instance');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('wallet_transactions').values({ id: aheadId, user_id: u.id, type: 'adjustment', amount: 1, balance_after: Number(w.shopping_credits) + 1, reference: 'ahead', created_at: ahead.now().toISOString() }).execute();
      await trx.updateTable('wallets').set({ shopping_credits: Number(w.shopping_credits) + 1, last_entry_id: aheadId }).where('user_id', '=', u.id).execute();
    });
    const { app, statements, close } = await countingApp(t);
    try {
      const placed = await call(app, 'POST', '/api/v1/orders', { token: u.token, body: { items: [{ product_id: a, quantity: 2 }] } });
      assert.equal(placed.status, 201, placed.text);
      // PostgreSQL's one statement takes the id after the newer one itself, under the wallet's lock: no second try.
      if (onPostgres) assert.equal(statements.length, 1, statements.join('\n'));
      const cancelled = await call(app, 'POST', `/api/v1/orders/${placed.body.id}/cancel`, { token: u.token });
      assert.equal(cancelled.status, 200, cancelled.text);
    } finally {
      await close();
    }
    const rows = await db.selectFrom('wallet_transactions').select(['id', 'type']).where('user_id', '=', u.id).orderBy('id').execute();
    assert.deepEqual(rows.map((r) => r.type), ['adjustment', 'adjustment', 'order_payment', 'order_refund']);
    // The payment's id is the one right after the ahead one: its millisecond plus one.
    assert.equal(rows[2]!.id.slice(0, 13), idAt(aheadMs + 1).slice(0, 13));
    assert.match(rows[2]!.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a UUIDv7 like every other id');
    assert.ok(rows[3]!.id > rows[2]!.id);
    assert.equal(await assertLedgerMatches(t, u.id), 5001);
  });

  it('50 simultaneous orders against stock for 3 → exactly 3 succeed, the rest 409 out_of_stock, stock ends at 0', async () => {
    const a = await product(t, admin, 100, 3);
    const users = await Promise.all(Array.from({ length: 10 }, () => registerUser(t.app)));
    for (const u of users) await credit(t, u.id, 10_000);
    const res = await Promise.all(Array.from({ length: 50 }, (_, i) => order(t, users[i % 10]!, [{ product_id: a, quantity: 1 }])));
    assert.deepEqual(tally(res.map((r) => r.status)), { 201: 3, 409: 47 });
    assert.ok(res.filter((r) => r.status === 409).every((r) => r.body.error === 'out_of_stock'), 'refusals are out_of_stock');
    assert.equal(await stockOf(t, a), 0);
    let spent = 0;
    for (const u of users) spent += 10_000 - (await assertLedgerMatches(t, u.id));
    assert.equal(spent, 300);
  });

  it('carts sharing several products race without deadlock: 120 orders at once all succeed and the stock falls by exactly what was sold', async () => {
    const ids = [await product(t, admin, 10, 1000, 'Shared A'), await product(t, admin, 20, 1000, 'Shared B'), await product(t, admin, 30, 1000, 'Shared C')];
    const users = await Promise.all(Array.from({ length: 12 }, () => registerUser(t.app)));
    for (const u of users) await credit(t, u.id, 100_000);
    // Every cart holds two or three of the same rows, so each placement locks several contended rows.
    const carts = [[0, 1, 2], [2, 1], [1, 0], [0, 2]].map((c) => c.map((i) => ({ product_id: ids[i]!, quantity: 1 })));
    const res = await Promise.all(Array.from({ length: 120 }, (_, i) => order(t, users[i % 12]!, carts[i % carts.length]!)));
    assert.deepEqual(tally(res.map((r) => r.status)), { 201: 120 });
    // Each of the 4 carts went out 30 times, one of each of its products.
    for (const id of ids) assert.equal(await stockOf(t, id), 1000 - 30 * carts.filter((c) => c.some((l) => l.product_id === id)).length);
    for (const u of users) await assertLedgerMatches(t, u.id);
  });

  it('20 simultaneous cancels of one order → one 200, 19 × 409 invalid_transition, one refund, stock back once', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 5000);
    const a = await product(t, admin, 700, 10);
    const o = (await order(t, u, [{ product_id: a, quantity: 3 }])).body;
    const res = await Promise.all(Array.from({ length: 20 }, () => call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token })));
    assert.deepEqual(tally(res.map((r) => r.status)), { 200: 1, 409: 19 });
    assert.equal(await countRows(t, 'refunds', ['order_id', o.id]), 1);
    assert.equal(await assertLedgerMatches(t, u.id), 5000);
    assert.equal(await stockOf(t, a), 10);
  });

  it('user cancels racing admin cancels and refunds → the order is refunded at most its total, once per refund row', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 5000);
    const a = await product(t, admin, 1000, 10);
    const o = (await order(t, u, [{ product_id: a, quantity: 2 }])).body;
    const calls = [
      ...Array.from({ length: 5 }, () => call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token })),
      ...Array.from({ length: 5 }, () => call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: { amount: 700 } })),
      ...Array.from({ length: 5 }, () => call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/status`, { token: admin.token, body: { status: 'cancelled' } })),
    ];
    const res = await Promise.all(calls);
    assert.ok(res.every((r) => [200, 201, 409].includes(r.status)), res.map((r) => r.text).join('\n'));
    // A placed order can always be cancelled, and refunds of 700 can never reach 2000 on their own,
    // so exactly one cancel wins (whichever came first) and it refunds whatever was still paid.
    const cancels = res.slice(0, 5).concat(res.slice(10));
    assert.equal(cancels.filter((r) => r.status === 200).length, 1, 'exactly one cancel wins');
    const partial = res.slice(5, 10).filter((r) => r.status === 201).length;
    assert.ok(partial <= 2, 'at most two refunds of 700 fit in 2000');
    const row = await t.db.database.db.selectFrom('orders').select(['refunded_amount', 'total', 'status']).where('id', '=', o.id).executeTakeFirstOrThrow();
    const refunds = await t.db.database.db.selectFrom('refunds').select('amount').where('order_id', '=', o.id).execute();
    assert.equal(row.status, 'cancelled');
    assert.equal(Number(row.refunded_amount), 2000, 'the whole amount paid came back, once');
    assert.equal(refunds.reduce((s, r) => s + Number(r.amount), 0), 2000);
    assert.equal(refunds.length, partial + 1, 'one refund row per accepted refund, plus the cancel’s');
    assert.equal(await assertLedgerMatches(t, u.id), 5000);
    assert.equal(await stockOf(t, a), 10, 'the cancel returned the stock once');
  });

  it('8 orders of one user cancelled at once → every refund lands on the one wallet: none lost (PostgreSQL: 8 pool clients race)', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    // One product per order: a shared product row would queue the cancels before they reach the wallet.
    const products = [];
    for (let i = 0; i < 8; i++) products.push(await product(t, admin, 1000, 100));
    const orders = [];
    for (const p of products) orders.push((await order(t, u, [{ product_id: p, quantity: 1 }])).body);
    assert.equal(await assertLedgerMatches(t, u.id), 2000);
    const res = await Promise.all(orders.map((o) => call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token })));
    assert.deepEqual(res.map((r) => r.status), Array(8).fill(200));
    assert.equal(await assertLedgerMatches(t, u.id), 10_000, 'every refund credited the wallet');
    for (const p of products) assert.equal(await stockOf(t, p), 100);
  });

  it('the same Idempotency-Key fired 20 times at once → one order, every answer is that order', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 400, 50);
    const res = await Promise.all(Array.from({ length: 20 }, () => order(t, u, [{ product_id: a, quantity: 2 }], 'same-key')));
    assert.deepEqual(tally(res.map((r) => r.status)), { 201: 20 }, res.map((r) => r.text).join('\n'));
    assert.equal(new Set(res.map((r) => r.body.id)).size, 1);
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 1);
    assert.equal(await assertLedgerMatches(t, u.id), 9200);
    assert.equal(await stockOf(t, a), 48);
  });

  it('the same key with different items fired at once → one order, the others 201 replay or 409 idempotency_conflict', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 50);
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => order(t, u, [{ product_id: a, quantity: 1 + (i % 2) }], 'mixed-key')));
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 1);
    const placed = await t.db.database.db.selectFrom('orders').select(['id', 'total']).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    for (const r of res) {
      if (r.status === 201) assert.equal(r.body.id, placed.id);
      else assert.deepEqual([r.status, r.body.error], [409, 'idempotency_conflict']);
    }
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - Number(placed.total));
    assert.equal(await stockOf(t, a), 50 - Number(placed.total) / 100);
  });
});

describe('admin refunds with an Idempotency-Key', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  after(() => t.close());

  async function paidOrder() {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const p = await product(t, admin, 1_000, 50);
    const o = await order(t, u, [{ product_id: p, quantity: 5 }]);
    assert.equal(o.status, 201, o.text);
    return { u, orderId: o.body.id as string };
  }
  const refund = (orderId: string, body: object, key?: string) =>
    call(t.app, 'POST', `/api/v1/admin/orders/${orderId}/refund`, { token: admin.token, body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

  it('20 concurrent retries of one partial refund pay it once and all answer the same refund', async () => {
    const { u, orderId } = await paidOrder();
    const results = await Promise.all(Array.from({ length: 20 }, () => refund(orderId, { amount: 700, reason: 'dented' }, 'refund-key-1')));
    assert.ok(results.every((r) => r.status === 201), JSON.stringify(results.map((r) => [r.status, r.body?.error])));
    assert.equal(new Set(results.map((r) => r.body.id)).size, 1);
    assert.equal(await countRows(t, 'refunds', ['order_id', orderId]), 1);
    assert.equal((await call(t.app, 'GET', `/api/v1/orders/${orderId}`, { token: u.token })).body.refunded_amount, 700);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 5_000 + 700);
  });

  it('the same key with another amount is 409 idempotency_conflict and pays nothing; without a key, two refunds are two', async () => {
    const { u, orderId } = await paidOrder();
    assert.equal((await refund(orderId, { amount: 500 }, 'k')).status, 201);
    const other = await refund(orderId, { amount: 600 }, 'k');
    assert.equal(other.status, 409);
    assert.equal(other.body.error, 'idempotency_conflict');
    assert.equal((await refund(orderId, { amount: 100 })).status, 201);
    assert.equal((await refund(orderId, { amount: 100 })).status, 201);
    assert.equal(await countRows(t, 'refunds', ['order_id', orderId]), 3);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 5_000 + 700);
  });
});

/**
 * PostgreSQL: interleavings made deterministic by holding the order's row lock from another
 * connection until the requests under test are waiting on it (not timing luck).
 */
describe('PostgreSQL: moves that meet another transaction on the order row', { skip: !onPostgres }, () => {
  let t: TestApp;
  let admin: TestUser;
  let locker: pg.Client;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    locker = new pg.Client({ connectionString: t.db.url });
    await locker.connect();
  });
  after(async () => {
    await locker.end();
    await t.close();
  });

  /** Holds the order row (as a transaction that moves it would) until `release` commits. */
  async function holdOrder(orderId: string) {
    await locker.query('begin');
    await locker.query('select id from orders where id = $1 for update', [orderId]);
  }
  async function waitForLockWaiters(n: number) {
    for (let i = 0; i < 1000; i++) {
      // Inside the locker's transaction pg_stat_activity is read once and kept: drop that copy.
      await locker.query('select pg_stat_clear_snapshot()');
      const r = await locker.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (r.rows[0].n >= n) return;
      await new Promise((res) => setTimeout(res, 10));
    }
    throw new Error(`fewer than ${n} statements are waiting for the order's row lock`);
  }
  async function paidOrder(price: number, qty: number) {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const p = await product(t, admin, price, 10);
    const o = await order(t, u, [{ product_id: p, quantity: qty }]);
    assert.equal(o.status, 201, o.text);
    return { u, p, orderId: o.body.id as string };
  }

  it('a cancel that read `placed` while another transaction shipped the order is refused 409 and refunds nothing', async () => {
    const { u, p, orderId } = await paidOrder(1000, 2);
    await holdOrder(orderId);
    const cancel = call(t.app, 'POST', `/api/v1/orders/${orderId}/cancel`, { token: u.token });
    await waitForLockWaiters(1); // the cancel has read `placed` and waits at its conditional UPDATE
    await locker.query(`update orders set status = 'shipped' where id = $1`, [orderId]);
    await locker.query('commit');
    const r = await cancel;
    assert.deepEqual([r.status, r.body.error, r.body.from, r.body.to], [409, 'invalid_transition', 'shipped', 'cancelled'], r.text);
    const row = await t.db.database.db.selectFrom('orders').select(['status', 'refunded_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, Number(row.refunded_amount)], ['shipped', 0]);
    assert.equal(await countRows(t, 'refunds', ['order_id', orderId]), 0);
    assert.equal(await stockOf(t, p), 8, 'no stock came back');
    assert.equal(await assertLedgerMatches(t, u.id), 8000);
  });

  it('a refund whose id another instance beat reads the wallet again under its lock: beaten once more while it waits, it is still refunded once, ordered last', async () => {
    const { u, orderId } = await paidOrder(1000, 2);
    // Ids minted by instances whose clocks run 10 s and 20 s ahead of this one.
    const [first, second] = [idAt(t.clock.now().getTime() + 10_000), idAt(t.clock.now().getTime() + 20_000)];
    const db = t.db.database.db;
    await db.updateTable('wallets').set({ last_entry_id: first }).where('user_id', '=', u.id).execute();
    // The second instance holds the wallet. The refund's debit is refused at once (the committed
    // row already has a newer id, so nothing waits), and the refund asks for the wallet again.
    await locker.query('begin');
    await locker.query('select user_id from wallets where user_id = $1 for update', [u.id]);
    const refund = call(t.app, 'POST', `/api/v1/admin/orders/${orderId}/refund`, { token: admin.token, body: { amount: 500 } });
    await waitForLockWaiters(1);
    await locker.query('update wallets set last_entry_id = $2 where user_id = $1', [u.id, second]);
    await locker.query('commit');
    const r = await refund;
    assert.equal(r.status, 201, r.text);
    const rows = await db.selectFrom('wallet_transactions').select(['id', 'type']).where('user_id', '=', u.id).orderBy('id').execute();
    assert.deepEqual(rows.map((x) => x.type), ['adjustment', 'order_payment', 'order_refund']);
    assert.ok(rows[2]!.id > second, `${rows[2]!.id} after ${second}`);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 2_000 + 500);
  });

  it('two refunds with one Idempotency-Key, both past the key look-up before either commits → one refund, both answer it', async () => {
    const { u, orderId } = await paidOrder(1000, 5);
    await holdOrder(orderId);
    const send = () => call(t.app, 'POST', `/api/v1/admin/orders/${orderId}/refund`, { token: admin.token, body: { amount: 700, reason: 'dented' }, headers: { 'idempotency-key': 'raced-key' } });
    const both = [send(), send()];
    // Both looked the key up and found nothing; only the UNIQUE index can catch the second now.
    await waitForLockWaiters(2);
    await locker.query('commit');
    const [a, b] = await Promise.all(both);
    assert.deepEqual([a!.status, b!.status], [201, 201], `${a!.text}\n${b!.text}`);
    assert.equal(a!.body.id, b!.body.id);
    assert.deepEqual([b!.body.amount, b!.body.reason, b!.body.order.refunded_amount], [700, 'dented', 700]);
    assert.equal(await countRows(t, 'refunds', ['order_id', orderId]), 1);
    const row = await t.db.database.db.selectFrom('orders').select(['status', 'refunded_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, Number(row.refunded_amount)], ['placed', 700]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 5_000 + 700);
  });
});
