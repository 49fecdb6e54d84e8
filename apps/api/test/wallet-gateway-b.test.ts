import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sign } from '@storefront/signing';
import { HOUR } from '../src/lib/clock.ts';
import { decimalToMinor, minorToDecimal } from '@storefront/money';
import { verifyOrder } from '@storefront/gateway-b';
import { call, createTestApp, registerUser, type TestApp } from './helpers.ts';
import { GatewayBSim, SIM_CLIENT_ID, SIM_CLIENT_SECRET } from './support/gateway-b-sim.ts';
import { PAGE_BASE, SECRET, assertLedgerMatches, balanceOf, creditBody, initiate, nowSeconds, signedCall, webhookLogs } from './support/wallet.ts';

describe('top-up status self-heal with gateway B', () => {
  let t: TestApp;
  let sim: GatewayBSim;
  let token: string; // the user's API token, refreshed per test
  let userId: string;
  let phone: string;
  let password: string;
  let seq = 0;

  before(async () => {
    sim = await new GatewayBSim().start();
    t = await createTestApp({
      TOPUP_PAGE_BASE_URL: PAGE_BASE,
      STORE_WEBHOOK_SECRET: SECRET,
      GATEWAY_B_CLIENT_ID: SIM_CLIENT_ID,
      GATEWAY_B_CLIENT_SECRET: SIM_CLIENT_SECRET,
      GATEWAY_B_API_BASE: sim.url,
      // A bound a cold first call (the process's first fetch, its OAuth token) meets on a busy CI machine.
      GATEWAY_B_TIMEOUT_MS: '1000',
    });
    const u = await registerUser(t.app);
    userId = u.id;
    phone = u.phone;
    password = u.password;
  });
  after(async () => {
    try {
      await t.close();
    } finally {
      await sim.stop();
    }
  });
  beforeEach(async () => {
    sim.reset();
    const r = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone, password } });
    token = r.body.custom_token;
  });

  /** A pending top-up of `amount` paid by gateway B order `orderId`, attached by the payment server. */
  async function attachedTopup(amount: number, order: Partial<GatewayBSim['orders'] extends Map<string, infer O> ? O : never> = {}) {
    const { token: topupToken } = await initiate(t, token, amount);
    const orderId = `ORDER-${++seq}`;
    sim.orders.set(orderId, { status: 'CREATED', customId: topupToken, value: minorToDecimal(amount, 'INR'), currency: 'INR', ...order });
    const res = await signedCall(t, 'topup-attach', { token: topupToken, gateway: 'gateway_b', gateway_order_id: orderId });
    assert.equal(res.status, 200);
    return { topupToken, orderId };
  }
  /** A poll after the 5 s per-top-up gateway throttle has passed. */
  const poll = (topupToken: string) => {
    t.clock.advance(5000);
    return call(t.app, 'GET', `/api/v1/wallet/topup-status/${topupToken}`, { token });
  };
  const pollNow = (topupToken: string) => call(t.app, 'GET', `/api/v1/wallet/topup-status/${topupToken}`, { token });

  it('CREATED, APPROVED and COMPLETED-without-a-completed-capture stay pending and credit nothing', async () => {
    const before = await balanceOf(t, userId);
    const { topupToken, orderId } = await attachedTopup(1500);
    assert.equal((await poll(topupToken)).body.status, 'pending');
    sim.orders.get(orderId)!.status = 'APPROVED';
    assert.equal((await poll(topupToken)).body.status, 'pending');
    sim.orders.get(orderId)!.status = 'COMPLETED';
    assert.equal((await poll(topupToken)).body.status, 'pending', 'COMPLETED but no capture');
    sim.orders.get(orderId)!.capture = { id: 'CAP-PENDING', status: 'PENDING' };
    assert.equal((await poll(topupToken)).body.status, 'pending', 'capture not completed');
    assert.equal(sim.calls.order, 4);
    assert.equal(await assertLedgerMatches(t, userId), before);
  });

  it('COMPLETED with a completed capture, matching custom_id and amount, credits once with the capture id', async () => {
    const before = await balanceOf(t, userId);
    const { topupToken, orderId } = await attachedTopup(12345, { status: 'COMPLETED', capture: { id: 'CAP-OK-1', status: 'COMPLETED' } });
    assert.equal(sim.orders.get(orderId)!.value, '123.45');
    const res = await poll(topupToken);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'completed');
    assert.equal(res.body.amount, 12345);
    assert.equal(res.body.credited_at, t.clock.now().toISOString());
    const row = await t.db.database.db.selectFrom('topups').selectAll().where('gateway_order_id', '=', orderId).executeTakeFirstOrThrow();
    assert.deepEqual([row.gateway, row.gateway_txn_id], ['gateway_b', 'CAP-OK-1']);
    // Polling again does not ask the gateway, and the late callback for the same capture is a duplicate.
    const calls = sim.calls.order;
    assert.equal((await poll(topupToken)).body.status, 'completed');
    assert.equal(sim.calls.order, calls);
    const late = await signedCall(t, 'topup-credit', creditBody(topupToken, 12345, 'CAP-OK-1', 'gateway_b'));
    assert.deepEqual(late.body, { credited: false, duplicate: true });
    assert.equal(await assertLedgerMatches(t, userId), before + 12345);
    const log = (await webhookLogs(t)).find((l) => l.gateway_txn_id === 'CAP-OK-1' && l.outcome === 'credited');
    assert.equal(log?.endpoint, 'topup-status');
  });

  it('a wrong custom_id, amount or currency is refused, logged as rejected, and stays pending', async () => {
    const before = await balanceOf(t, userId);
    const cases = [
      { customId: 'someone-elses-token', reason: 'custom_id_mismatch' },
      { value: '123.44', reason: 'amount_mismatch' },
      { value: '1234.5', reason: 'amount_mismatch' },
      { currency: 'USD', reason: 'currency_mismatch' },
    ];
    for (const c of cases) {
      const { reason, ...order } = c;
      const { topupToken } = await attachedTopup(12345, { status: 'COMPLETED', capture: { id: `CAP-BAD-${reason}-${seq}`, status: 'COMPLETED' }, ...order });
      const res = await poll(topupToken);
      assert.equal(res.body.status, 'pending', reason);
      const log = (await webhookLogs(t)).at(-1)!;
      assert.deepEqual([log.endpoint, log.outcome, log.reason], ['topup-status', 'rejected', reason]);
    }
    assert.equal(await assertLedgerMatches(t, userId), before);
  });

  it('a gateway 500 or a gateway slower than the bound leaves the top-up pending, never a 500', async () => {
    const before = await balanceOf(t, userId);
    const { topupToken } = await attachedTopup(500, { status: 'COMPLETED', capture: { id: 'CAP-LATER', status: 'COMPLETED' } });
    sim.failWith = 500;
    const failed = await poll(topupToken);
    assert.deepEqual([failed.status, failed.body.status], [200, 'pending']);
    sim.failWith = null;
    sim.delayMs = 4000;
    const started = Date.now();
    const slow = await poll(topupToken);
    assert.deepEqual([slow.status, slow.body.status], [200, 'pending']);
    assert.ok(Date.now() - started < 3000, 'the poll answered within the bound');
    const errors = (await webhookLogs(t)).slice(-2).map((l) => [l.outcome, l.reason]);
    assert.deepEqual(errors[0], ['error', 'orders answered 500']);
    assert.equal(errors[1]![0], 'error');
    // Once the gateway recovers, the next poll credits.
    sim.delayMs = 0;
    assert.equal((await poll(topupToken)).body.status, 'completed');
    assert.equal(await assertLedgerMatches(t, userId), before + 500);
  });

  it('the OAuth token is fetched once and reused until shortly before it expires; a revoked token is refetched', async () => {
    const { topupToken } = await attachedTopup(200);
    sim.calls.token = 0;
    // Make sure a token is cached, then count.
    await poll(topupToken);
    const base = sim.calls.token;
    for (let i = 0; i < 3; i++) await poll(topupToken);
    assert.equal(sim.calls.token, base, 'cached across polls');
    t.clock.advance(HOUR); // sim tokens live 3600 s
    const r = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone, password } });
    token = r.body.custom_token;
    await poll(topupToken);
    assert.equal(sim.calls.token, base + 1, 'refetched after expiry');
    sim.revokeTokens();
    const res = await poll(topupToken);
    assert.equal(res.status, 200);
    assert.equal(sim.calls.token, base + 2, 'a 401 from the gateway drops the cached token');
  });

  it('the gateway is asked at most once per top-up per 5 s, however often the app polls', async () => {
    const { topupToken } = await attachedTopup(100);
    await Promise.all(Array.from({ length: 10 }, () => pollNow(topupToken)));
    assert.equal(sim.calls.order, 1);
    for (let i = 0; i < 5; i++) assert.equal((await pollNow(topupToken)).body.status, 'pending');
    assert.equal(sim.calls.order, 1);
    await poll(topupToken);
    assert.equal(sim.calls.order, 2);
  });

  it('an expired but paid top-up is credited by the poll', async () => {
    const before = await balanceOf(t, userId);
    const { topupToken, orderId } = await attachedTopup(300);
    t.clock.advance(HOUR + 1000);
    const r = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone, password } });
    token = r.body.custom_token;
    assert.equal((await poll(topupToken)).body.status, 'expired');
    Object.assign(sim.orders.get(orderId)!, { status: 'COMPLETED', capture: { id: 'CAP-EXPIRED', status: 'COMPLETED' } });
    assert.equal((await poll(topupToken)).body.status, 'completed');
    assert.equal(await assertLedgerMatches(t, userId), before + 300);
  });

  it('50 simultaneous signed callbacks racing status polls credit exactly once', async () => {
    const before = await balanceOf(t, userId);
    const { topupToken } = await attachedTopup(4200, { status: 'COMPLETED', capture: { id: 'CAP-RACE', status: 'COMPLETED' } });
    const raw = JSON.stringify(creditBody(topupToken, 4200, 'CAP-RACE', 'gateway_b'));
    const header = sign(SECRET, raw, nowSeconds(t));
    const results = await Promise.all([
      poll(topupToken),
      ...Array.from({ length: 50 }, () => signedCall(t, 'topup-credit', null, { raw, header })),
      poll(topupToken),
    ]);
    assert.ok(results.every((r) => r.status === 200), results.map((r) => r.status).join(','));
    const credited = results.filter((r) => r.body.credited === true).length;
    const logs = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'CAP-RACE');
    assert.equal(logs.filter((l) => l.outcome === 'credited').length, 1, 'one credit, by callback or poll');
    assert.ok(credited <= 1);
    assert.equal(await assertLedgerMatches(t, userId), before + 4200);
    assert.equal((await poll(topupToken)).body.status, 'completed');
  });

  it('a gateway A payment completing the top-up while the poll asks gateway B: the capture is refused as a second payment, never credited', async () => {
    const before = await balanceOf(t, userId);
    const { topupToken } = await attachedTopup(2600, { status: 'COMPLETED', capture: { id: 'CAP-SECOND', status: 'COMPLETED' } });
    let release!: () => void;
    sim.holdOrders = new Promise((r) => (release = r));
    const polling = poll(topupToken);
    while (sim.calls.order === 0) await new Promise((r) => setImmediate(r));
    const first = await signedCall(t, 'topup-credit', creditBody(topupToken, 2600, 'A-FIRST-PAID'));
    assert.equal(first.body.credited, true, first.text);
    release();
    sim.holdOrders = null;
    const res = await polling;
    assert.deepEqual([res.status, res.body.status], [200, 'completed'], res.text);
    assert.equal(await assertLedgerMatches(t, userId), before + 2600, 'credited once, by the first payment');
    const logs = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'CAP-SECOND');
    assert.deepEqual(logs.map((l) => [l.endpoint, l.outcome, l.reason]), [['topup-status', 'rejected', 'topup_already_completed']]);
  });

  it('without an attached order the poll never calls the gateway', async () => {
    const { token: topupToken } = await initiate(t, token, 100);
    const before = { ...sim.calls };
    assert.equal((await poll(topupToken)).body.status, 'pending');
    assert.deepEqual(sim.calls, before);
  });
});

