/**
 * The payment server against the real API and both simulators, driven over HTTP as a browser
 * would (forms in, forms out). The browser itself is in pay-browser.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawRequest } from '../../../packages/runtime/test/raw-http.ts';
import { Settlement } from '../src/settlement.ts';
import { Outbox } from '../src/outbox.ts';
import { call, createAdmin, type TestApp } from '../../api/test/helpers.ts';
import { decodeParams, decrypt, encodeParams, encrypt } from '../src/gateway-a/crypto.ts';
import { GW_A, payAtGatewayA, SECRET, topupRows, balanceOf, hiddenFields, postForm, resultOf, startStack, topupStatus, topupTransactions, userWithTopup, type Stack } from './helpers.ts';

/** create → approve at the sim → the return URL the sim sends the payer to. */
async function approveAtGatewayB(s: Stack, token: string): Promise<string> {
  const created = await postForm(`${s.payUrl}/api/gateway-b/create`, { token });
  assert.equal(created.status, 200, created.text);
  const approve = /id="continue" href="([^"]+)"/.exec(created.text)?.[1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  const orderId = new URL(approve!).searchParams.get('token')!;
  const r = await postForm(`${s.simB.apiBase}/sim/approve`, { order: orderId });
  assert.equal(r.status, 303);
  return r.headers.get('location')!;
}

/**
 * A gateway that answered top-up T2 with T1's tracking id: T2's response carries T1's tracking id,
 * and the gateway's status API says the same.
 */
function withTrackingIdOf(s: Stack, t1: Record<string, string>, t2: Record<string, string>): Record<string, string> {
  const tracking = decodeParams(decrypt(t1.encResp!, GW_A.workingKey)!).tracking_id!;
  const forged: Record<string, string> = { ...decodeParams(decrypt(t2.encResp!, GW_A.workingKey)!), tracking_id: tracking };
  s.simA.orders.get(forged.order_id!)!.reference_no = tracking;
  return { encResp: encrypt(encodeParams(forged), GW_A.workingKey) };
}

/** An order id gateway A carries for `token`: our HMAC prefix (20 hex) and 8 random hex. */
const orderIdFor = (token: string, tail = randomBytes(4).toString('hex')): string =>
  createHmac('sha256', GW_A.workingKey).update(token).digest('hex').slice(0, 20) + tail;

/**
 * Posts a form to gateway A's response URL in-process, from its own address: responses are
 * limited to 30 a minute per IP, and these tests post more than that.
 */
let nextIp = 0;
async function postResponse(s: Stack, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  nextIp += 1;
  const r = await s.pay.inject({
    method: 'POST',
    url: '/api/gateway-a/response',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: `10.9.${nextIp >> 8}.${nextIp & 255}`,
  });
  return { status: r.statusCode, text: r.body };
}

type StatusOrder = { order_status: string; reference_no: string; order_amt: string; order_currncy: string };

/**
 * Posts gateway A's success response for `token` (amount `amount` INR) with `change` applied to its
 * fields; the status API knows the order (as the response says, paid) with `status` applied, or not
 * at all when `status` is null. Returns the page and how many times the status API was asked.
 */
async function respondA(s: Stack, token: string, amount: string, change: Record<string, string> = {}, status: Partial<StatusOrder> | null = {}) {
  const fields: Record<string, string> = { order_id: orderIdFor(token), tracking_id: String(randomInt(100_000_000_000, 999_999_999_999)), order_status: 'Success', currency: 'INR', amount, merchant_param1: token, ...change };
  if (status) s.simA.orders.set(fields.order_id!, { order_status: 'Shipped', reference_no: fields.tracking_id!, order_amt: fields.amount!, order_currncy: fields.currency!, ...status });
  const queries = s.simA.statusQueries.length;
  const encResp = s.simA.encResp(fields);
  const page = await postResponse(s, { encResp });
  return { page, fields, encResp, asked: s.simA.statusQueries.length - queries };
}

/** Nothing reached the wallet, no credit call reached the API, and nothing is owed in the outbox. */
async function assertNothingCredited(s: Stack, t: { user: Parameters<typeof balanceOf>[1]; token: string }, what: string, status = 'pending') {
  assert.equal(await balanceOf(s, t.user), 0, what);
  assert.deepEqual((await topupRows(s, t.token)).logs, [], `${what}: no credit call`);
  assert.equal(await s.pay.pay.settlement.pendingCount(), 0, `${what}: nothing owed`);
  assert.equal((await topupStatus(s, t.user, t.token)).status, status, what);
}

const get = async (url: string) => {
  const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, text: await res.text(), headers: res.headers };
};

