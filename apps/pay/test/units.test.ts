import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createCipheriv, createHash } from 'node:crypto';
import { decodeParams, decrypt, encodeParams, encrypt } from '../src/gateway-a/crypto.ts';
import { decimalToMinor, minorToDecimal } from '../src/lib/money.ts';
import { ConfigError, loadPayConfig } from '../src/config.ts';
import { buildPayApp } from '../src/app.ts';
import { Settlement } from '../src/settlement.ts';
import { Outbox } from '../src/outbox.ts';
import type { CreditInput, CreditResult, LookupResult, Topup } from '../src/api-client.ts';

test('gateway A encryption is AES-128-CBC with key MD5(working key) and IV 0x00..0x0f, hex', () => {
  const key = 'WORKINGKEY0123456789ABCDEF012345';
  const plain = 'merchant_id=123&order_id=abc&amount=10.00';
  const c = createCipheriv('aes-128-cbc', createHash('md5').update(key).digest(), Buffer.from([...Array(16).keys()]));
  const expected = Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('hex');
  assert.equal(encrypt(plain, key), expected);
  assert.equal(decrypt(expected, key), plain);
  assert.equal(decrypt(expected.toUpperCase(), key), plain);
});

test('a tampered, truncated, non-hex or wrongly keyed encResp decrypts to nothing', () => {
  const key = 'k'.repeat(32);
  const enc = encrypt(encodeParams({ order_id: 'x'.repeat(40), order_status: 'Success', amount: '100.00', tracking_id: '1234567890' }), key);
  const i = 40;
  const flipped = enc.slice(0, i) + (enc[i] === '0' ? '1' : '0') + enc.slice(i + 1);
  assert.equal(decrypt(flipped, key), null);
  assert.equal(decrypt(enc.slice(0, -2), key), null);
  assert.equal(decrypt('zz' + enc.slice(2), key), null);
  assert.equal(decrypt(enc, 'another-working-key'), null);
  assert.equal(decrypt('', key), null);
});

test('decoded gateway A params keep the first value of a repeated key', () => {
  assert.deepEqual(decodeParams('order_status=Failure&order_status=Success&a=b%26c'), { order_status: 'Failure', a: 'b&c' });
});

test('money converts between minor units and decimal strings with integers only', () => {
  assert.equal(minorToDecimal(12345, 'INR'), '123.45');
  assert.equal(minorToDecimal(5, 'INR'), '0.05');
  assert.equal(minorToDecimal(100, 'INR'), '1.00');
  assert.equal(minorToDecimal(500, 'JPY'), '500');
  assert.equal(decimalToMinor('123.45', 'INR'), 12345);
  assert.equal(decimalToMinor('123.4', 'INR'), 12340);
  assert.equal(decimalToMinor('123', 'INR'), 12300);
  assert.equal(decimalToMinor('0.10', 'INR'), 10);
  assert.equal(decimalToMinor('1.000', 'INR'), 100);
  assert.equal(decimalToMinor('1.005', 'INR'), null);
  assert.equal(decimalToMinor('-1.00', 'INR'), null);
  assert.equal(decimalToMinor('1e3', 'INR'), null);
  assert.equal(decimalToMinor('', 'INR'), null);
  assert.equal(decimalToMinor(100, 'INR'), null);
  assert.equal(decimalToMinor('0.29', 'INR'), 29); // 0.29 * 100 is 28.999… in floats
  assert.throws(() => minorToDecimal(1.5, 'INR'));
});

