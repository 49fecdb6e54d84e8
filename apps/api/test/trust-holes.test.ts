/**
 * The abuse holes an outside review found (issue "Trust"), each checked as an attacker would try
 * it: spoofed client IPs, phone-hopping logins, mass sign-ups and tickets, admin rights from an
 * ordinary sign-in, odd ids and malformed phones. Each test failed before its fix.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createTestApp, newIp, newPhone, registerUser, type TestApp } from './helpers.ts';
import { SmsSimulator } from './otp-fixtures.ts';

const SEED_PHONE = '+919000000001';
const SEED_PASSWORD = 'seed-admin-password';
const roleOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).role;

async function seeded(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ SEED_ADMIN_PHONE: SEED_PHONE, SEED_ADMIN_PASSWORD: SEED_PASSWORD, ...env });
  const { ensureSeedAdmin } = await import('../src/modules/auth/auth.service.ts');
  await ensureSeedAdmin(t.app.ctx);
  return t;
}

for (const [name, setting] of [
  ['a hop count', '1'],
  ['the balancer’s CIDR', '10.0.0.0/8'],
] as const) {
  describe(`behind a load balancer named by ${name} (TRUST_PROXY=${setting}), a client cannot choose its IP`, () => {
    let t: TestApp;
    before(async () => {
      t = await seeded({ TRUST_PROXY: setting });
    });
    after(() => t.close());
    // The balancer (10.0.0.2) appends the address it saw to whatever the client sent.
    const viaBalancer = (claimed: string, real = '203.0.113.9') => ({ ip: '10.0.0.2', headers: { 'x-forwarded-for': `${claimed}, ${real}` } });

    it('GET /metrics with X-Forwarded-For: 127.0.0.1 is 403', async () => {
      const res = await call(t.app, 'GET', '/metrics', viaBalancer('127.0.0.1'));
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'forbidden');
      // The balancer's own health check from loopback still reads them.
      assert.equal((await call(t.app, 'GET', '/metrics', { ip: '127.0.0.1' })).status, 200);
    });

    it('12 wrong admin logins, each claiming another X-Forwarded-For, reach the 429', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const res = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_PHONE, password: 'wrong-password' }, ...viaBalancer(`192.0.2.${i}`) });
        statuses.push(res.status);
      }
      assert.deepEqual(statuses, [...Array(10).fill(401), 429, 429]);
      // Another real client is not locked out.
      const other = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_PHONE, password: SEED_PASSWORD }, ...viaBalancer('192.0.2.1', '203.0.113.10') });
      assert.equal(other.status, 200);
    });
  });
}

describe('per-IP limits on costly public routes', () => {
  let t: TestApp;
  before(async () => {
    t = await seeded();
  });
  after(() => t.close());

  it('changing the phone does not escape the login limit: the 51st login from one IP is 429 IP_RATE_LIMITED', async () => {
    const ip = '203.0.113.20';
    for (let i = 1; i <= 50; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: newPhone(), password: 'whatever-password' }, ip });
      assert.equal(res.status, 401, `login ${i}`);
    }
    const over = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_PHONE, password: SEED_PASSWORD }, ip });
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'IP_RATE_LIMITED');
    assert.equal(over.headers['retry-after'], String(over.body.retry_after));
    // After the 15-minute window the same IP may sign in again.
    t.clock.advance(15 * 60_000);
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_PHONE, password: SEED_PASSWORD }, ip })).status, 200);
  });

  it('the 21st registration from one IP within an hour is 429 and creates no account', async () => {
    const ip = '203.0.113.21';
    for (let i = 1; i <= 20; i++) {
      const res = await call(t.app, 'POST', '/api/v1/auth/register', { body: { phone: newPhone(), password: 'long enough pass', full_name: 'x' }, ip });
      assert.equal(res.status, 201, `registration ${i}`);
    }
    const phone = newPhone();
    const over = await call(t.app, 'POST', '/api/v1/auth/register', { body: { phone, password: 'long enough pass', full_name: 'x' }, ip });
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'IP_RATE_LIMITED');
    const row = await t.db.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
    assert.equal(row, undefined);
  });

  it('tickets: the 11th from one user within an hour is 429 TICKET_RATE_LIMITED; 30 per IP across users', async () => {
    const ticket = { subject: 'Help', message: 'x'.repeat(5000) };
    const u = await registerUser(t.app);
    const ip = '203.0.113.22';
    for (let i = 1; i <= 10; i++) assert.equal((await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: ticket, ip })).status, 201);
    const eleventh = await call(t.app, 'POST', '/api/v1/tickets', { token: u.token, body: ticket, ip: newIp() });
    assert.equal(eleventh.status, 429);
    assert.equal(eleventh.body.code, 'TICKET_RATE_LIMITED');
    const others = [await registerUser(t.app), await registerUser(t.app)];
    for (let i = 0; i < 20; i++) assert.equal((await call(t.app, 'POST', '/api/v1/tickets', { token: others[i % 2]!.token, body: ticket, ip })).status, 201);
    const fourth = await registerUser(t.app);
    const over = await call(t.app, 'POST', '/api/v1/tickets', { token: fourth.token, body: ticket, ip });
    assert.equal(over.status, 429);
    assert.equal(over.body.code, 'TICKET_RATE_LIMITED');
    const count = await t.db.database.db.selectFrom('tickets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 30);
  });
});

describe('admin rights come only from the admin login', () => {
  let t: TestApp;
  let sms: SmsSimulator;
  before(async () => {
    sms = await new SmsSimulator().start();
    t = await seeded({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: `${sms.url}/sms` });
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  it('password login of an admin account issues role user, which cannot reach /admin, also after refresh', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: SEED_PHONE, password: SEED_PASSWORD }, ip: newIp() });
    assert.equal(res.status, 200);
    assert.equal(roleOf(res.body.custom_token), 'user');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users', { token: res.body.custom_token })).status, 403);
    const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: res.body.refresh_token } });
    assert.equal(refreshed.status, 200);
    assert.equal(roleOf(refreshed.body.custom_token), 'user');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users', { token: refreshed.body.custom_token })).status, 403);
  });

  it('an SMS code alone never gives admin', async () => {
    assert.equal((await call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone: SEED_PHONE }, ip: newIp() })).status, 200);
    const otp = /\b\d{6}\b/.exec(sms.messageBody())![0];
    const res = await call(t.app, 'POST', '/api/v1/auth/otp/verify', { body: { phone: SEED_PHONE, otp }, ip: newIp() });
    assert.equal(res.status, 200, res.text);
    assert.equal(roleOf(res.body.custom_token), 'user');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users', { token: res.body.custom_token })).status, 403);
  });

  it('the admin login issues role admin, kept by refresh and lost with demotion', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_PHONE, password: SEED_PASSWORD }, ip: newIp() });
    assert.equal(roleOf(res.body.access_token), 'admin');
    const refreshed = await call(t.app, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: res.body.refresh_token } });
    assert.equal(roleOf(refreshed.body.custom_token), 'admin');
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users', { token: refreshed.body.custom_token })).status, 200);
  });
});

describe('unknown ids and malformed phones', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  before(async () => {
    t = await seeded();
    admin = (await call(t.app, 'POST', '/api/v1/auth/admin/login', { body: { phone: SEED_PHONE, password: SEED_PASSWORD }, ip: newIp() })).body.access_token;
    user = (await registerUser(t.app)).token;
  });
  after(() => t.close());

  for (const length of [65, 101, 2000]) {
    it(`an id of ${length} characters is 404 not_found in the error shape of docs/contracts.md §2`, async () => {
      const id = 'a'.repeat(length);
      for (const [url, token] of [
        [`/api/v1/tickets/${id}`, user],
        [`/api/v1/admin/users/${id}`, admin],
        [`/api/v1/admin/users/${id}/ledger`, admin],
        [`/api/v1/orders/${id}`, user],
        [`/api/v1/products/${id}`, user],
      ] as const) {
        const res = await call(t.app, 'GET', url, { token });
        assert.equal(res.status, 404, `${url.slice(0, 40)}: ${res.text.slice(0, 200)}`);
        assert.equal(res.body.error, 'not_found');
        assert.equal(res.body.code, undefined, 'no framework code leaks');
      }
    });
  }

  it('a path segment that is not valid percent-encoding is 404 too', async () => {
    const res = await call(t.app, 'GET', '/api/v1/tickets/%E0%A4%A', { token: user });
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'not_found');
  });

  it('login with a malformed phone is 400 validation_failed, like registration', async () => {
    for (const phone of ['garbage', '12', '+', '']) {
      const res = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone, password: 'whatever-password' }, ip: newIp() });
      assert.equal(res.status, 400, `${JSON.stringify(phone)}: ${res.text}`);
      assert.equal(res.body.error, 'validation_failed');
    }
  });
});

describe('refused signed calls cannot flood the webhook log', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ STORE_WEBHOOK_SECRET: 'webhook-secret-for-the-flood-test' });
  });
  after(() => t.close());
  const logRows = async () => (await t.db.database.db.selectFrom('webhook_logs').select('id').execute()).length;
  const junk = (i: number) => ({ token: `junk-${i}-${'x'.repeat(300)}`, amount: i, currency: 'INR', gateway: 'g'.repeat(100), gateway_txn_id: `T${i}` });

  it('50 unsigned calls from one IP write 20 rows; the rest answer 429 and are counted in /metrics', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push((await call(t.app, 'POST', '/api/v1/wallet/topup-credit', { body: junk(i), ip: '203.0.113.50' })).status);
    }
    assert.deepEqual(statuses, [...Array(20).fill(401), ...Array(30).fill(429)]);
    assert.equal(await logRows(), 20);
    // Another IP is still logged, and a new minute opens the log again.
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-lookup', { body: { token: 'x' }, ip: '203.0.113.51' })).status, 401);
    assert.equal(await logRows(), 21);
    const metrics = await call(t.app, 'GET', '/metrics', { ip: '127.0.0.1' });
    assert.match(metrics.text, /webhook_log_refusals_dropped_total\{endpoint="topup-credit"\} 30/);
    t.clock.advance(60_000);
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-credit', { body: junk(99), ip: '203.0.113.50' })).status, 401);
    assert.equal(await logRows(), 22);
  });
});
