/**
 * Storms that really race: the requests are shared out over four API processes, each
 * with its own database connection(s) on one database (SQLite: one file in WAL, one connection
 * per process; PostgreSQL: four pool clients per process). In one process Kysely's SQLite driver
 * runs transactions one after another, so only separate processes can interleave them there.
 * Each storm ends on exact outcomes, not merely "no 500": one credit per token, no overdraft,
 * stock never below zero and equal to what was not sold, one refund per won cancel, and
 * balance = ledger sum. docs/testing.md records the mutants each of them catches.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minorToDecimal } from '@storefront/money';
import { sign } from '@storefront/signing';
import { createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { countRows, credit, order, product, stockOf } from './orders-fixtures.ts';
import { GatewayBSim, SIM_CLIENT_ID, SIM_CLIENT_SECRET } from './support/gateway-b-sim.ts';
import { startStorms, tally, type StormRequest, type Storms } from './support/storm.ts';
import { PAGE_BASE, SECRET, assertLedgerMatches, creditBody, initiate, nowSeconds, signedCall } from './support/wallet.ts';

describe('storms across processes', () => {
  let t: TestApp;
  let admin: TestUser;
  let storms: Storms;
  let sim: GatewayBSim;
  before(async () => {
    sim = await new GatewayBSim().start();
    const env = { TOPUP_PAGE_BASE_URL: PAGE_BASE, STORE_WEBHOOK_SECRET: SECRET, GATEWAY_B_CLIENT_ID: SIM_CLIENT_ID, GATEWAY_B_CLIENT_SECRET: SIM_CLIENT_SECRET, GATEWAY_B_API_BASE: sim.url };
    t = await createTestApp(env);
    admin = await createAdmin(t);
    storms = await startStorms(t, { env });
  });
  after(async () => {
    await storms?.close();
    await t.close();
    await sim.stop();
  });

  it('signed credits for 4 top-ups replayed 12 times each, and a gateway B one racing status polls that self-heal: one credit per token', async () => {
    const u = await registerUser(t.app);
    const amounts = [10_000, 20_000, 30_000, 40_000];
    const tokens = [];
    for (const a of amounts) tokens.push((await initiate(t, u.token, a)).token);
    // The fifth is paid through gateway B, which says so: every status poll would credit it if it could.
    const b = await initiate(t, u.token, 50_000);
    sim.orders.set('STORM-ORDER-B', { status: 'COMPLETED', customId: b.token, value: minorToDecimal(50_000, 'INR'), currency: 'INR', capture: { id: 'STORM-CAPTURE-B', status: 'COMPLETED' } });
    assert.equal((await signedCall(t, 'topup-attach', { token: b.token, gateway: 'gateway_b', gateway_order_id: 'STORM-ORDER-B' })).status, 200);
    const signed = (body: unknown): StormRequest => {
      const raw = JSON.stringify(body);
      return { method: 'POST', url: '/api/v1/wallet/topup-credit', raw, headers: { 'x-store-signature': sign(SECRET, raw, nowSeconds(t)) } };
    };
    const requests: StormRequest[] = [];
    for (let r = 0; r < 12; r++) {
      tokens.forEach((token, k) => requests.push(signed(creditBody(token, amounts[k]!, `STORM-TXN-${k}`))));
      requests.push(r % 2 === 0 ? signed(creditBody(b.token, 50_000, 'STORM-CAPTURE-B', 'gateway_b')) : { method: 'GET', url: `/api/v1/wallet/topup-status/${b.token}`, token: u.token });
    }
    const answers = await storms.run(requests);
    assert.deepEqual(tally(answers), { 200: requests.length }, 'every replay and poll is answered 200');
    [...tokens, b.token].forEach((_, k) => {
      const mine = answers.filter((_, i) => i % 5 === k);
      const credits = mine.filter((a) => a.body.credited === true).length;
      if (k < 4) assert.equal(credits, 1, `token ${k}: one answer credited`);
      // The gateway B top-up may be credited by a poll instead, whose answer only says completed.
      else assert.ok(credits <= 1 && mine.some((a) => a.body.credited === true || a.body.status === 'completed'), JSON.stringify(mine));
      assert.ok(mine.filter((a) => a.body.credited !== true && a.body.status === undefined).every((a) => a.body.duplicate === true));
    });
    const ledger = await t.db.database.db.selectFrom('wallet_transactions').select('amount').where('user_id', '=', u.id).where('type', '=', 'topup').execute();
    assert.deepEqual(ledger.map((r) => Number(r.amount)).sort((a, b) => a - b), [...amounts, 50_000], 'one ledger credit per top-up');
    assert.equal(await assertLedgerMatches(t, u.id), 150_000);
  });

  it('160 orders from 4 processes against stock for 30 and credits for 6 to 10 each: no overdraft, stock exactly what was not sold', async () => {
    const scarce = await product(t, admin, 500, 30, 'Scarce');
    const plenty = await product(t, admin, 300, 10_000, 'Plenty');
    const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    for (const u of users) await credit(t, u.id, 3_000);
    const requests: StormRequest[] = Array.from({ length: 160 }, (_, i) => ({
      method: 'POST',
      url: '/api/v1/orders',
      token: users[i % users.length]!.token,
      body: { items: [{ product_id: i % 2 === 0 ? scarce : plenty, quantity: 1 }] },
    }));
    const answers = await storms.run(requests);
    const counts = tally(answers);
    assert.deepEqual(Object.keys(counts).filter((k) => !['201', '402 insufficient_credits', '409 out_of_stock'].includes(k)), [], JSON.stringify(counts));
    const db = t.db.database.db;
    const sold = async (id: string) =>
      Number((await db.selectFrom('order_items').select((eb) => eb.fn.sum<number>('quantity').as('q')).where('product_id', '=', id).executeTakeFirstOrThrow()).q ?? 0);
    assert.equal(await stockOf(t, scarce), 30 - (await sold(scarce)), 'scarce stock fell by exactly what was sold');
    assert.equal(await stockOf(t, plenty), 10_000 - (await sold(plenty)), 'plenty stock fell by exactly what was sold');
    assert.ok((await stockOf(t, scarce)) >= 0);
    let spent = 0;
    for (const u of users) {
      const left = await assertLedgerMatches(t, u.id);
      spent += 3_000 - left;
      const placed = await db.selectFrom('orders').select((eb) => eb.fn.sum<number>('total').as('s')).where('user_id', '=', u.id).executeTakeFirstOrThrow();
      assert.equal(3_000 - left, Number(placed.s ?? 0), 'each wallet paid exactly its orders');
    }
    assert.equal(counts['201'], await countRows(t, 'orders'), 'one order row per 201');
    assert.ok((counts['402 insufficient_credits'] ?? 0) > 0 && spent > 0, JSON.stringify(counts));
  });

  it('cancels and refunds of 10 orders racing from 4 processes: one winning cancel each, refunded at most once, stock back once', async () => {
    const item = await product(t, admin, 1_000, 100, 'Refundable');
    const u = await registerUser(t.app);
    await credit(t, u.id, 30_000);
    const orders: string[] = [];
    for (let k = 0; k < 10; k++) {
      const res = await order(t, u, [{ product_id: item, quantity: 3 }]);
      assert.equal(res.status, 201, res.text);
      orders.push(res.body.id);
    }
    assert.equal(await stockOf(t, item), 70);
    const requests: StormRequest[] = [];
    for (const id of orders) {
      for (let r = 0; r < 3; r++) {
        requests.push({ method: 'POST', url: `/api/v1/orders/${id}/cancel`, token: u.token });
        requests.push({ method: 'POST', url: `/api/v1/admin/orders/${id}/status`, token: admin.token, body: { status: 'cancelled' } });
        requests.push({ method: 'POST', url: `/api/v1/admin/orders/${id}/refund`, token: admin.token, body: { amount: 1_000 } });
      }
    }
    const answers = await storms.run(requests);
    const counts = tally(answers);
    assert.deepEqual(Object.keys(counts).filter((k) => !['200', '201', '409 invalid_transition', '409 refund_exceeds_paid'].includes(k)), [], JSON.stringify(counts));
    const db = t.db.database.db;
    let stockBack = 0;
    for (const [k, id] of orders.entries()) {
      const mine = answers.filter((_, i) => Math.floor(i / 9) === k);
      const cancels = mine.filter((a, i) => i % 3 !== 2 && a.status === 200).length;
      const refunds = mine.filter((a, i) => i % 3 === 2 && a.status === 201).length;
      const o = await db.selectFrom('orders').select(['status', 'refunded_amount']).where('id', '=', id).executeTakeFirstOrThrow();
      const rows = await db.selectFrom('refunds').select('amount').where('order_id', '=', id).execute();
      const refunded = rows.reduce((s, r) => s + Number(r.amount), 0);
      assert.equal(cancels, o.status === 'cancelled' ? 1 : 0, `order ${k}: one winning cancel at most`);
      assert.equal(rows.length, refunds + cancels, `order ${k}: one refund row per winning refund or cancel`);
      assert.equal(Number(o.refunded_amount), refunded, `order ${k}: refunded amount is the sum of its refunds`);
      assert.ok(refunded <= 3_000, `order ${k}: refunded at most its total`);
      if (o.status === 'cancelled') stockBack += 3;
    }
    assert.equal(await stockOf(t, item), 70 + stockBack, 'stock came back once per cancelled order');
    const paidBack = await db.selectFrom('wallet_transactions').select((eb) => eb.fn.sum<number>('amount').as('s')).where('user_id', '=', u.id).where('type', '=', 'order_refund').executeTakeFirstOrThrow();
    const refundRows = await db.selectFrom('refunds').select((eb) => eb.fn.sum<number>('amount').as('s')).where('user_id', '=', u.id).executeTakeFirstOrThrow();
    assert.equal(Number(paidBack.s), Number(refundRows.s), 'one ledger credit per refund row');
    assert.equal(await assertLedgerMatches(t, u.id), Number(refundRows.s));
  });
});
