import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, createAdmin, createTestApp, newIp, newPhone, onPostgres, registerUser, type TestApp } from './helpers.ts';
import { runWorker } from './support/run-worker.ts';
import { SmsSimulator } from './otp-fixtures.ts';

describe('staff management', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  before(async () => {
    sms = await new SmsSimulator().start();
    t = await createTestApp({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms` });
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  const db = () => t.db.database.db;
  /** The code of the last SMS sent to `phone`: the only 6-digit run of its body. */
  const lastCode = (phone: string) => {
    const m = sms.requests.map((r) => JSON.parse(r.raw)).filter((b) => b.to === phone).at(-1);
    return /\b(\d{6})\b/.exec(m.body)![1]!;
  };
  const accept = (phone: string, code: string, password = 'staff-password-1', ip = newIp()) =>
    call(t.app, 'POST', '/api/v1/auth/admin/accept-invite', { body: { phone, code, password, full_name: 'Sam Support' }, ip });
  const adminLogin = (phone: string, password: string) => call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone, password }, ip: newIp() });

  test('an owner invites by phone; the SMS code accepted once sets the password and makes active staff with the role', async () => {
    const owner = await createAdmin(t);
    const phone = newPhone();
    const invited = await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone, role: 'support', full_name: 'Sam' } });
    assert.equal(invited.status, 201, invited.text);
    assert.equal(invited.body.status, 'invited');
    assert.equal(invited.body.role, 'support');
    const row = await db().selectFrom('staff_invites').select('code_hash').where('user_id', '=', invited.body.id).executeTakeFirstOrThrow();
    const code = lastCode(phone);
    assert.ok(!row.code_hash!.includes(code));
    assert.equal((await adminLogin(phone, 'staff-password-1')).status, 401, 'no admin sign-in before acceptance');

    const ok = await accept(phone, code);
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual({ role: ok.body.role, full_name: ok.body.full_name }, { role: 'support', full_name: 'Sam Support' });
    const again = await accept(phone, code, 'another-password');
    assert.equal(again.status, 400);
    assert.equal(again.body.error, 'invalid_invite');
    const signedIn = await adminLogin(phone, 'staff-password-1');
    assert.equal(signedIn.status, 200, signedIn.text);
    const token = signedIn.body.access_token;
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/tickets', { token })).status, 200);
    const refused = await call(t.app, 'GET', '/api/v1/admin/refunds', { token });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.permission, 'finance.read');

    const list = await call(t.app, 'GET', '/api/v1/admin/staff', { token: owner.token });
    const item = list.body.items.find((i: { id: string }) => i.id === invited.body.id);
    assert.equal(item.status, 'active');
    const actions = await db().selectFrom('audit_log').select('action').where('entity_id', '=', invited.body.id).orderBy('id').execute();
    assert.deepEqual(actions.map((a) => a.action), ['staff.invite', 'staff.accept']);
  });

  test('an invite code is refused after 48 hours, and after five wrong codes', async () => {
    const owner = await createAdmin(t);
    const late = newPhone();
    await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone: late, role: 'fulfilment' } });
    t.clock.advance(48 * 3600_000 + 1000);
    assert.equal((await accept(late, lastCode(late))).status, 400);
    const guessed = newPhone();
    const later = await createAdmin(t); // access tokens last 15 minutes
    await call(t.app, 'POST', '/api/v1/admin/staff', { token: later.token, body: { phone: guessed, role: 'fulfilment' } });
    const right = lastCode(guessed);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) assert.equal((await accept(guessed, wrong)).status, 400);
    assert.equal((await accept(guessed, right)).status, 400);
    assert.equal((await adminLogin(guessed, 'staff-password-1')).status, 401);
  });

  test('an owner resends an invite: a fresh code and 48 hours, the old code dead, only hashes stored, audited', async () => {
    const owner = await createAdmin(t);
    const phone = newPhone();
    const invited = (await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone, role: 'finance', full_name: 'Fin' } })).body;
    const first = lastCode(phone);
    t.clock.advance(47 * 3600_000);
    const later = await createAdmin(t); // access tokens last 15 minutes
    const resent = await call(t.app, 'POST', `/api/v1/admin/staff/${invited.id}/invite`, { token: later.token });
    assert.equal(resent.status, 200, resent.text);
    assert.deepEqual([resent.body.status, resent.body.role], ['invited', 'finance']);
    assert.equal(resent.body.invite_expires_at, new Date(t.clock.now().getTime() + 48 * 3600_000).toISOString());
    const second = lastCode(phone);
    const stored = await db().selectFrom('staff_invites').select(['code_hash', 'revoked_at']).where('user_id', '=', invited.id).orderBy('id').execute();
    assert.equal(stored.length, 2);
    assert.deepEqual([stored[0]!.code_hash, stored[0]!.revoked_at !== null], [null, true], 'the old invite is revoked and its hash gone');
    assert.ok(stored[1]!.code_hash && !stored[1]!.code_hash.includes(second), 'the new code is kept only as a hash');
    if (first !== second) assert.equal((await accept(phone, first)).status, 400, 'the old code no longer works');
    // Past the first invite's 48 hours, the resent one still stands.
    t.clock.advance(2 * 3600_000);
    assert.equal((await accept(phone, second)).status, 200);
    const again = await call(t.app, 'POST', `/api/v1/admin/staff/${invited.id}/invite`, { token: (await createAdmin(t)).token });
    assert.deepEqual([again.status, again.body.error], [409, 'conflict'], 'an accepted invite is not resent');
    const actions = await db().selectFrom('audit_log').select(['action', 'admin_id']).where('entity_id', '=', invited.id).orderBy('id').execute();
    assert.deepEqual(actions.map((a) => a.action), ['staff.invite', 'staff.invite_resend', 'staff.accept']);
    assert.equal(actions[1]!.admin_id, later.id);
  });

  test('an owner revokes an invite: its code stops working, the row is audited, and a second revoke is 409', async () => {
    const owner = await createAdmin(t);
    const phone = newPhone();
    const invited = (await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone, role: 'support' } })).body;
    const code = lastCode(phone);
    const revoked = await call(t.app, 'DELETE', `/api/v1/admin/staff/${invited.id}/invite`, { token: owner.token });
    assert.equal(revoked.status, 200, revoked.text);
    assert.deepEqual([revoked.body.status, revoked.body.invite_expires_at], ['disabled', null]);
    assert.equal((await accept(phone, code)).status, 400);
    const row = await db().selectFrom('staff_invites').select(['code_hash', 'revoked_at']).where('user_id', '=', invited.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.code_hash, row.revoked_at !== null], [null, true]);
    const twice = await call(t.app, 'DELETE', `/api/v1/admin/staff/${invited.id}/invite`, { token: owner.token });
    assert.deepEqual([twice.status, twice.body.error], [409, 'conflict']);
    assert.deepEqual([(await call(t.app, 'POST', `/api/v1/admin/staff/${invited.id}/invite`, { token: owner.token })).status], [409], 'nothing open to resend');
    const audit = await db().selectFrom('audit_log').select(['action', 'before', 'after']).where('entity_id', '=', invited.id).orderBy('id').execute();
    assert.deepEqual(audit.map((a) => a.action), ['staff.invite', 'staff.invite_revoke']);
    assert.deepEqual(JSON.parse(audit[1]!.after!), { role: 'support', active: false, invited: false });

    // Only an owner (staff.manage) may; an unknown id is 404, a shopper is no staff member.
    const finance = await createAdmin(t, 'finance');
    for (const method of ['POST', 'DELETE'] as const) {
      const refused = await call(t.app, method, `/api/v1/admin/staff/${invited.id}/invite`, { token: finance.token });
      assert.deepEqual([refused.status, refused.body.permission], [403, 'staff.manage']);
      assert.equal((await call(t.app, method, '/api/v1/admin/staff/nope/invite', { token: owner.token })).status, 404);
      const shopper = await registerUser(t.app);
      assert.equal((await call(t.app, method, `/api/v1/admin/staff/${shopper.id}/invite`, { token: owner.token })).status, 404);
    }
  });

  test('revokes of one invite racing from several processes: one revokes and is audited, the others are 409', async () => {
    const owner = await createAdmin(t);
    const invited = (await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone: newPhone(), role: 'support' } })).body;
    // SQLite: one connection per process; PostgreSQL: several pool clients per process as well.
    const [racers, lanes] = [3, onPostgres ? 3 : 1];
    const env = {
      DATABASE_URL: t.db.url,
      RACE_ADMIN: owner.id,
      RACE_STAFF: invited.id,
      RACE_NOW: t.clock.now().toISOString(),
      RACE_LANES: String(lanes),
      RACE_START_AT: String(Date.now() + 1_500),
    };
    const outcomes = await Promise.all(Array.from({ length: racers }, () => runWorker<{ revoked: number; refused: number; errors: string[] }>('staff-invite-race-worker.ts', env)));
    assert.deepEqual(outcomes.flatMap((o) => o.errors), []);
    assert.deepEqual([outcomes.reduce((n, o) => n + o.revoked, 0), outcomes.reduce((n, o) => n + o.refused, 0)], [1, racers * lanes - 1]);
    const audit = await db().selectFrom('audit_log').select('action').where('entity_id', '=', invited.id).where('action', '=', 'staff.invite_revoke').execute();
    assert.equal(audit.length, 1, 'one audit row for the one revoke');
  });

  test('a failed SMS stores no invite', async () => {
    const owner = await createAdmin(t);
    sms.mode = 'fail';
    try {
      const phone = newPhone();
      const res = await call(t.app, 'POST', '/api/v1/admin/staff', { token: owner.token, body: { phone, role: 'support' } });
      assert.equal(res.status, 502);
      assert.equal(res.body.error, 'otp_send_failed');
      assert.equal(await db().selectFrom('staff_invites').select('id').where('phone', '=', phone).executeTakeFirst(), undefined);
    } finally {
      sms.mode = 'ok';
    }
  });

  test('disabling a staff member ends their open session at once; a role change applies at once', async () => {
    const owner = await createAdmin(t);
    const s = await createAdmin(t, 'support');
    const demoted = await call(t.app, 'PATCH', `/api/v1/admin/staff/${s.id}`, { token: owner.token, body: { role: 'read_only' } });
    assert.equal(demoted.body.role, 'read_only');
    assert.equal((await call(t.app, 'POST', '/api/v1/admin/tickets/x/reply', { token: s.token, body: { message: 'hi' } })).status, 403);
    const off = await call(t.app, 'PATCH', `/api/v1/admin/staff/${s.id}`, { token: owner.token, body: { disabled: true } });
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.status, 'disabled');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/tickets', { token: s.token })).status, 401);
    assert.equal((await adminLogin(s.phone, s.password)).status, 401);
    const on = await call(t.app, 'PATCH', `/api/v1/admin/staff/${s.id}`, { token: owner.token, body: { disabled: false } });
    assert.equal(on.body.status, 'active');
    assert.equal((await adminLogin(s.phone, s.password)).status, 200);
  });

  test('the last active owner can be neither demoted, disabled, un-admined nor deleted (409 last_owner)', async () => {
    // Every other owner of this database steps down first, so `owner` is the last.
    const owner = await createAdmin(t);
    const others = await db().selectFrom('users').select('id').where('staff_role', '=', 'owner').where('is_admin', '=', 1).where('id', '<>', owner.id).execute();
    for (const o of others) await db().updateTable('users').set({ staff_role: 'read_only' }).where('id', '=', o.id).execute();
    for (const [method, url, body] of [
      ['PATCH', `/api/v1/admin/staff/${owner.id}`, { role: 'finance' }],
      ['PATCH', `/api/v1/admin/staff/${owner.id}`, { disabled: true }],
      ['PUT', `/api/v1/admin/users/${owner.id}`, { is_admin: false }],
      ['DELETE', `/api/v1/admin/users/${owner.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: owner.token, ...(body ? { body } : {}) });
      assert.equal(res.status, 409, `${method} ${url}: ${res.text}`);
      assert.equal(res.body.error, 'last_owner');
    }
    const second = await createAdmin(t);
    assert.equal((await call(t.app, 'PATCH', `/api/v1/admin/staff/${owner.id}`, { token: second.token, body: { role: 'finance' } })).status, 200);
  });

  test('is_admin on PUT /admin/users/:uid is staff management: it needs staff.manage', async () => {
    const support = await createAdmin(t, 'support');
    const shopper = await registerUser(t.app);
    const res = await call(t.app, 'PUT', `/api/v1/admin/users/${shopper.id}`, { token: support.token, body: { is_admin: true } });
    assert.equal(res.status, 403);
    assert.equal(res.body.error, 'forbidden');
    assert.equal(res.body.permission, 'staff.manage');
    const refused = await db().selectFrom('users').select(['is_admin', 'staff_role']).where('id', '=', shopper.id).executeTakeFirstOrThrow();
    assert.deepEqual(refused, { is_admin: 0, staff_role: null }, 'the refused body changed nothing');
    assert.equal((await call(t.app, 'PUT', `/api/v1/admin/users/${shopper.id}`, { token: support.token, body: { full_name: 'Renamed' } })).status, 200);
    const owner = await createAdmin(t);
    const promoted = await call(t.app, 'PUT', `/api/v1/admin/users/${shopper.id}`, { token: owner.token, body: { is_admin: true } });
    assert.equal(promoted.status, 200);
    const row = await db().selectFrom('users').select(['is_admin', 'staff_role']).where('id', '=', shopper.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { is_admin: 1, staff_role: 'read_only' }, 'a promoted account starts with the least privilege');
  });

  test('SEED_ADMIN_PHONE creates an owner', async () => {
    const phone = newPhone();
    const seeded = await createTestApp({ SEED_ADMIN_PHONE: phone, SEED_ADMIN_PASSWORD: 'seed-password-1' });
    try {
      const { ensureSeedAdmin } = await import('../src/modules/auth/auth.service.ts');
      await ensureSeedAdmin(seeded.app.ctx);
      const row = await seeded.db.database.db.selectFrom('users').select(['is_admin', 'staff_role']).where('phone', '=', phone).executeTakeFirstOrThrow();
      assert.deepEqual(row, { is_admin: 1, staff_role: 'owner' });
    } finally {
      await seeded.close();
    }
  });
});
