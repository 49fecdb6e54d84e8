import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sign, signAll } from '@storefront/signing';
import { HOUR, MINUTE } from '../src/lib/clock.ts';
import { sha256 } from '../src/lib/secrets.ts';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import {
  NEXT_SECRET,
  PAGE_BASE,
  SECRET,
  assertLedgerMatches,
  balanceOf,
  creditBody,
  initiate,
  nowSeconds,
  signedCall,
  webhookLogs,
} from './support/wallet.ts';

describe('top-up: initiate, signed credit, lookup, attach and status', () => {
  let t: TestApp;
  let u: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: `${SECRET}, ${NEXT_SECRET}`, TOPUP_MIN: '100', TOPUP_MAX: '500000' });
    u = await registerUser(t.app);
  });
  after(() => t.close());

  const fresh = async () => {
    // Tokens live 15 minutes; tests move the clock by hours, so each scenario signs in again.
    const r = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: u.phone, password: u.password } });
    return r.body.custom_token as string;
  };
  const status = async (token: string, topupToken: string) => call(t.app, 'GET', `/api/v1/wallet/topup-status/${topupToken}`, { token });

  it('topup-initiate mints a one-hour token and the hosted-page URL; only its hash is stored', async () => {
    const res = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 5000 } });
    assert.equal(res.status, 201);
    assert.match(res.body.token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(res.body.url, `${PAGE_BASE}?token=${res.body.token}`);
    assert.equal(res.body.expires_at, new Date(t.clock.now().getTime() + HOUR).toISOString());
    const row = await t.db.database.db.selectFrom('topups').selectAll().where('token_hash', '=', sha256(res.body.token)).executeTakeFirstOrThrow();
    assert.deepEqual([row.user_id, Number(row.amount), row.currency, row.status], [u.id, 5000, 'INR', 'pending']);
    assert.ok(!JSON.stringify(row).includes(res.body.token), 'the raw token is never stored');
    const st = await status(u.token, res.body.token);
    assert.deepEqual(st.body, { status: 'pending', amount: 5000, currency: 'INR', expires_at: res.body.expires_at });
  });

  it('topup-initiate refuses amounts outside TOPUP_MIN..TOPUP_MAX, non-integers and strings with 400', async () => {
    for (const amount of [99, 500001, 0, -100, 100.5, '500', null]) {
      const res = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount } });
      assert.equal(res.status, 400, String(amount));
      assert.equal(res.body.error, 'validation_failed');
    }
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { body: { amount: 100 } })).status, 401);
    const count = await t.db.database.db.selectFrom('topups').select('id').where('user_id', '=', u.id).execute();
    assert.equal(count.length, 1, 'no refused request made a top-up');
  });

  it('a signed credit credits once: {credited: true, balance}, then every replay is {credited: false, duplicate: true}', async () => {
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, u.token, 2500);
    const body = creditBody(token, 2500, 'A-TXN-1');
    const first = await signedCall(t, 'topup-credit', body);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body, { credited: true, balance: before + 2500 });
    const replay = await signedCall(t, 'topup-credit', body);
    assert.deepEqual([replay.status, replay.body], [200, { credited: false, duplicate: true }]);
    const st = await status(u.token, token);
    assert.equal(st.body.status, 'completed');
    assert.equal(st.body.credited_at, t.clock.now().toISOString());
    const tx = await call(t.app, 'GET', '/api/v1/wallet/transactions?limit=1', { token: u.token });
    assert.equal(tx.body.items[0].type, 'topup');
    assert.equal(tx.body.items[0].amount, 2500);
    assert.equal(await assertLedgerMatches(t, u.id), before + 2500);
    const logs = (await webhookLogs(t)).filter((l) => l.gateway_txn_id?.startsWith('A-TXN-1'));
    assert.deepEqual(
      logs.map((l) => [l.endpoint, l.outcome, l.reason]),
      [
        ['topup-credit', 'credited', null],
        ['topup-credit', 'duplicate', 'token_already_credited'],
      ],
    );
  });

  it('a second payment for a completed top-up is 409 topup_already_completed: not credited, logged, never a duplicate', async () => {
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, u.token, 1800);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(token, 1800, 'A-FIRST'))).body.credited, true);
    // Another payment (another id, or the same id at the other gateway) for the same top-up.
    for (const body of [creditBody(token, 1800, 'A-SECOND'), creditBody(token, 1800, 'A-FIRST', 'gateway_b')]) {
      const second = await signedCall(t, 'topup-credit', body);
      assert.deepEqual([second.status, second.body.error], [409, 'topup_already_completed'], second.text);
      assert.match(second.body.message, /not added and is to be returned/);
    }
    // Told again, it is still refused; the first payment again is still the harmless duplicate.
    assert.equal((await signedCall(t, 'topup-credit', creditBody(token, 1800, 'A-SECOND'))).status, 409);
    assert.deepEqual((await signedCall(t, 'topup-credit', creditBody(token, 1800, 'A-FIRST'))).body, { credited: false, duplicate: true });
    assert.equal(await assertLedgerMatches(t, u.id), before + 1800);
    const row = await t.db.database.db.selectFrom('topups').select(['gateway', 'gateway_txn_id']).where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    assert.deepEqual([row.gateway, row.gateway_txn_id], ['gateway_a', 'A-FIRST'], 'the completing payment stays recorded');
    const logs = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'A-SECOND' || l.gateway_txn_id === 'A-FIRST');
    assert.deepEqual(
      logs.map((l) => [l.gateway, l.gateway_txn_id, l.outcome, l.reason]),
      [
        ['gateway_a', 'A-FIRST', 'credited', null],
        ['gateway_a', 'A-SECOND', 'rejected', 'topup_already_completed'],
        ['gateway_b', 'A-FIRST', 'rejected', 'topup_already_completed'],
        ['gateway_a', 'A-SECOND', 'rejected', 'topup_already_completed'],
        ['gateway_a', 'A-FIRST', 'duplicate', 'token_already_credited'],
      ],
    );
  });

  it('two payments for one top-up racing: one credits, the other is 409 topup_already_completed', async () => {
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, u.token, 600);
    const results = await Promise.all(['A-RACE-1', 'A-RACE-2', 'A-RACE-3'].map((id) => signedCall(t, 'topup-credit', creditBody(token, 600, id))));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409]);
    assert.ok(results.every((r) => r.status === 200 ? r.body.credited === true : r.body.error === 'topup_already_completed'), results.map((r) => r.text).join());
    assert.equal(await assertLedgerMatches(t, u.id), before + 600);
  });

  it('a payment that paid another top-up is 409 gateway_txn_reused at a completed top-up too, not a payment to return', async () => {
    const a = await initiate(t, u.token, 400);
    const b = await initiate(t, u.token, 400);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(a.token, 400, 'A-PAID-A'))).body.credited, true);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(b.token, 400, 'A-PAID-B'))).body.credited, true);
    const res = await signedCall(t, 'topup-credit', creditBody(b.token, 400, 'A-PAID-A'));
    assert.deepEqual([res.status, res.body.error], [409, 'gateway_txn_reused'], res.text);
    const log = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'A-PAID-A').map((l) => [l.outcome, l.reason]);
    assert.deepEqual(log, [['credited', null], ['rejected', 'gateway_txn_reused']]);
  });

  it('a credit whose ledger step fails is rolled back and logged as an error, not taken for a reused gateway id', async () => {
    const v = await registerUser(t.app);
    const { token } = await initiate(t, v.token, 900);
    // No wallet row: the top-up turns completed, then the ledger credit fails inside the transaction.
    await t.db.database.db.deleteFrom('wallets').where('user_id', '=', v.id).execute();
    const res = await signedCall(t, 'topup-credit', creditBody(token, 900, 'A-NO-WALLET'));
    assert.notEqual(res.status, 409, res.text);
    assert.ok(res.status >= 400 && res.body.error !== 'gateway_txn_reused', res.text);
    assert.equal((await status(v.token, token)).body.status, 'pending', 'rolled back: still pending');
    const log = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'A-NO-WALLET');
    assert.deepEqual(log.map((l) => [l.endpoint, l.outcome, l.reason]), [['topup-credit', 'error', 'internal']]);
  });

  it('one gateway transaction id cannot pay two top-ups: the second is 409 gateway_txn_reused, never a success', async () => {
    const before = await balanceOf(t, u.id);
    const a = await initiate(t, u.token, 700);
    const b = await initiate(t, u.token, 700);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(a.token, 700, 'A-SHARED'))).body.credited, true);
    const second = await signedCall(t, 'topup-credit', creditBody(b.token, 700, 'A-SHARED'));
    assert.deepEqual([second.status, second.body.error, second.body.message], [409, 'gateway_txn_reused', 'This gateway transaction already paid another top-up']);
    // A replay for the top-up it did pay is still the harmless duplicate.
    const replay = await signedCall(t, 'topup-credit', creditBody(a.token, 700, 'A-SHARED'));
    assert.deepEqual([replay.status, replay.body], [200, { credited: false, duplicate: true }]);
    assert.equal((await status(u.token, b.token)).body.status, 'pending');
    // The same id from the other gateway is a different payment.
    assert.equal((await signedCall(t, 'topup-credit', creditBody(b.token, 700, 'A-SHARED', 'gateway_b'))).body.credited, true);
    assert.equal(await assertLedgerMatches(t, u.id), before + 1400);
    const log = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'A-SHARED').map((l) => [l.gateway, l.outcome, l.reason]);
    assert.deepEqual(log, [
      ['gateway_a', 'credited', null],
      ['gateway_a', 'rejected', 'gateway_txn_reused'],
      ['gateway_a', 'duplicate', 'token_already_credited'],
      ['gateway_b', 'credited', null],
    ]);
  });

  it('bad, missing, malformed, wrong-secret and stale signatures are 401 invalid_signature, logged, and credit nothing', async () => {
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, u.token, 1000);
    const body = creditBody(token, 1000, 'A-BAD');
    const raw = JSON.stringify(body);
    const cases: Array<[string, string | null, string]> = [
      ['missing', null, 'invalid_signature:missing'],
      ['garbage', 'nonsense', 'invalid_signature:malformed'],
      ['wrong secret', sign('not-the-secret-at-all-123', raw, nowSeconds(t)), 'invalid_signature:mismatch'],
      ['other body', sign(SECRET, raw.replace('1000', '1001'), nowSeconds(t)), 'invalid_signature:mismatch'],
      ['stale 301 s', sign(SECRET, raw, nowSeconds(t) - 301), 'invalid_signature:stale'],
      ['future 301 s', sign(SECRET, raw, nowSeconds(t) + 301), 'invalid_signature:stale'],
    ];
    const logsBefore = (await webhookLogs(t)).length;
    for (const [name, header, _] of cases) {
      const res = await signedCall(t, 'topup-credit', body, { header });
      assert.equal(res.status, 401, name);
      assert.equal(res.body.error, 'invalid_signature', name);
    }
    // A signature over the same JSON re-serialised differently is not the signed bytes.
    const spaced = await signedCall(t, 'topup-credit', body, { raw: JSON.stringify(body, null, 1), header: sign(SECRET, raw, nowSeconds(t)) });
    assert.equal(spaced.status, 401);
    const logs = (await webhookLogs(t)).slice(logsBefore);
    assert.deepEqual(logs.map((l) => l.reason), [...cases.map((c) => c[2]), 'invalid_signature:mismatch']);
    assert.ok(logs.every((l) => l.outcome === 'rejected' && l.endpoint === 'topup-credit'));
    assert.equal((await status(u.token, token)).body.status, 'pending');
    assert.equal(await assertLedgerMatches(t, u.id), before);
    // 300 s old is still within tolerance.
    const edge = await signedCall(t, 'topup-credit', body, { at: nowSeconds(t) - 300 });
    assert.equal(edge.body.credited, true);
  });

  it('a captured signed request replayed after 5 minutes is refused even before it could be a duplicate', async () => {
    const { token } = await initiate(t, u.token, 300);
    const raw = JSON.stringify(creditBody(token, 300, 'A-REPLAY'));
    const header = sign(SECRET, raw, nowSeconds(t));
    assert.equal((await signedCall(t, 'topup-credit', null, { raw, header })).body.credited, true);
    assert.deepEqual((await signedCall(t, 'topup-credit', null, { raw, header })).body, { credited: false, duplicate: true });
    t.clock.advance(5 * MINUTE + 1000);
    const late = await signedCall(t, 'topup-credit', null, { raw, header });
    assert.deepEqual([late.status, late.body.error], [401, 'invalid_signature']);
  });

  it('secret rotation: either configured secret passes, and a header with several v1 entries passes', async () => {
    const before = await balanceOf(t, u.id);
    const a = await initiate(t, u.token, 150);
    const b = await initiate(t, u.token, 150);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(a.token, 150, 'A-ROT-1'), { secret: NEXT_SECRET })).body.credited, true);
    const raw = JSON.stringify(creditBody(b.token, 150, 'A-ROT-2'));
    const header = signAll(['retired-secret-0000000000', NEXT_SECRET], raw, nowSeconds(t));
    assert.equal((await signedCall(t, 'topup-credit', null, { raw, header })).body.credited, true);
    assert.equal(await assertLedgerMatches(t, u.id), before + 300);
  });

  it('an amount or currency that differs from the initiated top-up is 409 amount_mismatch and credits nothing', async () => {
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, u.token, 1200);
    const low = await signedCall(t, 'topup-credit', creditBody(token, 1199, 'A-MIS'));
    assert.deepEqual([low.status, low.body.error], [409, 'amount_mismatch']);
    const cur = await signedCall(t, 'topup-credit', { ...creditBody(token, 1200, 'A-MIS'), currency: 'USD' });
    assert.deepEqual([cur.status, cur.body.error], [409, 'amount_mismatch']);
    assert.equal((await status(u.token, token)).body.status, 'pending');
    assert.equal(await assertLedgerMatches(t, u.id), before);
    const logs = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'A-MIS');
    assert.deepEqual(logs.map((l) => [l.outcome, l.reason]), [['rejected', 'amount_mismatch'], ['rejected', 'amount_mismatch']]);
  });

  it('an unknown token is 404; a schema-invalid or malformed signed body is 400; all are logged as rejected', async () => {
    const unknown = await signedCall(t, 'topup-credit', creditBody('no-such-token-000000000000', 500, 'A-UNK'));
    assert.deepEqual([unknown.status, unknown.body.error], [404, 'not_found']);
    const invalid = await signedCall(t, 'topup-credit', { token: 'x', amount: '500', currency: 'INR', gateway: 'gateway_z', gateway_txn_id: 'A-INV' });
    assert.deepEqual([invalid.status, invalid.body.error], [400, 'validation_failed']);
    const malformed = await signedCall(t, 'topup-credit', null, { raw: '{"token": ' });
    assert.deepEqual([malformed.status, malformed.body.error], [400, 'validation_failed']);
    const xml = await call(t.app, 'POST', '/api/v1/wallet/topup-credit', {
      raw: '<a/>',
      headers: { 'content-type': 'application/xml', 'x-store-signature': sign(SECRET, '<a/>', nowSeconds(t)) },
    });
    assert.equal(xml.status, 415);
    const text = await call(t.app, 'POST', '/api/v1/wallet/topup-credit', {
      raw: 'hello',
      headers: { 'content-type': 'text/plain', 'x-store-signature': sign(SECRET, 'hello', nowSeconds(t)) },
    });
    assert.equal(text.status, 415);
    const logs = await webhookLogs(t);
    const reasons = logs.slice(-5).map((l) => [l.outcome, l.reason]);
    assert.deepEqual(reasons, [
      ['rejected', 'unknown_token'],
      ['rejected', 'validation_failed'],
      ['rejected', 'malformed_json'],
      ['rejected', 'unsupported_media_type'],
      ['rejected', 'unsupported_media_type'],
    ]);
  });

  it('the webhook log never holds a whole token, a signature or a secret', async () => {
    const { token } = await initiate(t, u.token, 400);
    const raw = JSON.stringify(creditBody(token, 400, 'A-LOG'));
    const header = sign(SECRET, raw, nowSeconds(t));
    await signedCall(t, 'topup-credit', null, { raw, header });
    const dump = JSON.stringify(await webhookLogs(t));
    assert.ok(!dump.includes(token));
    assert.ok(!dump.includes(header.split('v1=')[1]!));
    assert.ok(!dump.includes(SECRET) && !dump.includes(NEXT_SECRET));
    const row = (await webhookLogs(t)).find((l) => l.gateway_txn_id === 'A-LOG')!;
    assert.equal(row.token, token.slice(0, 8));
    assert.ok(row.topup_id);
  });

  it('an expired top-up shows expired, and a gateway-confirmed credit for it is still accepted (the money was taken)', async () => {
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, u.token, 900);
    t.clock.advance(HOUR);
    const tok = await fresh();
    assert.equal((await status(tok, token)).body.status, 'expired');
    const look = await signedCall(t, 'topup-lookup', { token });
    assert.equal(look.body.status, 'expired');
    const res = await signedCall(t, 'topup-credit', creditBody(token, 900, 'A-LATE'));
    assert.deepEqual(res.body, { credited: true, balance: before + 900 });
    assert.equal((await status(tok, token)).body.status, 'completed');
    assert.equal(await assertLedgerMatches(t, u.id), before + 900);
  });

  it('another user polling my top-up gets 404, as does an unknown token', async () => {
    const tok = await fresh();
    const { token } = await initiate(t, tok, 100);
    const mallory = await registerUser(t.app);
    const res = await status(mallory.token, token);
    assert.deepEqual([res.status, res.body.error], [404, 'not_found']);
    assert.equal((await status(tok, 'does-not-exist')).status, 404);
    assert.equal((await status(tok, token)).status, 200);
  });

  it('topup-lookup (signed) answers what a token pays for; 404 unknown; 401 unsigned', async () => {
    const tok = await fresh();
    const { token, expires_at } = await initiate(t, tok, 4321);
    const res = await signedCall(t, 'topup-lookup', { token });
    const gateways = [{ code: 'gateway_a', name: null }, { code: 'gateway_b', name: null }];
    assert.deepEqual([res.status, res.body], [200, { status: 'pending', amount: 4321, currency: 'INR', expires_at, gateways }]);
    assert.equal((await signedCall(t, 'topup-lookup', { token: 'nope' })).status, 404);
    assert.equal((await signedCall(t, 'topup-lookup', { token }, { header: null })).status, 401);
    const log = (await webhookLogs(t)).at(-1)!;
    assert.deepEqual([log.endpoint, log.outcome, log.reason], ['topup-lookup', 'rejected', 'invalid_signature:missing']);
  });

  it('topup-attach (signed) records the gateway order on a pending top-up only', async () => {
    const tok = await fresh();
    const { token } = await initiate(t, tok, 100);
    const res = await signedCall(t, 'topup-attach', { token, gateway: 'gateway_b', gateway_order_id: 'ORDER-1' });
    assert.deepEqual([res.status, res.body], [200, { attached: true, status: 'pending' }]);
    const row = await t.db.database.db.selectFrom('topups').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    assert.deepEqual([row.attached_gateway, row.gateway_order_id], ['gateway_b', 'ORDER-1']);
    await signedCall(t, 'topup-credit', creditBody(token, 100, 'A-ATT'));
    const late = await signedCall(t, 'topup-attach', { token, gateway: 'gateway_b', gateway_order_id: 'ORDER-2' });
    assert.deepEqual(late.body, { attached: false, status: 'completed' });
    assert.equal((await signedCall(t, 'topup-attach', { token: 'nope', gateway: 'gateway_b', gateway_order_id: 'X' })).status, 404);
    assert.equal((await signedCall(t, 'topup-attach', { token, gateway: 'paypal', gateway_order_id: 'X' })).status, 400);
    assert.equal((await signedCall(t, 'topup-attach', { token, gateway: 'gateway_b', gateway_order_id: 'X' }, { secret: 'wrong-secret-000000000' })).status, 401);
  });

  it('50 simultaneous replays of one signed credit credit exactly once', async () => {
    const tok = await fresh();
    const before = await balanceOf(t, u.id);
    const { token } = await initiate(t, tok, 777);
    const raw = JSON.stringify(creditBody(token, 777, 'A-RACE'));
    const header = sign(SECRET, raw, nowSeconds(t));
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => signedCall(t, 'topup-credit', null, { raw, header })),
      status(tok, token),
    ]);
    const credits = results.slice(0, 50);
    assert.ok(credits.every((r) => r.status === 200), credits.map((r) => r.status).join(','));
    assert.equal(credits.filter((r) => r.body.credited === true).length, 1);
    assert.equal(credits.filter((r) => r.body.duplicate === true).length, 49);
    assert.equal(await assertLedgerMatches(t, u.id), before + 777);
    const ledger = await t.db.database.db.selectFrom('wallet_transactions').select('id').where('type', '=', 'topup').where('user_id', '=', u.id).execute();
    const logs = (await webhookLogs(t)).filter((l) => l.gateway_txn_id === 'A-RACE');
    assert.equal(logs.filter((l) => l.outcome === 'credited').length, 1);
    assert.equal(logs.filter((l) => l.outcome === 'duplicate').length, 49);
    assert.ok(ledger.length > 0);
  });

  it('POST /wallet/topup does not exist', async () => {
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup', { token: u.token, body: { amount: 100 } })).status, 404);
  });
});

