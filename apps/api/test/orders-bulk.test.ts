/**
 * `POST /admin/orders/bulk-status`: each order moved or refused on its own, through the same
 * mover as the single route (same refusals, one audit row per move), and one Idempotency-Key for
 * the whole request (docs/orders.md, "Bulk moves").
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { assertLedgerMatches } from './support/wallet.ts';
import { credit, order, product } from './orders-fixtures.ts';
import { requestHash } from '../src/modules/idempotency/index.ts';

describe('admin bulk order status', () => {
  let t: TestApp;
  let admin: TestUser;
  let u: TestUser;
  let p: string;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    u = await registerUser(t.app);
    await credit(t, u.id, 1_000_000);
    p = await product(t, admin, 100, 10_000);
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const bulk = (body: unknown, key: string | null = 'bulk-1', token = admin.token) =>
    call(t.app, 'POST', '/api/v1/admin/orders/bulk-status', { token, body, ...(key === null ? {} : { headers: { 'idempotency-key': key } }) });
  const single = (id: string, status: string) => call(t.app, 'POST', `/api/v1/admin/orders/${id}/status`, { token: admin.token, body: { status } });

  /** Orders of `u` in the given statuses (moved there by the single route). */
  async function ordersIn(...statuses: string[]): Promise<string[]> {
    const paths: Record<string, string[]> = { placed: [], processing: ['processing'], shipped: ['processing', 'shipped'], cancelled: ['cancelled'], delivered: ['processing', 'shipped', 'delivered'] };
    const ids: string[] = [];
    for (const s of statuses) {
      const o = await order(t, u, [{ product_id: p, quantity: 1 }]);
      assert.equal(o.status, 201, o.text);
      for (const step of paths[s]!) assert.equal((await single(o.body.id, step)).status, 200);
      ids.push(o.body.id);
    }
    return ids;
  }
  const snapshot = async (ids: string[]) =>
    (await db().selectFrom('orders').select(['id', 'status', 'refunded_amount', 'updated_at']).where('id', 'in', ids).orderBy('id').execute()).map((r) => ({ ...r, refunded_amount: Number(r.refunded_amount) }));
  const auditCount = async () => Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('mixed outcomes: each order moved or refused with the single move\'s status and body; one audit row (with the note) per move', async () => {
    const [a, b, cancelled, placed] = await ordersIn('processing', 'processing', 'cancelled', 'placed');
    const unknown = '00000000-0000-7000-8000-00000000dead';
    const ids = [a!, cancelled!, b!, unknown, placed!];
    const audits = await auditCount();
    const res = await bulk({ order_ids: ids, status: 'shipped', note: 'courier pickup 14:00' }, 'mixed-1');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['idempotent-replayed'], undefined);
    assert.deepEqual([res.body.moved, res.body.refused], [2, 3]);
    assert.deepEqual(res.body.results.map((r: { order_id: string; outcome: string }) => [r.order_id, r.outcome]), [
      [a, 'moved'],
      [cancelled, 'refused'],
      [b, 'moved'],
      [unknown, 'refused'],
      [placed, 'refused'],
    ]);
    assert.deepEqual([res.body.results[0].status, res.body.results[2].status], ['shipped', 'shipped']);
    // Each refusal is what the single route answers for that order.
    for (const i of [1, 3, 4]) {
      const one = await single(ids[i]!, 'shipped');
      assert.deepEqual(res.body.results[i].refusal, { status: one.status, ...one.body }, ids[i]);
    }
    assert.deepEqual(res.body.results[1].refusal, { status: 409, error: 'invalid_transition', message: 'An order that is cancelled cannot become shipped', from: 'cancelled', to: 'shipped' });
    assert.deepEqual([res.body.results[3].refusal.status, res.body.results[3].refusal.error], [404, 'not_found']);
    const rows = await snapshot([a!, b!, cancelled!, placed!]);
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.id, r.status])), { [a!]: 'shipped', [b!]: 'shipped', [cancelled!]: 'cancelled', [placed!]: 'placed' });
    const moves = await db().selectFrom('audit_log').select(['entity_id', 'admin_id', 'after']).where('action', '=', 'order.status').where('entity_id', 'in', [a!, b!]).orderBy('id').execute();
    const shipped = moves.filter((m) => JSON.parse(m.after!).status === 'shipped');
    assert.deepEqual(shipped.map((m) => [m.entity_id, m.admin_id, JSON.parse(m.after!).note]), [[a, admin.id, 'courier pickup 14:00'], [b, admin.id, 'courier pickup 14:00']]);
    assert.equal((await auditCount()) - audits, 2, 'refusals write no audit row');
  });

  it('a retry with the same key answers the same body (marked replayed) and moves nothing again; another body with the key is 409', async () => {
    const ids = await ordersIn('placed', 'placed', 'shipped');
    const body = { order_ids: ids, status: 'cancelled' };
    const first = await bulk(body, 'retry-1');
    assert.equal(first.status, 200, first.text);
    assert.deepEqual([first.body.moved, first.body.refused], [2, 1]);
    const after1 = await snapshot(ids);
    const audits = await auditCount();
    const balance = await assertLedgerMatches(t, u.id);
    t.clock.advance(60_000);
    const again = await bulk(body, 'retry-1');
    assert.equal(again.status, 200, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await snapshot(ids), after1, 'no order moved again');
    assert.equal(await auditCount(), audits);
    assert.equal(await assertLedgerMatches(t, u.id), balance, 'no second refund');
    for (const other of [{ ...body, status: 'processing' }, { ...body, order_ids: ids.slice(0, 2) }, { ...body, note: 'now with a note' }]) {
      const res = await bulk(other, 'retry-1');
      assert.deepEqual([res.status, res.body.error, res.body.message], [409, 'idempotency_conflict', 'This Idempotency-Key was used for another bulk move'], JSON.stringify(other));
    }
    assert.deepEqual(await snapshot(ids), after1);
    // The key belongs to the admin who sent it: another admin's same key is a new request.
    const other = await createAdmin(t);
    const theirs = await bulk(body, 'retry-1', other.token);
    assert.equal(theirs.status, 200);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
    assert.deepEqual(theirs.body.results.map((r: { outcome: string }) => r.outcome), ['refused', 'refused', 'refused']);
  });

  it('a request cut off half-way is finished by its retry: done orders answer as they did, the rest move now, none twice', async () => {
    const ids = await ordersIn('processing', 'processing', 'processing');
    const body = { order_ids: ids, status: 'shipped' };
    // What a crash after the first order's move leaves: that order shipped, the request's key and that order's outcome.
    assert.equal((await single(ids[0]!, 'shipped')).status, 200);
    const cutHash = requestHash([ids, 'shipped', null]);
    const expires = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const now = t.clock.now().toISOString();
    await db()
      .insertInto('idempotency_keys')
      .values([
        { scope: 'order.bulk_status', principal: admin.id, key: 'cut', request_hash: cutHash, resource_id: null, response: null, created_at: now, expires_at: expires },
        {
          scope: 'order.bulk_status.item',
          principal: admin.id,
          key: `cut ${ids[0]}`,
          request_hash: cutHash,
          resource_id: null,
          response: JSON.stringify({ order_id: ids[0], outcome: 'moved', status: 'shipped' }),
          created_at: now,
          expires_at: expires,
        },
      ])
      .execute();
    const audits = await auditCount();
    const res = await bulk(body, 'cut');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['idempotent-replayed'], 'true');
    assert.deepEqual(res.body.results.map((r: { outcome: string; status: string }) => [r.outcome, r.status]), [['moved', 'shipped'], ['moved', 'shipped'], ['moved', 'shipped']]);
    assert.equal((await auditCount()) - audits, 2, 'only the two orders not yet done moved');
  });

  it('refunded is refused per order as the single route refuses it; bad requests are 400 and change nothing; a user token is 403', async () => {
    const [o] = await ordersIn('processing');
    const res = await bulk({ order_ids: [o], status: 'refunded' }, 'to-refunded');
    const one = await single(o!, 'refunded');
    assert.deepEqual(res.body.results[0], { order_id: o, outcome: 'refused', refusal: { status: one.status, ...one.body } });
    assert.equal(one.body.error, 'invalid_transition');
    const before = await snapshot([o!]);
    const audits = await auditCount();
    const many = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    const bad: [unknown, string | null][] = [
      [{ order_ids: many, status: 'shipped' }, 'k-101'],
      [{ order_ids: [], status: 'shipped' }, 'k-0'],
      [{ order_ids: [o, o], status: 'shipped' }, 'k-dup'],
      [{ order_ids: [o], status: 'lost' }, 'k-status'],
      [{ order_ids: [o], status: 'shipped', note: '' }, 'k-note'],
      [{ order_ids: [o], status: 'shipped' }, null],
      [{ order_ids: [o], status: 'shipped' }, 'has space'],
      [{ order_ids: [''], status: 'shipped' }, 'k-empty-id'],
    ];
    for (const [body, key] of bad) {
      const r = await bulk(body, key);
      assert.deepEqual([r.status, r.body.error], [400, 'validation_failed'], `${JSON.stringify(body)} ${key}: ${r.text}`);
    }
    const user = await bulk({ order_ids: [o], status: 'shipped' }, 'k-user', u.token);
    assert.deepEqual([user.status, user.body.error], [403, 'forbidden']);
    assert.deepEqual(await snapshot([o!]), before);
    assert.equal(await auditCount(), audits);
    const keys = await db().selectFrom('idempotency_keys').select('key').where('key', 'like', 'k-%').execute();
    assert.deepEqual(keys, [], 'a refused request claims no key');
  });

  it('100 orders in one request: every one moved, one audit row each', async () => {
    const ids = await ordersIn(...Array<string>(100).fill('processing'));
    const audits = await auditCount();
    const res = await bulk({ order_ids: ids, status: 'shipped' }, 'hundred');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.moved, res.body.refused, res.body.results.length], [100, 0, 100]);
    assert.deepEqual(res.body.results.map((r: { order_id: string }) => r.order_id), ids);
    assert.equal((await auditCount()) - audits, 100);
  });
});
