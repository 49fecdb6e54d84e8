/**
 * The order lists and the admin ledger list go newest first by (created_at, id) and page with a
 * cursor holding both (docs/orders.md, "Lists"): rows placed at one instant are told apart by id,
 * across pages, under every filter; a customer's ledger rows go in their wallet's chain order (id).
 * A cursor the lists did not make is a 400, never a 500.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';

type Row = { id: string; user_id: string; created_at: string };
/** Newest first by (created_at, id). */
const byTime = <R extends Row>(rows: R[]) => [...rows].sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));

describe('lists page by (created_at, id)', () => {
  let t: TestApp;
  let admin: TestUser;
  let alpha: TestUser;
  let beta: TestUser;
  let orders: (Row & { status: string; total: number })[] = [];
  let ledger: (Row & { type: string })[] = [];

  /** One page of `path` as `token` sees it. */
  const get = async (path: string, token: string) => {
    const r = await call(t.app, 'GET', `/api/v1${path}`, { token });
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return r.body as { items: { id: string }[]; next_cursor: string | null };
  };
  /** Every page of `path` (with `?`), `limit` rows at a time. */
  const pages = async (path: string, limit: number, token = admin.token) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`${path}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, token);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    return seen;
  };
  const same = async (path: string, expected: string[], token?: string) => {
    assert.ok(expected.length >= 2, `${path} holds rows to page through`);
    for (const limit of [1, 2, 3]) assert.deepEqual(await pages(path, limit, token), expected, `${path}, ${limit} a page`);
  };

  before(async () => {
    t = await createTestApp({ DEFAULT_COUNTRY_CODE: '+91' });
    admin = await createAdmin(t);
    alpha = await registerUser(t.app, { full_name: 'Tiebreak Alpha', phone: '+919811100001' });
    beta = await registerUser(t.app, { full_name: 'Tiebreak Beta', phone: '+919811100002' });
    const tea = await product(t, admin, 100, 1000, 'Tea');
    for (const u of [alpha, beta]) await credit(t, u.id, 100_000);
    // Eight orders at the clock's one instant, alternating customers, totals 100 … 800.
    const placed: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await order(t, i % 2 === 0 ? alpha : beta, [{ product_id: tea, quantity: i + 1 }]);
      assert.equal(r.status, 201, r.text);
      placed.push(r.body.id);
    }
    for (const id of [placed[1]!, placed[4]!]) {
      const r = await call(t.app, 'POST', `/api/v1/admin/orders/${id}/status`, { token: admin.token, body: { status: 'cancelled' } });
      assert.equal(r.status, 200, r.text);
    }
    // The first order (the smallest id) a day later and the last a day earlier: time, not id, comes first.
    const db = t.db.database.db;
    await db.updateTable('orders').set({ created_at: '2026-01-16T10:00:00.000Z' }).where('id', '=', placed[0]!).execute();
    await db.updateTable('orders').set({ created_at: '2026-01-14T10:00:00.000Z' }).where('id', '=', placed[7]!).execute();
    const first = await db.selectFrom('wallet_transactions').select('id').where('user_id', '=', alpha.id).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('wallet_transactions').set({ created_at: '2026-01-16T10:00:00.000Z' }).where('id', '=', first.id).execute();
    orders = byTime(await db.selectFrom('orders').select(['id', 'user_id', 'status', 'total', 'created_at']).execute()).map((o) => ({ ...o, total: Number(o.total) }));
    ledger = byTime(await db.selectFrom('wallet_transactions').select(['id', 'user_id', 'type', 'created_at']).execute());
  });
  after(() => t.close());

  const orderIds = (keep: (o: (typeof orders)[number]) => boolean) => orders.filter(keep).map((o) => o.id);

  it("the shopper's orders: their own, newest first, ties by id", async () => {
    await same('/orders?', orderIds((o) => o.user_id === alpha.id), alpha.token);
    await same('/orders?', orderIds((o) => o.user_id === beta.id), beta.token);
  });

  it('the admin order list under each filter and search', async () => {
    const [low, high] = [300, 700];
    for (const [query, keep] of [
      ['', () => true],
      ['status=cancelled', (o) => o.status === 'cancelled'],
      ['status=placed', (o) => o.status === 'placed'],
      [`user_id=${alpha.id}`, (o) => o.user_id === alpha.id],
      [`user_id=${beta.id}&status=placed`, (o) => o.user_id === beta.id && o.status === 'placed'],
      ['placed_from=2026-01-15&placed_to=2026-01-16', (o) => o.created_at.startsWith('2026-01-15') || o.created_at.startsWith('2026-01-16')],
      [`total_min=${low}&total_max=${high}`, (o) => o.total >= low && o.total <= high],
      ['q=tiebreak', () => true],
      ['q=alpha', (o) => o.user_id === alpha.id],
      [`q=${encodeURIComponent('+919811100002')}`, (o) => o.user_id === beta.id],
      [`q=${orders[0]!.id.slice(0, 8)}`, (o) => o.id.startsWith(orders[0]!.id.slice(0, 8))],
    ] as [string, (o: (typeof orders)[number]) => boolean][]) {
      await same(`/admin/orders?${query}`, orderIds(keep));
    }
    await same(`/admin/users/${beta.id}/orders?`, orderIds((o) => o.user_id === beta.id));
  });

  it("the admin ledger list by time, by type and by range; a customer's in their wallet's chain order", async () => {
    await same('/admin/transactions?', ledger.map((l) => l.id));
    await same('/admin/transactions?type=order_payment', ledger.filter((l) => l.type === 'order_payment').map((l) => l.id));
    await same('/admin/transactions?from=2026-01-15&to=2026-01-15', ledger.filter((l) => l.created_at.startsWith('2026-01-15')).map((l) => l.id));
    const chain = ledger.filter((l) => l.user_id === alpha.id).map((l) => l.id).sort().reverse();
    assert.notDeepEqual(chain, ledger.filter((l) => l.user_id === alpha.id).map((l) => l.id), 'the moved row puts time and chain order apart');
    await same(`/admin/transactions?user_id=${alpha.id}`, chain);
    const paid = ledger.filter((l) => l.user_id === alpha.id && l.type === 'order_payment').map((l) => l.id).sort().reverse();
    await same(`/admin/transactions?user_id=${alpha.id}&type=order_payment&from=2026-01-15&to=2026-01-15`, paid);
    await same('/wallet/transactions?', chain, alpha.token);
  });

  it('a cursor the list did not make is 400 validation_failed, whatever it holds', async () => {
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
    for (const cursor of [
      b64(orders[0]!.id), // an id alone
      b64(`${orders[0]!.created_at}|`),
      b64(`|${orders[0]!.id}`),
      b64(`${orders[0]!.created_at}|${orders[0]!.id}\u0000`),
      b64(`${orders[0]!.created_at}\u0000|${orders[0]!.id}`),
      b64(`x'; drop table orders; --|${orders[0]!.id}`),
      b64(`${'9'.repeat(36)}|${orders[0]!.id}`),
      '%%%',
    ]) {
      for (const path of ['/admin/orders?', '/admin/transactions?', `/admin/transactions?user_id=${alpha.id}&`]) {
        const r = await call(t.app, 'GET', `/api/v1${path}cursor=${cursor}`, { token: admin.token });
        assert.equal(r.status, 400, `${path}${cursor}: ${r.text}`);
        assert.equal(r.body.error, 'validation_failed');
      }
      const own = await call(t.app, 'GET', `/api/v1/orders?cursor=${cursor}`, { token: alpha.token });
      assert.equal(own.status, 400, `${cursor}: ${own.text}`);
    }
    // The lists paged by id alone take no control character either (PostgreSQL refuses a NUL).
    for (const path of ['/wallet/transactions', '/tickets']) {
      const r = await call(t.app, 'GET', `/api/v1${path}?cursor=${b64(`${orders[0]!.id}\u0000`)}`, { token: alpha.token });
      assert.equal(r.status, 400, `${path}: ${r.text}`);
    }
  });
});
