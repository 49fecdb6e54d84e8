import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { EXPORT_BATCH, text } from '../src/lib/csv.ts';
import { call, countingApp, createAdmin, createTestApp, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';

describe('admin CSV exports', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let orderId = '';
  let refunder = '';
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR' });
    t.clock.set('2026-03-10T12:00:00.000Z');
    admin = await createAdmin(t);
    buyer = await registerUser(t.app);
    await credit(t, buyer.id, 10_000);
    const p = await product(t, admin, 1234, 10, 'Kettle');
    t.clock.set('2026-03-10T12:01:00.000Z');
    orderId = (await order(t, buyer, [{ product_id: p, quantity: 2 }])).body.id;
    // Tokens last 15 minutes: sign in again after each jump of the clock.
    t.clock.set('2026-03-11T09:00:00.000Z');
    admin = await createAdmin(t);
    const refund = await call(t.app, 'POST', `/api/v1/admin/orders/${orderId}/refund`, {
      token: admin.token,
      body: { amount: 500, reason: '=HYPERLINK("http://evil.example","dented")' },
    });
    assert.equal(refund.status, 201, refund.text);
    refunder = admin.id;
    t.clock.set('2026-03-12T23:59:59.000Z');
    const login = await call(t.app, 'POST', '/api/v1/auth/login', { body: { phone: buyer.phone, password: buyer.password } });
    buyer = { ...buyer, token: login.body.custom_token };
    assert.equal((await call(t.app, 'POST', '/api/v1/wallet/daily-spin', { token: buyer.token })).status, 200);
    admin = await createAdmin(t);
  });
  after(() => t.close());

  const csv = async (path: string, token = admin.token) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/${path}`, headers: { 'x-sdk-access-token': token } });
    return { status: res.statusCode, headers: res.headers, text: res.body, rows: res.statusCode === 200 ? (parse(res.body, { bom: true, columns: true }) as Record<string, string>[]) : [] };
  };
  const list = async (path: string) => (await call(t.app, 'GET', `/api/v1/admin/${path}`, { token: admin.token })).body.items as any[];

  it('transactions: the rows the page shows for the same filters, money in major units with a currency, as an attachment', async () => {
    const res = await csv('transactions/export.csv');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="transactions.csv"/);
    assert.equal(res.text.split('\r\n')[0], '\uFEFFid,created_at,user_id,type,amount,currency,balance_after,reference', 'a UTF-8 byte-order mark, then the header');
    const page = await list('transactions?limit=100');
    assert.deepEqual(
      res.rows.map((r) => [r.id, r.created_at, r.user_id, r.type, r.amount, r.currency, r.balance_after]),
      page.map((x) => [x.id, x.created_at, x.user_id, x.type, (x.amount / 100).toFixed(2), 'INR', (x.balance_after / 100).toFixed(2)]),
    );
    assert.ok(res.rows.some((r) => r.type === 'order_payment' && r.amount === '-24.68'), 'a debit is a negative decimal');
  });

  it('transactions: type and date filters, where a date `to` includes that whole day', async () => {
    const onDay = await csv('transactions/export.csv?from=2026-03-12&to=2026-03-12');
    assert.deepEqual(onDay.rows.map((r) => r.type), ['daily_spin'], 'the spin at 23:59:59 is inside its day');
    assert.deepEqual(
      onDay.rows.map((r) => r.id),
      (await list('transactions?from=2026-03-12&to=2026-03-12')).map((x) => x.id),
      'the page and the export agree',
    );
    const refunds = await csv('transactions/export.csv?type=order_refund');
    assert.deepEqual(refunds.rows.map((r) => [r.type, r.amount]), [['order_refund', '5.00']]);
    const before = await csv('transactions/export.csv?to=2026-03-10T12:01:00Z');
    assert.equal(before.rows.length, 1, 'a date-time `to` is exclusive: only the credit before the order');
    for (const q of ['from=yesterday', 'from=2026-13-45', 'from=2026-03-12&to=2026-03-11']) {
      assert.equal((await csv(`transactions/export.csv?${q}`)).status, 400, q);
      assert.equal((await call(t.app, 'GET', `/api/v1/admin/transactions?${q}`, { token: admin.token })).status, 400, q);
    }
  });

  it('orders and refunds: the page rows, text that a spreadsheet would run as a formula kept as text', async () => {
    const orders = await csv('orders/export.csv?status=refunded');
    assert.equal(orders.rows.length, 0);
    const all = await csv(`orders/export.csv?user_id=${buyer.id}`);
    assert.deepEqual(all.rows.map((r) => [r.id, r.status, r.subtotal, r.total, r.refunded_amount, r.currency]), [[orderId, 'placed', '24.68', '24.68', '5.00', 'INR']]);
    const refunds = await csv(`refunds/export.csv?order_id=${orderId}`);
    assert.equal(refunds.rows.length, 1);
    assert.equal(refunds.rows[0]!.amount, '5.00');
    assert.equal(refunds.rows[0]!.admin_id, refunder);
    assert.equal(refunds.rows[0]!.reason, `'=HYPERLINK("http://evil.example","dented")`);
    assert.deepEqual(refunds.rows.map((r) => r.id), (await list(`refunds?order_id=${orderId}`)).map((x) => x.id));
  });

  it('reconciliation: the report as rows, totals in major units, the verdict', async () => {
    const res = await csv('reconciliation/export.csv?from=2026-03-01&to=2026-03-31');
    const get = (section: string, item: string) => res.rows.find((r) => r.section === section && r.item === item);
    assert.deepEqual([get('orders', 'placed')!.count, get('orders', 'placed')!.amount], ['1', '24.68']);
    assert.deepEqual([get('orders', 'refunds')!.amount, get('orders', 'refunds')!.currency], ['5.00', 'INR']);
    assert.ok(get('result', 'ok'), JSON.stringify(res.rows));
  });

  it('a refund reason is one cell a spreadsheet shows as text: line breaks, spaces, quotes, semicolons, formulas after spaces', async () => {
    // [reason, the cell read back, the field as written]
    const cases: [string, string, string][] = [
      ['dented\n=HYPERLINK("http://evil.example")', 'dented\n=HYPERLINK("http://evil.example")', '"dented\n=HYPERLINK(""http://evil.example"")"'],
      ['dented\n=1+1', 'dented\n=1+1', '"dented\n=1+1"'],
      ['dented\r=1+1', 'dented\r=1+1', '"dented\r=1+1"'],
      [' =1+1', "' =1+1", "' =1+1"],
      ['   @SUM(A1)', "'   @SUM(A1)", "'   @SUM(A1)"],
      [' \t=1+1', "' \t=1+1", "' \t=1+1"],
      ['ok;=1+1', 'ok;=1+1', '"ok;=1+1"'],
      ['ok,fine', 'ok,fine', '"ok,fine"'],
      ['says "hi"', 'says "hi"', '"says ""hi"""'],
      ['late ', 'late ', '"late "'],
      [' early', ' early', '" early"'],
      ['-5', "'-5", "'-5"],
      ['plain reason', 'plain reason', 'plain reason'],
    ];
    const o = (await order(t, buyer, [{ product_id: await product(t, admin, 1000, 5, 'Toaster'), quantity: 1 }])).body.id;
    for (const [reason] of cases) {
      const r = await call(t.app, 'POST', `/api/v1/admin/orders/${o}/refund`, { token: admin.token, body: { amount: 1, reason } });
      assert.equal(r.status, 201, r.text);
    }
    const res = await csv(`refunds/export.csv?order_id=${o}`);
    assert.ok(res.text.startsWith('\uFEFFid,'), 'a UTF-8 byte-order mark first');
    assert.deepEqual(res.rows.map((r) => r.reason), cases.map(([, cell]) => cell).reverse(), 'one row per refund, newest first');
    assert.ok(res.rows.every((r) => r.amount === '0.01'), 'the amount stays a plain number');
    for (const [reason, , field] of cases) assert.ok(res.text.includes(`,${field},${admin.id}\r\n`), `${JSON.stringify(reason)} written as ${JSON.stringify(field)}`);
  });

  it("text(): a leading ' for text whose first non-space character starts a formula, nothing else changed", () => {
    for (const v of ['=1', '+1', '-1', '@A1', '\t1', '\r1', ' =1', '   +1', ' -1', ' @A1', ' \t1', ' \r1']) assert.equal(text(v), `'${v}`, JSON.stringify(v));
    for (const v of ['1-1', 'a=1', 'ok;=1+1', '', ' ', 'x =1', '\n=1', '\u00a0=1', '1 ']) assert.equal(text(v), v, JSON.stringify(v));
    assert.equal(text(null), '');
    assert.equal(text(undefined), '');
  });

  it('a user token is 403 and no token 401 on every export', async () => {
    for (const path of ['transactions/export.csv', 'orders/export.csv', 'refunds/export.csv', 'reconciliation/export.csv']) {
      assert.equal((await csv(path, buyer.token)).status, 403, path);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/admin/${path}` })).statusCode, 401, path);
    }
  });

  it('a long export is read in batches (one query per batch), not in one query into memory', async () => {
    const u = await registerUser(t.app);
    const n = EXPORT_BATCH * 2 + 7;
    await t.db.database.db.updateTable('wallets').set({ shopping_credits: n }).where('user_id', '=', u.id).execute();
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `01990000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      user_id: u.id,
      type: 'adjustment' as const,
      amount: 1,
      balance_after: i + 1,
      reference: null,
      created_at: '2026-02-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 200) await t.db.database.db.insertInto('wallet_transactions').values(rows.slice(i, i + 200)).execute();
    const counting = await countingApp(t);
    try {
      counting.statements.length = 0;
      const res = await counting.app.inject({ method: 'GET', url: `/api/v1/admin/transactions/export.csv?user_id=${u.id}`, headers: { 'x-sdk-access-token': admin.token } });
      const parsed = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
      assert.equal(parsed.length, n);
      assert.equal(new Set(parsed.map((r) => r.id)).size, n, 'no row twice, none missing');
      assert.equal(counting.statements.filter((s) => /from "wallet_transactions"/.test(s)).length, 3, 'ceil(n / batch) + nothing more');
    } finally {
      await counting.close();
    }
  });
});
