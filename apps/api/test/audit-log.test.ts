import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/kysely.ts';
import { call, countingApp, createAdmin, createTestApp, onPostgres, registerUser, testConfig, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';
import { planOf } from './support/plans.ts';

describe('admin audit log: every admin write leaves one row, in its own transaction', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  before(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t.app);
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  const as = (method: string, url: string, body?: unknown) => call(t.app, method as any, url, { token: admin.token, ...(body !== undefined ? { body } : {}) });
  const rows = (entityId: string) =>
    db().selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('id').execute();

  it('catalogue writes: create, update, cost and delete each record who, what, before and after', async () => {
    const cat = (await as('POST', '/api/v1/admin/categories', { name: 'Audited' })).body;
    await as('PUT', `/api/v1/admin/categories/${cat.id}`, { name: 'Audited again' });
    const p = (await as('POST', '/api/v1/admin/products', { name: 'Lamp', price: 500, stock: 3 })).body;
    assert.equal((await as('PUT', `/api/v1/admin/products/${p.id}`, { price: 650 })).status, 200);
    assert.equal((await as('PUT', `/api/v1/admin/products/${p.id}/cost`, { unit_cost: 300 })).status, 200);
    assert.equal((await as('DELETE', `/api/v1/admin/products/${p.id}`)).status, 204);
    const gw = (await as('POST', '/api/v1/admin/payment-gateways', { code: 'audited', name: 'Audited' })).body;
    await as('PUT', `/api/v1/admin/payment-gateways/${gw.id}`, { is_active: false });
    await as('DELETE', `/api/v1/admin/payment-gateways/${gw.id}`);
    await as('DELETE', `/api/v1/admin/categories/${cat.id}`);

    const product = await rows(p.id);
    assert.deepEqual(product.map((r) => r.action), ['product.create', 'product.update', 'product.cost', 'product.delete']);
    assert.ok(product.every((r) => r.admin_id === admin.id && r.entity === 'product'));
    const update = product[1]!;
    assert.equal(JSON.parse(update.before!).price, 500);
    assert.equal(JSON.parse(update.after!).price, 650);
    assert.equal(product[0]!.before, null);
    assert.equal(product[3]!.after, null);
    assert.deepEqual(JSON.parse(product[2]!.after!), { unit_cost: 300 });
    assert.deepEqual((await rows(cat.id)).map((r) => r.action), ['category.create', 'category.update', 'category.delete']);
    assert.deepEqual((await rows(gw.id)).map((r) => r.action), ['payment_gateway.create', 'payment_gateway.update', 'payment_gateway.delete']);
    assert.equal(JSON.parse((await rows(gw.id))[1]!.after!).is_active, false);
  });

  it('a refused write leaves no audit row: the row and the write share one transaction', async () => {
    const first = (await as('POST', '/api/v1/admin/categories', { name: 'Slug owner', slug: 'taken-slug' })).body;
    const second = (await as('POST', '/api/v1/admin/categories', { name: 'Other' })).body;
    const before = await db().selectFrom('audit_log').select('id').execute();
    const clash = await as('PUT', `/api/v1/admin/categories/${second.id}`, { slug: 'taken-slug' });
    assert.equal(clash.status, 409);
    const p = (await as('POST', '/api/v1/admin/products', { name: 'In use', price: 5, category_id: first.id })).body;
    const refused = await as('DELETE', `/api/v1/admin/categories/${first.id}`);
    assert.equal(refused.status, 409);
    assert.equal((await as('PUT', '/api/v1/admin/products/no-such-product', { price: 1 })).status, 404);
    const added = (await db().selectFrom('audit_log').select(['action', 'entity_id']).where('id', 'not in', before.map((r) => r.id)).execute());
    assert.deepEqual(added, [{ action: 'product.create', entity_id: p.id }]);
  });

  it('order moves and refunds by an admin are recorded; the user\'s own cancel is not an admin write', async () => {
    const pid = await product(t, admin, 1000, 10);
    await credit(t, user.id, 5000);
    const o1 = (await order(t, user, [{ product_id: pid, quantity: 2 }])).body;
    assert.equal((await as('POST', `/api/v1/admin/orders/${o1.id}/status`, { status: 'processing' })).status, 200);
    assert.equal((await as('POST', `/api/v1/admin/orders/${o1.id}/refund`, { amount: 500, reason: 'damaged' })).status, 201);
    const o2 = (await order(t, user, [{ product_id: pid, quantity: 1 }])).body;
    assert.equal((await call(t.app, 'POST', `/api/v1/orders/${o2.id}/cancel`, { token: user.token })).status, 200);

    const r = await rows(o1.id);
    assert.deepEqual(r.map((x) => x.action), ['order.status', 'order.refund']);
    assert.deepEqual(JSON.parse(r[0]!.before!), { status: 'placed', total: 2000, refunded_amount: 0 });
    assert.deepEqual(JSON.parse(r[0]!.after!), { status: 'processing', total: 2000, refunded_amount: 0 });
    const refund = JSON.parse(r[1]!.after!);
    assert.equal(refund.refunded_amount, 500);
    assert.equal(refund.refund.amount, 500);
    assert.equal(refund.refund.reason, 'damaged');
    assert.deepEqual(await rows(o2.id), []);
  });

  it('user edits, role changes and deletion, ticket status and replies are recorded', async () => {
    const u = await registerUser(t.app);
    assert.equal((await as('PUT', `/api/v1/admin/users/${u.id}`, { full_name: 'Renamed', is_admin: true })).status, 200);
    const ticket = (await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: { subject: 'Help', message: 'Where is my order?' } })).body;
    assert.equal((await as('POST', `/api/v1/admin/tickets/${ticket.id}/reply`, { message: 'On its way' })).status, 201);
    assert.equal((await as('PUT', `/api/v1/admin/tickets/${ticket.id}/status`, { status: 'resolved' })).status, 200);
    assert.equal((await as('PUT', `/api/v1/admin/tickets/${ticket.id}/status`, { status: 'resolved' })).status, 200);
    assert.equal((await as('DELETE', `/api/v1/admin/users/${u.id}`)).status, 204);

    const user = await rows(u.id);
    assert.deepEqual(user.map((x) => x.action), ['user.update', 'user.delete']);

    const w = await registerUser(t.app);
    await credit(t, w.id, 1000);
    const adj = await call(t.app, 'POST', `/api/v1/admin/users/${w.id}/adjustments`, { token: admin.token, body: { amount: -700, reason: 'write-off' } });
    assert.equal(adj.status, 201, JSON.stringify(adj.body));
    const wallet = await rows(w.id);
    assert.deepEqual(wallet.map((x) => [x.action, x.entity]), [['wallet.adjust', 'wallet']]);
    assert.deepEqual(JSON.parse(wallet[0]!.before!), { shopping_credits: 1000 });
    assert.equal(JSON.parse(wallet[0]!.after!).shopping_credits, 300);
    assert.deepEqual(JSON.parse(wallet[0]!.after!).adjustment, { id: adj.body.id, amount: -700, reason: 'write-off', reverses: null });
    assert.deepEqual(JSON.parse(user[0]!.before!), { full_name: 'Test User', email: null, is_admin: false, staff_role: null });
    assert.deepEqual(JSON.parse(user[0]!.after!), { full_name: 'Renamed', email: null, is_admin: true, staff_role: 'read_only' });
    const tk = await rows(ticket.id);
    // Setting the status it already has is no write, so no row.
    assert.deepEqual(tk.map((x) => x.action), ['ticket.reply', 'ticket.status']);
    assert.deepEqual(JSON.parse(tk[0]!.after!).reply.message, 'On its way');
    assert.deepEqual(JSON.parse(tk[1]!.before!), { status: 'awaiting_user' });
  });

  it('a save that changed nothing writes no row; a change writes one', async () => {
    const p = (await as('POST', '/api/v1/admin/products', { name: 'Steady', price: 900, stock: 4 })).body;
    const cat = (await as('POST', '/api/v1/admin/categories', { name: 'Steady shelf' })).body;
    const u = await registerUser(t.app, { full_name: 'Steady Person' });
    const count = async (id: string) => (await rows(id)).length;
    assert.equal((await as('PUT', `/api/v1/admin/products/${p.id}/cost`, { unit_cost: 400 })).status, 200);
    const [product0, cat0, user0] = [await count(p.id), await count(cat.id), await count(u.id)];

    // The portal's product form sends every field, the gallery and the cost on each save.
    const gallery = [{ image_url: 'https://img.example/a.jpg', alt_text: 'front' }, { image_url: 'https://img.example/b.jpg', alt_text: '' }];
    const withImages = await as('PUT', `/api/v1/admin/products/${p.id}`, { images: gallery });
    assert.equal(withImages.status, 200, withImages.text);
    const imageIds = withImages.body.images.map((i: { id: string }) => i.id);
    const product1 = await count(p.id);
    assert.equal(product1, product0 + 1);
    const again = await as('PUT', `/api/v1/admin/products/${p.id}`, { name: 'Steady', price: 900, stock: 4, is_active: true, images: gallery });
    assert.equal(again.status, 200);
    assert.deepEqual(again.body.images.map((i: { id: string }) => i.id), imageIds, 'the same gallery keeps its images');
    assert.equal((await as('PUT', `/api/v1/admin/products/${p.id}/cost`, { unit_cost: 400 })).status, 200);
    assert.equal((await as('PUT', `/api/v1/admin/categories/${cat.id}`, { name: 'Steady shelf' })).status, 200);
    assert.equal((await as('PUT', `/api/v1/admin/users/${u.id}`, { full_name: 'Steady Person', is_admin: false })).status, 200);
    assert.equal(await count(p.id), product1);
    assert.equal(await count(cat.id), cat0);
    assert.equal(await count(u.id), user0);

    assert.equal((await as('PUT', `/api/v1/admin/products/${p.id}/cost`, { unit_cost: 450 })).status, 200);
    assert.equal((await as('PUT', `/api/v1/admin/products/${p.id}`, { name: 'Steady', price: 950, stock: 4, is_active: true })).status, 200);
    const added = (await rows(p.id)).slice(product1);
    assert.deepEqual(added.map((r) => r.action), ['product.cost', 'product.update']);
    assert.deepEqual(JSON.parse(added[0]!.before!), { unit_cost: 400 });
    assert.deepEqual(JSON.parse(added[0]!.after!), { unit_cost: 450 });
  });

  it('each item names its record (product, category, order with its customer, user, ticket), in one read for the page', async () => {
    const buyer = await registerUser(t.app, { full_name: 'Asha Rao' });
    const pid = await product(t, admin, 700, 5);
    await as('PUT', `/api/v1/admin/products/${pid}`, { name: 'Brass lamp' });
    await credit(t, buyer.id, 5000);
    const o = (await order(t, buyer, [{ product_id: pid, quantity: 1 }])).body;
    assert.equal((await as('POST', `/api/v1/admin/orders/${o.id}/status`, { status: 'processing' })).status, 200);
    const cat = (await as('POST', '/api/v1/admin/categories', { name: 'Gone shelf' })).body;
    assert.equal((await as('DELETE', `/api/v1/admin/categories/${cat.id}`)).status, 204);
    const gone = await registerUser(t.app, { full_name: 'Leaving Soon' });
    assert.equal((await as('PUT', `/api/v1/admin/users/${gone.id}`, { full_name: 'Left Already' })).status, 200);
    assert.equal((await as('DELETE', `/api/v1/admin/users/${gone.id}`)).status, 204);

    const name = async (entityId: string) => {
      const r = await as('GET', `/api/v1/admin/audit-log?entity_id=${entityId}`);
      assert.equal(r.status, 200);
      return r.body.items.map((i: { entity_name: string | null }) => i.entity_name);
    };
    assert.deepEqual(await name(pid), ['Brass lamp', 'Brass lamp']);
    assert.deepEqual(await name(o.id), [`Order ${o.id.slice(-8).toUpperCase()} · Asha Rao`]);
    // A deleted record keeps the name its snapshots hold; an anonymised user is "Deleted user".
    assert.deepEqual(await name(cat.id), ['Gone shelf', 'Gone shelf']);
    assert.deepEqual(await name(gone.id), ['Deleted user', 'Deleted user']);
    assert.equal((await as('GET', `/api/v1/admin/audit-log?entity_id=${gone.id}`)).body.items[0].admin_name, 'Test User');
    const ticket = (await call(t.app, 'POST', '/api/v1/tickets', { token: buyer.token, body: { subject: 'Lamp flickers', message: 'It flickers.' } })).body;
    assert.equal((await as('PUT', `/api/v1/admin/tickets/${ticket.id}/status`, { status: 'resolved' })).status, 200);
    assert.deepEqual(await name(ticket.id), ['Lamp flickers']);

    // The whole page, names and all, is one statement on the audit log (plus the token's session check).
    const counting = await countingApp(t);
    try {
      counting.statements.length = 0;
      const page = await call(counting.app, 'GET', '/api/v1/admin/audit-log?limit=100', { token: admin.token });
      assert.equal(page.status, 200);
      assert.ok(page.body.items.length > 10);
      assert.ok(page.body.items.every((i: { entity_name: string | null }) => typeof i.entity_name === 'string'));
      assert.equal(counting.statements.filter((q) => /audit_log/.test(q)).length, 1);
      assert.deepEqual(counting.statements.filter((q) => /"(products|orders|tickets|categories|payment_gateways)"/.test(q) && !/audit_log/.test(q)), []);
    } finally {
      await counting.close();
    }
  });

  it("a staff change names the staff member by name and phone, and the staff kind filters to them", async () => {
    const named = await registerUser(t.app, { full_name: 'Fina Staff' });
    // Invited without a name: the row has only the phone.
    const unnamed = await registerUser(t.app, { full_name: 'Soon Nameless' });
    await db().updateTable('users').set({ full_name: '' }).where('id', '=', unnamed.id).execute();
    for (const u of [named, unnamed]) {
      await db().updateTable('users').set({ is_admin: 1, staff_role: 'finance' }).where('id', '=', u.id).execute();
      assert.equal((await as('PATCH', `/api/v1/admin/staff/${u.id}`, { role: 'read_only' })).status, 200);
    }
    const page = await as('GET', '/api/v1/admin/audit-log?entity=staff');
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.items.map((i: { entity: string; entity_id: string; entity_name: string | null }) => [i.entity, i.entity_id, i.entity_name]),
      [
        ['staff', unnamed.id, unnamed.phone],
        ['staff', named.id, `Fina Staff · ${named.phone}`],
      ],
    );
  });

  it('GET /admin/audit-log lists newest first with filters and a cursor; users cannot read it', async () => {
    const all = await as('GET', '/api/v1/admin/audit-log?limit=100');
    assert.equal(all.status, 200);
    const ids = all.body.items.map((i: { id: string }) => i.id);
    assert.deepEqual(ids, [...ids].sort().reverse());
    assert.ok(all.body.items.every((i: { admin_id: string }) => i.admin_id === admin.id));

    const products = await as('GET', '/api/v1/admin/audit-log?entity=product&limit=2');
    assert.equal(products.body.items.length, 2);
    assert.ok(products.body.items.every((i: { entity: string }) => i.entity === 'product'));
    assert.ok(products.body.next_cursor);
    const next = await as('GET', `/api/v1/admin/audit-log?entity=product&limit=2&cursor=${products.body.next_cursor}`);
    assert.ok(next.body.items.every((i: { id: string }) => i.id < products.body.items[1].id));
    const one = products.body.items[0];
    const byEntity = await as('GET', `/api/v1/admin/audit-log?entity_id=${one.entity_id}`);
    assert.ok(byEntity.body.items.length >= 1 && byEntity.body.items.every((i: { entity_id: string }) => i.entity_id === one.entity_id));
    assert.equal(typeof one.after === 'object', true);
    assert.deepEqual((await as('GET', `/api/v1/admin/audit-log?admin_id=${user.id}`)).body.items, []);

    assert.equal((await call(t.app, 'GET', '/api/v1/admin/audit-log', { token: user.token })).status, 403);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/audit-log')).status, 401);
    assert.equal((await as('GET', '/api/v1/admin/audit-log?limit=0')).status, 400);
    assert.equal((await as('GET', '/api/v1/admin/audit-log?cursor=%%%')).status, 400);
  });

  it('one kind of record alone pages through its own index, newest first, never sorting the kind', async () => {
    // A few old product rows under many newer order rows, as in a shop whose catalogue settled long ago.
    const rows = (n: number, entity: string, from: number) =>
      sql`insert into audit_log (id, admin_id, action, entity, entity_id, created_at)
        with recursive s(i) as (select ${sql.lit(from)} union all select i + 1 from s where i < ${sql.lit(from + n - 1)})
        select '0000' || cast(1000000 + i as text), ${admin.id}, ${`${entity}.update`}, ${entity}, 'e' || cast(i % 50 as text), '2025-01-01T00:00:00.000Z' from s`.execute(db());
    await rows(500, 'product', 0);
    await rows(10000, 'order', 500);
    await sql`analyze`.execute(db());
    let page: CompiledQuery | undefined;
    const database = openDatabase(t.db.url, { onQuery: (e) => { if (/from "audit_log"/.test(e.query.sql)) page = e.query; } });
    const app = await buildApp({ config: testConfig(t.db.url), database, clock: t.clock });
    try {
      await app.ready();
      const r = await call(app, 'GET', '/api/v1/admin/audit-log?entity=product&limit=20', { token: admin.token });
      assert.equal(r.status, 200);
      assert.ok(r.body.items.every((i: { entity: string }) => i.entity === 'product'));
      assert.ok(page, 'the page ran one statement on audit_log');
      const plan = await planOf(db(), page, onPostgres);
      assert.match(plan, /audit_log_kind_idx/, `the kind's index:\n${plan}`);
      assert.doesNotMatch(plan, /USE TEMP B-TREE FOR ORDER BY|Sort Key: a\.id/, `no sort of the kind's rows:\n${plan}`);
    } finally {
      await app.close();
    }
  });

  it('the page settles on one plan on PostgreSQL instead of planning its join at every call', { skip: !onPostgres && 'PostgreSQL only' }, async () => {
    // The log above holds 10,500 rows. A bound limit let PostgreSQL's generic plan assume a tenth
    // of them would be read, so the statement was planned afresh on every call (10 ms of planning
    // against 0.5 ms of work at 5.4 M rows).
    let page: CompiledQuery | undefined;
    const database = openDatabase(t.db.url, { onQuery: (e) => { if (/from "audit_log"/.test(e.query.sql)) page = e.query; } });
    const app = await buildApp({ config: testConfig(t.db.url), database, clock: t.clock });
    try {
      await app.ready();
      assert.equal((await call(app, 'GET', '/api/v1/admin/audit-log?limit=20', { token: admin.token })).status, 200);
      assert.ok(page, 'the page ran one statement on audit_log');
      const plans = await database.db.connection().execute(async (conn) => {
        for (let i = 0; i < 8; i++) await conn.executeQuery(page!);
        return (await conn.executeQuery<{ generic_plans: string; custom_plans: string }>(
          CompiledQuery.raw('select generic_plans, custom_plans from pg_prepared_statements where statement = $1', [page!.sql]),
        )).rows;
      });
      assert.equal(plans.length, 1, 'the page runs as a named prepared statement');
      assert.ok(Number(plans[0]!.generic_plans) >= 2, `its generic plan is used once five calls chose it: ${JSON.stringify(plans[0])}`);
    } finally {
      await app.close();
    }
  });

  it('an admin who is gone since is no longer named on their rows', async () => {
    const former = await createAdmin(t);
    const shelf = (await call(t.app, 'POST', '/api/v1/admin/categories', { token: former.token, body: { name: 'Former shelf' } })).body;
    const byFormer = async () => (await as('GET', `/api/v1/admin/audit-log?entity_id=${shelf.id}`)).body.items[0].admin;
    assert.deepEqual(await byFormer(), { id: former.id, full_name: 'Test User', phone: former.phone });
    await db().updateTable('users').set({ deleted_at: t.clock.now().toISOString() }).where('id', '=', former.id).execute();
    assert.deepEqual(await byFormer(), { id: former.id, full_name: null, phone: null });
  });
});
