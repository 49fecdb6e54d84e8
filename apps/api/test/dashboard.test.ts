/**
 * The dashboard reads stored daily figures plus live range scans (docs/performance.md). Whatever
 * the split, its answers must equal the plain counts over the rows themselves: these tests build
 * six weeks of activity, ask part-way (so some days are stored before later rows arrive), and
 * compare every window and every day of the series with a direct count.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { insertOrder, setOrderStatus } from './community-fixtures.ts';
import { DAY, HOUR, MINUTE } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';
import { runJobs } from '../src/jobs.ts';

describe('dashboard from stored days and range scans', () => {
  let t: TestApp;
  let admin: TestUser;
  const db = () => t.db.database.db;
  /** Signs the admin in again: weeks pass on the test clock. */
  const adminToken = async () =>
    (await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: admin.phone, password: admin.password } })).body.access_token as string;
  const dashboard = async () => {
    const r = await call(t.app, 'GET', '/api/v1/admin/dashboard', { token: await adminToken() });
    assert.equal(r.status, 200, r.text);
    return r.body;
  };

  /** The figures of [from, to) counted straight from the rows, as the dashboard once did. */
  async function counted(from: string, to: string) {
    const n = async (q: ReturnType<typeof sql<{ n: unknown }>>) => Number((await q.execute(db())).rows[0]!.n ?? 0);
    const ledger = (expr: string) => n(sql<{ n: unknown }>`select sum(${sql.raw(expr)}) as n from wallet_transactions where created_at >= ${from} and created_at < ${to}`);
    const paid = await ledger(`case when type = 'order_payment' then -amount else 0 end`);
    const refunds = await ledger(`case when type = 'order_refund' then amount else 0 end`);
    return {
      new_users: await n(sql`select count(*) as n from users where created_at >= ${from} and created_at < ${to}`),
      orders: await n(sql`select count(*) as n from orders where created_at >= ${from} and created_at < ${to}`),
      revenue: paid - refunds,
      refunds,
      topups: await ledger(`case when type = 'topup' then 1 else 0 end`),
      topup_amount: await ledger(`case when type = 'topup' then amount else 0 end`),
      tickets_opened: await n(sql`select count(*) as n from tickets where created_at >= ${from} and created_at < ${to}`),
      deletion_requests: await n(sql`select count(*) as n from deletion_requests where requested_at >= ${from} and requested_at < ${to}`),
    };
  }

  /** One day of activity at the clock's time: a sign-up, a top-up, an order with its payment, sometimes a refund and a ticket. */
  async function activity(i: number) {
    const u = await registerUser(t.app);
    const at = (offset: number) => new Date(t.clock.now().getTime() + offset).toISOString();
    const ledger = (type: string, amount: number, offset: number) =>
      db().insertInto('wallet_transactions').values({ id: newId(t.clock), user_id: u.id, type: type as never, amount, balance_after: 0, reference: null, created_at: at(offset) }).execute();
    await ledger('topup', 1000 + i, 0);
    await insertOrder(db(), t.clock, u.id, 'placed', 300 + i);
    await ledger('order_payment', -(300 + i), MINUTE);
    if (i % 3 === 0) await ledger('order_refund', 50, 2 * MINUTE);
    if (i % 4 === 0) await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: 's', message: 'm' } });
    if (i % 10 === 5) await db().updateTable('users').set({ deleted_at: at(3 * MINUTE), phone: null }).where('id', '=', u.id).execute();
  }

  before(async () => {
    t = await createTestApp();
    t.clock.set('2026-02-01T09:00:00.000Z');
    admin = await createAdmin(t);
    for (let i = 0; i < 42; i++) {
      await activity(i);
      // Part-way, the dashboard stores the closed days; later rows arrive after that.
      if (i === 20) {
        await dashboard();
        await activity(100); // the same day, after the dashboard looked: today is never stored early
      }
      t.clock.advance(DAY + (i % 5) * HOUR);
    }
    await activity(99); // today
  });
  after(() => t.close());

  it('every window equals a direct count of its rows, and the current figures equal the live tables', async () => {
    const body = await dashboard();
    const now = t.clock.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const midnight = `${iso(now.getTime()).slice(0, 10)}T00:00:00.000Z`;
    const future = iso(now.getTime() + DAY);
    assert.deepEqual(body.windows.today, await counted(midnight, future));
    assert.deepEqual(body.windows['7d'], await counted(iso(now.getTime() - 7 * DAY), future));
    assert.deepEqual(body.windows['30d'], await counted(iso(now.getTime() - 30 * DAY), future));
    const live = Number((await db().selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
    assert.equal(body.current.users, live);
    assert.ok(body.windows['30d'].orders > body.windows['7d'].orders && body.windows['7d'].orders > body.windows.today.orders);
    const stored = Number((await db().selectFrom('daily_figures').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    assert.ok(stored >= 45, `closed days are stored (${stored})`);
  });

  it('the daily series gives each UTC day, today last, equal to a direct count of that day', async () => {
    for (const days of [30, 90]) {
      const r = await call(t.app, 'GET', `/api/v1/admin/dashboard/daily?days=${days}`, { token: await adminToken() });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.days.length, days);
      assert.equal(r.body.days.at(-1).day, t.clock.now().toISOString().slice(0, 10));
      for (const d of r.body.days) {
        const from = `${d.day}T00:00:00.000Z`;
        const to = new Date(Date.parse(from) + DAY).toISOString();
        const c = await counted(from, to);
        assert.deepEqual(d, { day: d.day, new_users: c.new_users, orders: c.orders, revenue: c.revenue, refunds: c.refunds, topups: c.topups, topup_amount: c.topup_amount }, d.day);
      }
    }
    for (const q of ['days=0', 'days=91', 'days=x']) {
      assert.equal((await call(t.app, 'GET', `/api/v1/admin/dashboard/daily?${q}`, { token: await adminToken() })).status, 400, q);
    }
    const u = await registerUser(t.app);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/dashboard/daily', { token: u.token })).status, 403);
  });

  it('the jobs store each day once it has closed, and only once', async () => {
    t.clock.advance(2 * DAY);
    assert.equal((await runJobs(t.app.ctx))['store-daily-figures'], 2);
    assert.equal((await runJobs(t.app.ctx))['store-daily-figures'], 0);
  });
});

describe('orders to fulfil', () => {
  let t: TestApp;
  after(() => t?.close());

  it('counts the orders paid and not shipped (placed, processing), and no other status', async () => {
    t = await createTestApp();
    const admin = await createAdmin(t);
    const u = await registerUser(t.app);
    const db = t.db.database.db;
    const figure = async () => {
      const r = await call(t.app, 'GET', '/api/v1/admin/dashboard', { token: admin.token });
      assert.equal(r.status, 200, r.text);
      return r.body.current.orders_to_fulfil as number;
    };
    assert.equal(await figure(), 0);
    const counts = { placed: 3, processing: 2, shipped: 4, delivered: 1, cancelled: 2, refunded: 1 } as const;
    for (const [status, n] of Object.entries(counts)) for (let i = 0; i < n; i++) await insertOrder(db, t.clock, u.id, status as keyof typeof counts);
    assert.equal(await figure(), 5);
    // A move out of processing takes the order off the figure; a partly refunded placed one stays on it.
    const [first] = await db.selectFrom('orders').select('id').where('status', '=', 'processing').execute();
    await setOrderStatus(db, first!.id, 'shipped');
    const [placed] = await db.selectFrom('orders').select('id').where('status', '=', 'placed').execute();
    await db.updateTable('orders').set({ refunded_amount: 100 }).where('id', '=', placed!.id).execute();
    assert.equal(await figure(), 4);
  });
});
