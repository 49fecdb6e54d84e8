import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit } from './orders-fixtures.ts';

describe('admin items name people: user {id, full_name, phone} beside every user id', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
    await t.db.database.db.updateTable('users').set({ full_name: 'Asha Operator' }).where('id', '=', admin.id).execute();
  });
  after(() => t.close());

  const get = (url: string) => call(t.app, 'GET', `/api/v1${url}`, { token: admin.token });
  const adminPerson = () => ({ id: admin.id, full_name: 'Asha Operator', phone: admin.phone });

  it('tickets, transactions, adjustments and the audit log carry the person; a deleted user has null name and phone', async () => {
    const u = await registerUser(t.app, { full_name: 'Kavya Rao' });
    const person = { id: u.id, full_name: 'Kavya Rao', phone: u.phone };
    await credit(t, u.id, 700);
    const ticket = await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: 'Where is my parcel', message: 'It is late' } });
    assert.equal(ticket.status, 201, ticket.text);

    const tickets = await get(`/admin/tickets?user_id=${u.id}`);
    assert.deepEqual(tickets.body.items.map((i: any) => i.user), [person]);
    assert.deepEqual((await get(`/admin/tickets/${ticket.body.id}`)).body.user, person);
    assert.deepEqual((await get(`/admin/users/${u.id}/tickets`)).body.items.map((i: any) => i.user), [person]);
    const tx = await get(`/admin/transactions?user_id=${u.id}`);
    assert.deepEqual(tx.body.items.map((i: any) => [i.user_id, i.user]), [[u.id, person]]);

    const adj = await call(t.app, 'POST', `/api/v1/admin/users/${u.id}/adjustments`, { token: admin.token, body: { amount: -700, reason: 'write-off' } });
    assert.equal(adj.status, 201, adj.text);
    assert.deepEqual([adj.body.user, adj.body.admin], [person, adminPerson()]);
    const audit = await get(`/admin/audit-log?entity_id=${u.id}`);
    assert.deepEqual(audit.body.items.map((i: any) => i.admin), [adminPerson()]);

    const del = await call(t.app, 'DELETE', `/api/v1/admin/users/${u.id}`, { token: admin.token });
    assert.equal(del.status, 204, del.text);
    const gone = { id: u.id, full_name: null, phone: null };
    assert.deepEqual((await get(`/admin/tickets/${ticket.body.id}`)).body.user, gone);
    assert.deepEqual((await get(`/admin/transactions?user_id=${u.id}`)).body.items.map((i: any) => i.user), [gone, gone]);
  });

  it('the users list names who referred each user', async () => {
    const referrer = await registerUser(t.app, { full_name: 'Dev Referrer' });
    await t.db.database.db.updateTable('users').set({ referral_code: `R${referrer.id.slice(-8)}` }).where('id', '=', referrer.id).execute();
    const u = await registerUser(t.app, { full_name: 'New Friend' });
    await t.db.database.db.updateTable('users').set({ referred_by: referrer.id }).where('id', '=', u.id).execute();
    const list = await get('/admin/users?limit=5');
    const row = list.body.items.find((i: any) => i.id === u.id);
    assert.deepEqual(row.referrer, { id: referrer.id, full_name: 'Dev Referrer', phone: referrer.phone });
    assert.equal(list.body.items.find((i: any) => i.id === referrer.id).referrer, null);
    assert.deepEqual((await get(`/admin/users/${u.id}`)).body.referrer.full_name, 'Dev Referrer');
  });
});
