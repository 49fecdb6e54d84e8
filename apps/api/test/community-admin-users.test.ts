import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { insertOrder } from './community-fixtures.ts';
import { DAY, HOUR } from '../src/lib/clock.ts';
import { newId } from '../src/lib/ids.ts';

describe('admin users area', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const api = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token = admin.token, body?: unknown) =>
    call(t.app, method, `/api/v1${url}`, { token, ...(body !== undefined ? { body } : {}) });

  it('lists users newest first, paginated, and searches phone, name and email with ?q=', async () => {
    const stamp = String(Date.now()).slice(-6);
    const a = await registerUser(t.app, { full_name: `Zed Q${stamp}` });
    const b = await registerUser(t.app, { full_name: 'Other Person' });
    await db().updateTable('users').set({ email: `mail_${stamp}@Example.test` }).where('id', '=', b.id).execute();
    const page = await api('GET', '/admin/users?limit=2');
    assert.equal(page.status, 200);
    assert.equal(page.body.items.length, 2);
    assert.equal(page.body.items[0].id, b.id, 'newest first');
    assert.ok(page.body.next_cursor);

    const byName = await api('GET', `/admin/users?q=${encodeURIComponent(`zed q${stamp}`)}`);
    assert.deepEqual(byName.body.items.map((u: any) => u.id), [a.id]);
    const byEmail = await api('GET', `/admin/users?q=MAIL_${stamp}`);
    assert.deepEqual(byEmail.body.items.map((u: any) => u.id), [b.id]);
    const national = a.phone.slice(3); // without +91
    const byPhone = await api('GET', `/admin/users?q=${encodeURIComponent(national.slice(0, 4) + ' ' + national.slice(4))}`);
    assert.deepEqual(byPhone.body.items.map((u: any) => u.id), [a.id]);
    const wildcard = await api('GET', '/admin/users?q=%25');
    assert.equal(wildcard.body.items.length, 0, '% is literal');
    assert.equal((await api('GET', '/admin/users?limit=0')).status, 400);
    assert.equal((await api('GET', '/admin/users', a.token)).status, 403);
  });

  it("finds a user by their phone in every form sign-in takes, and not by another number", async () => {
    const u = await registerUser(t.app, { full_name: 'Phone Form', phone: '+919876500959' });
    await registerUser(t.app, { full_name: 'Near Number', phone: '+919876500958' });
    for (const q of ['+919876500959', '9876500959', '09876500959', '098765-00959', '98765 00959', '+91 98765-00959', '0091 98765 00959', '(0987) 650.0959', '00959']) {
      const res = await api('GET', `/admin/users?q=${encodeURIComponent(q)}`);
      assert.deepEqual(res.body.items.map((x: any) => x.id), [u.id], q);
    }
    assert.deepEqual((await api('GET', `/admin/users?q=${encodeURIComponent('09876500957')}`)).body.items, [], 'another number');
  });

  it('GET /admin/users/:uid shows profile, referral fields, wallet and deletion state; unknown is 404', async () => {
    const u = await registerUser(t.app, { full_name: 'Viewed' });
    const res = await api('GET', `/admin/users/${u.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.full_name, 'Viewed');
    assert.equal(res.body.referred_by, null);
    assert.equal(res.body.referral_attribution, null);
    assert.deepEqual(res.body.wallet, { shopping_credits: 0, reward_points: 0, e_vouchers: 0, currency: 'INR' });
    assert.deepEqual(res.body.deletion, { status: 'none' });
    assert.equal(res.body.password_hash, undefined);
    assert.equal((await api('GET', '/admin/users/nope')).status, 404);
  });

  it('PUT edits name and email (a new email is unverified) and promotes; demotion ends admin access and sessions at once', async () => {
    const u = await registerUser(t.app);
    await db().updateTable('users').set({ email: 'keep@example.test', email_verified: 1, email_verified_at: t.clock.now().toISOString() }).where('id', '=', u.id).execute();
    const same = await api('PUT', `/admin/users/${u.id}`, admin.token, { full_name: ' New Name ', email: 'KEEP@example.test' });
    assert.equal(same.status, 200);
    assert.deepEqual([same.body.full_name, same.body.email, same.body.email_verified], ['New Name', 'keep@example.test', true]);
    const changed = await api('PUT', `/admin/users/${u.id}`, admin.token, { email: 'new@example.test' });
    assert.deepEqual([changed.body.email, changed.body.email_verified, changed.body.email_verified_at], ['new@example.test', false, null]);
    assert.equal((await api('PUT', `/admin/users/${u.id}`, admin.token, {})).status, 400);
    assert.equal((await api('PUT', `/admin/users/${u.id}`, admin.token, { email: 'nope' })).status, 400);
    assert.equal((await api('PUT', '/admin/users/nope', admin.token, { full_name: 'x' })).status, 404);

    const promoted = await api('PUT', `/admin/users/${u.id}`, admin.token, { is_admin: true });
    assert.equal(promoted.body.is_admin, true);
    const login = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: u.phone, password: u.password } });
    assert.equal(login.status, 200);
    const asAdmin = login.body.access_token;
    assert.equal((await api('GET', '/admin/users', asAdmin)).status, 200);

    const demoted = await api('PUT', `/admin/users/${u.id}`, admin.token, { is_admin: false });
    assert.equal(demoted.body.is_admin, false);
    assert.equal((await api('GET', '/admin/users', asAdmin)).status, 401, 'the admin session is gone at once');
    const live = await db().selectFrom('sessions').select('id').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    assert.equal(live.length, 0);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: u.phone, password: u.password } })).status, 401);
  });

  it('DELETE anonymises at once like account deletion, refuses while blockers hold, and keeps the records', async () => {
    const u = await registerUser(t.app, { full_name: 'Gone Soon' });
    await db().updateTable('wallets').set({ e_vouchers: 3 }).where('user_id', '=', u.id).execute();
    const blocked = await api('DELETE', `/admin/users/${u.id}`);
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.error, 'deletion_blocked');
    assert.deepEqual(blocked.body.blockers, ['wallet_balance']);
    assert.equal((await db().selectFrom('users').select('deleted_at').where('id', '=', u.id).executeTakeFirstOrThrow()).deleted_at, null);
    await db().updateTable('wallets').set({ e_vouchers: 0 }).where('user_id', '=', u.id).execute();

    const res = await api('DELETE', `/admin/users/${u.id}`);
    assert.equal(res.status, 204);
    const row = await db().selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.phone, row.full_name, row.password_hash, row.referral_code], [null, '', null, null]);
    assert.ok(row.deleted_at);
    assert.equal((await call(t.app, 'GET', '/api/v1/me', { token: u.token })).status, 401);
    const view = await api('GET', `/admin/users/${u.id}`);
    assert.equal(view.status, 200, 'admins still see the anonymised record');
    assert.equal(view.body.deletion.status, 'completed');
    assert.equal((await api('DELETE', `/admin/users/${u.id}`)).status, 404);
    assert.equal((await api('PUT', `/admin/users/${u.id}`, admin.token, { full_name: 'x' })).status, 404);
    const listed = await api('GET', '/admin/users?limit=100');
    assert.ok(!listed.body.items.some((i: any) => i.id === u.id), 'deleted users are hidden by default');
    const all = await api('GET', '/admin/users?limit=100&include_deleted=true');
    assert.ok(all.body.items.some((i: any) => i.id === u.id));
    assert.equal((await registerUser(t.app, { phone: u.phone })).id !== u.id, true);
  });

  it('the dashboard counts today, 7 and 30 days as integers and shows liability, open tickets and pending deletions', async () => {
    const fresh = await createTestApp();
    try {
      const d = fresh.db.database.db;
      fresh.clock.set('2026-03-10T12:00:00.000Z');
      const old = await registerUser(fresh.app);
      fresh.clock.set('2026-03-20T12:00:00.000Z'); // 10 days later: old is outside 7d, inside 30d
      const boss = await createAdmin(fresh);
      const u = await registerUser(fresh.app);
      const day = (offsetMs: number) => new Date(fresh.clock.now().getTime() + offsetMs).toISOString();
      const ledger = async (userId: string, type: string, amount: number, at: string) =>
        d.insertInto('wallet_transactions').values({ id: newId(fresh.clock), user_id: userId, type: type as any, amount, balance_after: 1000, reference: null, created_at: at }).execute();
      await ledger(u.id, 'topup', 1500, day(-HOUR));
      await ledger(old.id, 'topup', 700, day(-10 * DAY));
      await ledger(u.id, 'order_payment', -400, day(-HOUR));
      await ledger(u.id, 'order_refund', 100, day(-HOUR));
      await d.updateTable('wallets').set({ shopping_credits: 1200 }).where('user_id', '=', u.id).execute();
      // Balances equal their ledgers (u: 1500 − 400 + 100, old: 700); old also holds points.
      await d.updateTable('wallets').set({ shopping_credits: 700, reward_points: 25 }).where('user_id', '=', old.id).execute();
      await insertOrder(d, fresh.clock, u.id, 'placed', 400);
      await call(fresh.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: 's', message: 'm' } });

      const res = await call(fresh.app, 'GET', '/api/v1/admin/dashboard', { token: boss.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.currency, 'INR');
      assert.deepEqual(res.body.current, {
        users: 3,
        wallet_liability: 1900, // the ledger's total: a closed day's stored sum (old's top-up) plus today's rows
        reward_points_outstanding: 25,
        e_vouchers_outstanding: 0,
        open_tickets: 1,
        orders_to_fulfil: 1, // the placed order
        pending_deletion_requests: 0,
      });
      assert.deepEqual(res.body.windows.today, {
        new_users: 2, orders: 1, revenue: 300, refunds: 100, topups: 1, topup_amount: 1500, tickets_opened: 1, deletion_requests: 0,
      });
      assert.equal(res.body.windows['7d'].new_users, 2);
      assert.equal(res.body.windows['30d'].new_users, 3);
      assert.equal(res.body.windows['30d'].topup_amount, 2200);
      assert.equal(res.body.windows['30d'].topups, 2);
      for (const w of Object.values<any>(res.body.windows)) for (const v of Object.values(w)) assert.ok(Number.isInteger(v));
      assert.equal((await call(fresh.app, 'GET', '/api/v1/admin/dashboard', { token: u.token })).status, 403);
    } finally {
      await fresh.close();
    }
  });
});
