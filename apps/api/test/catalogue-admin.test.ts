import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';

describe('catalogue admin access and payment gateways', () => {
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
  const gw = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/v1/admin/payment-gateways', { token: admin.token, body });

  it('every admin catalogue route is 403 for a user token and 401 without a token, and changes nothing', async () => {
    const product = (await call(t.app, 'POST', '/api/v1/admin/products', { token: admin.token, body: { name: 'Guarded', price: 10 } })).body;
    const category = (await call(t.app, 'POST', '/api/v1/admin/categories', { token: admin.token, body: { name: 'Guarded' } })).body;
    const gateway = (await gw({ code: 'guarded', name: 'Guarded' })).body;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/v1/admin/categories'],
      ['POST', '/api/v1/admin/categories', { name: 'Nope' }],
      ['PUT', `/api/v1/admin/categories/${category.id}`, { name: 'Nope' }],
      ['DELETE', `/api/v1/admin/categories/${category.id}`],
      ['GET', '/api/v1/admin/products'],
      ['POST', '/api/v1/admin/products', { name: 'Nope', price: 1 }],
      ['GET', `/api/v1/admin/products/${product.id}`],
      ['PUT', `/api/v1/admin/products/${product.id}`, { price: 1 }],
      ['DELETE', `/api/v1/admin/products/${product.id}`],
      ['GET', `/api/v1/admin/products/${product.id}/cost`],
      ['PUT', `/api/v1/admin/products/${product.id}/cost`, { unit_cost: 1 }],
      ['GET', '/api/v1/admin/payment-gateways'],
      ['POST', '/api/v1/admin/payment-gateways', { code: 'nope', name: 'Nope' }],
      ['PUT', `/api/v1/admin/payment-gateways/${gateway.id}`, { name: 'Nope' }],
      ['DELETE', `/api/v1/admin/payment-gateways/${gateway.id}`],
      ['POST', '/api/v1/admin/uploads/image', { filename: 'a.png', data: 'iVBORw0KGgo=' }],
    ];
    // Every admin route this domain registers is in the list above.
    const registered = t.app.printRoutes({ commonPrefix: false });
    for (const path of ['categories', 'products', 'payment-gateways', 'uploads/image']) assert.ok(registered.includes(path));

    for (const [method, url, body] of routes) {
      const asUser = await call(t.app, method as any, url, { token: user.token, ...(body ? { body } : {}) });
      assert.equal(asUser.status, 403, `${method} ${url} as user`);
      assert.equal(asUser.body.error, 'forbidden');
      const anon = await call(t.app, method as any, url, body ? { body } : {});
      assert.equal(anon.status, 401, `${method} ${url} anonymous`);
    }
    const p = await db().selectFrom('products').select(['price', 'deleted_at', 'unit_cost']).where('id', '=', product.id).executeTakeFirstOrThrow();
    assert.deepEqual(p, { price: 10, deleted_at: null, unit_cost: null });
    assert.ok(await db().selectFrom('categories').select('id').where('id', '=', category.id).executeTakeFirst());
    const g = await db().selectFrom('payment_gateways').select('name').where('id', '=', gateway.id).executeTakeFirstOrThrow();
    assert.equal(g.name, 'Guarded');
    assert.equal(await db().selectFrom('products').select('id').where('name', '=', 'Nope').executeTakeFirst(), undefined);
  });

  it('public catalogue reads need no token; GET /payment-gateways needs one', async () => {
    assert.equal((await call(t.app, 'GET', '/api/v1/products')).status, 200);
    assert.equal((await call(t.app, 'GET', '/api/v1/categories')).status, 200);
    assert.equal((await call(t.app, 'GET', '/api/v1/payment-gateways')).status, 401);
  });

  it('gateways: created with the shape of docs/contracts.md §5; the token list shows active ones in sort_order', async () => {
    const b = await gw({ code: 'gateway_b', name: 'Gateway B', sort_order: 2, min_amount: 100, max_amount: 500_000 });
    assert.equal(b.status, 201);
    assert.deepEqual(Object.keys(b.body).sort(), ['code', 'id', 'is_active', 'max_amount', 'min_amount', 'name', 'sort_order']);
    assert.deepEqual({ ...b.body, id: undefined }, {
      id: undefined, code: 'gateway_b', name: 'Gateway B', is_active: true, sort_order: 2, min_amount: 100, max_amount: 500_000,
    });
    const a = (await gw({ code: 'gateway_a', name: 'Gateway A', sort_order: 1 })).body;
    assert.equal(a.min_amount, null);
    const off = (await gw({ code: 'gateway_off', name: 'Off', sort_order: 0, is_active: false })).body;

    const list = await call(t.app, 'GET', '/api/v1/payment-gateways', { token: user.token });
    assert.equal(list.status, 200);
    const codes = list.body.items.map((g: any) => g.code);
    assert.deepEqual(codes.filter((c: string) => c.startsWith('gateway_')), ['gateway_a', 'gateway_b']);
    assert.ok(!codes.includes('gateway_off'));
    const adm = await call(t.app, 'GET', '/api/v1/admin/payment-gateways?limit=100', { token: admin.token });
    assert.ok(adm.body.items.some((g: any) => g.id === off.id));
  });

  it('gateways: duplicate code 409, min above max 400 (create and update), bad code 400; update and delete work', async () => {
    const g = (await gw({ code: 'gw_rules', name: 'Rules', min_amount: 10, max_amount: 20 })).body;
    const dup = await gw({ code: 'gw_rules', name: 'Again' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'conflict');
    assert.equal((await gw({ code: 'gw_bad', name: 'Bad', min_amount: 30, max_amount: 20 })).status, 400);
    assert.equal((await gw({ code: 'Has Spaces', name: 'Bad' })).status, 400);
    assert.equal((await gw({ code: 'gw_neg', name: 'Bad', min_amount: -1 })).status, 400);
    assert.equal((await gw({ code: 'gw_frac', name: 'Bad', max_amount: 1.5 })).status, 400);

    const url = `/api/v1/admin/payment-gateways/${g.id}`;
    const over = await call(t.app, 'PUT', url, { token: admin.token, body: { min_amount: 25 } });
    assert.equal(over.status, 400);
    const row = await db().selectFrom('payment_gateways').select(['min_amount', 'max_amount']).where('id', '=', g.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { min_amount: 10, max_amount: 20 });

    const upd = await call(t.app, 'PUT', url, { token: admin.token, body: { min_amount: 25, max_amount: null, is_active: false, name: 'Renamed' } });
    assert.equal(upd.status, 200);
    assert.deepEqual({ ...upd.body }, { ...g, min_amount: 25, max_amount: null, is_active: false, name: 'Renamed' });
    const clash = await call(t.app, 'PUT', url, { token: admin.token, body: { code: 'gateway_a' } });
    assert.equal(clash.status, 409);
    assert.equal((await call(t.app, 'PUT', url, { token: admin.token, body: {} })).status, 400);

    assert.equal((await call(t.app, 'DELETE', url, { token: admin.token })).status, 204);
    assert.equal(await db().selectFrom('payment_gateways').select('id').where('id', '=', g.id).executeTakeFirst(), undefined);
    assert.equal((await call(t.app, 'DELETE', url, { token: admin.token })).status, 404);
  });

  it('the OpenAPI document lists the catalogue routes with admin security', async () => {
    const doc = (await call(t.app, 'GET', '/docs/openapi.json')).body;
    assert.ok(doc.paths['/api/v1/products']);
    assert.ok(doc.paths['/media/{key}']);
    assert.ok(doc.paths['/api/v1/admin/uploads/image'].post.security);
  });
});
