/** The gateway B client against the simulator's PayPal Orders v2 wire format. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { captureOf, completedCapture, GatewayBClient, GatewayBError, verifyOrder } from '../src/index.ts';
import { startGatewayBSim, type GatewayBSim } from './sim.ts';

const CREDS = { clientId: 'cid', clientSecret: 'csecret', webhookId: 'WH-1' };
let sim: GatewayBSim;
let client: GatewayBClient;
/** Captures what the sim delivers, so the test can pass it to verifyWebhook. */
let hook: Server;
/** A webhook as the sim delivers it: the test changes its resource to forge one. */
interface WebhookEvent {
  resource: Record<string, unknown>;
}
let received: { headers: IncomingHttpHeaders; body: WebhookEvent }[] = [];

before(async () => {
  sim = await startGatewayBSim(CREDS);
  client = new GatewayBClient({ ...CREDS, apiBase: sim.apiBase }, { timeoutMs: 5000, nowMs: () => Date.now() });
  hook = createServer((req, res) => {
    let b = '';
    req.on('data', (c: Buffer) => (b += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(b) as WebhookEvent });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  sim.webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
});
after(async () => {
  await sim.close();
  hook.closeAllConnections();
  await new Promise<void>((r) => hook.close(() => r()));
});

const input = (token: string) => ({ token, amount: '250.00', currency: 'INR', returnUrl: 'http://pay.test/api/gateway-b/return', cancelUrl: 'http://pay.test/api/gateway-b/cancel' });

test('creating an order twice for one top-up gives the same order (PayPal-Request-Id)', async () => {
  const a = await client.createOrder(input('token-aaaaaaaa'));
  const b = await client.createOrder(input('token-aaaaaaaa'));
  const c = await client.createOrder(input('token-bbbbbbbb'));
  assert.equal(a.id, b.id);
  assert.notEqual(a.id, c.id);
  assert.equal(a.approveUrl, `${sim.apiBase}/checkoutnow?token=${a.id}`);
  assert.equal(sim.calls.oauth, 1, 'the access token is reused');
  const order = sim.orders.get(a.id)!;
  assert.equal(order.purchase_units[0].custom_id, 'token-aaaaaaaa');
  assert.equal(order.return_url, 'http://pay.test/api/gateway-b/return');
});

test('an unapproved order does not capture; an approved one captures once', async () => {
  const { id } = await client.createOrder(input('token-cccccccc'));
  const early = await client.capture(id);
  assert.equal(early.declined, true);
  assert.equal(completedCapture(early.order), null);
  sim.orders.get(id)!.status = 'APPROVED';
  const first = await client.capture(id);
  const c = completedCapture(first.order)!;
  assert.equal(c.amount, 25000);
  assert.equal(c.currency, 'INR');
  assert.equal(c.token, 'token-cccccccc');
  const again = await client.capture(id);
  assert.equal(completedCapture(again.order)!.captureId, c.captureId);
  assert.equal(completedCapture(await client.getOrder(id))!.captureId, c.captureId);
});

test('webhook verification passes genuine deliveries and refuses forged ones', async () => {
  const { id } = await client.createOrder(input('token-dddddddd'));
  sim.orders.get(id)!.status = 'APPROVED';
  await client.capture(id);
  received = [];
  await sim.deliverWebhook(id);
  await sim.deliverWebhook(id, { forge: true });
  const [genuine, forged] = received;
  assert.equal(await client.verifyWebhook(genuine!.headers, genuine!.body), true);
  assert.equal(await client.verifyWebhook(forged!.headers, forged!.body), false);
  // Same signature over a changed event is refused.
  assert.equal(await client.verifyWebhook(genuine!.headers, { ...genuine!.body, resource: { ...genuine!.body.resource, amount: { currency_code: 'INR', value: '1.00' } } }), false);
  assert.equal(await client.verifyWebhook({}, genuine!.body), false);
  const wrongHook = new GatewayBClient({ ...CREDS, webhookId: 'WH-OTHER', apiBase: sim.apiBase }, { timeoutMs: 5000, nowMs: () => Date.now() });
  assert.equal(await wrongHook.verifyWebhook(genuine!.headers, genuine!.body), false);
});

test('a revoked access token is replaced once, transparently', async () => {
  const before = sim.calls.oauth ?? 0;
  await client.createOrder(input('token-ffffffff'));
  sim.revokeTokens();
  const { id } = await client.createOrder(input('token-gggggggg'));
  assert.ok(sim.orders.has(id));
  assert.equal(sim.calls.oauth, before + 1);
});

test('wrong client credentials fail without a token', async () => {
  const bad = new GatewayBClient({ ...CREDS, clientSecret: 'nope', apiBase: sim.apiBase }, { timeoutMs: 5000, nowMs: () => Date.now() });
  await assert.rejects(bad.createOrder(input('token-eeeeeeee')), GatewayBError);
});

test('only an order whose status and capture are COMPLETED counts as paid', () => {
  const order = (status: string, capStatus: string) => ({
    id: 'O1',
    status,
    purchase_units: [{ custom_id: 'tok-12345678', payments: { captures: [{ id: 'C1', status: capStatus, amount: { currency_code: 'INR', value: '10.00' } }] } }],
  });
  assert.deepEqual(completedCapture(order('COMPLETED', 'COMPLETED')), { captureId: 'C1', orderId: 'O1', token: 'tok-12345678', amount: 1000, currency: 'INR' });
  assert.equal(completedCapture(order('COMPLETED', 'PENDING')), null);
  assert.equal(completedCapture(order('APPROVED', 'COMPLETED')), null);
  assert.equal(completedCapture(null), null);
});

test('malformed gateway answers are refusals, never a thrown TypeError; each missing part is refused with its reason', () => {
  const capture = { id: 'CAP-1', status: 'COMPLETED', amount: { value: '10.00', currency_code: 'INR' }, custom_id: 'tok' };
  assert.deepEqual(captureOf(capture as never, 'ORD-1'), { captureId: 'CAP-1', orderId: 'ORD-1', token: 'tok', amount: 1000, currency: 'INR' });
  for (const bad of [null, undefined, {}, { ...capture, amount: undefined }, { ...capture, amount: { currency_code: 'INR' } }, { ...capture, id: '' }, { ...capture, id: undefined }, { ...capture, status: 'PENDING' }, { ...capture, amount: { value: '10.00', currency_code: '' } }]) {
    assert.equal(captureOf(bad as never, 'ORD-1'), null, JSON.stringify(bad));
  }
  assert.equal(captureOf({ ...capture, supplementary_data: undefined }, null)?.orderId, null);
  // A webhook capture with supplementary_data but no related_ids: no order id, refused by the caller, not a TypeError.
  assert.equal(captureOf({ ...capture, supplementary_data: {} }, null)?.orderId, null);
  assert.equal(captureOf({ ...capture, supplementary_data: { related_ids: { order_id: 'ORD-9' } } }, null)?.orderId, 'ORD-9');
  const unit = { custom_id: 'tok', payments: { captures: [null, { ...capture, status: 'DECLINED' }, capture] } };
  const order = { id: 'ORD-1', status: 'COMPLETED', purchase_units: [unit] };
  assert.equal(completedCapture(order as never)?.captureId, 'CAP-1');
  // An empty custom_id on the unit is no token: the capture's own custom_id is used instead.
  assert.equal(completedCapture({ ...order, purchase_units: [{ ...unit, custom_id: '' }] })?.token, 'tok');
  assert.equal(completedCapture({ ...order, id: '' })?.orderId, null);
  for (const bad of [null, {}, { status: 'COMPLETED' }, { status: 'COMPLETED', purchase_units: [{}] }, { status: 'COMPLETED', purchase_units: [{ payments: {} }] }]) {
    assert.equal(completedCapture(bad as never), null, JSON.stringify(bad));
  }
  const expect = { token: 'tok', amount: 1000, currency: 'INR' };
  assert.deepEqual(verifyOrder(order as never, expect), { ok: true, captureId: 'CAP-1' });
  assert.deepEqual(verifyOrder(null, expect), { ok: false, final: false, reason: 'order_status_missing' });
  assert.deepEqual(verifyOrder({ status: 'APPROVED' }, expect), { ok: false, final: false, reason: 'order_status_approved' });
  assert.deepEqual(verifyOrder({ status: 'COMPLETED', purchase_units: [{ custom_id: 'tok' }] }, expect), { ok: false, final: false, reason: 'no_completed_capture' });
  const withCapture = (c: object) => ({ status: 'COMPLETED', purchase_units: [{ custom_id: 'tok', payments: { captures: [c] } }] }) as never;
  assert.deepEqual(verifyOrder(withCapture({ ...capture, id: '' }), expect), { ok: false, final: false, reason: 'no_completed_capture' });
  assert.deepEqual(verifyOrder(withCapture({ ...capture, amount: undefined }), expect), { ok: false, final: true, reason: 'currency_mismatch' });
  assert.deepEqual(verifyOrder(withCapture({ ...capture, amount: { currency_code: 'INR' } }), expect), { ok: false, final: true, reason: 'amount_mismatch' });
  assert.deepEqual(verifyOrder(withCapture({ ...capture, amount: { value: '9.99', currency_code: 'INR' } }), expect), { ok: false, final: true, reason: 'amount_mismatch' });
});
