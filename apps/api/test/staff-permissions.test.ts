import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../src/modules/auth/permissions.ts';
import { call, countingApp, createAdmin, createTestApp, type TestApp, type TestUser } from './helpers.ts';

/** Every admin route of the app, as Fastify has it (HEAD copies of GET routes left out). */
const adminRoutes = (t: TestApp) => t.app.routeTable.filter((r) => r.config.auth === 'admin' && r.method !== 'HEAD');

describe('staff permissions, declared per route', () => {
  let t: TestApp;
  const staff = {} as Record<StaffRole, TestUser>;
  before(async () => {
    t = await createTestApp();
    for (const role of STAFF_ROLES) staff[role] = await createAdmin(t, role);
  });
  after(() => t.close());

  test('every admin route names exactly one known permission, and no other route names one', () => {
    const known = new Set<string>(PERMISSIONS);
    const missing = adminRoutes(t)
      .filter((r) => typeof r.config.permission !== 'string' || !known.has(r.config.permission))
      .map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(missing, [], `admin routes without exactly one permission of modules/auth/permissions.ts: ${missing.join(', ')}`);
    const stray = t.app.routeTable.filter((r) => r.config.auth !== 'admin' && r.config.permission !== undefined).map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(stray, [], 'a permission only means something on an admin route');
    assert.ok(adminRoutes(t).length >= 50, 'the route table holds the admin routes');
  });

  test('the API description shows each admin route’s permission as x-permission', async () => {
    const doc = (await call(t.app, 'GET', '/docs/openapi.json')).body;
    for (const r of adminRoutes(t)) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()];
      assert.equal(op['x-permission'], r.config.permission, `${r.method} ${r.url}`);
      assert.match(op.description, new RegExp(r.config.permission!.replace('.', '\\.')), `${r.method} ${r.url}`);
    }
  });

  for (const role of STAFF_ROLES) {
    test(`${role}: every admin route is open exactly when the role holds its permission`, async () => {
      const mistakes: string[] = [];
      for (const r of adminRoutes(t)) {
        const url = `${r.url.replace(/:(\w+)/g, 'no-such-id')}`;
        const res = await call(t.app, r.method as 'GET', url, { token: staff[role].token, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) });
        const allowed = ROLE_PERMISSIONS[role].has(r.config.permission!);
        if (allowed && (res.status === 403 || res.status === 401)) mistakes.push(`${r.method} ${r.url}: refused ${res.status} (${res.text})`);
        if (!allowed && (res.status !== 403 || res.body?.error !== 'forbidden' || res.body?.permission !== r.config.permission)) {
          mistakes.push(`${r.method} ${r.url}: answered ${res.status} ${res.text.slice(0, 120)}, wanted 403 naming ${r.config.permission}`);
        }
      }
      assert.deepEqual(mistakes, []);
    });
  }

  test('an owner holds every permission, read-only writes nothing, and support cannot refund, adjust or read finance', () => {
    assert.equal(ROLE_PERMISSIONS.owner.size, PERMISSIONS.length);
    for (const p of ROLE_PERMISSIONS.read_only) assert.ok(p.endsWith('.read') || p === 'staff.self', p);
    for (const p of ['orders.refund', 'wallet.adjust', 'finance.read', 'staff.manage'] as const) assert.ok(!ROLE_PERMISSIONS.support.has(p), p);
  });

  test('the role is re-read on every request: a new role applies to the same token at once', async () => {
    const a = await createAdmin(t, 'support');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/dashboard', { token: a.token })).status, 403);
    await t.db.database.db.updateTable('users').set({ staff_role: 'finance' }).where('id', '=', a.id).execute();
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/dashboard', { token: a.token })).status, 200);
    await t.db.database.db.updateTable('users').set({ staff_role: null }).where('id', '=', a.id).execute();
    const refused = await call(t.app, 'GET', '/api/v1/admin/dashboard', { token: a.token });
    assert.equal(refused.status, 403, 'an admin account without a role may do nothing but look after itself');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: a.token })).status, 200);
  });

  test('the session check, role included, is one statement: a refused admin request sends nothing else', async () => {
    const counting = await countingApp(t);
    try {
      counting.statements.length = 0;
      const res = await call(counting.app, 'GET', '/api/v1/admin/dashboard', { token: staff.support.token });
      assert.equal(res.status, 403);
      assert.equal(counting.statements.length, 1, counting.statements.join('\n'));
      assert.match(counting.statements[0]!, /staff_role/);
    } finally {
      await counting.close();
    }
  });
});