describe("the admin's payment-gateway records decide what the hosted page offers", () => {
  let t: TestApp;
  let admin: TestUser;
  let u: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET, TOPUP_MIN: '100', TOPUP_MAX: '500000' });
    admin = await createAdmin(t);
    u = await registerUser(t.app);
  });
  after(() => t.close());

  const gateway = async (body: Record<string, unknown>) => {
    const res = await call(t.app, 'POST', '/api/v1/admin/payment-gateways', { token: admin.token, body });
    assert.equal(res.status, 201, res.text);
    return res.body.id as string;
  };
  const edit = (id: string, body: Record<string, unknown>) => call(t.app, 'PUT', `/api/v1/admin/payment-gateways/${id}`, { token: admin.token, body });
  const offered = async (token: string) => (await signedCall(t, 'topup-lookup', { token })).body.gateways.map((g: { code: string }) => g.code);
  const topups = async () => (await t.db.database.db.selectFrom('topups').select('id').execute()).length;

  it('bounds and the on/off switch narrow the offer; a gateway without a record is still offered', async () => {
    const a = await gateway({ code: 'gateway_a', name: 'Cards', min_amount: 1000, max_amount: 20000, sort_order: 2 });
    const b = await gateway({ code: 'gateway_b', name: 'Wallet app', sort_order: 1 });
    const mid = await initiate(t, u.token, 5000);
    assert.deepEqual(await offered(mid.token), ['gateway_b', 'gateway_a'], 'both, in sort_order');
    assert.deepEqual((await signedCall(t, 'topup-lookup', { token: mid.token })).body.gateways[0], { code: 'gateway_b', name: 'Wallet app' });
    const small = await initiate(t, u.token, 500);
    assert.deepEqual(await offered(small.token), ['gateway_b'], 'below gateway A minimum');

    assert.equal((await edit(b, { is_active: false })).status, 200);
    assert.deepEqual(await offered(mid.token), ['gateway_a'], 'a gateway switched off disappears, also for a token minted before');
    assert.deepEqual(await offered(small.token), []);

    const before = await topups();
    const refused = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 500 } });
    assert.deepEqual([refused.status, refused.body.error, refused.body.details[0].field], [400, 'validation_failed', 'body/amount'], 'no active gateway takes 500');
    const above = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 20001 } });
    assert.equal(above.status, 400, 'above gateway A maximum');
    assert.equal(await topups(), before, 'a refused initiate mints nothing');
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 20000 } })).status, 201, 'the maximum itself is inside');

    // TOPUP_MIN/TOPUP_MAX stay the outer bounds, whatever a record allows.
    assert.equal((await edit(a, { min_amount: 0, max_amount: 900000 })).status, 200);
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 600000 } })).status, 400);
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 99 } })).status, 400);

    // A gateway with no record keeps working as before records existed.
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/payment-gateways/${b}`, { token: admin.token })).status, 204);
    assert.deepEqual(await offered(small.token), ['gateway_a', 'gateway_b']);
  });
});

describe('top-up gates: fail closed until configured', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({});
  });
  after(() => t.close());

  it('topup-initiate is 503 topup_disabled without TOPUP_PAGE_BASE_URL', async () => {
    const u = await registerUser(t.app);
    const res = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, body: { amount: 500 } });
    assert.deepEqual([res.status, res.body.error], [503, 'topup_disabled']);
    assert.equal((await t.db.database.db.selectFrom('topups').select('id').execute()).length, 0);
  });

  it('the closed gate comes before the body: an invalid or malformed body is 503 too, but no token is still 401', async () => {
    const u = await registerUser(t.app);
    for (const options of [{ body: { amount: 'lots' } }, { body: {} }, { raw: '{"amount":' }]) {
      const res = await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { token: u.token, ...options });
      assert.deepEqual([res.status, res.body.error], [503, 'topup_disabled'], JSON.stringify(options));
    }
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/topup-initiate', { body: { amount: 'lots' } })).status, 401);
  });

  it('signed routes are 503 callback_disabled without STORE_WEBHOOK_SECRET, and the attempt is logged', async () => {
    for (const path of ['topup-credit', 'topup-lookup', 'topup-attach']) {
      const res = await signedCall(t, path, creditBody('tok-unconfigured', 500, 'A-OFF'));
      assert.deepEqual([res.status, res.body.error], [503, 'callback_disabled'], path);
    }
    const logs = await webhookLogs(t);
    assert.deepEqual(logs.map((l) => [l.endpoint, l.outcome, l.reason]), [
      ['topup-credit', 'error', 'callback_not_configured'],
      ['topup-lookup', 'error', 'callback_not_configured'],
      ['topup-attach', 'error', 'callback_not_configured'],
    ]);
  });
});

describe('webhook log completeness', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
  });
  after(() => t.close());

  it('an oversized body and a signed body failing the schema are refused and still logged', async () => {
    const before = (await webhookLogs(t)).length;
    const huge = JSON.stringify({ token: 'x'.repeat(20_000), amount: 1, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: 't' });
    const big = await signedCall(t, 'topup-credit', undefined, { raw: huge });
    assert.equal(big.status, 413);
    const invalid = await signedCall(t, 'topup-credit', { token: 'abc', amount: 'ten' });
    assert.equal(invalid.status, 400);
    const logs = await webhookLogs(t);
    assert.equal(logs.length, before + 2);
    assert.deepEqual(logs.slice(-2).map((l) => [l.endpoint, l.outcome]), [['topup-credit', 'rejected'], ['topup-credit', 'rejected']]);
  });
});

describe('signed bodies carrying NUL', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
  });
  after(() => t.close());

  it('a correctly signed credit with a NUL in a field is a logged 400 on both databases, never a 500 or a credit', async () => {
    const u = await registerUser(t.app);
    const { token } = await initiate(t, u.token, 1000);
    const res = await signedCall(t, 'topup-credit', creditBody(token, 1000, 'txn\u0000x'));
    assert.equal(res.status, 400);
    const last = (await webhookLogs(t)).at(-1)!;
    assert.deepEqual([last.endpoint, last.outcome, last.reason], ['topup-credit', 'rejected', 'malformed_json']);
    assert.equal(await balanceOf(t, u.id), 0);
  });
});
