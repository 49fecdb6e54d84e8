/**
 * `GET /admin/orders`: the search (`q`: an order id or its prefix, a phone in any accepted format,
 * a customer's name) and the filters (status, placed date range, total range, customer), each
 * combined with cursor paging, and bad values answered 400 without touching anything.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';
import * as buyersMigration from '../src/modules/accounts/migrations/2026-11-27-28-buyers.ts';

type OrderItem = { id: string; user_id: string; total: number; status: string; created_at: string };

/** The admin order list as `get()`'s admin sees it: one page, and every page following the cursor. */
function pager(get: () => { t: TestApp; admin: TestUser }) {
  const list = async (query: string) => {
    const { t, admin } = get();
    const r = await call(t.app, 'GET', `/api/v1/admin/orders?${query}`, { token: admin.token });
    assert.equal(r.status, 200, `${query}: ${r.text}`);
    return r.body as { items: OrderItem[]; next_cursor: string | null };
  };
  const allPages = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((o) => o.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    return seen;
  };
  return { list, allPages };
}

describe('admin order search and filters', () => {
  let t: TestApp;
  let admin: TestUser;
  let asha: TestUser;
  let ravi: TestUser;
  /** Every order placed here, newest first, with what the tests filter on. */
  const placed: { id: string; user: string; total: number; at: string }[] = [];

  const { list, allPages: pages } = pager(() => ({ t, admin }));
  const ids = async (query: string) => (await list(query)).items.map((o) => o.id);
  /** Every page of a filtered list, following the cursor with a small page size. */
  const allPages = (query: string, limit = 2) => pages(query, limit);
  const expected = (keep: (o: (typeof placed)[number]) => boolean) => placed.filter(keep).map((o) => o.id);

  before(async () => {
    t = await createTestApp({ DEFAULT_COUNTRY_CODE: '+91' });
    admin = await createAdmin(t);
    asha = await registerUser(t.app, { full_name: 'Asha Kulkarni', phone: '+919811122233' });
    ravi = await registerUser(t.app, { full_name: 'Ravi Shankar', phone: '+919844455566' });
    const cheap = await product(t, admin, 100, 1000, 'Tea');
    const dear = await product(t, admin, 2500, 1000, 'Kettle');
    for (const u of [asha, ravi]) await credit(t, u.id, 1_000_000);
    // Six orders, one a day from 2026-03-01, alternating customers and prices.
    for (let i = 0; i < 6; i++) {
      const u = i % 2 === 0 ? asha : ravi;
      const res = await order(t, u, [{ product_id: i < 3 ? cheap : dear, quantity: 1 + i }]);
      assert.equal(res.status, 201, res.text);
      const at = `2026-03-0${i + 1}T12:00:00.000Z`;
      await t.db.database.db.updateTable('orders').set({ created_at: at }).where('id', '=', res.body.id).execute();
      placed.unshift({ id: res.body.id, user: u.id, total: res.body.total, at });
    }
  });
  after(() => t.close());

  it('an order is found by its whole id, and by its first 8 or more characters', async () => {
    const target = placed[3]!;
    assert.deepEqual(await ids(`q=${target.id}`), [target.id]);
    assert.deepEqual(await ids(`q=${target.id.toUpperCase()}`), [target.id], 'case does not matter');
    // Ids made in one process share their leading characters: a prefix answers every order it covers.
    for (const n of [8, 13, 20]) {
      const prefix = target.id.slice(0, n);
      assert.deepEqual(await ids(`q=${prefix}`), expected((o) => o.id.startsWith(prefix)), prefix);
    }
    assert.deepEqual(await ids(`q=${target.id.slice(0, -1)}${target.id.endsWith('0') ? '1' : '0'}`), [], 'a near miss matches nothing');
  });

  it("an order is found by its customer's phone in any format sign-in accepts", async () => {
    const ashas = expected((o) => o.user === asha.id);
    for (const q of ['+919811122233', '9811122233', '09811122233', '98111 22233', '+91 98111-22233', '(981) 112.2233', '00919811122233']) {
      assert.deepEqual(await ids(`q=${encodeURIComponent(q)}`), ashas, q);
    }
    assert.deepEqual(await ids(`q=${encodeURIComponent('+919811122234')}`), [], 'another number');
  });

  it("an order is found by a fragment of its customer's name, any case", async () => {
    assert.deepEqual(await ids('q=kulkarni'), expected((o) => o.user === asha.id));
    assert.deepEqual(await ids('q=SHANK'), expected((o) => o.user === ravi.id));
    assert.deepEqual(await ids(`q=${encodeURIComponent('a k')}`), expected((o) => o.user === asha.id), 'across the space');
    assert.deepEqual(await ids('q=nobody'), []);
  });

  it('a common name fragment (more customers than the few gathered first) walks the newest orders and finds the same ones', async () => {
    // 201 customers named "… Sharma", one of whom orders: the fragment is common.
    const many: TestUser[] = [];
    for (let i = 0; i < 201; i++) {
      const id = `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      await t.db.database.db
        .insertInto('users')
        .values({ id, phone: `+9170000${String(i).padStart(5, '0')}`, full_name: `Person${i} Sharma`, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' } as never)
        .execute();
    }
    const buyer = await registerUser(t.app, { full_name: 'Mohan Sharma' });
    many.push(buyer);
    await credit(t, buyer.id, 10_000);
    const p = await product(t, admin, 100, 10, 'Cup');
    const a = await order(t, buyer, [{ product_id: p, quantity: 1 }]);
    const b = await order(t, buyer, [{ product_id: p, quantity: 2 }]);
    assert.equal(b.status, 201, b.text);
    assert.deepEqual(await allPages('q=sharma', 1), [b.body.id, a.body.id]);
    assert.deepEqual(await ids('q=mohan'), [b.body.id, a.body.id], 'a rare fragment of the same name');
  });

  // The orders of the other tests are placed on the clock's day, 2026-01-15; these bounds leave them out.
  it('status, placed dates, totals and customer narrow the list, alone and together', async () => {
    assert.deepEqual(await ids('placed_from=2026-03-02&placed_to=2026-03-04'), expected((o) => o.at >= '2026-03-02' && o.at < '2026-03-05'), 'a day is included whole');
    assert.deepEqual(await ids('placed_from=2026-03-05T12:00:00Z'), expected((o) => o.at >= '2026-03-05T12'));
    assert.deepEqual(await ids(`placed_from=2026-03-01&placed_to=${encodeURIComponent('2026-03-02T17:30:00+05:30')}`), expected((o) => o.at < '2026-03-02T12:00:00.000Z'), 'an instant with an offset, exclusive');
    const [low, high] = [placed[4]!.total, placed[1]!.total];
    assert.deepEqual(await ids(`placed_from=2026-03-01&total_min=${low}&total_max=${high}`), expected((o) => o.total >= low && o.total <= high));
    assert.deepEqual(await ids(`user_id=${ravi.id}&placed_from=2026-03-03`), expected((o) => o.user === ravi.id && o.at >= '2026-03-03'));
    assert.deepEqual(await ids(`q=kulkarni&total_min=${placed[2]!.total}`), expected((o) => o.user === asha.id && o.total >= placed[2]!.total));
    const cancel = await call(t.app, 'POST', `/api/v1/admin/orders/${placed[0]!.id}/status`, { token: admin.token, body: { status: 'cancelled' } });
    assert.equal(cancel.status, 200, cancel.text);
    assert.deepEqual(await ids('status=cancelled&placed_from=2026-03-01'), [placed[0]!.id]);
  });

  it('a cursor under every filter neither skips nor repeats an order', async () => {
    for (const query of ['placed_from=2026-03-01&placed_to=2026-03-06', `q=kulkarni`, `total_min=1`, `user_id=${asha.id}`, `q=${placed[0]!.id.slice(0, 8)}`]) {
      const whole = await ids(`${query}&limit=100`);
      assert.ok(whole.length >= 3, query);
      assert.deepEqual(await allPages(query, 2), whole, query);
      assert.equal(new Set(whole).size, whole.length);
    }
  });

  it('bad filter values are 400 validation_failed naming the field, never 500', async () => {
    const before = await ids('limit=100');
    for (const [query, field] of [
      ['placed_from=yesterday', 'placed_from'],
      ['placed_from=2026-13-01', 'placed_from'],
      ['placed_to=2026-03-01T25:00Z', 'placed_to'],
      ['placed_from=2026-03-05&placed_to=2026-03-01', 'placed_to'],
      ['total_min=-1', 'total_min'],
      ['total_min=1.5', 'total_min'],
      ['total_min=abc', 'total_min'],
      ['total_min=500&total_max=100', 'total_max'],
      ['status=lost', 'status'],
      ['q=ab', 'q'],
      [`q=${encodeURIComponent('  ab  ')}`, 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const r = await call(t.app, 'GET', `/api/v1/admin/orders?${query}`, { token: admin.token });
      assert.equal(r.status, 400, `${query}: ${r.text}`);
      assert.equal(r.body.error, 'validation_failed', query);
      assert.ok(JSON.stringify(r.body.details).includes(field), `${query}: ${JSON.stringify(r.body.details)}`);
    }
    for (const q of ['%%%', '"\'"', '___', '----------', 'NEAR(x)']) assert.equal((await list(`q=${encodeURIComponent(q)}`)).items.length, 0, q);
    assert.deepEqual(await ids('limit=100'), before, 'nothing changed');
  });

  it('the CSV export takes the same filters and search', async () => {
    const r = await call(t.app, 'GET', '/api/v1/admin/orders/export.csv?q=kulkarni&placed_from=2026-03-02', { token: admin.token });
    assert.equal(r.status, 200, r.text);
    const rows = r.text.trim().split(/\r?\n/).slice(1).map((l: string) => l.split(',')[0]!.replace(/^\uFEFF/, ''));
    assert.deepEqual(rows, expected((o) => o.user === asha.id && o.at >= '2026-03-02'));
    const bad = await call(t.app, 'GET', '/api/v1/admin/orders/export.csv?placed_from=2026-03-05&placed_to=2026-03-01', { token: admin.token });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'validation_failed');
  });
});

describe('admin order search by a name fragment many customers share', () => {
  let t: TestApp;
  let admin: TestUser;
  /** The orders of the "Quorra" customers, newest first. */
  const theirs: { id: string; status: string }[] = [];

  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    const db = t.db.database.db;
    const at = '2026-01-01T00:00:00.000Z';
    const user = (id: string, full_name: string) => ({ id, phone: null, full_name, created_at: at, updated_at: at });
    const someone = (n: number) => `0b000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    // 205 customers share the fragment (more than the few whose orders are gathered at once); one
    // more does not. Every fifth Quorra ordered twice long ago, customer 7 thirty times; three
    // orders of customer 10 are the newest of all; 2,100 orders of the other customer lie between.
    await db.insertInto('users').values([...Array.from({ length: 205 }, (_, k) => user(someone(k), `Quorra ${k}`)), user(someone(999), 'Filler Person')] as never).execute();
    const orders: { id: string; user_id: string; status: string }[] = [];
    const add = (prefix: string, n: number, k: number, status: string) => orders.push({ id: `${prefix}-0000-7000-8000-${String(n).padStart(12, '0')}`, user_id: someone(k), status });
    for (let k = 0; k < 205; k += 5) for (let j = 0; j < 2; j++) add('10000000', k * 2 + j, k, j === 0 ? 'placed' : 'delivered');
    for (let j = 0; j < 30; j++) add('11000000', j, 7, j % 10 === 0 ? 'placed' : 'delivered');
    for (let n = 0; n < 2100; n++) add('20000000', n, 999, 'placed');
    for (let j = 0; j < 3; j++) add('30000000', j, 10, 'shipped');
    const rows = orders.map((o) => ({ ...o, subtotal: 100, total: 100, refunded_amount: 0, currency: 'INR', created_at: at, updated_at: at }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('orders').values(rows.slice(i, i + 500) as never).execute();
    // What the placement does for an order it places: the customers who ordered are buyers.
    await db.updateTable('users').set({ first_order_at: at }).where('id', 'in', [...new Set(orders.map((o) => o.user_id))]).execute();
    theirs.push(...orders.filter((o) => o.user_id !== someone(999)).sort((a, b) => (a.id < b.id ? 1 : -1)));
  });
  after(() => t.close());

  const list = async (query: string) => {
    const r = await call(t.app, 'GET', `/api/v1/admin/orders?${query}`, { token: admin.token });
    assert.equal(r.status, 200, `${query}: ${r.text}`);
    return r.body as { items: { id: string }[]; next_cursor: string | null };
  };
  const allPages = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((o) => o.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    return seen;
  };

  it('lists their orders newest first across pages, the newest ones and those far below the newest orders alike', async () => {
    assert.equal(theirs.length, 115);
    assert.deepEqual((await list('q=quorra&limit=100')).items.map((o) => o.id), theirs.slice(0, 100).map((o) => o.id));
    assert.deepEqual(await allPages('q=QUORRA', 7), theirs.map((o) => o.id));
  });

  it('a filter narrows each customer\'s orders before the newest are taken', async () => {
    const placed = theirs.filter((o) => o.status === 'placed').map((o) => o.id);
    assert.equal(placed.length, 44);
    assert.deepEqual(await allPages('q=quorra&status=placed', 4), placed);
  });
});

describe('admin order search among customers who mostly never ordered', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let cup: string;
  /** The orders of "Zephyrine Early", placed before the buyers' mark existed, newest first. */
  const early = ['10000000-0000-7000-8000-000000000002', '10000000-0000-7000-8000-000000000001'];
  const earlyId = '0c000000-0000-7000-8000-000000000999';
  const bought: { id: string; created_at: string }[] = [];

  const { list, allPages: pages } = pager(() => ({ t, admin }));
  const allPages = (query: string, limit = 1) => pages(query, limit);
  const firstOrderAt = async (id: string) => (await t.db.database.db.selectFrom('users').select('first_order_at').where('id', '=', id).executeTakeFirstOrThrow()).first_order_at;

  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    const db = t.db.database.db;
    // The shop as it stood before migration 28: orders, and no buyers' mark or index yet.
    await buyersMigration.down(db as never);
    const at = '2026-01-01T00:00:00.000Z';
    const user = (id: string, full_name: string) => ({ id, phone: null, full_name, created_at: at, updated_at: at });
    const someone = (n: number) => `0c000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
    // 201 Zephyrines and 201 Yolandas who never ordered (each fragment is common), one Zephyrine
    // who ordered twice, and another customer whose 2,100 orders are the newest of all: every
    // order of the Zephyrines lies below the newest orders the search walks first.
    await db
      .insertInto('users')
      .values([
        ...Array.from({ length: 201 }, (_, k) => user(someone(k), `Zephyrine ${k}`)),
        ...Array.from({ length: 201 }, (_, k) => user(someone(300 + k), `Yolanda ${k}`)),
        user(earlyId, 'Zephyrine Early'),
        user(someone(1000), 'Filler Person'),
      ] as never)
      .execute();
    const row = (id: string, user_id: string, created_at: string) => ({ id, user_id, status: 'delivered', subtotal: 100, total: 100, refunded_amount: 0, currency: 'INR', created_at, updated_at: created_at });
    const rows = [row(early[1]!, earlyId, '2026-01-02T00:00:00.000Z'), row(early[0]!, earlyId, '2026-01-03T00:00:00.000Z')];
    for (let n = 0; n < 2100; n++) rows.push(row(`20000000-0000-7000-8000-${String(n).padStart(12, '0')}`, someone(1000), '2026-01-04T00:00:00.000Z'));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('orders').values(rows.slice(i, i + 500) as never).execute();
    await buyersMigration.up(db as never);
    buyer = await registerUser(t.app, { full_name: 'Zephyrine Buyer' });
    cup = await product(t, admin, 100, 1000, 'Cup');
  });
  after(() => t.close());

  it('the migration marks each customer who ordered with their first order, and the search finds their orders below the newest', async () => {
    assert.equal(await firstOrderAt(earlyId), '2026-01-02T00:00:00.000Z');
    assert.equal(await firstOrderAt('0c000000-0000-7000-8000-000000000000'), null, 'a customer who never ordered');
    assert.equal(await firstOrderAt(buyer.id), null);
    assert.deepEqual(await allPages('q=zephyrine'), early);
  });

  it("a customer's first order makes them findable at once; a refused one does not, and later orders keep the first one's time", async () => {
    const refused = await order(t, buyer, [{ product_id: cup, quantity: 1 }]);
    assert.equal(refused.status, 402, refused.text);
    assert.equal(await firstOrderAt(buyer.id), null, 'a refused placement marks nothing');
    assert.deepEqual(await allPages('q=zephyrine'), early);
    await credit(t, buyer.id, 200);
    for (let i = 0; i < 2; i++) {
      const r = await order(t, buyer, [{ product_id: cup, quantity: 1 }]);
      assert.equal(r.status, 201, r.text);
      bought.unshift({ id: r.body.id, created_at: r.body.created_at });
      t.clock.advance(60_000);
    }
    assert.notEqual(bought[0]!.created_at, bought[1]!.created_at);
    assert.equal(await firstOrderAt(buyer.id), bought[1]!.created_at);
    // Newest first by when they were placed: the buyer's orders (the clock's day) before the early ones.
    assert.deepEqual(await allPages('q=zephyrine'), [...bought.map((o) => o.id), ...early]);
    assert.deepEqual(await allPages('q=ZEPHYRINE', 3), [...bought.map((o) => o.id), ...early]);
  });

  it("a rename moves the buyer's orders from the old name's search to the new one's", async () => {
    const r = await call(t.app, 'PATCH', '/api/v1/me', { token: buyer.token, body: { full_name: 'Yolanda Buyer' } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(await allPages('q=zephyrine'), early);
    assert.deepEqual(await allPages('q=yolanda'), bought.map((o) => o.id));
  });

  it('an anonymised buyer is found by no name, and their orders stay in the list', async () => {
    // Settle the account so it may go: refund both orders, then empty the wallet.
    for (const o of bought) assert.equal((await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: {} })).status, 201);
    const clear = await call(t.app, 'POST', `/api/v1/admin/users/${buyer.id}/adjustments`, { token: admin.token, body: { amount: -200, reason: 'clearing before deletion' } });
    assert.equal(clear.status, 201, clear.text);
    const del = await call(t.app, 'DELETE', `/api/v1/admin/users/${buyer.id}`, { token: admin.token });
    assert.equal(del.status, 204, del.text);
    assert.deepEqual(await allPages('q=yolanda'), []);
    assert.deepEqual(await allPages('q=zephyrine'), early);
    assert.deepEqual((await list(`q=${bought[0]!.id}`)).items.map((o) => o.id), [bought[0]!.id]);
    assert.deepEqual((await list(`user_id=${buyer.id}`)).items.map((o) => o.id), bought.map((o) => o.id));
  });
});
