import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { applyMovement } from '../src/modules/ledger/ledger.ts';
import { PAGE_BASE, SECRET, assertLedgerMatches, creditBody, initiate, signedCall } from './support/wallet.ts';
import { order, product } from './orders-fixtures.ts';

describe('admin money routes: transactions, user ledger, webhook log', () => {
  let t: TestApp;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    admin = await createAdmin(t);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    const a = await initiate(t, alice.token, 1000);
    await signedCall(t, 'topup-credit', creditBody(a.token, 1000, 'ADM-1'));
    await signedCall(t, 'topup-credit', creditBody(a.token, 1000, 'ADM-1')); // duplicate
    await signedCall(t, 'topup-credit', creditBody(a.token, 999, 'ADM-2')); // rejected
    await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: alice.token });
    await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: bob.token });
  });
  after(() => t.close());

  const routes = ['/api/v1/admin/transactions', `/api/v1/admin/users/ID/ledger`, '/api/v1/admin/webhook/logs'];

  it('every admin money route is 403 for a user token and 401 without one', async () => {
    for (const r of routes) {
      const url = r.replace('ID', alice.id);
      const res = await call(t.app, 'GET', url, { token: alice.token });
      assert.deepEqual([res.status, res.body.error], [403, 'forbidden'], url);
      assert.equal((await call(t.app, 'GET', url)).status, 401, url);
    }
  });

  it('GET /admin/transactions lists every user newest first, filters by user_id and type, and pages', async () => {
    const all = await call(t.app, 'GET', '/api/v1/admin/transactions', { token: admin.token });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.items.map((x: any) => [x.user_id, x.type]), [
      [bob.id, 'daily_spin'],
      [alice.id, 'daily_spin'],
      [alice.id, 'topup'],
    ]);
    const mine = await call(t.app, 'GET', `/api/v1/admin/transactions?user_id=${alice.id}&type=topup`, { token: admin.token });
    assert.equal(mine.body.items.length, 1);
    assert.equal(mine.body.items[0].amount, 1000);
    const p1 = await call(t.app, 'GET', '/api/v1/admin/transactions?limit=2', { token: admin.token });
    assert.equal(p1.body.items.length, 2);
    const p2 = await call(t.app, 'GET', `/api/v1/admin/transactions?limit=2&cursor=${p1.body.next_cursor}`, { token: admin.token });
    assert.deepEqual([p2.body.items.length, p2.body.next_cursor], [1, null]);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/transactions?type=bogus', { token: admin.token })).status, 400);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/transactions?limit=101', { token: admin.token })).status, 400);
  });

  it('GET /admin/users/:uid/ledger shows that user only, with the wallet it sums to; unknown user 404', async () => {
    const res = await call(t.app, 'GET', `/api/v1/admin/users/${alice.id}/ledger`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.items.map((x: any) => x.type), ['daily_spin', 'topup']);
    assert.equal(res.body.items[0].balance_after, 1100);
    assert.equal(res.body.wallet.shopping_credits, 1100);
    assert.equal(await assertLedgerMatches(t, alice.id), 1100);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/users/nobody/ledger', { token: admin.token })).status, 404);
  });

  it('GET /admin/webhook/logs lists every callback with its outcome and filters by outcome', async () => {
    const res = await call(t.app, 'GET', '/api/v1/admin/webhook/logs', { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.items.map((x: any) => x.outcome), ['rejected', 'duplicate', 'credited']);
    const row = res.body.items[2];
    assert.deepEqual(Object.keys(row).sort(), ['created_at', 'endpoint', 'gateway', 'gateway_txn_id', 'id', 'outcome', 'reason', 'token', 'topup_id']);
    assert.deepEqual([row.endpoint, row.gateway, row.gateway_txn_id], ['topup-credit', 'gateway_a', 'ADM-1']);
    assert.equal(row.token.length, 8);
    const rejected = await call(t.app, 'GET', '/api/v1/admin/webhook/logs?outcome=rejected', { token: admin.token });
    assert.deepEqual(rejected.body.items.map((x: any) => x.reason), ['amount_mismatch']);
    assert.equal((await call(t.app, 'GET', '/api/v1/admin/webhook/logs?outcome=nope', { token: admin.token })).status, 400);
  });
});