test('a gateway is configured only when all of its settings are present', () => {
  const a = { GATEWAY_A_MERCHANT_ID: 'm', GATEWAY_A_ACCESS_CODE: 'c', GATEWAY_A_WORKING_KEY: 'k', GATEWAY_A_TRANSACTION_URL: 'https://gw.example/t?command=initiateTransaction', GATEWAY_A_STATUS_URL: 'https://api.gw.example/apis/servlet/DoWebTrans' };
  const b = { GATEWAY_B_CLIENT_ID: 'i', GATEWAY_B_CLIENT_SECRET: 's', GATEWAY_B_API_BASE: 'https://api.gw.example/', GATEWAY_B_WEBHOOK_ID: 'w' };
  const none = loadPayConfig({});
  assert.equal(none.gatewayA, null);
  assert.equal(none.gatewayB, null);
  assert.equal(none.port, 3001);
  assert.equal(none.apiUrl, 'http://127.0.0.1:3000');
  const full = loadPayConfig({ ...a, ...b });
  assert.equal(full.gatewayA?.merchantId, 'm');
  assert.equal(full.gatewayA?.statusUrl, 'https://api.gw.example/apis/servlet/DoWebTrans');
  // Without its status API gateway A stays closed: a posted response alone never credits.
  const { GATEWAY_A_STATUS_URL: _s, ...noStatus } = a;
  assert.equal(loadPayConfig(noStatus).gatewayA, null);
  assert.equal(full.gatewayB?.apiBase, 'https://api.gw.example');
  const { GATEWAY_A_WORKING_KEY: _k, ...partialA } = a;
  const { GATEWAY_B_WEBHOOK_ID: _w, ...partialB } = b;
  const partial = loadPayConfig({ ...partialA, ...partialB });
  assert.equal(partial.gatewayA, null);
  assert.equal(partial.gatewayB, null);
});

test('a present but invalid setting stops the start with its name', () => {
  assert.throws(() => loadPayConfig({ PAY_PORT: 'abc' }), (e: unknown) => e instanceof ConfigError && e.setting === 'PAY_PORT');
  assert.throws(() => loadPayConfig({ STOREFRONT_API_URL: 'ftp://x' }), (e: unknown) => e instanceof ConfigError && e.setting === 'STOREFRONT_API_URL');
  assert.throws(() => loadPayConfig({ STORE_WEBHOOK_SECRET: 'short' }), (e: unknown) => e instanceof ConfigError && e.setting === 'STORE_WEBHOOK_SECRET');
  assert.throws(
    () => loadPayConfig({ GATEWAY_A_MERCHANT_ID: 'm', GATEWAY_A_ACCESS_CODE: 'c', GATEWAY_A_WORKING_KEY: 'k', GATEWAY_A_TRANSACTION_URL: 'not a url', GATEWAY_A_STATUS_URL: 'https://x.example/' }),
    (e: unknown) => e instanceof ConfigError && e.setting === 'GATEWAY_A_TRANSACTION_URL',
  );
});

test('/metrics: pay_outbox_depth for loopback callers or the bearer METRICS_TOKEN, 403 for anyone else', async () => {
  const app = await buildPayApp({ config: loadPayConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'pay-metrics-token-0123' }) });
  try {
    const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    assert.equal(local.statusCode, 200);
    assert.match(local.body, /^pay_outbox_depth 0$/m);
    const outside = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    assert.equal(outside.statusCode, 403);
    assert.deepEqual(outside.json(), { error: 'forbidden', message: 'Metrics are not public' });
    const wrong = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer pay-metrics-token-0124' } });
    assert.equal(wrong.statusCode, 403);
    const right = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer pay-metrics-token-0123' } });
    assert.equal(right.statusCode, 200);
    assert.match(right.body, /# TYPE pay_outbox_depth gauge/);
  } finally {
    await app.close();
  }
});

/**
 * The API client's request bodies and answers are the types generated from the API's own OpenAPI
 * document (@storefront/client): each line below fails type-checking (`npm run typecheck`) if
 * they ever stop being, e.g. if the client's types go back to untyped JSON.
 */
test('the payment server\'s calls to the API are typed by the API\'s description, request and answer', () => {
  // @ts-expect-error a credit must name its gateway transaction
  const noTxn: CreditInput = { token: 'token-typed-0001', amount: 100, currency: 'INR', gateway: 'gateway_a' };
  // @ts-expect-error only the API's gateway codes
  const otherGateway: CreditInput['gateway'] = 'gateway_c';
  // @ts-expect-error a lookup answers one of the API's top-up statuses
  const unknownStatus: Topup['status'] = 'credited';
  // @ts-expect-error amounts are numbers (minor units), never strings
  const textAmount: Topup['amount'] = '100';
  assert.ok([noTxn, otherGateway, unknownStatus, textAmount]);
});

/**
 * Settlement against a stand-in API: what each lookup and credit answer turns into, and what the
 * outbox holds around the call (written before the API hears of the credit, kept while owed).
 */