describe('top-up status without gateway B credentials', () => {
  let t: TestApp;
  let sim: GatewayBSim;
  before(async () => {
    sim = await new GatewayBSim().start();
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET, GATEWAY_B_API_BASE: sim.url });
  });
  after(async () => {
    await t.close();
    await sim.stop();
  });

  it('stays pending and never calls the gateway, even with a completed order attached', async () => {
    const u = await registerUser(t.app);
    const { token: topupToken } = await initiate(t, u.token, 100);
    sim.orders.set('O-1', { status: 'COMPLETED', customId: topupToken, value: '1.00', currency: 'INR', capture: { id: 'C-1', status: 'COMPLETED' } });
    await signedCall(t, 'topup-attach', { token: topupToken, gateway: 'gateway_b', gateway_order_id: 'O-1' });
    const res = await call(t.app, 'GET', `/api/v1/wallet/topup-status/${topupToken}`, { token: u.token });
    assert.deepEqual([res.status, res.body.status], [200, 'pending']);
    assert.equal(sim.calls.order + sim.calls.token, 0, JSON.stringify(sim.calls));
    assert.equal(await assertLedgerMatches(t, u.id), 0);
  });
});

describe('gateway B amounts and order checks (pure)', () => {
  it('converts minor units and decimal strings with integers only', () => {
    assert.equal(minorToDecimal(12345, 'INR'), '123.45');
    assert.equal(minorToDecimal(5, 'INR'), '0.05');
    assert.equal(minorToDecimal(100, 'JPY'), '100');
    assert.equal(minorToDecimal(1234, 'KWD'), '1.234');
    assert.equal(decimalToMinor('123.45', 'INR'), 12345);
    assert.equal(decimalToMinor('123.4', 'INR'), 12340);
    assert.equal(decimalToMinor('123.450', 'INR'), 12345);
    assert.equal(decimalToMinor('123', 'INR'), 12300);
    assert.equal(decimalToMinor('0.1', 'INR') , 10);
    assert.equal(decimalToMinor('123.451', 'INR'), null);
    for (const bad of ['-1.00', '1e3', '', ' 1.00', '1.', '.5', 12.5, null]) assert.equal(decimalToMinor(bad, 'INR'), null, String(bad));
    assert.equal(decimalToMinor('90071992547409.91', 'INR'), 9007199254740991, 'no float rounding');
    assert.equal(decimalToMinor('90071992547409.93', 'INR'), null, 'beyond safe integers is refused, not rounded');
  });

  it('needs order COMPLETED, a COMPLETED capture, the token as custom_id and the exact amount', () => {
    const expect = { token: 'tok', amount: 500, currency: 'INR' };
    const order = (o: object) => ({ status: 'COMPLETED', purchase_units: [{ custom_id: 'tok', payments: { captures: [{ id: 'C', status: 'COMPLETED', amount: { value: '5.00', currency_code: 'INR' } }] } }], ...o });
    assert.deepEqual(verifyOrder(order({}), expect), { ok: true, captureId: 'C' });
    assert.equal(verifyOrder(order({ status: 'APPROVED' }), expect).ok, false);
    assert.equal(verifyOrder(order({ purchase_units: [] }), expect).ok, false);
    assert.equal(verifyOrder({ status: 'COMPLETED' }, expect).ok, false);
  });
});
