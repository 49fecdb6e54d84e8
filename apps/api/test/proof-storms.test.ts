/**
 * Proof under load (issue 9): storms far larger than the per-feature tests, bounded in count and
 * time, loopback only. Each ends on the money invariants: balance = ledger sum, never negative.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minorToDecimal } from '@storefront/money';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, product, stockOf } from './orders-fixtures.ts';
import { GatewayBSim, SIM_CLIENT_ID, SIM_CLIENT_SECRET } from './support/gateway-b-sim.ts';
import { PAGE_BASE, SECRET, assertLedgerMatches, creditBody, initiate, signedCall } from './support/wallet.ts';

describe('callback storm', () => {
  let t: TestApp;
  let sim: GatewayBSim;
  before(async () => {
    sim = await new GatewayBSim().start();
    t = await createTestApp({
      TOPUP_PAGE_BASE_URL: PAGE_BASE,
      STORE_WEBHOOK_SECRET: SECRET,
      GATEWAY_B_CLIENT_ID: SIM_CLIENT_ID,
      GATEWAY_B_CLIENT_SECRET: SIM_CLIENT_SECRET,
      GATEWAY_B_API_BASE: sim.url,
    });
  });
  after(async () => {
    await t.close();
    await sim.stop();
  });

  it('500 concurrent replays of one signed credit, racing status polls that self-heal, credit exactly once', async () => {
    const u = await registerUser(t.app);
    const amount = 123_456;
    const { token } = await initiate(t, u.token, amount);
    // Gateway B says the payment completed, so every poll would credit if it could.
    const orderId = 'STORM-ORDER-1';
    const captureId = 'STORM-CAPTURE-1';
    sim.orders.set(orderId, { status: 'COMPLETED', customId: token, value: minorToDecimal(amount, 'INR'), currency: 'INR', capture: { id: captureId, status: 'COMPLETED' } });
    assert.equal((await signedCall(t, 'topup-attach', { token, gateway: 'gateway_b', gateway_order_id: orderId })).status, 200);

    const body = creditBody(token, amount, captureId, 'gateway_b');
    const calls: Promise<{ status: number; body: any }>[] = [];
    for (let i = 0; i < 500; i++) {
      calls.push(signedCall(t, 'topup-credit', body));
      if (i % 10 === 0) calls.push(call(t.app, 'GET', `/api/v1/wallet/topup-status/${token}`, { token: u.token }));
    }
    const results = await Promise.all(calls);
    assert.ok(results.every((r) => r.status === 200), `statuses: ${[...new Set(results.map((r) => r.status))]}`);
    const credits = results.filter((r) => r.body?.credited === true).length;
    const polledCompleted = results.filter((r) => r.body?.status === 'completed').length;
    assert.ok(credits <= 1);
    const ledger = await t.db.database.db.selectFrom('wallet_transactions').select(['amount']).where('user_id', '=', u.id).where('type', '=', 'topup').execute();
    assert.equal(ledger.length, 1, 'exactly one top-up credit in the ledger');
    assert.equal(Number(ledger[0]!.amount), amount);
    assert.equal(await assertLedgerMatches(t, u.id), amount);
    assert.ok(credits + polledCompleted >= 1);
    const status = await call(t.app, 'GET', `/api/v1/wallet/topup-status/${token}`, { token: u.token });
    assert.equal(status.body.status, 'completed');
  });
});

describe('order storm', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('2,000 orders at 100 concurrency across 20 users: no overdraft, no oversold stock, balance = ledger', async () => {
    const admin = await createAdmin(t);
    const cheap = await product(t, admin, 100, 100_000, 'Cheap');
    const scarce = await product(t, admin, 250, 300, 'Scarce');
    const users: TestUser[] = [];
    for (let i = 0; i < 20; i++) {
      const u = await registerUser(t.app);
      // Credits for 40 cheap orders each: users run dry well before their 100 attempts end.
      await credit(t, u.id, 4_000);
      users.push(u);
    }
    const attempts = Array.from({ length: 2000 }, (_, i) => ({ user: users[i % 20]!, productId: i % 3 === 0 ? scarce : cheap }));
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (next < attempts.length) {
          const a = attempts[next++]!;
          const res = await call(t.app, 'POST', '/api/v1/orders', { token: a.user.token, body: { items: [{ product_id: a.productId, quantity: 1 }] } });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    assert.deepEqual([...statuses.keys()].filter((s) => ![201, 402, 409].includes(s)), [], `statuses ${JSON.stringify([...statuses])}`);
    const placed = statuses.get(201) ?? 0;
    assert.ok(placed > 0 && (statuses.get(402) ?? 0) > 0, `both outcomes occur: ${JSON.stringify([...statuses])}`);
    for (const u of users) await assertLedgerMatches(t, u.id);
    const db = t.db.database.db;
    const orders = await db.selectFrom('orders').select(['id', 'total']).execute();
    assert.equal(orders.length, placed, 'one order row per 201');
    const sold = await db.selectFrom('order_items').select(['product_id', (eb) => eb.fn.sum<number>('quantity').as('q')]).groupBy('product_id').execute();
    const soldOf = (id: string) => Number(sold.find((r) => r.product_id === id)?.q ?? 0);
    assert.equal(await stockOf(t, cheap), 100_000 - soldOf(cheap));
    assert.equal(await stockOf(t, scarce), 300 - soldOf(scarce));
    assert.ok((await stockOf(t, scarce)) >= 0);
    const spent = await db.selectFrom('wallet_transactions').select((eb) => eb.fn.sum<number>('amount').as('s')).where('type', '=', 'order_payment').executeTakeFirstOrThrow();
    assert.equal(-Number(spent.s), orders.reduce((s, o) => s + Number(o.total), 0), 'debits equal order totals');
  });
});
