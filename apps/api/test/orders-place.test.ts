import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { DAY, HOUR } from '../src/lib/clock.ts';
import { runJobs } from '../src/jobs.ts';
import { call, countingApp, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { assertLedgerMatches, balanceOf } from './support/wallet.ts';
import { countRows, credit, order, product, stockOf } from './orders-fixtures.ts';

describe('orders: quote, placement, idempotency', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
  });
  after(() => t.close());

  it('a quote recomputes every price from the catalogue, merges repeated ids and ignores client amounts', async () => {
    const u = await registerUser(t.app);
    const a = await product(t, admin, 250, 10, 'Tea');
    const b = await product(t, admin, 1000, 10, 'Pot');
    const res = await call(t.app, 'POST', '/api/v1/orders/quote', {
      token: u.token,
      body: { items: [{ product_id: a, quantity: 2, unit_price: 1 }, { product_id: b, quantity: 1 }, { product_id: a, quantity: 1 }], total: 1 },
    });
    assert.equal(res.status, 200, res.text);
    const lines = [
      { product_id: a, name: 'Tea', unit_price: 250, quantity: 3, line_total: 750 },
      { product_id: b, name: 'Pot', unit_price: 1000, quantity: 1, line_total: 1000 },
    ].sort((x, y) => (x.product_id < y.product_id ? -1 : 1));
    assert.deepEqual(res.body, { items: lines, subtotal: 1750, total: 1750, currency: 'INR' });
    assert.equal(await stockOf(t, a), 10, 'a quote takes nothing');
  });

  it('quote refusals: unknown or inactive product 400 invalid_product, short stock 409 out_of_stock, bad bodies 400', async () => {
    const u = await registerUser(t.app);
    const a = await product(t, admin, 100, 2);
    const off = await product(t, admin, 100, 5);
    assert.equal((await call(t.app, 'PUT', `/api/v1/admin/products/${off}`, { token: admin.token, body: { is_active: false } })).status, 200);
    const q = (items: unknown) => call(t.app, 'POST', '/api/v1/orders/quote', { token: u.token, body: { items } });
    assert.equal((await q([{ product_id: 'nope', quantity: 1 }])).body.error, 'invalid_product');
    assert.equal((await q([{ product_id: off, quantity: 1 }])).status, 400);
    const short = await q([{ product_id: a, quantity: 3 }]);
    assert.deepEqual([short.status, short.body.error], [409, 'out_of_stock']);
    for (const items of [[], [{ product_id: a, quantity: 0 }], [{ product_id: a, quantity: 100 }], [{ product_id: a, quantity: '1' }], [{ product_id: a, quantity: 1.5 }], Array.from({ length: 51 }, () => ({ product_id: a, quantity: 1 }))]) {
      const r = await q(items);
      assert.deepEqual([r.status, r.body.error], [400, 'validation_failed'], JSON.stringify(items).slice(0, 80));
    }
    const merged = await q([{ product_id: a, quantity: 60 }, { product_id: a, quantity: 40 }]);
    assert.deepEqual([merged.status, merged.body.error], [400, 'validation_failed'], 'a merged line above 99 is refused');
    assert.equal((await call(t.app, 'POST', '/api/v1/orders/quote', { body: { items: [{ product_id: a, quantity: 1 }] } })).status, 401);
  });

  it('placing answers 201 with the order, takes stock, debits the wallet and writes one ledger row referencing the order', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 5000);
    const a = await product(t, admin, 1200, 5, 'Mug');
    const res = await order(t, u, [{ product_id: a, quantity: 2, unit_price: 1 }]);
    assert.equal(res.status, 201, res.text);
    const o = res.body;
    assert.deepEqual(Object.keys(o).sort(), ['created_at', 'currency', 'id', 'items', 'refunded_amount', 'status', 'subtotal', 'total', 'updated_at']);
    assert.deepEqual([o.status, o.subtotal, o.total, o.refunded_amount, o.currency], ['placed', 2400, 2400, 0, 'INR']);
    assert.deepEqual(o.items, [{ product_id: a, name: 'Mug', unit_price: 1200, quantity: 2, line_total: 2400 }]);
    assert.equal(await stockOf(t, a), 3);
    assert.equal(await balanceOf(t, u.id), 2600);
    const tx = await t.db.database.db.selectFrom('wallet_transactions').selectAll().where('reference', '=', o.id).execute();
    assert.deepEqual(tx.map((r) => [r.type, Number(r.amount)]), [['order_payment', -2400]]);
    assert.equal(await assertLedgerMatches(t, u.id), 2600);
    const got = await call(t.app, 'GET', `/api/v1/orders/${o.id}`, { token: u.token });
    const { events, ...same } = got.body;
    assert.deepEqual(same, o);
    assert.deepEqual(
      events.map((e: any) => [e.type, e.from_status, e.to_status, e.actor, e.created_at]),
      [['placed', null, 'placed', { kind: 'user' }, o.created_at]],
      'the placement wrote its placed event',
    );
  });

  it('refusals change nothing: 402 insufficient_credits, 409 out_of_stock, 400 invalid_product leave stock, wallet and orders alone', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 1000);
    const a = await product(t, admin, 600, 5);
    const b = await product(t, admin, 100, 1);
    const before = await countRows(t, 'orders', ['user_id', u.id]);
    const poor = await order(t, u, [{ product_id: a, quantity: 2 }]);
    assert.deepEqual([poor.status, poor.body.error], [402, 'insufficient_credits']);
    const short = await order(t, u, [{ product_id: a, quantity: 1 }, { product_id: b, quantity: 2 }]);
    assert.deepEqual([short.status, short.body.error, short.body.product_id], [409, 'out_of_stock', b]);
    const bad = await order(t, u, [{ product_id: a, quantity: 1 }, { product_id: 'missing', quantity: 1 }]);
    assert.deepEqual([bad.status, bad.body.error], [400, 'invalid_product']);
    assert.equal(await stockOf(t, a), 5);
    assert.equal(await stockOf(t, b), 1);
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), before);
    assert.equal(await assertLedgerMatches(t, u.id), 1000);
  });

  it('placement refusals name the line: inactive or deleted product 400 invalid_product, the short line (not one exactly at stock) 409', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 5);
    const off = await product(t, admin, 100, 5);
    const gone = await product(t, admin, 100, 5);
    assert.equal((await call(t.app, 'PUT', `/api/v1/admin/products/${off}`, { token: admin.token, body: { is_active: false } })).status, 200);
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/products/${gone}`, { token: admin.token })).status, 204);
    for (const id of [off, gone]) {
      const r = await order(t, u, [{ product_id: a, quantity: 1 }, { product_id: id, quantity: 1 }]);
      assert.deepEqual([r.status, r.body.error, r.body.product_id], [400, 'invalid_product', id]);
    }
    // a has exactly the 5 asked for; the other line is the short one.
    const exact = await product(t, admin, 100, 1);
    const [first, second] = [a, exact].sort();
    const short = await order(t, u, [{ product_id: first!, quantity: first === a ? 5 : 2 }, { product_id: second!, quantity: second === a ? 5 : 2 }]);
    assert.deepEqual([short.status, short.body.error, short.body.product_id], [409, 'out_of_stock', exact]);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000);
    assert.equal(await stockOf(t, a), 5);
  });

  it('a free product alone is 400 and changes nothing; with a paid product it is sold at 0', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 1000);
    const free = await product(t, admin, 0, 5);
    const paid = await product(t, admin, 300, 5);
    const alone = await order(t, u, [{ product_id: free, quantity: 2 }]);
    assert.deepEqual([alone.status, alone.body.error], [400, 'validation_failed']);
    assert.match(alone.body.message, /more than 0/);
    assert.equal(await stockOf(t, free), 5);
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 0);
    const both = await order(t, u, [{ product_id: free, quantity: 2 }, { product_id: paid, quantity: 1 }]);
    assert.equal(both.status, 201, both.text);
    assert.equal(both.body.total, 300);
    assert.deepEqual(
      both.body.items.map((i: { unit_price: number; line_total: number }) => [i.unit_price, i.line_total]).sort(),
      [[0, 0], [300, 300]],
    );
    assert.equal(await stockOf(t, free), 3);
    assert.equal(await assertLedgerMatches(t, u.id), 700);
  });

  it("a placement is at most 6 statements (SQLite: one transaction; a customer's first order adds the buyer mark) and ONE statement without BEGIN/COMMIT on PostgreSQL, the session check included", async () => {
    const { app, statements, close } = await countingApp(t);
    try {
      const u = await registerUser(app);
      await credit(t, u.id, 100_000);
      const ids = [await product(t, admin, 100, 50), await product(t, admin, 200, 50), await product(t, admin, 300, 50)];
      const items = ids.map((product_id, i) => ({ product_id, quantity: i + 1 }));
      for (const [n, first] of [[1, true], [2, false]] as const) {
        statements.length = 0;
        const res = await call(app, 'POST', '/api/v1/orders', { token: u.token, body: { items }, headers: { 'idempotency-key': `budget-${n}` } });
        assert.equal(res.status, 201, res.text);
        assert.equal(res.body.total, 100 * 1 + 200 * 2 + 300 * 3);
        // SQLite: auth reads the session first (outside the placement); count from the stock UPDATE on.
        const start = statements.findIndex((s) => /update "?products"?/i.test(s));
        assert.ok(start >= 0, statements.join('\n'));
        const placement = statements.slice(start);
        if (t.db.database.dialect === 'postgres') {
          // The whole request is one statement: the session check is its `caller` CTE, and the
          // buyer mark stays in it (the session is read by the statement, so who is a buyer is not known before).
          assert.deepEqual([statements.length, start], [1, 0], `the request used ${statements.length} statements:\n${statements.join('\n')}`);
          assert.match(statements[0]!, /from sessions s join users u/);
          assert.match(statements[0]!, /update "?users"?/i);
          assert.doesNotMatch(statements.join('\n'), /^\s*begin/im);
        } else {
          const work = placement.filter((s) => !/^\s*(begin|commit|rollback)/i.test(s));
          const marks = work.filter((s) => /update "?users"?/i.test(s)).length;
          assert.equal(marks, first ? 1 : 0, `order ${n}: the buyer mark:\n${work.join('\n')}`);
          assert.ok(work.length - marks <= 6, `placement used ${work.length} statements:\n${work.join('\n')}`);
        }
      }
    } finally {
      await close();
    }
  });

  it('a session that has ended places nothing and is answered 401, also for a key it used (on PostgreSQL the placement statement is the session check)', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 300, 10);
    const placed = await order(t, u, [{ product_id: a, quantity: 1 }], 'ended-1');
    assert.equal(placed.status, 201, placed.text);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/logout', { token: u.token })).status, 204);
    const orders = await countRows(t, 'orders', ['user_id', u.id]);
    for (const [items, key] of [
      [[{ product_id: a, quantity: 2 }], undefined],
      [[{ product_id: a, quantity: 1 }], 'ended-1'], // the first order's own request: no replay for an ended session
      [[{ product_id: a, quantity: 3 }], 'ended-1'], // another cart under that key: not its conflict either
      [[{ product_id: a, quantity: 50 }], undefined], // more than the stock: the session is refused first
      [[{ product_id: 'nope', quantity: 1 }], 'ended-2'],
      [[{ product_id: a, quantity: 60 }, { product_id: a, quantity: 40 }], undefined], // merged above 99: judged after the session
      [{ product_id: a }, undefined], // not even a list
    ] as const) {
      const res = await order(t, u, items, key);
      assert.deepEqual([res.status, res.body.error, res.headers['idempotent-replayed']], [401, 'unauthorized', undefined], `${JSON.stringify(items)} ${key}: ${res.text}`);
    }
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), orders);
    assert.equal(await stockOf(t, a), 9);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 300);
  });

  it('the placement itself says why it refused: an unknown product before a short one, short stock, short credits; on PostgreSQL nothing is read after the one statement', async () => {
    const { app, statements, close } = await countingApp(t);
    try {
      const u = await registerUser(app);
      await credit(t, u.id, 1000);
      const a = await product(t, admin, 300, 5);
      const b = await product(t, admin, 100, 1);
      const off = await product(t, admin, 100, 5);
      const deactivated = await call(app, 'PUT', `/api/v1/admin/products/${off}`, { token: admin.token, body: { is_active: false } });
      assert.equal(deactivated.status, 200, deactivated.text);
      const cases: [{ product_id: string; quantity: number }[], number, string, string | undefined][] = [
        [[{ product_id: b, quantity: 2 }, { product_id: off, quantity: 1 }], 400, 'invalid_product', off],
        [[{ product_id: a, quantity: 1 }, { product_id: b, quantity: 2 }], 409, 'out_of_stock', b],
        [[{ product_id: a, quantity: 4 }], 402, 'insufficient_credits', undefined],
      ];
      for (const [items, status, error, productId] of cases) {
        statements.length = 0;
        const res = await call(app, 'POST', '/api/v1/orders', { token: u.token, body: { items } });
        assert.deepEqual([res.status, res.body.error, res.body.product_id], [status, error, productId], res.text);
        const start = statements.findIndex((s) => /update "?products"?|from "?products"?/i.test(s));
        if (t.db.database.dialect === 'postgres') assert.equal(statements.length - start, 1, `refused placement ran:\n${statements.slice(start).join('\n')}`);
      }
      assert.deepEqual([await stockOf(t, a), await stockOf(t, b), await stockOf(t, off)], [5, 1, 5]);
      assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 0);
      assert.equal(await assertLedgerMatches(t, u.id), 1000);
    } finally {
      await close();
    }
  });

  it('Idempotency-Key: same key and body answer the first order (201, marked replayed); other items are 409 idempotency_conflict', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 1000, 10);
    const b = await product(t, admin, 500, 10);
    const first = await order(t, u, [{ product_id: a, quantity: 1 }], 'key-1');
    assert.equal(first.status, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined, 'a first placement is no replay');
    const again = await order(t, u, [{ product_id: a, quantity: 1 }], 'key-1');
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    const other = await order(t, u, [{ product_id: b, quantity: 1 }], 'key-1');
    assert.deepEqual([other.status, other.body.error, other.body.message], [409, 'idempotency_conflict', 'This Idempotency-Key was used with different items']);
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 1);
    assert.equal(await balanceOf(t, u.id), 9000);
    assert.equal(await stockOf(t, a), 9);
    // Scoped to the user: another user's identical key is a new order.
    const v = await registerUser(t.app);
    await credit(t, v.id, 1000);
    const theirs = await order(t, v, [{ product_id: a, quantity: 1 }], 'key-1');
    assert.equal(theirs.status, 201);
    assert.notEqual(theirs.body.id, first.body.id);
  });

  it('a replay answers the first order even when stock or credits have run out since', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 1000);
    const a = await product(t, admin, 1000, 1);
    const first = await order(t, u, [{ product_id: a, quantity: 1 }], 'late-replay');
    assert.equal(first.status, 201);
    const again = await order(t, u, [{ product_id: a, quantity: 1 }], 'late-replay');
    assert.deepEqual([again.status, again.body.id], [201, first.body.id]);
    const conflictNow = await order(t, u, [{ product_id: a, quantity: 2 }], 'late-replay');
    assert.equal(conflictNow.body.error, 'idempotency_conflict');
  });

  it('a key is kept 24 hours: after that it (and the job) frees it, and the same key places a new order', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 10);
    const first = await order(t, u, [{ product_id: a, quantity: 1 }], 'day-key');
    // Tokens live shorter than a day, so the key is aged in the database instead of the clock moved.
    const keys = () => t.db.database.db.selectFrom('idempotency_keys').where('scope', '=', 'order.place').where('principal', '=', u.id);
    const age = (key: string, ms: number) =>
      t.db.database.db
        .updateTable('idempotency_keys')
        .set({ expires_at: new Date(t.clock.now().getTime() + DAY - ms).toISOString() })
        .where('principal', '=', u.id)
        .where('key', '=', key)
        .execute();
    const row = await keys().select(['resource_id', 'created_at', 'expires_at']).where('key', '=', 'day-key').executeTakeFirstOrThrow();
    assert.equal(row.resource_id, first.body.id);
    assert.equal(Date.parse(row.expires_at) - Date.parse(row.created_at), DAY, 'kept 24 hours');
    await age('day-key', 23 * HOUR);
    assert.equal((await order(t, u, [{ product_id: a, quantity: 1 }], 'day-key')).body.id, first.body.id);
    // Exactly 24 hours old is still kept (as the job and the lookup see it: only past its expiry goes).
    await age('day-key', 24 * HOUR);
    const atDay = await order(t, u, [{ product_id: a, quantity: 1 }], 'day-key');
    assert.deepEqual([atDay.status, atDay.body.id, atDay.headers['idempotent-replayed']], [201, first.body.id, 'true'], atDay.text);
    await age('day-key', 25 * HOUR);
    const fresh = await order(t, u, [{ product_id: a, quantity: 1 }], 'day-key');
    assert.equal(fresh.status, 201);
    assert.notEqual(fresh.body.id, first.body.id);
    assert.equal(fresh.headers['idempotent-replayed'], undefined);
    // The job deletes old keys in bulk, and only old ones.
    const old = await order(t, u, [{ product_id: a, quantity: 1 }], 'job-key');
    assert.equal(old.status, 201);
    await age('job-key', 25 * HOUR);
    const ran = await runJobs(t.app.ctx);
    assert.ok(ran['purge-idempotency-keys']! >= 1);
    const left = await keys().select(['key', 'resource_id']).execute();
    assert.deepEqual(left, [{ key: 'day-key', resource_id: fresh.body.id }], 'the fresh day-key keeps its key');
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 300);
  });

  it('a keyed placement refused on first use answers the refusal itself, writes nothing, and leaves the key free for a later placement', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 1);
    const refused = await order(t, u, [{ product_id: a, quantity: 2 }], 'refused-first');
    assert.deepEqual([refused.status, refused.body.error, refused.body.product_id], [409, 'out_of_stock', a], refused.text);
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 0);
    assert.equal(await stockOf(t, a), 1);
    assert.equal((await call(t.app, 'PUT', `/api/v1/admin/products/${a}`, { token: admin.token, body: { stock: 5 } })).status, 200);
    const placed = await order(t, u, [{ product_id: a, quantity: 2 }], 'refused-first');
    assert.equal(placed.status, 201, placed.text);
    assert.equal(placed.headers['idempotent-replayed'], undefined, 'the refusal was not kept as the key\'s answer');
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 200);
  });

  it('only a keyed order writes a key row (scope order.place, the user, the request hash); the order row keeps none', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 10);
    const plain = await order(t, u, [{ product_id: a, quantity: 1 }]);
    const keyed = await order(t, u, [{ product_id: a, quantity: 1 }], 'hash-key');
    const rows = await t.db.database.db.selectFrom('idempotency_keys').select(['scope', 'key', 'request_hash', 'resource_id', 'response']).where('principal', '=', u.id).execute();
    assert.equal(rows.length, 1);
    assert.deepEqual({ ...rows[0], request_hash: undefined }, { scope: 'order.place', key: 'hash-key', request_hash: undefined, resource_id: keyed.body.id, response: null });
    assert.match(rows[0]!.request_hash, /^[0-9a-f]{64}$/);
    assert.deepEqual((await t.db.database.db.selectFrom('orders').select('id').where('id', 'in', [plain.body.id, keyed.body.id]).orderBy('id').execute()).map((r) => r.id), [plain.body.id, keyed.body.id]);
    const orders = (await t.db.database.db.introspection.getTables()).find((table) => table.name === 'orders')!;
    assert.deepEqual(orders.columns.map((c) => c.name).filter((c) => /key|hash/.test(c)), []);
  });

  it('a user whose wallet row is missing is 404 not_found (wallet) on placement, and nothing is taken or written', async () => {
    const u = await registerUser(t.app);
    const a = await product(t, admin, 100, 5);
    await t.db.database.db.deleteFrom('wallets').where('user_id', '=', u.id).execute();
    const r = await order(t, u, [{ product_id: a, quantity: 1 }]);
    assert.deepEqual([r.status, r.body.error, r.body.message], [404, 'not_found', 'wallet not found'], r.text);
    assert.equal(await stockOf(t, a), 5);
    assert.equal(await countRows(t, 'orders', ['user_id', u.id]), 0);
  });

  it('/metrics counts a placement once, a replay not at all, and each refusal once under its reason', async () => {
    const metric = async (series: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(res.statusCode, 200);
      const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const series = ['orders_placed_total', 'orders_refused_total{reason="out_of_stock"}', 'orders_refused_total{reason="insufficient_credits"}', 'orders_refused_total{reason="invalid_product"}'];
    const snapshot = async () => Promise.all(series.map(metric));
    const u = await registerUser(t.app);
    await credit(t, u.id, 1000);
    const a = await product(t, admin, 600, 1);
    const start = await snapshot();
    const delta = async () => (await snapshot()).map((v, i) => v - start[i]!);
    assert.equal((await order(t, u, [{ product_id: a, quantity: 1 }], 'counted')).status, 201);
    assert.deepEqual(await delta(), [1, 0, 0, 0], 'the placement itself is counted');
    assert.equal((await order(t, u, [{ product_id: a, quantity: 1 }], 'counted')).status, 201);
    assert.deepEqual(await delta(), [1, 0, 0, 0], 'a replay is no new order');
    assert.equal((await order(t, u, [{ product_id: a, quantity: 1 }])).status, 409);
    const dear = await product(t, admin, 5000, 3);
    assert.equal((await order(t, u, [{ product_id: dear, quantity: 1 }])).status, 402);
    assert.equal((await order(t, u, [{ product_id: 'no-such-product', quantity: 1 }])).status, 400);
    assert.deepEqual(await delta(), [1, 1, 1, 1]);
  });

  it('GET /orders lists own orders newest first, paginated; another user\'s order is 404 on read and cancel', async () => {
    const u = await registerUser(t.app);
    const v = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 20);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await order(t, u, [{ product_id: a, quantity: 1 }])).body.id);
      t.clock.advance(1000);
    }
    const p1 = await call(t.app, 'GET', '/api/v1/orders?limit=2', { token: u.token });
    assert.deepEqual(p1.body.items.map((o: { id: string }) => o.id), [ids[2], ids[1]]);
    assert.equal(p1.body.items[0].items.length, 1);
    const p2 = await call(t.app, 'GET', `/api/v1/orders?limit=2&cursor=${p1.body.next_cursor}`, { token: u.token });
    assert.deepEqual([p2.body.items.map((o: { id: string }) => o.id), p2.body.next_cursor], [[ids[0]], null]);
    assert.deepEqual((await call(t.app, 'GET', '/api/v1/orders', { token: v.token })).body, { items: [], next_cursor: null });
    const other = await call(t.app, 'GET', `/api/v1/orders/${ids[0]}`, { token: v.token });
    assert.deepEqual([other.status, other.body.error], [404, 'not_found']);
    const cancel = await call(t.app, 'POST', `/api/v1/orders/${ids[0]}/cancel`, { token: v.token });
    assert.equal(cancel.status, 404);
    assert.equal((await call(t.app, 'GET', `/api/v1/orders/${ids[0]}`, { token: u.token })).body.status, 'placed', 'untouched');
    assert.equal((await call(t.app, 'GET', '/api/v1/orders/not-an-id', { token: u.token })).status, 404);
    assert.equal((await call(t.app, 'GET', '/api/v1/orders?limit=0', { token: u.token })).status, 400);
  });

  it('a user cancel refunds once, returns stock and is final; cancelling again is 409 invalid_transition', async () => {
    const u = await registerUser(t.app);
    await credit(t, u.id, 3000);
    const a = await product(t, admin, 1000, 4);
    const o = (await order(t, u, [{ product_id: a, quantity: 2 }])).body;
    const res = await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.status, res.body.refunded_amount], ['cancelled', 2000]);
    assert.equal(await stockOf(t, a), 4);
    assert.equal(await assertLedgerMatches(t, u.id), 3000);
    const again = await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token });
    assert.deepEqual([again.status, again.body.error], [409, 'invalid_transition']);
    assert.equal(await countRows(t, 'refunds', ['order_id', o.id]), 1);
  });
});

describe('the idempotency_keys migration carries the order keys over', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('an order key written before the table still answers its order afterwards, and expires 24 h after the order', async () => {
    const admin = await createAdmin(t);
    const u = await registerUser(t.app);
    await credit(t, u.id, 10_000);
    const a = await product(t, admin, 100, 10);
    const first = await order(t, u, [{ product_id: a, quantity: 1 }], 'before-upgrade');
    const plain = await order(t, u, [{ product_id: a, quantity: 1 }]);
    const db = t.db.database.db;
    const migrating = db as unknown as Kysely<unknown>;
    // The state before the migration: the key on the order row (its columns since dropped), no table.
    const { down, up } = await import('../src/modules/idempotency/migrations/2026-11-26-18-idempotency-keys.ts');
    const keyColumns = await import('../src/modules/orders/migrations/2026-12-07-34-order-key-columns.ts');
    const hash = (await db.selectFrom('idempotency_keys').select('request_hash').where('key', '=', 'before-upgrade').executeTakeFirstOrThrow()).request_hash;
    await keyColumns.down(migrating);
    await down(migrating);
    await sql`update orders set idempotency_key = ${'before-upgrade'}, request_hash = ${hash} where id = ${first.body.id}`.execute(db);
    await up(migrating);
    // SQLite rebuilds the orders table, as the migration runner does it: foreign keys off meanwhile.
    const sqlite = t.db.database.dialect === 'sqlite';
    if (sqlite) await sql`pragma foreign_keys = off`.execute(db);
    await keyColumns.up(migrating);
    if (sqlite) await sql`pragma foreign_keys = on`.execute(db);
    const rows = await db.selectFrom('idempotency_keys').selectAll().execute();
    const created = (await db.selectFrom('orders').select('created_at').where('id', '=', first.body.id).executeTakeFirstOrThrow()).created_at;
    assert.deepEqual(rows, [
      { scope: 'order.place', principal: u.id, key: 'before-upgrade', request_hash: hash, resource_id: first.body.id, response: null, created_at: created, expires_at: new Date(Date.parse(created) + DAY).toISOString() },
    ]);
    assert.notEqual(plain.body.id, first.body.id);
    const again = await order(t, u, [{ product_id: a, quantity: 1 }], 'before-upgrade');
    assert.deepEqual([again.status, again.body.id, again.headers['idempotent-replayed']], [201, first.body.id, 'true']);
    assert.equal(await assertLedgerMatches(t, u.id), 10_000 - 200);
  });
});
