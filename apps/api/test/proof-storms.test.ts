/**
 * Proof under load (issue 9): storms far larger than the per-feature tests, bounded in count and
 * time, loopback only. Each ends on the money invariants: balance = ledger sum, never negative.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minorToDecimal } from '../src/modules/wallet/gateway-b.ts';
import { call, createTestApp, registerUser, type TestApp } from './helpers.ts';
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