describe('admin wallet adjustments: POST /admin/users/:uid/adjustments', () => {
  let t: TestApp;
  let admin: TestUser;
  let carol: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    admin = await createAdmin(t);
    carol = await registerUser(t.app);
    const a = await initiate(t, carol.token, 700);
    await signedCall(t, 'topup-credit', creditBody(a.token, 700, 'ADJ-1'));
  });
  after(() => t.close());

  const adjust = (uid: string, body: unknown, options: { key?: string; token?: string } = {}) =>
    call(t.app, 'POST', `/api/v1/admin/users/${uid}/adjustments`, {
      token: options.token ?? admin.token,
      body,
      ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
    });
  const adjustments = () => t.db.database.db.selectFrom('wallet_adjustments').selectAll().orderBy('id').execute();

  it('a debit writes one adjustment ledger row with the admin and reason; the balance stays the ledger sum', async () => {
    const down = await adjust(carol.id, { amount: -150, reason: '  write-off of a goodwill credit  ' });
    assert.equal(down.status, 201, down.text);
    assert.deepEqual([down.body.amount, down.body.admin_id, down.body.reason, down.body.reverses], [-150, admin.id, 'write-off of a goodwill credit', null]);
    assert.deepEqual([down.body.transaction.type, down.body.transaction.amount, down.body.transaction.balance_after], ['adjustment', -150, 550]);
    assert.equal(down.body.transaction.reference, `adjustment:${down.body.id}`);
    assert.equal(await assertLedgerMatches(t, carol.id), 550);
    const rows = await adjustments();
    assert.deepEqual(rows.map((r) => [Number(r.amount), r.admin_id, r.transaction_id, r.reverses, Number(r.reversed)]), [[-150, admin.id, down.body.transaction.id, null, 0]]);
  });

  it('money enters only by top-up: a positive amount without reverses, or a debit with it, is 400 adjustment_not_allowed and changes nothing', async () => {
    const before = await assertLedgerMatches(t, carol.id);
    const count = (await adjustments()).length;
    const debit = (await adjustments())[0]!;
    for (const body of [{ amount: 5000, reason: 'goodwill' }, { amount: 1, reason: 'one' }, { amount: -10, reason: 'debit', reverses: debit.id }]) {
      const res = await adjust(carol.id, body, { key: `not-allowed-${body.amount}` });
      assert.deepEqual([res.status, res.body.error], [400, 'adjustment_not_allowed'], JSON.stringify(body));
      assert.match(res.body.message, /debit/);
    }
    assert.equal(await assertLedgerMatches(t, carol.id), before);
    assert.equal((await adjustments()).length, count);
  });

  it('a reversal gives back an earlier debit, at most what remains of it; the rest is 409 reversal_exceeds_debit', async () => {
    const before = await assertLedgerMatches(t, carol.id);
    const debit = await adjust(carol.id, { amount: -300, reason: 'clear before deletion' });
    assert.equal(debit.status, 201, debit.text);
    const back1 = await adjust(carol.id, { amount: 100, reason: 'deletion withdrawn', reverses: debit.body.id });
    assert.equal(back1.status, 201, back1.text);
    assert.deepEqual([back1.body.amount, back1.body.reverses, back1.body.transaction.amount], [100, debit.body.id, 100]);
    const over = await adjust(carol.id, { amount: 201, reason: 'too much', reverses: debit.body.id });
    assert.deepEqual([over.status, over.body.error, over.body.remaining, over.body.message], [409, 'reversal_exceeds_debit', 200, 'At most 200 of this debit remains to give back'], over.text);
    assert.equal((await adjust(carol.id, { amount: 200, reason: 'the rest', reverses: debit.body.id })).status, 201);
    const more = await adjust(carol.id, { amount: 1, reason: 'once more', reverses: debit.body.id });
    assert.deepEqual([more.status, more.body.error, more.body.remaining], [409, 'reversal_exceeds_debit', 0]);
    assert.equal(await assertLedgerMatches(t, carol.id), before);
    const row = (await adjustments()).find((r) => r.id === debit.body.id)!;
    assert.equal(Number(row.reversed), 300);
  });

  it('a reversal of a reversal, of a credit, of another user\'s or an unknown adjustment is refused and changes nothing', async () => {
    const dave = await registerUser(t.app);
    const a = await initiate(t, dave.token, 500);
    await signedCall(t, 'topup-credit', creditBody(a.token, 500, 'ADJ-DAVE'));
    const davesDebit = await adjust(dave.id, { amount: -50, reason: 'dave write-off' });
    const debit = await adjust(carol.id, { amount: -40, reason: 'to reverse' });
    const reversal = await adjust(carol.id, { amount: 10, reason: 'partly back', reverses: debit.body.id });
    assert.equal(reversal.status, 201);
    // A row from before reversals existed: a credit by hand. It stays as it is and cannot be reversed.
    const legacy = { ...(await adjustments()).find((r) => r.id === debit.body.id)!, id: '00000000-0000-7000-8000-0000000000aa', amount: 25, reason: 'old goodwill', idempotency_key: null, reversed: 0 };
    await t.db.database.db.transaction().execute(async (trx) => {
      const tx = await applyMovement(t.app.ctx, trx, { userId: carol.id, type: 'adjustment', amount: 25, reference: `adjustment:${legacy.id}` });
      await trx.insertInto('wallet_adjustments').values({ ...legacy, transaction_id: tx.id }).execute();
    });
    const before = await assertLedgerMatches(t, carol.id);
    const count = (await adjustments()).length;
    const cases: Array<[string, number, string]> = [
      [reversal.body.id, 409, 'adjustment_not_reversible'],
      [legacy.id, 409, 'adjustment_not_reversible'],
      [davesDebit.body.id, 404, 'not_found'],
      ['00000000-0000-7000-8000-000000000000', 404, 'not_found'],
      ['x'.repeat(64), 404, 'not_found'],
    ];
    for (const [reverses, status, error] of cases) {
      const res = await adjust(carol.id, { amount: 5, reason: 'reverse', reverses });
      assert.deepEqual([res.status, res.body.error], [status, error], reverses);
      assert.equal(res.body.message, status === 404 ? 'adjustment not found' : 'Only a debit adjustment can be reversed');
    }
    assert.equal(await assertLedgerMatches(t, carol.id), before);
    assert.equal(await assertLedgerMatches(t, dave.id), 450);
    assert.equal((await adjustments()).length, count);
  });

  it('a debit below zero is 402 and changes nothing', async () => {
    const before = await assertLedgerMatches(t, carol.id);
    const count = (await adjustments()).length;
    const res = await adjust(carol.id, { amount: -(before + 1), reason: 'too much' });
    assert.deepEqual([res.status, res.body.error], [402, 'insufficient_credits']);
    assert.equal(await assertLedgerMatches(t, carol.id), before);
    assert.equal((await adjustments()).length, count);
  });

  it('the same Idempotency-Key answers the first adjustment once; another amount, reason or debit with it is 409', async () => {
    const balance = await assertLedgerMatches(t, carol.id);
    const first = await adjust(carol.id, { amount: -20, reason: 'retry me' }, { key: 'adj-key-1' });
    assert.equal(first.headers['idempotent-replayed'], undefined, 'the first answer is no replay');
    const again = await adjust(carol.id, { amount: -20, reason: 'retry me' }, { key: 'adj-key-1' });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(await assertLedgerMatches(t, carol.id), balance - 20, 'moved once');
    for (const body of [{ amount: -21, reason: 'retry me' }, { amount: -20, reason: 'other' }]) {
      const res = await adjust(carol.id, body, { key: 'adj-key-1' });
      assert.deepEqual([res.status, res.body.error, res.body.message], [409, 'idempotency_conflict', 'This Idempotency-Key was used for another adjustment']);
    }
    // The key is the admin's, bound to the user it was used for: the same key for another user is 409.
    const elsewhere = await registerUser(t.app);
    const moved = await adjust(elsewhere.id, { amount: -20, reason: 'retry me' }, { key: 'adj-key-1' });
    assert.deepEqual([moved.status, moved.body.error], [409, 'idempotency_conflict']);
    // A reversal retried answers the first reversal; with that key, giving back another debit is 409.
    const back = await adjust(carol.id, { amount: 5, reason: 'give back', reverses: first.body.id }, { key: 'adj-key-3' });
    assert.equal(back.status, 201, back.text);
    assert.deepEqual((await adjust(carol.id, { amount: 5, reason: 'give back', reverses: first.body.id }, { key: 'adj-key-3' })).body, back.body);
    const other = await adjust(carol.id, { amount: -1, reason: 'another debit' });
    const swapped = await adjust(carol.id, { amount: 5, reason: 'give back', reverses: other.body.id }, { key: 'adj-key-3' });
    assert.deepEqual([swapped.status, swapped.body.error], [409, 'idempotency_conflict']);
    assert.equal(await assertLedgerMatches(t, carol.id), balance - 20 + 5 - 1);
    // Concurrent first uses of one key still move once.
    const racing = await Promise.all([1, 2, 3].map(() => adjust(carol.id, { amount: -5, reason: 'race' }, { key: 'adj-key-2' })));
    assert.deepEqual(racing.map((r) => r.status), [201, 201, 201]);
    assert.equal(new Set(racing.map((r) => r.body.id)).size, 1);
    assert.equal(await assertLedgerMatches(t, carol.id), balance - 20 + 5 - 1 - 5);
  });

  it('bad input is 400 and changes nothing; a user token is 403; an unknown user 404', async () => {
    const before = await assertLedgerMatches(t, carol.id);
    const bad = [
      { amount: 0, reason: 'zero' },
      { amount: '-10', reason: 'string' },
      { amount: -1.5, reason: 'float' },
      { amount: -10 },
      { amount: -10, reason: '   ' },
      { amount: -1e13, reason: 'huge' },
      { amount: 10, reason: 'empty id', reverses: '' },
      { amount: 10, reason: 'number id', reverses: 7 },
    ];
    for (const body of bad) {
      const res = await adjust(carol.id, body);
      assert.deepEqual([res.status, res.body.error], [400, 'validation_failed'], JSON.stringify(body));
    }
    const blank = await adjust(carol.id, { amount: -10, reason: '   ' });
    assert.deepEqual([blank.body.message, blank.body.details], ['reason must not be blank', [{ field: 'body/reason', message: 'must not be blank' }]]);
    assert.equal((await adjust(carol.id, { amount: -10, reason: 'x' }, { token: carol.token })).status, 403);
    const unknown = await adjust('00000000-0000-7000-8000-000000000000', { amount: -10, reason: 'x' });
    assert.deepEqual([unknown.status, unknown.body.message], [404, 'user not found']);
    const gone = await registerUser(t.app);
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/users/${gone.id}`, { token: admin.token })).status, 204);
    const deleted = await adjust(gone.id, { amount: -10, reason: 'x' });
    assert.deepEqual([deleted.status, deleted.body.error, deleted.body.message], [409, 'conflict', 'The user is deleted']);
    assert.equal(await assertLedgerMatches(t, carol.id), before);
  });
});

describe('GET /admin/payments-to-return: second payments for completed top-ups', () => {
  let t: TestApp;
  let admin: TestUser;
  let erin: TestUser;
  let a: { token: string };
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    admin = await createAdmin(t);
    erin = await registerUser(t.app, { full_name: 'Erin Payer' });
    a = await initiate(t, erin.token, 1200);
    const b = await initiate(t, erin.token, 800);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(a.token, 1200, 'RET-FIRST'))).body.credited, true);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(b.token, 800, 'RET-B'))).body.credited, true);
    // Second payments: one told twice (listed once), one at the other gateway; a duplicate and a reused id are not listed.
    for (const [token, amount, txn, gateway] of [
      [a.token, 1200, 'RET-SECOND', 'gateway_a'],
      [a.token, 1200, 'RET-SECOND', 'gateway_a'],
      [b.token, 800, 'RET-THIRD', 'gateway_b'],
      [a.token, 1200, 'RET-FIRST', 'gateway_a'],
      [b.token, 800, 'RET-FIRST', 'gateway_a'],
    ] as const) {
      await signedCall(t, 'topup-credit', creditBody(token, amount, txn, gateway));
    }
  });
  after(() => t.close());

  const list = (query = '', token = admin.token) => call(t.app, 'GET', `/api/v1/admin/payments-to-return${query}`, { token });

  it('lists each second payment once, newest first, with the payer, the amount and the payment that completed the top-up', async () => {
    const res = await list();
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.items.map((x: any) => [x.gateway, x.gateway_txn_id, x.amount, x.currency, x.completed_by.gateway_txn_id, x.endpoint]),
      [
        ['gateway_b', 'RET-THIRD', 800, 'INR', 'RET-B', 'topup-credit'],
        ['gateway_a', 'RET-SECOND', 1200, 'INR', 'RET-FIRST', 'topup-credit'],
      ],
    );
    const item = res.body.items[1];
    assert.deepEqual([item.user_id, item.user], [erin.id, { id: erin.id, full_name: 'Erin Payer', phone: erin.phone }]);
    assert.deepEqual(item.completed_by, { gateway: 'gateway_a', gateway_txn_id: 'RET-FIRST' });
    assert.equal(res.body.next_cursor, null);
    assert.equal(await assertLedgerMatches(t, erin.id), 2000, 'only the first payments were credited');
  });

  it('pages with a cursor; bad paging is 400; a user token is 403 and none 401', async () => {
    const p1 = await list('?limit=1');
    assert.deepEqual([p1.body.items.length, p1.body.items[0].gateway_txn_id], [1, 'RET-THIRD']);
    const p2 = await list(`?limit=1&cursor=${p1.body.next_cursor}`);
    assert.deepEqual([p2.body.items.map((x: any) => x.gateway_txn_id), p2.body.next_cursor], [['RET-SECOND'], null]);
    assert.equal((await list('?limit=0')).status, 400);
    assert.equal((await list('?cursor=%00')).status, 400);
    assert.deepEqual([(await list('', erin.token)).status, (await call(t.app, 'GET', '/api/v1/admin/payments-to-return')).status], [403, 401]);
  });
});

describe("the admins' ledger of a user names where each movement came from", () => {
  let t: TestApp;
  let admin: TestUser;
  before(async () => {
    t = await createTestApp({ TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET });
    admin = await createAdmin(t);
  });
  after(() => t.close());
  const as = (method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, method, `/api/v1${url}`, { token: admin.token, ...(body !== undefined ? { body } : {}) });

  it('an order, its refund and reason, a top-up at its gateway, an adjustment and its reversal with their reasons, a daily spin; the transactions list too', async () => {
    const u = await registerUser(t.app);
    const top = await initiate(t, u.token, 5000);
    assert.equal((await signedCall(t, 'topup-credit', creditBody(top.token, 5000, 'SRC-1'))).status, 200);
    const topup = await t.db.database.db.selectFrom('topups').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    const pid = await product(t, admin, 1200, 5);
    const placed = await order(t, u, [{ product_id: pid, quantity: 1 }]);
    assert.equal(placed.status, 201, placed.text);
    const refund = await as('POST', `/admin/orders/${placed.body.id}/refund`, { amount: 200, reason: 'Dented lid' });
    assert.equal(refund.status, 201, refund.text);
    const debit = await as('POST', `/admin/users/${u.id}/adjustments`, { amount: -300, reason: 'Duplicate credit' });
    assert.equal(debit.status, 201, debit.text);
    const back = await as('POST', `/admin/users/${u.id}/adjustments`, { amount: 100, reason: 'Partly in error', reverses: debit.body.id });
    assert.equal(back.status, 201, back.text);
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: u.token })).status, 200);

    const res = await as('GET', `/admin/users/${u.id}/ledger`);
    assert.equal(res.status, 200, res.text);
    const none = { order_id: null, reason: null, gateway: null, gateway_txn_id: null, reverses: null };
    assert.deepEqual(
      res.body.items.map((x: any) => [x.type, x.source]),
      [
        ['daily_spin', { ...none, kind: 'daily_spin', id: t.clock.now().toISOString().slice(0, 10) }],
        ['adjustment', { ...none, kind: 'adjustment', id: back.body.id, reason: 'Partly in error', reverses: debit.body.id }],
        ['adjustment', { ...none, kind: 'adjustment', id: debit.body.id, reason: 'Duplicate credit' }],
        ['order_refund', { ...none, kind: 'refund', id: refund.body.id, order_id: placed.body.id, reason: 'Dented lid' }],
        ['order_payment', { ...none, kind: 'order', id: placed.body.id, order_id: placed.body.id }],
        ['topup', { ...none, kind: 'topup', id: topup.id, gateway: 'gateway_a', gateway_txn_id: 'SRC-1' }],
      ],
    );
    // A reference that names nothing stored (a movement written by hand) has no source.
    // Everyone's transactions name the same sources.
    const all = await as('GET', `/admin/transactions?user_id=${u.id}`);
    assert.deepEqual(all.body.items.map((x: any) => x.source), res.body.items.map((x: any) => x.source));
    const { database } = t.db;
    await database.db.transaction().execute((trx) => applyMovement(t.app.ctx, trx, { userId: u.id, type: 'adjustment', amount: 1, reference: 'adjustment:gone' }));
    assert.equal((await as('GET', `/admin/users/${u.id}/ledger?limit=1`)).body.items[0].source, null);
  });
});
