/** Business counters on /metrics (src/lib/metrics.ts; listed in docs/operations.md). */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, newPhone, registerUser, type TestApp } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';
import { SmsSimulator } from './otp-fixtures.ts';
import { creditBody, initiate, PAGE_BASE, SECRET, signedCall } from './support/wallet.ts';

describe('business counters on /metrics', () => {
  let t: TestApp;
  let sms: SmsSimulator;

  before(async () => {
    sms = await new SmsSimulator().start();
    t = await createTestApp({
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: `${sms.url}/sms`,
      STORE_WEBHOOK_SECRET: SECRET,
      TOPUP_PAGE_BASE_URL: PAGE_BASE,
      TRUST_PROXY: 'true',
    });
  });
  after(async () => {
    await t.close();
    await sms.stop();
  });

  /** The value of one series, 0 when absent. */
  async function metric(series: string): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    const line = res.body.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }

  it('orders placed, and refused by reason; an idempotent replay is not a second order', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t.app);
    const id = await product(t, admin, 500, 1);
    await credit(t, user.id, 600);
    assert.equal((await order(t, user, [{ product_id: id, quantity: 1 }], 'k1')).status, 201);
    assert.equal(await metric('orders_placed_total'), 1, 'the placement itself is counted');
    assert.equal((await order(t, user, [{ product_id: id, quantity: 1 }], 'k1')).status, 201);
    assert.equal((await order(t, user, [{ product_id: id, quantity: 1 }])).status, 409);
    const other = await product(t, admin, 5000, 3);
    assert.equal((await order(t, user, [{ product_id: other, quantity: 1 }])).status, 402);
    assert.equal(await metric('orders_placed_total'), 1);
    assert.equal(await metric('orders_refused_total{reason="out_of_stock"}'), 1);
    assert.equal(await metric('orders_refused_total{reason="insufficient_credits"}'), 1);
  });

  it('top-up credits by gateway and outcome, and the amount credited', async () => {
    const user = await registerUser(t.app);
    const topup = await initiate(t, user.token, 2500);
    const body = creditBody(topup.token, 2500, 'txn-metrics-1', 'gateway_b');
    assert.equal((await signedCall(t, 'topup-credit', body)).body.credited, true);
    assert.equal((await signedCall(t, 'topup-credit', body)).body.duplicate, true);
    assert.equal((await signedCall(t, 'topup-credit', { ...body, gateway_txn_id: 'txn-metrics-2' })).body.error, 'topup_already_completed');
    assert.equal(await metric('wallet_topup_credits_total{gateway="gateway_b",outcome="credited"}'), 1);
    assert.equal(await metric('wallet_topup_credits_total{gateway="gateway_b",outcome="duplicate"}'), 1);
    assert.equal(await metric('wallet_topup_credits_total{gateway="gateway_b",outcome="already_completed"}'), 1, 'a second payment, not credited');
    assert.equal(await metric('wallet_topup_credited_amount_total{gateway="gateway_b",currency="INR"}'), 2500);
  });

  it('OTP SMS sent and failed by provider; rate-limit refusals by code', async () => {
    const send = (phone: string) =>
      call(t.app, 'POST', '/api/v1/auth/otp/send', { body: { phone }, headers: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` } });
    const phone = newPhone();
    assert.equal((await send(phone)).status, 200);
    assert.equal((await send(phone)).status, 429, 'a second code within the cooldown');
    sms.mode = 'fail';
    assert.equal((await send(newPhone())).status, 502);
    sms.mode = 'ok';
    assert.equal(await metric('otp_sms_total{provider="webhook",outcome="sent"}'), 1);
    assert.equal(await metric('otp_sms_total{provider="webhook",outcome="failed"}'), 1);
    assert.equal(await metric('rate_limit_refusals_total{code="OTP_RATE_LIMITED"}'), 1);
  });
});
