/**
 * The admin users and tickets lists' filters: joined date range, has orders and has a balance;
 * ticket status and opening date. Each narrows exactly, pages by cursor without skipping or
 * repeating, and a bad value is 400 validation_failed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';

describe('admin users and tickets filters', () => {
  let t: TestApp;
  let admin: TestUser;
  /** The users made here, newest first: joined day, whether they ordered, whether they hold credits. */
  const people: { id: string; day: string; orders: boolean; balance: boolean }[] = [];
  const tickets: { id: string; day: string; status: string }[] = [];

  const get = async (path: string) => {
    const r = await call(t.app, 'GET', `/api/v1${path}`, { token: admin.token });
    assert.equal(r.status, 200, `${path}: ${r.text}`);
    return r.body as { items: { id: string }[]; next_cursor: string | null };
  };
  const pages = async (path: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`${path}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    return seen;
  };
  /** The users of this file only: every query is bounded to their joining days. */
  const users = (query: string) => pages(`/admin/users?joined_from=2025-06-01&joined_to=2025-06-30&${query}`);
  const who = (keep: (p: (typeof people)[number]) => boolean) => people.filter(keep).map((p) => p.id);

  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    const p = await product(t, admin, 100, 100);
    // Six users joined on 2025-06-01 … 06-06: even ones order (credits spent to zero or not), every third holds credits.
    for (let i = 0; i < 6; i++) {
      const u = await registerUser(t.app, { full_name: `Filter Person ${i}` });
      const orders = i % 2 === 0;
      const balance = i % 3 === 0;
      if (orders) {
        await credit(t, u.id, 100);
        assert.equal((await order(t, u, [{ product_id: p, quantity: 1 }])).status, 201);
      }
      if (balance) await credit(t, u.id, 500);
      const day = `2025-06-0${i + 1}`;
      await t.db.database.db.updateTable('users').set({ created_at: `${day}T08:00:00.000Z` }).where('id', '=', u.id).execute();
      people.unshift({ id: u.id, day, orders, balance });
      const tk = await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: `Help ${i}`, message: 'Please help' } });
      assert.equal(tk.status, 201, tk.text);
      await t.db.database.db.updateTable('tickets').set({ created_at: `${day}T09:00:00.000Z` }).where('id', '=', tk.body.id).execute();
      let status = 'open';
      if (i % 2 === 1) {
        status = 'resolved';
        const moved = await call(t.app, 'PUT', `/api/v1/admin/tickets/${tk.body.id}/status`, { token: admin.token, body: { status } });
        assert.equal(moved.status, 200, moved.text);
      }
      tickets.unshift({ id: tk.body.id, day, status });
    }
  });
  after(() => t.close());

  it('users: joined date range, has orders, has a balance, alone and together, every page once', async () => {
    assert.deepEqual(await users(''), who(() => true));
    assert.deepEqual(await pages('/admin/users?joined_from=2025-06-02&joined_to=2025-06-04'), who((p) => p.day >= '2025-06-02' && p.day <= '2025-06-04'));
    assert.deepEqual(await users('has_orders=true'), who((p) => p.orders));
    assert.deepEqual(await users('has_orders=false'), who((p) => !p.orders));
    assert.deepEqual(await users('has_balance=true'), who((p) => p.balance));
    assert.deepEqual(await users('has_balance=false'), who((p) => !p.balance));
    assert.deepEqual(await users('has_orders=true&has_balance=false'), who((p) => p.orders && !p.balance));
    assert.deepEqual(await users('q=filter%20person&has_orders=false'), who((p) => !p.orders), 'with the search');
  });

  it('tickets: status and opening date, alone and together, every page once', async () => {
    const between = (from: string, to: string) => tickets.filter((x) => x.day >= from && x.day <= to);
    assert.deepEqual(await pages('/admin/tickets?created_from=2025-06-01&created_to=2025-06-06'), tickets.map((x) => x.id));
    assert.deepEqual(await pages('/admin/tickets?created_from=2025-06-03&created_to=2025-06-05'), between('2025-06-03', '2025-06-05').map((x) => x.id));
    assert.deepEqual(
      await pages('/admin/tickets?status=resolved&created_from=2025-06-01&created_to=2025-06-06'),
      tickets.filter((x) => x.status === 'resolved').map((x) => x.id),
    );
    assert.deepEqual(await pages('/admin/tickets?status=open&created_from=2025-06-04T00:00:00Z'), tickets.filter((x) => x.status === 'open' && x.day >= '2025-06-04').map((x) => x.id));
  });

  it('bad filter values are 400 validation_failed naming the field, and change nothing', async () => {
    const before = await users('');
    for (const [path, field] of [
      ['/admin/users?joined_from=June', 'joined_from'],
      ['/admin/users?joined_to=2025-06-01T10:00', 'joined_to'],
      ['/admin/users?joined_from=2025-06-05&joined_to=2025-06-01', 'joined_to'],
      ['/admin/users?has_orders=maybe', 'has_orders'],
      ['/admin/users?has_balance=2', 'has_balance'],
      ['/admin/tickets?created_from=2025-02-30x', 'created_from'],
      ['/admin/tickets?created_from=2025-06-05&created_to=2025-06-04', 'created_to'],
      ['/admin/tickets?status=pending', 'status'],
    ] as const) {
      const r = await call(t.app, 'GET', `/api/v1${path}`, { token: admin.token });
      assert.equal(r.status, 400, `${path}: ${r.text}`);
      assert.equal(r.body.error, 'validation_failed');
      assert.ok(JSON.stringify(r.body.details).includes(field), `${path}: ${JSON.stringify(r.body.details)}`);
    }
    assert.deepEqual(await users(''), before);
  });
});
