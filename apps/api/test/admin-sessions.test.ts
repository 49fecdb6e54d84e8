import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, createAdmin, createTestApp, newIp, registerUser, type TestApp, type TestUser } from './helpers.ts';

describe("a staff member's own back-office sessions", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const db = () => t.db.database.db;
  /** A second admin sign-in of the same account: another session (another browser). */
  const signInAgain = async (a: TestUser) => {
    const res = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: a.phone, password: a.password }, ip: newIp() });
    assert.equal(res.status, 200, res.text);
    return res.body.access_token as string;
  };
  const list = (token: string) => call(t.app, 'GET', '/api/v1/admin/me/sessions', { token });

  test("lists only the caller's live admin sessions, the current one marked", async () => {
    const a = await createAdmin(t, 'support');
    const other = await signInAgain(a);
    // A shopper sign-in of the same account is not a back-office session, and a signed-out one is gone.
    await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: a.phone, password: a.password }, ip: newIp() });
    const someoneElse = await createAdmin(t);

    const res = await list(a.token);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.items.length, 2);
    const rows = await db().selectFrom('sessions').select(['id', 'user_id']).where('admin', '=', 1).where('user_id', '=', a.id).execute();
    assert.deepEqual(res.body.items.map((s: { id: string }) => s.id).sort(), rows.map((r) => r.id).sort());
    assert.equal(res.body.items.filter((s: { current: boolean }) => s.current).length, 1);
    const current = res.body.items.find((s: { current: boolean }) => s.current);
    assert.equal((await list(other)).body.items.find((s: { current: boolean }) => s.current).id === current.id, false, 'each token sees its own session as current');
    for (const s of res.body.items) {
      assert.match(s.created_at, /^\d{4}-\d\d-\d\dT/);
      assert.equal(typeof s.last_refreshed_at, 'string');
      assert.equal(s.mfa_verified, false);
    }
    assert.ok(!(await list(someoneElse.token)).body.items.some((s: { id: string }) => rows.some((r) => r.id === s.id)));
  });

  test('signing out a session ends it at once and writes an audit row; the other session stays', async () => {
    const a = await createAdmin(t, 'read_only');
    const laptop = await signInAgain(a);
    const laptopId = (await list(laptop)).body.items.find((s: { current: boolean }) => s.current).id as string;

    const out = await call(t.app, 'DELETE', `/api/v1/admin/me/sessions/${laptopId}`, { token: a.token });
    assert.equal(out.status, 204, out.text);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: laptop })).status, 401, 'the signed-out session is refused');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: a.token })).status, 200);
    assert.deepEqual((await list(a.token)).body.items.map((s: { id: string }) => s.id).includes(laptopId), false);
    const audit = await db().selectFrom('audit_log').select(['admin_id', 'action', 'entity_id', 'after']).where('admin_id', '=', a.id).execute();
    assert.deepEqual(audit.map((r) => ({ ...r, after: JSON.parse(r.after!) })), [
      { admin_id: a.id, action: 'staff.session_sign_out', entity_id: a.id, after: { session_id: laptopId, signed_in: false } },
    ]);
    const again = await call(t.app, 'DELETE', `/api/v1/admin/me/sessions/${laptopId}`, { token: a.token });
    assert.equal(again.status, 404, 'a session already over is not found');
  });

  test("another staff member's session id is 404 and that session lives on", async () => {
    const owner = await createAdmin(t);
    const victim = await createAdmin(t, 'finance');
    const victimSession = (await list(victim.token)).body.items[0].id as string;
    const res = await call(t.app, 'DELETE', `/api/v1/admin/me/sessions/${victimSession}`, { token: owner.token });
    assert.equal(res.status, 404, res.text);
    assert.equal(res.body.error, 'not_found');
    const row = await db().selectFrom('sessions').select('revoked_at').where('id', '=', victimSession).executeTakeFirstOrThrow();
    assert.equal(row.revoked_at, null);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/me', { token: victim.token })).status, 200);
    assert.equal((await db().selectFrom('audit_log').select('id').where('admin_id', '=', owner.id).execute()).length, 0);
  });

  test("the caller's own shopper session is not a back-office session: 404", async () => {
    const a = await createAdmin(t, 'support');
    const shop = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: a.phone, password: a.password }, ip: newIp() });
    const shopSession = await db().selectFrom('sessions').select('id').where('user_id', '=', a.id).where('admin', '=', 0).executeTakeFirstOrThrow();
    assert.equal(shop.status, 200);
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/me/sessions/${shopSession.id}`, { token: a.token })).status, 404);
  });

  test('any id shape is 404; a shopper token is refused; every role may list its own', async () => {
    const a = await createAdmin(t, 'fulfilment');
    for (const id of ['x', 'not-a-session', 'a'.repeat(300), '%20']) {
      const res = await call(t.app, 'DELETE', `/api/v1/admin/me/sessions/${id}`, { token: a.token });
      assert.equal(res.status, 404, `${id}: ${res.text}`);
    }
    const shopper = await registerUser(t.app);
    assert.equal((await list(shopper.token)).status, 403);
    for (const role of ['owner', 'finance', 'support', 'read_only']) assert.equal((await list((await createAdmin(t, role)).token)).status, 200, role);
  });
});
