import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';
import { applyMove } from '../src/modules/orders/transitions.ts';

describe('orders: the timeline of events, notes and tracking', () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    admin = await createAdmin(t);
    await db().updateTable('users').set({ full_name: 'Asha Operator' }).where('id', '=', admin.id).execute();
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const setStatus = (id: string, body: Record<string, unknown>) => call(t.app, 'POST', `/api/v1/admin/orders/${id}/status`, { token: admin.token, body });
  const adminGet = (id: string) => call(t.app, 'GET', `/api/v1/admin/orders/${id}`, { token: admin.token });
  const eventRows = async (orderId: string) => Number((await db().selectFrom('order_events').select((eb) => eb.fn.countAll<number>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow()).n);
  const auditRows = async (entityId: string, action: string) =>
    Number((await db().selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('entity_id', '=', entityId).where('action', '=', action).executeTakeFirstOrThrow()).n);
  async function placed(name = 'Ravi Kumar') {
    const u = await registerUser(t.app, { full_name: name });
    await credit(t, u.id, 10_000);
    const p = await product(t, admin, 1000, 10);
    const res = await order(t, u, [{ product_id: p, quantity: 2 }]);
    assert.equal(res.status, 201, res.text);
    return { u, o: res.body };
  }

  it('each move writes exactly one event, oldest first, naming who moved it, from which state to which', async () => {
    const { u, o } = await placed();
    assert.equal(await eventRows(o.id), 1, 'placement wrote its event');
    assert.equal((await setStatus(o.id, { status: 'processing', note: 'packed by Meena' })).status, 200);
    assert.equal(await eventRows(o.id), 2);
    const tracking = { carrier: 'BlueDart', tracking_number: 'BD123456', tracking_url: 'https://track.example/BD123456' };
    const shipped = await setStatus(o.id, { status: 'shipped', ...tracking });
    assert.equal(shipped.status, 200, shipped.text);
    assert.equal(await eventRows(o.id), 3);
    const part = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: { amount: 500, reason: 'one mug chipped' } });
    assert.equal(part.status, 201, part.text);
    assert.equal(await eventRows(o.id), 4);
    const rest = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: {} });
    assert.equal(rest.status, 201, rest.text);
    assert.equal(await eventRows(o.id), 5);

    const res = await adminGet(o.id);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.user, { id: u.id, full_name: 'Ravi Kumar', phone: u.phone });
    const ev = res.body.events;
    assert.deepEqual(
      ev.map((e: any) => [e.type, e.from_status, e.to_status, e.actor.kind, e.actor.id, e.actor.name]),
      [
        ['placed', null, 'placed', 'user', u.id, 'Ravi Kumar'],
        ['status_changed', 'placed', 'processing', 'admin', admin.id, 'Asha Operator'],
        ['status_changed', 'processing', 'shipped', 'admin', admin.id, 'Asha Operator'],
        ['refund', 'shipped', 'shipped', 'admin', admin.id, 'Asha Operator'],
        ['refund', 'shipped', 'refunded', 'admin', admin.id, 'Asha Operator'],
      ],
    );
    assert.equal(ev[1].note, 'packed by Meena');
    assert.deepEqual(ev[2].data, tracking);
    assert.deepEqual(ev[3].data, { refund_id: part.body.id, amount: 500, reason: 'one mug chipped' });
    assert.equal(ev[4].data.amount, 1500);
    assert.deepEqual(ev.map((e: any) => e.id), [...ev.map((e: any) => e.id)].sort(), 'oldest first');
    // The answers to the moves carry the same timeline.
    assert.equal(rest.body.order.events.length, 5);
  });

  it("the shopper's own cancel is one cancelled event by the user, with the refunded amount", async () => {
    const { u, o } = await placed();
    const res = await call(t.app, 'POST', `/api/v1/orders/${o.id}/cancel`, { token: u.token });
    assert.equal(res.status, 200, res.text);
    assert.equal(await eventRows(o.id), 2);
    const ev = (await adminGet(o.id)).body.events[1];
    assert.deepEqual([ev.type, ev.from_status, ev.to_status, ev.actor.kind, ev.actor.id, ev.data.amount], ['cancelled', 'placed', 'cancelled', 'user', u.id, 2000]);
  });

  it('a refused move writes no event, and a move whose transaction rolls back leaves none', async () => {
    const { o } = await placed();
    const bad = await setStatus(o.id, { status: 'delivered' });
    assert.deepEqual([bad.status, bad.body.error], [409, 'invalid_transition']);
    const over = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: { amount: 999_999 } });
    assert.deepEqual([over.status, over.body.error], [409, 'refund_exceeds_paid']);
    assert.equal(await eventRows(o.id), 1);
    await assert.rejects(
      db().transaction().execute(async (trx) => {
        await applyMove(t.app.ctx, trx, o.id, { kind: 'status', to: 'processing' }, { adminId: admin.id });
        throw new Error('the rest of the work failed');
      }),
      /the rest of the work failed/,
    );
    assert.equal(await eventRows(o.id), 1, 'the event rolled back with the move');
    assert.equal((await adminGet(o.id)).body.status, 'placed');
  });

  it('the shopper sees status changes with times and the public tracking, never notes, refund reasons or admin identities', async () => {
    const { u, o } = await placed();
    await setStatus(o.id, { status: 'processing', note: 'customer rang twice, very angry' });
    const note = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/notes`, { token: admin.token, body: { note: 'VIP: call before delivery' } });
    assert.equal(note.status, 201, note.text);
    await setStatus(o.id, { status: 'shipped', carrier: 'DTDC', tracking_number: 'D42', tracking_url: 'http://dtdc.example/D42' });
    await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: { amount: 300, reason: 'internal: goodwill, manager ok' } });

    const res = await call(t.app, 'GET', `/api/v1/orders/${o.id}`, { token: u.token });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.events.map((e: any) => [e.type, e.from_status, e.to_status, e.actor, e.note]),
      [
        ['placed', null, 'placed', { kind: 'user' }, null],
        ['status_changed', 'placed', 'processing', { kind: 'admin' }, null],
        ['status_changed', 'processing', 'shipped', { kind: 'admin' }, null],
        ['refund', 'shipped', 'shipped', { kind: 'admin' }, null],
      ],
    );
    assert.deepEqual(res.body.events[2].data, { carrier: 'DTDC', tracking_number: 'D42', tracking_url: 'http://dtdc.example/D42' });
    assert.deepEqual(res.body.events[3].data, { amount: 300 });
    for (const e of res.body.events) assert.ok(typeof e.created_at === 'string' && e.created_at.length > 0);
    const text = res.text;
    for (const secret of [admin.id, 'Asha Operator', 'angry', 'VIP', 'goodwill']) assert.ok(!text.includes(secret), `the shopper's answer shows ${secret}`);
    // The admin sees all of it.
    const full = (await adminGet(o.id)).body.events;
    assert.deepEqual(full.map((e: any) => e.type), ['placed', 'status_changed', 'note', 'status_changed', 'refund']);
    assert.deepEqual([full[2].note, full[2].actor.id, full[2].actor.name], ['VIP: call before delivery', admin.id, 'Asha Operator']);
    assert.deepEqual(note.body, full[2]);
  });

  it("another user's order is 404 to the shopper, with or without events", async () => {
    const { o } = await placed();
    const other = await registerUser(t.app);
    const res = await call(t.app, 'GET', `/api/v1/orders/${o.id}`, { token: other.token });
    assert.deepEqual([res.status, res.body.error], [404, 'not_found']);
    assert.ok(!res.text.includes('events'));
  });

  it('a note is audited in its own transaction; unknown orders are 404, bad notes 400, and a user token 403 — none writes anything', async () => {
    const { u, o } = await placed();
    const res = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/notes`, { token: admin.token, body: { note: '  left at the gate  ' } });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual([res.body.type, res.body.note, res.body.from_status, res.body.to_status], ['note', 'left at the gate', null, null]);
    assert.equal(await auditRows(o.id, 'order.note'), 1);
    assert.equal((await adminGet(o.id)).body.status, 'placed', 'a note moves nothing');
    const before = await eventRows(o.id);
    for (const body of [{}, { note: '' }, { note: '   ' }, { note: 'x'.repeat(2001) }, { note: 5 }]) {
      const r = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/notes`, { token: admin.token, body });
      assert.deepEqual([r.status, r.body.error], [400, 'validation_failed'], JSON.stringify(body).slice(0, 60));
    }
    const unknown = await call(t.app, 'POST', '/api/v1/admin/orders/nope/notes', { token: admin.token, body: { note: 'x' } });
    assert.deepEqual([unknown.status, unknown.body.error], [404, 'not_found']);
    const asUser = await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/notes`, { token: u.token, body: { note: 'x' } });
    assert.deepEqual([asUser.status, asUser.body.error], [403, 'forbidden']);
    assert.equal(await eventRows(o.id), before);
    assert.equal(await auditRows(o.id, 'order.note'), 1);
  });

  it('tracking is taken only when shipping, as an http(s) address within limits; bad tracking is 400 and moves nothing', async () => {
    const { o } = await placed();
    const bodies: Record<string, unknown>[] = [
      { status: 'processing', carrier: 'DTDC' },
      { status: 'processing', tracking_url: 'https://x.example/1' },
    ];
    for (const b of bodies) {
      const r = await setStatus(o.id, b);
      assert.deepEqual([r.status, r.body.error], [400, 'validation_failed'], JSON.stringify(b));
    }
    assert.equal((await setStatus(o.id, { status: 'processing' })).status, 200);
    const bad: Record<string, unknown>[] = [
      { tracking_url: 'javascript:alert(1)' },
      { tracking_url: 'ftp://files.example/x' },
      { tracking_url: 'https://' },
      { tracking_url: 'https://x.example/ a' },
      { tracking_url: `https://x.example/${'a'.repeat(500)}` },
      { carrier: '' },
      { carrier: '   ' },
      { carrier: 'c'.repeat(101) },
      { tracking_number: 'n'.repeat(101) },
      { tracking_number: 42 },
      { note: '' },
    ];
    for (const b of bad) {
      const r = await setStatus(o.id, { status: 'shipped', ...b });
      assert.deepEqual([r.status, r.body.error], [400, 'validation_failed'], JSON.stringify(b).slice(0, 60));
    }
    const res = await adminGet(o.id);
    assert.equal(res.body.status, 'processing');
    assert.equal(res.body.events.length, 2);
    const ok = await setStatus(o.id, { status: 'shipped', tracking_number: 'ONLY-NUMBER' });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.events.at(-1).data, { tracking_number: 'ONLY-NUMBER' });
  });

  it('a note on a user is audited and listed on the user, newest first, with the admin by name; unknown user 404, bad note 400', async () => {
    const u = await registerUser(t.app, { full_name: 'Lata Shah' });
    const add = (note: unknown, uid = u.id) => call(t.app, 'POST', `/api/v1/admin/users/${uid}/notes`, { token: admin.token, body: { note } });
    const first = await add('prefers Hindi on calls');
    assert.equal(first.status, 201, first.text);
    assert.deepEqual(first.body.admin, { id: admin.id, full_name: 'Asha Operator', phone: admin.phone });
    assert.equal((await add('asked for a refund by mail')).status, 201);
    const got = await call(t.app, 'GET', `/api/v1/admin/users/${u.id}`, { token: admin.token });
    assert.deepEqual(got.body.notes.map((n: any) => [n.note, n.admin_id]), [['asked for a refund by mail', admin.id], ['prefers Hindi on calls', admin.id]]);
    assert.equal(await auditRows(u.id, 'user.note'), 2);
    const unknown = await add('x', 'no-such-user');
    assert.deepEqual([unknown.status, unknown.body.error], [404, 'not_found']);
    for (const bad of ['', '  ', 'x'.repeat(2001), 7]) assert.deepEqual([(await add(bad)).status], [400]);
    const asUser = await call(t.app, 'POST', `/api/v1/admin/users/${u.id}/notes`, { token: u.token, body: { note: 'x' } });
    assert.equal(asUser.status, 403);
    assert.equal(await auditRows(u.id, 'user.note'), 2);
    assert.equal(Number((await db().selectFrom('user_notes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', u.id).executeTakeFirstOrThrow()).n), 2);
  });

  it('admin lists name the user by name and phone; a deleted user shows null name and phone', async () => {
    const { u, o } = await placed('Meera Iyer');
    await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: { amount: 100 } });
    const list = await call(t.app, 'GET', `/api/v1/admin/orders?user_id=${u.id}`, { token: admin.token });
    assert.deepEqual(list.body.items.map((i: any) => [i.user_id, i.user]), [[u.id, { id: u.id, full_name: 'Meera Iyer', phone: u.phone }]]);
    const refunds = await call(t.app, 'GET', `/api/v1/admin/refunds?order_id=${o.id}`, { token: admin.token });
    assert.deepEqual(refunds.body.items.map((r: any) => [r.user.full_name, r.admin.full_name]), [['Meera Iyer', 'Asha Operator']]);
    // Finish the order and empty the wallet so the account can go, then anonymise it.
    await call(t.app, 'POST', `/api/v1/admin/orders/${o.id}/refund`, { token: admin.token, body: {} });
    const clear = await call(t.app, 'POST', `/api/v1/admin/users/${u.id}/adjustments`, { token: admin.token, body: { amount: -10_000, reason: 'clearing before deletion' } });
    assert.equal(clear.status, 201, clear.text);
    const del = await call(t.app, 'DELETE', `/api/v1/admin/users/${u.id}`, { token: admin.token });
    assert.equal(del.status, 204, del.text);
    const after = await call(t.app, 'GET', `/api/v1/admin/orders?user_id=${u.id}`, { token: admin.token });
    assert.deepEqual(after.body.items[0].user, { id: u.id, full_name: null, phone: null });
    const detail = await adminGet(o.id);
    assert.deepEqual([detail.body.user.full_name, detail.body.events[0].actor.name, detail.body.events[0].actor.id], [null, null, u.id]);
  });
});
