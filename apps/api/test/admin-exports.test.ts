import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { EXPORT_BATCH, allBatches, localDate, money, records, text, utcTime, type TimeKey } from '../src/lib/csv.ts';
import { TRANSACTION_CSV_COLUMNS } from '../src/modules/wallet/wallet.service.ts';
import { call, countingApp, createAdmin, createTestApp, onPostgres, registerUser, type TestApp, type TestUser } from './helpers.ts';
import { credit, order, product } from './orders-fixtures.ts';

/** The rows an export reads per query on the database under test. */
const batch = EXPORT_BATCH[onPostgres ? 'postgres' : 'sqlite'];

describe('admin CSV exports', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;
  let orderId = '';
  let refunder = '';
  before(async () => {
    t = await createTestApp({ CURRENCY: 'INR', SHOP_TIME_ZONE: 'Asia/Kolkata' });
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
    assert.equal(
      res.text.split('\r\n')[0],
      '\uFEFFid,local_date,utc_time,created_at,user_id,customer_name,customer_phone,type,amount,currency,balance_after,reference',
      'a UTF-8 byte-order mark, then the header',
    );
    const page = await list('transactions?limit=100');
    assert.deepEqual(
      res.rows.map((r) => [r.id, r.created_at, r.user_id, r.type, r.amount, r.currency, r.balance_after]),
      page.map((x) => [x.id, x.created_at, x.user_id, x.type, (x.amount / 100).toFixed(2), 'INR', (x.balance_after / 100).toFixed(2)]),
    );
    assert.ok(res.rows.some((r) => r.type === 'order_payment' && r.amount === '-24.68'), 'a debit is a negative decimal');
    const spin = res.rows.find((r) => r.type === 'daily_spin')!;
    // 23:59:59 UTC on the 12th is already the 13th in the shop's zone (Asia/Kolkata, +05:30).
    assert.deepEqual([spin.local_date, spin.utc_time, spin.customer_name, spin.customer_phone], ['2026-03-13', '2026-03-12 23:59:59', 'Test User', `'${buyer.phone}`]);
    // A phone starts with +, which a spreadsheet would run as a formula (and drop the +): it is text, so it gets the '.
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
    assert.equal(get('balances', 'wallets')!.detail, 'live', 'no ledger job has run: the report summed the wallets itself');
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

  it('localDate() and utcTime(): the local date turns at the zone\'s midnight, to the minute, rows in time order or not', () => {
    // Asia/Kolkata is +05:30: its midnight is 18:30 UTC, mid-hour.
    const at = ['2026-03-12T18:29:00.000Z', '2026-03-12T18:29:59.999Z', '2026-03-12T18:30:00.000Z', '2026-03-12T18:29:30.000Z', '2026-03-12T18:30:00.000Z'];
    assert.deepEqual(at.map((iso) => localDate(iso, 'Asia/Kolkata')), ['2026-03-12', '2026-03-12', '2026-03-13', '2026-03-12', '2026-03-13']);
    assert.deepEqual(at.slice(0, 3).map((iso) => localDate(iso, 'UTC')), ['2026-03-12', '2026-03-12', '2026-03-12']);
    assert.equal(localDate('2026-03-12T18:30:00+00:00', 'Asia/Kolkata'), '2026-03-13', 'another form of the same instant');
    // A whole UTC hour takes its date from its first and last minute; where a zone's offset changes
    // (half-hour offsets, clocks changed at midnight, in both directions) every minute is as Intl has it.
    const changes: [string, string][] = [
      // St. John's fell back at 00:01 until 2011: on 2010-11-07, 02:00–02:59 UTC is the 6th but for its minute 02:30.
      ['America/St_Johns', '2010-11-06T00:00:00.000Z'], ['America/St_Johns', '2026-03-08T00:00:00.000Z'], ['America/Santiago', '2026-04-04T00:00:00.000Z'], ['America/Santiago', '2026-09-05T00:00:00.000Z'],
      ['Asia/Tehran', '2022-03-21T00:00:00.000Z'], ['Asia/Tehran', '2022-09-21T00:00:00.000Z'], ['Australia/Lord_Howe', '2026-04-04T00:00:00.000Z'], ['Asia/Kolkata', '2026-03-12T00:00:00.000Z'],
    ];
    for (const [zone, from] of changes) {
      const intl = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      for (let t = Date.parse(from); t < Date.parse(from) + 2 * 86_400_000; t += 60_000) {
        const iso = new Date(t).toISOString();
        assert.equal(localDate(iso, zone), intl.format(t), `${zone} ${iso}`);
      }
    }
    assert.equal(utcTime('2026-03-12T18:29:59.999Z'), '2026-03-12 18:29:59');
    assert.equal(utcTime('2026-03-13T00:29:59+05:30'), '2026-03-12 18:59:59');
  });

  it("text(): a leading ' for text whose first non-space character starts a formula, nothing else changed", () => {
    for (const v of ['=1', '+1', '-1', '@A1', '\t1', '\r1', ' =1', '   +1', ' -1', ' @A1', ' \t1', ' \r1']) assert.equal(text(v), `'${v}`, JSON.stringify(v));
    for (const v of ['1-1', 'a=1', 'ok;=1+1', '', ' ', 'x =1', '\n=1', '\u00a0=1', '1 ']) assert.equal(text(v), v, JSON.stringify(v));
    assert.equal(text(null), '');
    assert.equal(text(undefined), '');
  });

  it('a user token is 403 and no token 401 on every export', async () => {
    for (const path of ['transactions/export.csv', 'orders/export.csv', 'orders/lines/export.csv', 'refunds/export.csv', 'reconciliation/export.csv']) {
      assert.equal((await csv(path, buyer.token)).status, 403, path);
      assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/admin/${path}` })).statusCode, 401, path);
    }
  });

  it('a long export is read in batches (one query per batch), not in one query into memory', async () => {
    const u = await registerUser(t.app);
    const n = batch * 2 + 7;
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

  it('an export reads through the handle it opened (a connection of its own on SQLite) and releases it when the rows end, when the download is cut off and when a read fails', async () => {
    const key = (i: number): TimeKey => ({ created_at: '2026-01-01T00:00:00.000Z', id: String(1_000_000 - i) });
    for (const ahead of [false, true]) {
      const size = ahead ? EXPORT_BATCH.postgres : EXPORT_BATCH.sqlite;
      const run = (rows: number, failAt?: number) => {
        const handle = { db: Symbol('reader'), released: 0, seen: new Set<symbol>() };
        const batches = allBatches(
          () => ({ db: handle.db, release: async () => void handle.released++ }),
          async (db, older) => {
            handle.seen.add(db);
            const from = older === null ? 0 : 1_000_000 - Number(older.id) + 1;
            if (failAt !== undefined && from >= failAt) throw new Error('the database went away');
            return Array.from({ length: Math.max(0, Math.min(size, rows - from)) }, (_, k) => key(from + k));
          },
          (r) => r,
          async (db) => void handle.seen.add(db),
          ahead,
        );
        return { handle, batches };
      };
      const whole = run(size * 2 + 1);
      let n = 0;
      for await (const [batch] of whole.batches) n += batch.length;
      assert.deepEqual([n, whole.handle.released, [...whole.handle.seen]], [size * 2 + 1, 1, [whole.handle.db]], `ahead ${ahead}: every row, through the handle, released once`);
      const cut = run(size * 3);
      for await (const _ of cut.batches) break; // the client went away after the first batch
      assert.equal(cut.handle.released, 1, `ahead ${ahead}: released when cut off`);
      const failed = run(size * 3, size);
      await assert.rejects(async () => {
        for await (const _ of failed.batches);
      }, /went away/);
      assert.equal(failed.handle.released, 1, `ahead ${ahead}: released when a read fails`);
    }
  });

  it('the transactions export writes, for tricky names, phones and references, the bytes of the row-by-row encoder (`records`)', async () => {
    const db = t.db.database.db;
    const tricky = ['a,b', ' lead', 'trail ', 'says "hi"', 'semi;colon', 'line\nbreak', 'cr\ronly', '=1+1', ' -5', '@A1', '', ' ', 'Ānanya — ₹', 'plain'];
    const users: string[] = [];
    for (let i = 0; i < tricky.length; i++) {
      const u = await registerUser(t.app);
      await db.updateTable('users').set({ full_name: tricky[i]!, phone: tricky[(i + 3) % tricky.length]! }).where('id', '=', u.id).execute();
      users.push(u.id);
    }
    await db.updateTable('users').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', users[1]!).execute();
    // Every cell kind: a reference of each tricky text, null, negative amounts; rows a second apart
    // across an hour (Asia/Kolkata's midnight is 18:30 UTC), two rows to some second, more than a batch.
    const n = batch + 40;
    const rows = Array.from({ length: n }, (_, i) => ({
      id: `01980000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      user_id: users[i % users.length]!,
      type: (i % 2 ? 'adjustment' : 'order_payment') as 'adjustment' | 'order_payment',
      amount: i % 2 ? i * 7 : -(i + 1) * 13,
      balance_after: i * 101,
      reference: i % 5 === 0 ? null : tricky[i % tricky.length]!,
      created_at: new Date(Date.parse('2025-06-01T18:00:00.000Z') + Math.floor(i / 2) * 7_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('wallet_transactions').values(rows.slice(i, i + 200)).execute();
    const res = await csv('transactions/export.csv?from=2025-06-01&to=2025-06-01');
    assert.equal(res.status, 200);
    const person = new Map(users.map((id, i) => [id, i === 1 ? { full_name: null, phone: null } : { full_name: tricky[i]!, phone: tricky[(i + 3) % tricky.length]! }]));
    const expected = [...rows]
      .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
      .map((r) => ({
        id: r.id,
        local_date: localDate(r.created_at, 'Asia/Kolkata'),
        utc_time: utcTime(r.created_at),
        created_at: r.created_at,
        user_id: r.user_id,
        customer_name: text(person.get(r.user_id)!.full_name),
        customer_phone: text(person.get(r.user_id)!.phone),
        type: r.type,
        amount: money(r.amount, 'INR'),
        currency: 'INR',
        balance_after: money(r.balance_after, 'INR'),
        reference: text(r.reference),
      }));
    let body = '';
    for await (const chunk of records(TRANSACTION_CSV_COLUMNS, expected)) body += chunk;
    assert.equal(res.text, `\uFEFF${TRANSACTION_CSV_COLUMNS.join(',')}\r\n${body}`);
    assert.equal(res.rows.length, n);
  });

  it('orders and their lines name the customer (name, phone; a formula-looking name kept as text), and the lines add up to the orders', async () => {
    t.clock.set('2026-04-02T20:00:00.000Z');
    admin = await createAdmin(t);
    const sly = await registerUser(t.app, { full_name: '=HYPERLINK("http://evil.example","Ravi")' });
    const ananya = await registerUser(t.app, { full_name: 'Ānanya Iyer — ₹ saver' });
    const gone = await registerUser(t.app, { full_name: 'Soon Gone' });
    const lamp = await product(t, admin, 1999, 50, 'Brass lamp');
    const wick = await product(t, admin, 250, 50, '=1+1 wick');
    for (const u of [sly, ananya]) await credit(t, u.id, 100_000);
    await credit(t, gone.id, 1999);
    const o1 = (await order(t, sly, [{ product_id: lamp, quantity: 2 }, { product_id: wick, quantity: 3 }])).body;
    const o2 = (await order(t, ananya, [{ product_id: wick, quantity: 7 }])).body;
    const o3 = (await order(t, gone, [{ product_id: lamp, quantity: 1 }])).body;
    for (const status of ['processing', 'shipped', 'delivered']) {
      assert.equal((await call(t.app, 'POST', `/api/v1/admin/orders/${o3.id}/status`, { token: admin.token, body: { status } })).status, 200);
    }
    assert.equal((await call(t.app, 'DELETE', `/api/v1/admin/users/${gone.id}`, { token: admin.token })).status, 204);

    const orders = await csv('orders/export.csv');
    assert.ok(orders.text.startsWith('\uFEFFid,order_number,local_date,utc_time,'), orders.text.slice(0, 80));
    const row = (id: string) => orders.rows.find((r) => r.id === id)!;
    assert.deepEqual(
      [row(o1.id).customer_name, row(o1.id).customer_phone, row(o1.id).order_number, row(o1.id).local_date, row(o1.id).utc_time],
      [`'=HYPERLINK("http://evil.example","Ravi")`, `'${sly.phone}`, o1.id.slice(-8).toUpperCase(), '2026-04-03', '2026-04-02 20:00:00'],
    );
    assert.equal(row(o2.id).customer_name, 'Ānanya Iyer — ₹ saver');
    assert.deepEqual([row(o3.id).customer_name, row(o3.id).customer_phone], ['', ''], 'a deleted customer has no name or phone left');
    assert.ok(orders.text.includes(`,"'=HYPERLINK(""http://evil.example"",""Ravi"")",`), 'the name is one quoted cell, its quotes doubled');

    const lines = await csv('orders/lines/export.csv');
    assert.equal(lines.status, 200);
    assert.match(String(lines.headers['content-disposition']), /filename="order-lines.csv"/);
    assert.equal(lines.text.split('\r\n')[0], '\uFEFForder_id,order_number,local_date,utc_time,status,user_id,customer_name,customer_phone,product_id,product,quantity,unit_price,line_total,currency');
    const cents = (v: string | undefined) => Math.round(Number(v) * 100);
    // Every order's lines sum to its subtotal; no line belongs to an order the orders export lacks.
    for (const o of orders.rows) {
      const mine = lines.rows.filter((l) => l.order_id === o.id);
      assert.ok(mine.length > 0, o.id);
      assert.equal(mine.reduce((sum, l) => sum + cents(l.line_total), 0), cents(o.subtotal), o.id);
    }
    assert.equal(new Set(lines.rows.map((l) => l.order_id)).size, orders.rows.length);
    const o1Lines = lines.rows.filter((l) => l.order_id === o1.id).map((l) => [l.product, l.quantity, l.unit_price, l.line_total, l.customer_name, l.status, l.local_date]);
    assert.deepEqual(o1Lines.sort(), [
      ["'=1+1 wick", '3', '2.50', '7.50', `'=HYPERLINK("http://evil.example","Ravi")`, 'placed', '2026-04-03'],
      ['Brass lamp', '2', '19.99', '39.98', `'=HYPERLINK("http://evil.example","Ravi")`, 'placed', '2026-04-03'],
    ]);

    // The lists' filters: the lines of exactly the orders the orders export gives for them.
    for (const q of [`user_id=${ananya.id}`, 'status=delivered', 'status=placed']) {
      const some = await csv(`orders/export.csv?${q}`);
      const someLines = await csv(`orders/lines/export.csv?${q}`);
      assert.deepEqual([...new Set(someLines.rows.map((l) => l.order_id))], some.rows.map((o) => o.id), q);
    }
    assert.equal((await csv('orders/lines/export.csv?status=lost')).status, 400);
    assert.equal((await csv('orders/lines/export.csv', sly.token)).status, 403);
  });
});