describe('payment flows against the real API', () => {
  let s: Stack;
  before(async () => {
    s = await startStack();
  });
  after(async () => {
    await s.close();
  });

  test("what the HTTP parser and the framework refuse by themselves answers the §2 shape (a real socket)", async () => {
    const port = Number(new URL(s.payUrl).port);
    const cases: [string, number, string][] = [
      [`GET /topup/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: pay.test\r\n\r\n`, 431, 'headers_too_large'],
      ['FROB / HTTP/1.1\r\nHost: pay.test\r\n\r\n', 400, 'validation_failed'],
      ['GET /health HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'validation_failed'],
      ['GET /health HTTP/1.1\r\nHost: pay.test\r\nExpect: teapot\r\nConnection: close\r\n\r\n', 417, 'expectation_failed'],
    ];
    for (const [request, status, error] of cases) {
      const res = await rawRequest(port, request);
      assert.deepEqual([res.status, JSON.parse(res.body).error], [status, error], request.slice(0, 40));
    }
  });

  test('health reports both gateways configured', async () => {
    const r = await fetch(`${s.payUrl}/health`);
    assert.deepEqual(await r.json(), { status: 'ok', payments: { gateway_a: true, gateway_b: true } });
  });

  test('the hosted page shows the amount and both gateways under a strict CSP', async () => {
    const { token, url } = await userWithTopup(s, 10_000_000);
    assert.equal(url, `${s.payUrl}/topup?token=${token}`);
    const r = await get(url);
    assert.equal(r.status, 200);
    assert.match(r.text, /id="amount">₹1,00,000\.00</);
    assert.match(r.text, /id="pay-gateway-a"/);
    assert.match(r.text, /id="pay-gateway-b"/);
    const csp = r.headers.get('content-security-policy')!;
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'none'/);
    assert.match(csp, /form-action 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(r.text, /<script/);
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
  });

  test('unknown and malformed tokens get a clear page, never an error dump', async () => {
    for (const q of ['?token=unknown-token-0000000000', '?token=%3Cscript%3E', '']) {
      const r = await get(`${s.payUrl}/topup${q}`);
      assert.equal(r.status, 404);
      assert.match(r.text, /This payment link is not valid/);
      assert.doesNotMatch(r.text, /<script|stack|Error:/);
    }
  });

  test('bad input gets a plain 4xx page or JSON error, never a stack or a 500', async () => {
    const json = await fetch(`${s.payUrl}/api/gateway-a/initiate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token": {"a": 1}}' });
    assert.equal(json.status, 400);
    const broken = await fetch(`${s.payUrl}/api/gateway-b/create`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/html' }, body: '{"token":' });
    assert.equal(broken.status, 400);
    assert.match(await broken.text(), /could not be handled/);
    const xml = await fetch(`${s.payUrl}/api/gateway-a/response`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<x/>' });
    assert.equal(xml.status, 415);
    const ret = await get(`${s.payUrl}/api/gateway-b/return?token=%3Cscript%3E&PayerID=1`);
    assert.equal(ret.status, 400);
    assert.doesNotMatch(ret.text, /<script>/);
    const unknown = await get(`${s.payUrl}/api/gateway-b/return?token=NOSUCHORDER1&PayerID=1`);
    assert.equal(resultOf(unknown.text), 'failed');
    for (const r of [json, broken, xml]) assert.notEqual(r.status, 500);
  });

  test('gateway A: a tracking id that already paid another top-up shows a failure page and credits nothing', async () => {
    const t1 = await userWithTopup(s, 30000);
    const back1 = await payAtGatewayA(s, t1.token);
    assert.equal(resultOf((await postForm(back1.target, back1.fields)).text), 'success');
    const t2 = await userWithTopup(s, 30000);
    const back2 = await payAtGatewayA(s, t2.token);
    const page = await postForm(back2.target, withTrackingIdOf(s, back1.fields, back2.fields));
    assert.equal(resultOf(page.text), 'unverified', page.text);
    assert.doesNotMatch(page.text, /has been added to your wallet/);
    assert.equal(await balanceOf(s, t2.user), 0);
    assert.equal((await topupStatus(s, t2.user, t2.token)).status, 'pending');
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0, 'a refused credit is not retried');
    assert.deepEqual((await topupRows(s, t2.token)).logs.map((l) => [l.outcome, l.reason]), [['rejected', 'gateway_txn_reused']]);
  });

  test('gateway A: a second payment for a top-up already paid (two tabs) is not added: the page says so and that it will be returned', async () => {
    const t = await userWithTopup(s, 27500);
    // Both payments start while the top-up is pending; the first to come back completes it.
    const first = await payAtGatewayA(s, t.token);
    const second = await payAtGatewayA(s, t.token);
    assert.equal(resultOf((await postForm(first.target, first.fields)).text), 'success');
    const page = await postForm(second.target, second.fields);
    assert.equal(page.status, 200);
    assert.equal(resultOf(page.text), 'not_added', page.text);
    assert.match(page.text, /was not added to your wallet/);
    assert.match(page.text, /will be returned to you/);
    assert.match(page.text, /₹275\.00|275\.00/);
    assert.doesNotMatch(page.text, /has been added to your wallet|credited/);
    // Posted again (a reload), the same answer: still nothing added.
    assert.equal(resultOf((await postForm(second.target, second.fields)).text), 'not_added');
    assert.equal(await balanceOf(s, t.user), 27500);
    assert.equal((await topupTransactions(s, t.user)).length, 1);
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0, 'a final answer: not retried');
    const kept = (await s.pay.pay.settlement.outbox.rows()).filter((r) => r.credit.token === t.token && r.failed !== null);
    const secondTxn = decodeParams(decrypt(second.fields.encResp!, GW_A.workingKey)!).tracking_id!;
    assert.deepEqual(kept.map((r) => [r.credit.gateway_txn_id, r.failed]), [[secondTxn, 'topup_already_completed']], 'kept for a person: the payment to return');
    const logs = (await topupRows(s, t.token)).logs.map((l) => [l.outcome, l.reason]);
    assert.deepEqual(logs, [['credited', null], ['rejected', 'topup_already_completed'], ['rejected', 'topup_already_completed']]);
  });

  test('gateway A: a successful payment credits the wallet once, and replaying the response credits nothing more', async () => {
    const { user, token } = await userWithTopup(s, 50000);
    const back = await payAtGatewayA(s, token);
    assert.equal(back.target, `${s.payUrl}/api/gateway-a/response`);
    const req = s.simA.requests.at(-1)!;
    assert.equal(req.amount, '500.00');
    assert.equal(req.currency, 'INR');
    assert.equal(req.merchant_id, '2411');
    const first = await postForm(back.target, back.fields);
    assert.equal(resultOf(first.text), 'success', first.text);
    assert.equal(await balanceOf(s, user), 50000);
    const again = await postForm(back.target, back.fields);
    assert.equal(resultOf(again.text), 'success');
    assert.equal(await balanceOf(s, user), 50000);
    assert.equal((await topupTransactions(s, user)).length, 1);
    assert.equal((await topupStatus(s, user, token)).status, 'completed');
    const rows = await topupRows(s, token);
    assert.equal(rows.topup.gateway, 'gateway_a');
    assert.match(rows.topup.gateway_txn_id, /^\d{12}$/, 'the tracking id is the gateway transaction id');
    assert.deepEqual(rows.logs.map((l) => [l.endpoint, l.outcome]), [['topup-credit', 'credited'], ['topup-credit', 'duplicate']]);
    // An already paid top-up is not offered again.
    const page = await get(`${s.payUrl}/topup?token=${token}`);
    assert.match(page.text, /already paid/);
  });

  test('gateway A: a tampered encResp credits nothing and is logged', async () => {
    const { user, token } = await userWithTopup(s, 20000);
    s.simA.tamper = true;
    try {
      const back = await payAtGatewayA(s, token);
      const r = await postForm(back.target, back.fields);
      assert.equal(r.status, 400);
      assert.equal(resultOf(r.text), 'unverified');
    } finally {
      s.simA.tamper = false;
    }
    const forged = await postForm(`${s.payUrl}/api/gateway-a/response`, { encResp: 'deadbeef'.repeat(8) });
    assert.equal(resultOf(forged.text), 'unverified');
    assert.equal(await balanceOf(s, user), 0);
    assert.ok(s.payLogs.some((l) => /could not be decrypted/.test(l.msg)));
    assert.deepEqual((await topupRows(s, token)).logs, [], 'no credit was even attempted');
    // Logs never carry the top-up token.
    assert.ok(!JSON.stringify(s.payLogs).includes(token));
  });

  test('gateway A: a success response the status API does not confirm credits nothing', async () => {
    const { user, token } = await userWithTopup(s, 20000);
    const back = await payAtGatewayA(s, token);
    const orderId = decodeParams(decrypt(back.fields.encResp!, GW_A.workingKey)!).order_id!;
    const queries = s.simA.statusQueries.length;
    // The gateway says the order was not paid (e.g. a forged or replayed "Success" response).
    s.simA.orders.get(orderId)!.order_status = 'Unsuccessful';
    const refused = await postForm(back.target, back.fields);
    assert.equal(resultOf(refused.text), 'unverified');
    assert.equal(s.simA.statusQueries.length, queries + 1, 'the status API was asked');
    assert.deepEqual(s.simA.statusQueries.at(-1), { order_no: orderId, reference_no: decodeParams(decrypt(back.fields.encResp!, GW_A.workingKey)!).tracking_id });
    // The status API down: nothing credited, a "Check again" page; once it answers "paid", it credits.
    s.simA.orders.get(orderId)!.order_status = 'Shipped';
    s.simA.statusDown = true;
    try {
      const pending = await postForm(back.target, back.fields);
      assert.equal(resultOf(pending.text), 'pending');
      assert.match(pending.text, /id="retry"/);
    } finally {
      s.simA.statusDown = false;
    }
    assert.equal(await balanceOf(s, user), 0);
    assert.deepEqual((await topupRows(s, token)).logs, [], 'no credit call before the gateway confirmed');
    assert.equal(resultOf((await postForm(back.target, back.fields)).text), 'success');
    assert.equal(await balanceOf(s, user), 20000);
  });

  test('gateway A: a response for another amount credits nothing', async () => {
    const { user, token } = await userWithTopup(s, 30000);
    s.simA.amountOverride = '3.00';
    try {
      const back = await payAtGatewayA(s, token);
      const r = await postForm(back.target, back.fields);
      assert.equal(resultOf(r.text), 'unverified');
    } finally {
      s.simA.amountOverride = null;
    }
    assert.equal(await balanceOf(s, user), 0);
    assert.ok(s.payLogs.some((l) => /differs from the top-up/.test(l.msg)));
    assert.equal((await topupStatus(s, user, token)).status, 'pending');
    assert.deepEqual((await topupRows(s, token)).logs, [], 'refused before any credit call');
  });

  test('gateway A: a success response for another top-up\'s order id credits nothing', async () => {
    const a = await userWithTopup(s, 10000);
    const b = await userWithTopup(s, 10000);
    await payAtGatewayA(s, a.token, 'Aborted');
    const orderOfA = s.simA.requests.at(-1)!.order_id!;
    const encResp = s.simA.encResp({ order_id: orderOfA, tracking_id: '998877665544', order_status: 'Success', currency: 'INR', amount: '100.00', merchant_param1: b.token });
    const r = await postForm(`${s.payUrl}/api/gateway-a/response`, { encResp });
    assert.equal(resultOf(r.text), 'unverified');
    assert.equal(await balanceOf(s, b.user), 0);
    assert.equal(await balanceOf(s, a.user), 0);
  });

  test('gateway A: declined and cancelled payments credit nothing; a decline reads declined, a cancel stays pending', async () => {
    const { user, token } = await userWithTopup(s, 10000);
    for (const [outcome, status] of [['Aborted', 'pending'], ['Failure', 'declined'], ['Failure', 'declined']] as const) {
      const back = await payAtGatewayA(s, token, outcome);
      const r = await postForm(back.target, back.fields);
      assert.equal(resultOf(r.text), 'failed');
      assert.equal((await topupStatus(s, user, token)).status, status, outcome);
    }
    assert.equal(await balanceOf(s, user), 0);
  });

  test('gateway A: a declined top-up paid on a later attempt is credited once and reads completed', async () => {
    const { user, token } = await userWithTopup(s, 10000);
    const declined = await payAtGatewayA(s, token, 'Failure');
    await postForm(declined.target, declined.fields);
    assert.equal((await topupStatus(s, user, token)).status, 'declined');
    const paid = await payAtGatewayA(s, token);
    const r = await postForm(paid.target, paid.fields);
    assert.equal(resultOf(r.text), 'success');
    assert.equal((await topupStatus(s, user, token)).status, 'completed');
    assert.equal(await balanceOf(s, user), 10000);
  });

  test('gateway A: with the API down the payment is kept and credited once on retry', async () => {
    const { user, token } = await userWithTopup(s, 25000);
    const back = await payAtGatewayA(s, token);
    s.proxy.mode = 'down';
    let pending;
    try {
      pending = await postForm(back.target, back.fields);
      assert.equal(resultOf(pending.text), 'pending');
      assert.match(pending.text, /confirming your payment of ₹250\.00/);
      assert.deepEqual(hiddenFields(pending.text), { encResp: back.fields.encResp }, '"Check again" re-posts the same proof');
      assert.match(pending.text, /<form method="post" action="\/api\/gateway-a\/response">/);
      assert.ok((await s.pay.pay.settlement.pendingCount()) >= 1);
    } finally {
      s.proxy.mode = 'up';
    }
    assert.equal(await balanceOf(s, user), 0);
    // The payer's "Check again" button re-posts the encrypted proof…
    const retry = await postForm(`${s.payUrl}/api/gateway-a/response`, hiddenFields(pending.text));
    assert.equal(resultOf(retry.text), 'success');
    // …and the background outbox retrying as well changes nothing.
    await s.pay.pay.settlement.flush();
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0);
    assert.equal(await balanceOf(s, user), 25000);
    assert.equal((await topupTransactions(s, user)).length, 1);
  });

  test('gateway A: the outbox alone credits a payment the API missed', async () => {
    const { user, token } = await userWithTopup(s, 15000);
    const back = await payAtGatewayA(s, token);
    s.proxy.mode = 'down';
    try {
      assert.equal(resultOf((await postForm(back.target, back.fields)).text), 'pending');
    } finally {
      s.proxy.mode = 'up';
    }
    await s.pay.pay.settlement.flush();
    assert.equal(await balanceOf(s, user), 15000);
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0);
  });

  test('gateway B: return and webhook both arriving credit once', async () => {
    const { user, token } = await userWithTopup(s, 40000);
    const ret = await approveAtGatewayB(s, token);
    assert.match(ret, new RegExp(`^${s.payUrl}/api/gateway-b/return\\?token=`));
    const orderId = new URL(ret).searchParams.get('token')!;
    const order = s.simB.orders.get(orderId)!;
    assert.equal(order.purchase_units[0].custom_id, token);
    const attached = (await topupRows(s, token)).topup;
    assert.equal(attached.attached_gateway, 'gateway_b');
    assert.equal(attached.gateway_order_id, orderId);
    assert.deepEqual(order.purchase_units[0].amount, { currency_code: 'INR', value: '400.00' });
    // Return and webhook race each other.
    const [r] = await Promise.all([get(ret), (async () => {
      for (let i = 0; i < 50 && !order.capture; i++) await new Promise((res) => setTimeout(res, 10));
      return order.capture ? s.simB.deliverWebhook(orderId) : null;
    })()]);
    assert.equal(resultOf(r.text), 'success', r.text);
    const hook = await s.simB.deliverWebhook(orderId);
    assert.equal(hook.status, 200);
    const status = await topupStatus(s, user, token);
    assert.equal(status.status, 'completed');
    assert.equal(await balanceOf(s, user), 40000);
    assert.equal((await topupTransactions(s, user)).length, 1);
    // Reloading the return page captures nothing new and credits nothing more.
    assert.equal(resultOf((await get(ret)).text), 'success');
    assert.equal(await balanceOf(s, user), 40000);
    const rows = await topupRows(s, token);
    assert.equal(rows.topup.gateway, 'gateway_b');
    assert.equal(rows.topup.gateway_txn_id, order.capture!.id, 'the capture id is the gateway transaction id');
    const outcomes = rows.logs.filter((l) => l.endpoint === 'topup-credit').map((l) => l.outcome);
    assert.equal(outcomes.filter((o) => o === 'credited').length, 1);
    assert.ok(outcomes.length >= 3 && outcomes.every((o) => o === 'credited' || o === 'duplicate'));
  });

  test('gateway B: paid after gateway A already paid the top-up, the return says not added and the webhook is answered for good', async () => {
    const t = await userWithTopup(s, 31000);
    const ret = await approveAtGatewayB(s, t.token);
    const a = await payAtGatewayA(s, t.token);
    assert.equal(resultOf((await postForm(a.target, a.fields)).text), 'success');
    const page = await get(ret);
    assert.equal(resultOf(page.text), 'not_added', page.text);
    assert.match(page.text, /will be returned to you/);
    assert.doesNotMatch(page.text, /has been added to your wallet/);
    const hook = await s.simB.deliverWebhook(new URL(ret).searchParams.get('token')!);
    assert.equal(hook.status, 200, 'a final answer: the gateway need not deliver again');
    assert.equal(await balanceOf(s, t.user), 31000);
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0);
    const reasons = (await topupRows(s, t.token)).logs.filter((l) => l.outcome === 'rejected').map((l) => l.reason);
    assert.ok(reasons.length >= 2 && reasons.every((r) => r === 'topup_already_completed'), reasons.join());
  });

  test('gateway B: a webhook that fails verification credits nothing', async () => {
    const { user, token } = await userWithTopup(s, 10000);
    const ret = await approveAtGatewayB(s, token);
    const orderId = new URL(ret).searchParams.get('token')!;
    s.proxy.mode = 'down'; // the return captures but cannot credit: only a webhook could now
    try {
      assert.equal(resultOf((await get(ret)).text), 'pending');
    } finally {
      s.proxy.mode = 'up';
    }
    const verifyCalls = s.simB.calls.verify ?? 0;
    const forged = await s.simB.deliverWebhook(orderId, { forge: true });
    assert.equal(forged.status, 400);
    assert.equal(s.simB.calls.verify, verifyCalls + 1, 'verified with the gateway');
    assert.equal(await balanceOf(s, user), 0);
    const unsigned = await fetch(`${s.payUrl}/api/gateway-b/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"event_type":"PAYMENT.CAPTURE.COMPLETED"}' });
    assert.equal(unsigned.status, 400);
    assert.equal(await balanceOf(s, user), 0);
    // The genuine delivery credits, and the queued retry then finds it done.
    assert.equal((await s.simB.deliverWebhook(orderId)).status, 200);
    assert.equal(await balanceOf(s, user), 10000);
    await s.pay.pay.settlement.flush();
    assert.equal(await balanceOf(s, user), 10000);
  });

  test('gateway B: a capture the gateway could not do is captured and credited on "Check again"', async () => {
    const { user, token } = await userWithTopup(s, 12300);
    const ret = await approveAtGatewayB(s, token);
    s.simB.failCaptures = 1;
    const first = await get(ret);
    assert.equal(s.simB.failCaptures, 0);
    assert.equal(resultOf(first.text), 'pending');
    assert.equal(await balanceOf(s, user), 0);
    const check = /id="check" href="([^"]+)"/.exec(first.text)![1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
    const second = await get(`${s.payUrl}${check}`);
    assert.equal(resultOf(second.text), 'success');
    assert.equal(await balanceOf(s, user), 12300);
  });

  test('gateway B: a declined payment credits nothing', async () => {
    const { user, token } = await userWithTopup(s, 10000);
    const ret = await approveAtGatewayB(s, token);
    s.simB.decline = true;
    try {
      assert.equal(resultOf((await get(ret)).text), 'failed');
    } finally {
      s.simB.decline = false;
    }
    assert.equal(await balanceOf(s, user), 0);
    assert.equal((await topupStatus(s, user, token)).status, 'pending');
  });

  test('gateway B: a capture of another amount credits nothing, not even through the status poll', async () => {
    const { user, token } = await userWithTopup(s, 10000);
    const ret = await approveAtGatewayB(s, token);
    s.simB.captureAmountOverride = '1.00';
    try {
      assert.equal(resultOf((await get(ret)).text), 'unverified');
    } finally {
      s.simB.captureAmountOverride = null;
    }
    assert.equal((await topupStatus(s, user, token)).status, 'pending');
    assert.equal(await balanceOf(s, user), 0);
  });

  test('gateway B: with the API down at return and webhook, the status poll or a redelivery credits it once', async () => {
    const { user, token } = await userWithTopup(s, 60000);
    const ret = await approveAtGatewayB(s, token);
    const orderId = new URL(ret).searchParams.get('token')!;
    s.proxy.mode = 'down';
    try {
      assert.equal(resultOf((await get(ret)).text), 'pending');
      const hook = await s.simB.deliverWebhook(orderId);
      assert.equal(hook.status, 503, 'the gateway must deliver again');
    } finally {
      s.proxy.mode = 'up';
    }
    assert.equal(await balanceOf(s, user), 0);
    // The app's status poll: the API asks gateway B itself.
    assert.equal((await topupStatus(s, user, token)).status, 'completed');
    assert.equal(await balanceOf(s, user), 60000);
    // The gateway's redelivery and our outbox both land on the once-only rule.
    assert.equal((await s.simB.deliverWebhook(orderId)).status, 200);
    await s.pay.pay.settlement.flush();
    assert.equal(await balanceOf(s, user), 60000);
    assert.equal((await topupTransactions(s, user)).length, 1);
  });

  test('a credit call that fails twice is retried within the request and credits once', async () => {
    const { user, token } = await userWithTopup(s, 11100);
    const back = await payAtGatewayA(s, token);
    s.proxy.faultOn = 'topup-credit';
    s.proxy.failNext = 2;
    try {
      const r = await postForm(back.target, back.fields);
      assert.equal(s.proxy.failNext, 0, 'both failures were used');
      assert.equal(resultOf(r.text), 'success');
    } finally {
      s.proxy.failNext = 0;
      s.proxy.faultOn = '';
    }
    assert.equal(await balanceOf(s, user), 11100);
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0);
  });

  test('a credit the API took but whose answer was lost is retried safely: one credit, success shown', async () => {
    const { user, token } = await userWithTopup(s, 33300);
    const back = await payAtGatewayA(s, token);
    s.proxy.faultOn = 'topup-credit';
    s.proxy.loseNext = 1;
    try {
      const r = await postForm(back.target, back.fields);
      assert.equal(s.proxy.loseNext, 0);
      assert.equal(resultOf(r.text), 'success');
    } finally {
      s.proxy.loseNext = 0;
      s.proxy.faultOn = '';
    }
    assert.equal(await balanceOf(s, user), 33300);
    assert.equal((await topupTransactions(s, user)).length, 1);
  });

  test('queued credits survive a restart of the payment server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-outbox-'));
    const url = `sqlite:${join(dir, 'pay.db')}`;
    const settlement = () => new Settlement({ api: s.pay.pay.api, log: s.pay.log, clock: s.clock, outbox: new Outbox(url), leaseMs: 30_000 });
    try {
      const { user, token } = await userWithTopup(s, 44400);
      const before = settlement();
      await before.start(null);
      s.proxy.mode = 'down';
      try {
        const out = await before.settle({ token, gateway: 'gateway_a', gatewayTxnId: '777000111222', paidAmount: 44400, paidCurrency: 'INR' });
        assert.equal(out.kind, 'pending');
      } finally {
        s.proxy.mode = 'up';
        await before.close();
      }
      assert.equal(await balanceOf(s, user), 0);
      const after = settlement();
      await after.start(null);
      assert.equal(await after.pendingCount(), 1);
      await after.flush();
      assert.equal(await after.pendingCount(), 0);
      assert.deepEqual(await after.outbox.rows(), []);
      await after.close();
      assert.equal(await balanceOf(s, user), 44400);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an outbox file from before the table is imported once at start, paid, and not read again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pay-outbox-'));
    const file = join(dir, 'outbox.json');
    try {
      const { user, token } = await userWithTopup(s, 12300);
      const credit = { token, amount: 12300, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: '777000333444' };
      writeFileSync(file, JSON.stringify([{ credit, attempts: 2, nextAt: 0 }]));
      const settlement = new Settlement({ api: s.pay.pay.api, log: s.pay.log, clock: s.clock, outbox: new Outbox(null), leaseMs: 30_000 });
      await settlement.start(file);
      assert.deepEqual(await settlement.outbox.rows(), [{ credit, attempts: 2, failed: null }]);
      assert.ok(!existsSync(file) && existsSync(`${file}.imported`), 'the file is set aside');
      await settlement.flush();
      assert.equal(await settlement.pendingCount(), 0);
      await settlement.close();
      assert.equal(await balanceOf(s, user), 12300);
      // An unreadable file stops the start rather than dropping what it owed.
      writeFileSync(file, '{not json');
      const broken = new Settlement({ api: s.pay.pay.api, log: s.pay.log, clock: s.clock, outbox: new Outbox(null), leaseMs: 30_000 });
      await assert.rejects(broken.start(file), /cannot read the credit outbox/);
      await broken.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('gateway A: an order id that is not ours for the token (wrong length, not lower-case hex) is refused before the status API is asked', async () => {
    const t = await userWithTopup(s, 10000);
    const ours = orderIdFor(t.token);
    for (const orderId of [`${ours}f`, `${ours}ff`, `${ours.slice(0, 20)}ABCDEF12`, ours.slice(0, 27), `g${ours.slice(1)}`, '']) {
      const r = await respondA(s, t.token, '100.00', { order_id: orderId });
      assert.equal(r.page.status, 400, orderId);
      assert.equal(resultOf(r.page.text), 'unverified', orderId);
      assert.match(r.page.text, /nothing was added to your wallet/);
      assert.equal(r.asked, 0, `${orderId}: the status API was not asked`);
    }
    // A malformed token is refused even with the order id its HMAC gives.
    const badToken = 'bad token!';
    const forged = await respondA(s, badToken, '100.00', { order_id: orderIdFor(badToken) });
    assert.equal(forged.page.status, 400);
    assert.equal(resultOf(forged.page.text), 'unverified');
    assert.equal(forged.asked, 0, 'a malformed token: the status API was not asked');
    await assertNothingCredited(s, t, 'foreign order ids');
    // The same response with our own order id is paid.
    assert.equal(resultOf((await respondA(s, t.token, '100.00')).page.text), 'success');
    assert.equal(await balanceOf(s, t.user), 10000);
  });

  test('gateway A: a tracking id outside [A-Za-z0-9_-]{1,64} is refused; one character and 64 characters are paid', async () => {
    const t = await userWithTopup(s, 10000);
    const long = (n: number) => randomBytes(64).toString('hex').slice(0, n);
    for (const trackingId of ['', long(65), `${long(10)}.`, `.${long(10)}`, `${long(5)} ${long(5)}`, `${long(10)}<`]) {
      const r = await respondA(s, t.token, '100.00', { tracking_id: trackingId });
      assert.equal(r.page.status, 400, JSON.stringify(trackingId));
      assert.equal(resultOf(r.page.text), 'unverified', trackingId);
      assert.equal(r.asked, 0, `${trackingId}: the status API was not asked`);
    }
    await assertNothingCredited(s, t, 'bad tracking ids');
    const sixtyFour = `aZ_-${long(60)}`;
    const paid = await respondA(s, t.token, '100.00', { tracking_id: sixtyFour });
    assert.equal(resultOf(paid.page.text), 'success', paid.page.text);
    assert.equal((await topupRows(s, t.token)).topup.gateway_txn_id, sixtyFour);
    const one = await userWithTopup(s, 10000);
    const single = randomBytes(1).toString('hex').slice(0, 1);
    // A one-character tracking id is valid (another top-up, so the id is not reused).
    const r1 = await respondA(s, one.token, '100.00', { tracking_id: single });
    assert.equal(resultOf(r1.page.text), 'success', r1.page.text);
    assert.equal(await balanceOf(s, one.user), 10000);
  });

  test('gateway A: a success response without a usable currency or amount is refused before the status API is asked', async () => {
    const t = await userWithTopup(s, 10000);
    const changes: Record<string, string>[] = [{ currency: 'inr' }, { currency: 'INRX' }, { currency: 'xINR' }, { currency: 'IN' }, { currency: '' }, { amount: 'abc' }, { amount: '' }, { amount: '-100.00' }, { amount: '100.001' }];
    for (const change of changes) {
      const r = await respondA(s, t.token, '100.00', change);
      assert.equal(r.page.status, 400, JSON.stringify(change));
      assert.equal(resultOf(r.page.text), 'unverified', JSON.stringify(change));
      assert.equal(r.asked, 0, `${JSON.stringify(change)}: the status API was not asked`);
    }
    const missing = await postResponse(s, { encResp: s.simA.encResp({ order_id: orderIdFor(t.token), tracking_id: '123456789012', order_status: 'Success', merchant_param1: t.token }) });
    assert.equal(missing.status, 400);
    assert.equal(resultOf(missing.text), 'unverified');
    const empty = await postResponse(s, {});
    assert.equal(empty.status, 400);
    assert.equal(resultOf(empty.text), 'unverified');
    await assertNothingCredited(s, t, 'unusable amounts');
  });

  test('gateway A: the status API must confirm this order, this tracking id, paid, with the same amount and currency', async () => {
    const t = await userWithTopup(s, 10000);
    // Each refusal is logged with the status API's reason (a long status clipped to 20 characters).
    const verdicts: Array<[string, Partial<StatusOrder> | null, Record<string, unknown> | null, string]> = [
      ['order unknown to the gateway', null, null, 'order_unknown'],
      ['not paid', { order_status: 'Unsuccessful' }, null, 'order_status_Unsuccessful'],
      ['initiated only', { order_status: 'Initiated' }, null, 'order_status_Initiated'],
      ['a long unknown status', { order_status: 'Awaiting_Bank_Confirmation' }, null, 'order_status_Awaiting_Bank_Confir'],
      ['another amount', { order_amt: '1.00' }, null, 'status_amount_differs'],
      ['a few paise more', { order_amt: '100.01' }, null, 'status_amount_differs'],
      ['another currency', { order_currncy: 'USD' }, null, 'status_amount_differs'],
      ['another order number', {}, { order_no: orderIdFor(t.token) }, 'order_mismatch'],
      ['another reference number', {}, { reference_no: '111122223333' }, 'order_mismatch'],
    ];
    for (const [what, status, answer, reason] of verdicts) {
      s.simA.statusAnswer = answer;
      try {
        const r = await respondA(s, t.token, '100.00', {}, status);
        assert.equal(r.asked, 1, `${what}: the status API was asked`);
        assert.equal(r.page.status, 400, what);
        assert.equal(resultOf(r.page.text), 'unverified', what);
        assert.doesNotMatch(r.page.text, /has been added to your wallet/, what);
        const logged = s.payLogs.filter((l) => l.msg === 'gateway a status does not confirm this payment; nothing credited').at(-1);
        assert.equal(logged?.order_id, r.fields.order_id, what);
        assert.equal(logged?.reason, reason, what);
      } finally {
        s.simA.statusAnswer = null;
      }
    }
    await assertNothingCredited(s, t, 'status API verdicts');
    // "Successful" is paid as well as "Shipped".
    const r = await respondA(s, t.token, '100.00', {}, { order_status: 'Successful' });
    assert.equal(resultOf(r.page.text), 'success', r.page.text);
    assert.match(r.page.text, /₹100\.00 has been added to your wallet/);
    assert.equal(await balanceOf(s, t.user), 10000);
  });

  test('gateway A: a status API that does not answer, or answers garbage, credits nothing now and "Check again" pays it', async () => {
    const t = await userWithTopup(s, 20000);
    const garbage = ['status=0', 'status=0&enc_response=zz', `status=0&enc_response=${s.simA.encResp({ not: 'json' })}`, `status=0&enc_response=${encrypt('[not json', GW_A.workingKey)}`];
    let last: Awaited<ReturnType<typeof respondA>> | null = null;
    // Each wait is logged with why the status API gave no verdict.
    const reasons: Record<string, string> = { drop: 'gateway_unreachable', down: 'gateway_status_503' };
    for (const knob of ['drop', 'down', ...garbage]) {
      if (knob === 'drop') s.simA.statusDrop = true;
      else if (knob === 'down') s.simA.statusDown = true;
      else s.simA.statusAnswer = knob;
      try {
        last = await respondA(s, t.token, '200.00');
      } finally {
        s.simA.statusDrop = false;
        s.simA.statusDown = false;
        s.simA.statusAnswer = null;
      }
      const logged = s.payLogs.filter((l) => l.msg === 'gateway a status could not be asked; not credited yet').at(-1);
      assert.equal(logged?.order_id, last.fields.order_id, knob);
      assert.equal(logged?.reason, reasons[knob] ?? 'gateway_status_unreadable', knob);
      assert.equal(last.page.status, 200, knob);
      assert.equal(resultOf(last.page.text), 'pending', `${knob}: ${last.page.text}`);
      assert.match(last.page.text, /confirming your payment of ₹200\.00/, knob);
      assert.deepEqual(hiddenFields(last.page.text), { encResp: last.encResp }, 'the retry carries the same proof');
      assert.match(last.page.text, /<form method="post" action="\/api\/gateway-a\/response">/);
    }
    await assertNothingCredited(s, t, 'status API not answering');
    const again = await postResponse(s, hiddenFields(last!.page.text));
    assert.equal(resultOf(again.text), 'success', again.text);
    assert.equal(await balanceOf(s, t.user), 20000);
  });

  test('gateway A: a declined payment\'s page links back to the hosted page to try again', async () => {
    const t = await userWithTopup(s, 10000);
    const r = await respondA(s, t.token, '100.00', { order_status: 'Failure' }, { order_status: 'Unsuccessful' });
    assert.equal(r.page.status, 200);
    assert.equal(resultOf(r.page.text), 'failed');
    assert.equal(r.asked, 0, 'a decline needs no confirmation');
    assert.ok(r.page.text.includes(`id="again" href="/topup?token&#61;${t.token}"`), r.page.text);
    await assertNothingCredited(s, t, 'declined', 'declined');
  });

  test('gateway A: a payment in another currency than the top-up is refused before any credit call, even when the status API agrees', async () => {
    const t = await userWithTopup(s, 10000);
    const r = await respondA(s, t.token, '100.00', { currency: 'USD' });
    assert.equal(r.asked, 1);
    assert.equal(resultOf(r.page.text), 'unverified');
    assert.ok(s.payLogs.some((l) => /differs from the top-up/.test(l.msg) && l.currency === 'USD'));
    await assertNothingCredited(s, t, 'another currency');
  });

  test('gateway A: a confirmed payment for a token the API does not know credits nothing and is not queued', async () => {
    const token = `unknown-${randomBytes(12).toString('hex')}`;
    const r = await respondA(s, token, '100.00');
    assert.equal(r.asked, 1);
    assert.equal(resultOf(r.page.text), 'unverified', r.page.text);
    assert.equal(await s.pay.pay.settlement.pendingCount(), 0, 'an unknown token is not retried');
    assert.deepEqual((await s.pay.pay.settlement.outbox.rows()).filter((row) => row.credit.token === token), []);
  });

  test('gateway B: a completed capture without a top-up token asks the API nothing and credits nothing', async () => {
    const t = await userWithTopup(s, 10000);
    for (const customId of [undefined, 'bad token!']) {
      const created = await postForm(`${s.payUrl}/api/gateway-b/create`, { token: t.token });
      const orderId = new URL(/id="continue" href="([^"]+)"/.exec(created.text)![1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))).searchParams.get('token')!;
      const unit = s.simB.orders.get(orderId)!.purchase_units[0];
      if (customId === undefined) delete unit.custom_id;
      else unit.custom_id = customId;
      const r = await postForm(`${s.simB.apiBase}/sim/approve`, { order: orderId });
      const passed = s.proxy.passed.length;
      const page = await get(r.headers.get('location')!);
      assert.equal(resultOf(page.text), 'unverified', page.text);
      const hook = await s.simB.deliverWebhook(orderId);
      assert.equal(hook.status, 200);
      assert.deepEqual(s.proxy.passed.slice(passed), [], `${customId}: no lookup or credit reached the API`);
    }
    await assertNothingCredited(s, t, 'capture without a token');
  });

  test('no log line carries a top-up token or the signing secret', async () => {
    const logs = JSON.stringify(s.payLogs);
    assert.ok(s.payLogs.length > 10);
    for (const t of s.tokens) assert.ok(!logs.includes(t), 'a token reached the logs');
    assert.ok(!logs.includes(SECRET));
  });

  test("the admin's gateway records decide the page: a gateway switched off or out of bounds is not shown and cannot be started", async () => {
    const admin = await createAdmin({ app: s.api, db: s.db } as TestApp);
    const record = async (body: Record<string, unknown>) => {
      const r = await call(s.api, 'POST', '/api/v1/admin/payment-gateways', { token: admin.token, body });
      assert.equal(r.status, 201, r.text);
      return r.body.id as string;
    };
    const a = await record({ code: 'gateway_a', name: 'Cards', sort_order: 2 });
    const b = await record({ code: 'gateway_b', name: 'PayPal', sort_order: 1, max_amount: 50000 });
    try {
      const { token } = await userWithTopup(s, 20000);
      const page = await get(`${s.payUrl}/topup?token=${token}`);
      assert.ok(page.text.indexOf('id="pay-gateway-b"') < page.text.indexOf('id="pay-gateway-a"'), 'the admin order: B first');

      assert.equal((await call(s.api, 'PUT', `/api/v1/admin/payment-gateways/${a}`, { token: admin.token, body: { is_active: false } })).status, 200);
      const off = await get(`${s.payUrl}/topup?token=${token}`);
      assert.equal(off.status, 200);
      assert.doesNotMatch(off.text, /id="pay-gateway-a"/);
      assert.match(off.text, /id="pay-gateway-b"/);
      const refused = await postForm(`${s.payUrl}/api/gateway-a/initiate`, { token });
      assert.equal(refused.status, 409, 'a switched-off gateway cannot be started by posting its form anyway');
      assert.doesNotMatch(refused.text, /id="handoff"/);

      const big = await userWithTopup(s, 60000).catch((err: Error) => err);
      assert.ok(big instanceof Error && /400/.test(big.message), 'above B maximum with A off: topup-initiate refuses');

      assert.equal((await call(s.api, 'PUT', `/api/v1/admin/payment-gateways/${b}`, { token: admin.token, body: { max_amount: 10000 } })).status, 200);
      const none = await get(`${s.payUrl}/topup?token=${token}`);
      assert.equal(none.status, 409, 'a token minted before the change: no gateway takes it now');
      assert.equal((await postForm(`${s.payUrl}/api/gateway-b/create`, { token })).status, 409);
    } finally {
      for (const id of [a, b]) await call(s.api, 'DELETE', `/api/v1/admin/payment-gateways/${id}`, { token: admin.token });
    }
  });

  test('an expired top-up link gets a clear page and cannot be paid', async () => {
    const { token } = await userWithTopup(s, 10000);
    s.clock.advance(2 * 60 * 60 * 1000);
    try {
      const r = await get(`${s.payUrl}/topup?token=${token}`);
      assert.equal(r.status, 410);
      assert.match(r.text, /expired/);
      assert.equal((await postForm(`${s.payUrl}/api/gateway-a/initiate`, { token })).status, 410);
      assert.equal((await postForm(`${s.payUrl}/api/gateway-b/create`, { token })).status, 410);
    } finally {
      s.clock.set(new Date());
    }
  });
});

describe('gateway A response limit', () => {
  let s: Stack;
  before(async () => {
    s = await startStack({ gatewayB: false });
  });
  after(() => s.close());

  test('responses are limited per IP (30 a minute), so junk cannot hammer the status API', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await postForm(`${s.payUrl}/api/gateway-a/response`, { encResp: 'ab'.repeat(16) })).status);
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(400));
    assert.deepEqual(statuses.slice(30), [429, 429]);
  });
});

describe('gateway A closed (no signing secret for the API)', () => {
  let s: Stack;
  before(async () => {
    s = await startStack({ paySecret: false, gatewayB: false });
  });
  after(() => s.close());

  test('a gateway A response posted while the gateway is closed is refused with 503 before the status API is asked', async () => {
    const t = await userWithTopup(s, 10000);
    const r = await respondA(s, t.token, '100.00');
    assert.equal(r.page.status, 503, r.page.text);
    assert.equal(resultOf(r.page.text), null, 'a refusal page, not a payment result');
    assert.equal(r.asked, 0, 'the status API was not asked');
    await assertNothingCredited(s, t, 'gateway A closed');
  });
});
