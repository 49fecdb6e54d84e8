import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HOUR } from '../src/lib/clock.ts';
import { call, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { assertLedgerMatches, balanceOf, creditBody, initiate, PAGE_BASE, SECRET, signedCall } from './support/wallet.ts';

describe('a declined top-up payment: visible at once, and a later confirmed payment still credits once', () => {
  let t: TestApp;
  let u: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    u = await registerUser(t.app);
  });
  after(() => t.close());

  // Access tokens live 15 minutes and a test moves the clock by hours: each step signs in again.
  const fresh = async () => (await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } })).body.custom_token as string;
  const status = async (topupToken: string) => call(t.app, 'GET', `/api/v1/wallet/topup-status/${topupToken}`, { token: await fresh() });
  const decline = (token: string) => signedCall(t, 'topup-decline', { token, gateway: 'gateway_a' });

  it('the payment server reports the decline: status and lookup carry declined_at beside pending, nothing is credited', async () => {
    const { token } = await initiate(t, await fresh(), 20000);
    const before = await status(token);
    assert.equal('declined_at' in before.body, false, 'no mark before the gateway declines');
    const res = await decline(token);
    const at = t.clock.now().toISOString();
    assert.deepEqual([res.status, res.body], [200, { status: 'pending', declined_at: at }]);
    const st = await status(token);
    assert.equal(st.status, 200);
    assert.equal(st.body.status, 'pending', 'the contract states stay pending, completed and expired');
    assert.equal(st.body.declined_at, at);
    assert.equal(st.body.amount, 20000);
    assert.equal('credited_at' in st.body, false);
    const lookup = (await signedCall(t, 'topup-lookup', { token })).body;
    assert.deepEqual([lookup.status, lookup.declined_at], ['pending', at]);
    assert.equal(await balanceOf(t, u.id), 0);
    // Told again (a second decline, or the payer posting the same answer): the first mark stays.
    t.clock.advance(1000);
    assert.deepEqual((await decline(token)).body, { status: 'pending', declined_at: at });
  });

  it('a declined top-up past its hour reads expired and still carries its decline', async () => {
    const { token } = await initiate(t, await fresh(), 15000);
    await decline(token);
    t.clock.advance(2 * HOUR);
    const st = (await status(token)).body;
    assert.equal(st.status, 'expired');
    assert.equal(typeof st.declined_at, 'string');
  });

  it('a declined top-up later reported paid by a signed callback is credited once, and reads completed', async () => {
    const balance = await balanceOf(t, u.id);
    const { token } = await initiate(t, await fresh(), 30000);
    await decline(token);
    const body = creditBody(token, 30000, 'A-TXN-LATE');
    const first = await signedCall(t, 'topup-credit', body);
    assert.deepEqual([first.status, first.body], [200, { credited: true, balance: balance + 30000 }]);
    const replay = await signedCall(t, 'topup-credit', body);
    assert.deepEqual([replay.status, replay.body], [200, { credited: false, duplicate: true }]);
    const other = await signedCall(t, 'topup-credit', creditBody(token, 30000, 'A-TXN-OTHER'));
    assert.deepEqual([other.status, other.body.error], [409, 'topup_already_completed']);
    const done = (await status(token)).body;
    assert.deepEqual([done.status, 'declined_at' in done], ['completed', false], 'completed, with no decline beside it');
    assert.equal(await balanceOf(t, u.id), balance + 30000);
    // A decline that arrives after the credit changes nothing.
    assert.deepEqual((await decline(token)).body, { status: 'completed' });
    await assertLedgerMatches(t, u.id);
  });

  it('an unknown token is 404; an unsigned or badly shaped decline is refused and changes nothing', async () => {
    const unknown = await decline('no-such-token-000');
    assert.deepEqual([unknown.status, unknown.body.error], [404, 'not_found']);
    const { token } = await initiate(t, await fresh(), 12000);
    const unsigned = await signedCall(t, 'topup-decline', { token, gateway: 'gateway_a' }, { header: null });
    assert.deepEqual([unsigned.status, unsigned.body.error], [401, 'invalid_signature']);
    const bad = await signedCall(t, 'topup-decline', { token, gateway: 'gateway_z' });
    assert.deepEqual([bad.status, bad.body.error], [400, 'validation_failed']);
    const st = (await status(token)).body;
    assert.deepEqual([st.status, 'declined_at' in st], ['pending', false]);
  });
});

describe('GET /wallet names the top-up bounds', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET, TOPUP_MIN: '25000', TOPUP_MAX: '900000' });
  });
  after(() => t.close());

  it('the shopper learns TOPUP_MIN and TOPUP_MAX with the balances, and they are what initiate accepts', async () => {
    const u = await registerUser(t.app);
    const w = await call(t.app, 'GET', '/api/v1/wallet', { token: u.token });
    assert.equal(w.status, 200);
    assert.deepEqual(w.body, { shopping_credits: 0, reward_points: 0, e_vouchers: 0, currency: 'INR', topup: { min: 25000, max: 900000 } });
    const below = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: w.body.topup.min - 1 } });
    assert.equal(below.status, 400);
    const at = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: w.body.topup.min } });
    assert.equal(at.status, 201);
  });
});