describe('settlement of one confirmed payment', () => {
  const payment = { token: 'token-settle-0001', gateway: 'gateway_a' as const, gatewayTxnId: '900100200300', paidAmount: 12345, paidCurrency: 'INR' };
  const credit = { token: payment.token, amount: 12345, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: '900100200300' };
  const found: LookupResult = { kind: 'found', topup: { status: 'pending', amount: 12345, currency: 'INR', expires_at: '' } };

  async function settleWith(lookup: LookupResult, answer: CreditResult | (() => Promise<CreditResult>), prepare?: (outbox: Outbox) => void) {
    const outbox = new Outbox(null);
    const calls: Array<{ credit: CreditInput; rowsAtCall: unknown }> = [];
    const api = {
      lookup: async () => lookup,
      credit: async (c: CreditInput) => {
        calls.push({ credit: c, rowsAtCall: await outbox.rows() });
        return typeof answer === 'function' ? answer() : answer;
      },
    };
    const logs: Array<{ level: string; msg: string }> = [];
    const log = Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [level, (_o: unknown, msg: string) => logs.push({ level, msg })]));
    const settlement = new Settlement({ api: api as never, log: log as never, clock: { now: () => new Date(1_800_000_000_000) }, outbox, leaseMs: 30_000 });
    await settlement.start(null);
    prepare?.(outbox);
    try {
      const outcome = await settlement.settle(payment);
      return { outcome, calls, rows: await outbox.rows(), logs };
    } finally {
      await settlement.close();
    }
  }

  test('a credited payment was owed in the outbox before the API call and is gone after it', async () => {
    const r = await settleWith(found, { kind: 'credited', balance: 12345 });
    assert.deepEqual(r.outcome, { kind: 'credited', amount: 12345, currency: 'INR' });
    assert.deepEqual(r.calls, [{ credit, rowsAtCall: [{ credit, attempts: 0, failed: null }] }]);
    assert.deepEqual(r.rows, []);
  });

  test('a credit the API already took (duplicate) counts as credited and is not kept', async () => {
    const r = await settleWith(found, { kind: 'duplicate' });
    assert.deepEqual(r.outcome, { kind: 'credited', amount: 12345, currency: 'INR' });
    assert.deepEqual(r.rows, []);
  });

  test('a credit the API refuses for good (409 amount_mismatch) is not credited, and kept as failed for a person', async () => {
    const r = await settleWith(found, { kind: 'rejected', status: 409, error: 'amount_mismatch' });
    assert.deepEqual(r.outcome, { kind: 'mismatch' });
    assert.deepEqual(r.rows, [{ credit, attempts: 0, failed: 'amount_mismatch' }]);
  });

  test('a gateway transaction that already paid another top-up is answered as reused and kept as failed', async () => {
    const r = await settleWith(found, { kind: 'rejected', status: 409, error: 'gateway_txn_reused' });
    assert.deepEqual(r.outcome, { kind: 'reused' });
    assert.deepEqual(r.rows, [{ credit, attempts: 0, failed: 'gateway_txn_reused' }]);
  });

  test('a second payment for a top-up another payment completed (409 topup_already_completed) is not credited, and kept as failed to return', async () => {
    const r = await settleWith(found, { kind: 'rejected', status: 409, error: 'topup_already_completed' });
    assert.deepEqual(r.outcome, { kind: 'second_payment', amount: 12345, currency: 'INR' });
    assert.deepEqual(r.rows, [{ credit, attempts: 0, failed: 'topup_already_completed' }]);
  });

  test('an owed credit the background retry finds already completed by another payment is kept as failed, not retried', async () => {
    let answer: CreditResult = { kind: 'unavailable' };
    const outbox = new Outbox(null);
    const api = { lookup: async () => found, credit: async () => answer };
    const quiet = Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [level, () => {}]));
    const settlement = new Settlement({ api: api as never, log: quiet as never, clock: { now: () => new Date(1_800_000_000_000) }, outbox, leaseMs: 30_000 });
    await settlement.start(null);
    try {
      assert.equal((await settlement.settle(payment)).kind, 'pending');
      answer = { kind: 'rejected', status: 409, error: 'topup_already_completed' };
      await settlement.flush();
      assert.deepEqual(await outbox.rows(), [{ credit, attempts: 0, failed: 'topup_already_completed' }]);
      assert.equal(await settlement.pendingCount(), 0, 'no longer owed: a final answer');
      answer = { kind: 'credited', balance: 1 };
      await settlement.flush();
      assert.deepEqual(await outbox.rows(), [{ credit, attempts: 0, failed: 'topup_already_completed' }], 'never tried again by itself');
    } finally {
      await settlement.close();
    }
  });

  test('a credit the API cannot take now (unreachable, or refused for a reason not about this payment) stays owed', async () => {
    for (const answer of [{ kind: 'unavailable' }, { kind: 'rejected', status: 401, error: 'invalid_signature' }, { kind: 'rejected', status: 400, error: 'amount_mismatch' }, { kind: 'rejected', status: 409, error: 'conflict' }] as CreditResult[]) {
      const r = await settleWith(found, answer);
      assert.deepEqual(r.outcome, { kind: 'pending', amount: 12345, currency: 'INR' }, JSON.stringify(answer));
      assert.deepEqual(r.rows, [{ credit, attempts: 0, failed: null }], JSON.stringify(answer));
    }
  });

  test('an unknown token, or a paid amount or currency other than the top-up\'s, is refused without a credit call or an outbox row', async () => {
    const unknown = await settleWith({ kind: 'not_found' }, { kind: 'credited', balance: 0 });
    assert.deepEqual(unknown.outcome, { kind: 'unknown_token' });
    assert.deepEqual(unknown.calls, []);
    assert.deepEqual(unknown.rows, []);
    for (const topup of [{ ...found.topup, amount: 12344 }, { ...found.topup, amount: 12346 }, { ...found.topup, currency: 'USD' }]) {
      const r = await settleWith({ kind: 'found', topup }, { kind: 'credited', balance: 0 });
      assert.deepEqual(r.outcome, { kind: 'mismatch' }, JSON.stringify(topup));
      assert.ok(r.logs.some((l) => l.level === 'error' && /differs from the top-up/.test(l.msg)));
      assert.deepEqual(r.calls, [], JSON.stringify(topup));
      assert.deepEqual(r.rows, [], JSON.stringify(topup));
    }
  });

  test('when the top-up lookup fails the API is down: the credit is owed, not called now', async () => {
    const r = await settleWith({ kind: 'unavailable' }, { kind: 'credited', balance: 0 });
    assert.deepEqual(r.outcome, { kind: 'pending', amount: 12345, currency: 'INR' });
    assert.deepEqual(r.calls, []);
    assert.deepEqual(r.rows, [{ credit, attempts: 0, failed: null }]);
  });

  test('an outbox that cannot record the credit does not stop the API call; a credit taken then is still credited', async () => {
    let removed: string[] = [];
    const prepare = (outbox: Outbox) => {
      outbox.add = async () => {
        throw new Error('disk full');
      };
      const remove = outbox.remove.bind(outbox);
      outbox.remove = async (key: string) => {
        removed.push(key);
        return remove(key);
      };
    };
    const ok = await settleWith(found, { kind: 'credited', balance: 12345 }, prepare);
    assert.deepEqual(ok.outcome, { kind: 'credited', amount: 12345, currency: 'INR' });
    assert.equal(ok.calls.length, 1);
    assert.deepEqual(removed, ['gateway_a:900100200300'], 'any copy another instance wrote is removed');
    assert.ok(ok.logs.some((l) => l.level === 'error' && /could not be recorded as owed/.test(l.msg)));
    removed = [];
    const down = await settleWith(found, { kind: 'unavailable' }, prepare);
    assert.deepEqual(down.outcome, { kind: 'pending', amount: 12345, currency: 'INR' });
    assert.deepEqual(removed, [], 'nothing removed while still owed');
  });

  test('an outbox that cannot be updated after the call does not turn a credited payment into an error', async () => {
    const r = await settleWith(found, { kind: 'credited', balance: 12345 }, (outbox) => {
      outbox.remove = async () => {
        throw new Error('locked');
      };
    });
    assert.deepEqual(r.outcome, { kind: 'credited', amount: 12345, currency: 'INR' });
    assert.ok(r.logs.some((l) => l.level === 'error' && /outbox not updated/.test(l.msg)));
  });
});
