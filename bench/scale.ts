/**
 * `node bench/scale.ts --users 1000000`: data at scale (docs/performance.md, "Data at scale").
 * Generates a shop of the given size directly with SQL (constraints on, every balance = its ledger
 * sum with a consistent running balance), runs every job of `npm run jobs` until caught up, starts
 * the real API on it (the `npm start` command), then times every read route sequentially and at
 * 10 concurrent callers and prints each route's first call, p50/p99, response size and the API's
 * resident memory before, after and at peak. Figures are printed, never asserted.
 *
 *   --users N          customers (default 20000); the rest is proportional (below)
 *   --db sqlite|postgres|both   (default both)
 *   --requests R       sequential requests per route (default 1000, so p99 is the 10th slowest; 10 concurrent callers make 2R)
 *   --keep             keep the generated database and print its URL
 *   --url URL          skip generation and time routes on a database made by an earlier --keep
 *                      (give the same --users: the signed-in customers are found by it)
 *   --only TEXT        time only the routes whose name contains TEXT (or any of TEXT|TEXT…)
 *   --concurrent C     concurrent callers for the second pass (default 10; 0 skips it)
 *   BENCH_SLOW_MS=10 logs every call that slow; BENCH_API_NODE_ARGS=--trace-gc passes node flags to the API
 *
 * Per 1,000,000 customers: 20,000 products (80,000 images), 2,010,000 orders (≈ 3 M lines, one
 * customer with 10,000 of them and 20,000 ledger rows), ≈ 5.0 M ledger rows (≈ 90 % of wallets
 * hold credit), 550,000 top-ups, 1,000,000 webhook log rows, 100,000 tickets (250,000 replies),
 * 1,000,000 referral clicks and sign-in sessions, ≈ 5.45 M audit log rows by 25 staff, over two
 * years of history ending now; the retention jobs' first run purges what is older than they keep.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import pino from 'pino';
import { openDatabase, type Dialect } from '../apps/api/src/db/kysely.ts';
import type { DB } from '../apps/api/src/schema.ts';
import { migrateToLatest } from '../apps/api/src/migrations.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { databaseParts, type Ctx } from '../apps/api/src/context.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { TokenSigner } from '../apps/api/src/lib/tokens.ts';
import { createMetrics } from '../apps/api/src/lib/metrics.ts';
import { jobs } from '../apps/api/src/jobs.ts';
import { hashPassword } from '../apps/api/src/lib/password.ts';
import { createPgDatabase } from '../apps/api/test/helpers.ts';
import { http } from '../apps/api/test/support/spawn-api.ts';
import { ADMIN, memory, startApi } from './api.ts';
import { connection, getRequest } from './client.ts';

type Connection = Awaited<ReturnType<typeof connection>>;

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '20000' },
    db: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
    url: { type: 'string' },
    only: { type: 'string' },
    concurrent: { type: 'string', default: '10' },
  },
});
/** `--only a|b`: a route is timed when its name holds any of the alternatives. */
const chosenRoute = (name: string) => args.only === undefined || args.only.split('|').some((o) => name.includes(o));
const USERS = Number(args.users);
const REQUESTS = Number(args.requests);
const CONCURRENT = Number(args.concurrent);
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 86_400_000;
const END = Math.floor(Date.now() / 60_000) * 60_000 - DAY;
const SPAN = 730 * DAY;
const START = END - SPAN;
/** Customer k signs up at START + k * STEP; the last one five days before END (spins come up to four days later). */
const STEP = Math.floor((SPAN - 5 * DAY) / USERS);
const PRODUCTS = Math.max(50, Math.round(USERS * 0.02));
const HEAVY = 2 * Math.floor(USERS / 4) + 1;
const HEAVY_ORDERS = Math.min(10_000, USERS);
/** Staff accounts, the audit log's actors. */
const STAFF = 25;
const PASSWORD = 'bench-password-123';
const log = (s: string) => process.stderr.write(s + '\n');
/** BENCH_SLOW_MS: log each call at least this slow, timed on the API's clock (its `--trace-gc` lines use the same). */
const SLOW_MS = process.env.BENCH_SLOW_MS === undefined ? undefined : Number(process.env.BENCH_SLOW_MS);
let apiStartedAt = 0;

// ---- SQL that differs between the two databases -------------------------------------------

function dialectSql(d: Dialect) {
  const pg = d === 'postgres';
  const hex12 = (x: string) => (pg ? `lpad(to_hex((${x})::bigint), 12, '0')` : `printf('%012x', ${x})`);
  return {
    /** `s(i)` = 0 … n-1, as the WITH prefix of an INSERT … SELECT. */
    series: (n: number) =>
      sql.raw(pg ? `with s(i) as (select generate_series(0, ${n - 1}))` : `with recursive s(i) as (select 0 union all select i + 1 from s where i < ${n - 1})`),
    /** ISO-8601 UTC text (as the app writes) of `ms` epoch milliseconds. */
    iso: (ms: string) =>
      pg ? `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`,
    /** A UUIDv7-shaped id whose text sorts by `ms` (as `newId` makes them); `kind` keeps tables apart, `n` rows. */
    id: (ms: string, kind: string, n: string) =>
      `substr(${hex12(ms)}, 1, 8) || '-' || substr(${hex12(ms)}, 9, 4) || '-7${kind}-8000-' || ${hex12(n)}`,
    txt: (x: string) => `cast(${x} as text)`,
  };
}

const NAMES_FIRST = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Priya', 'Vikram', 'Anita', 'Kiran', 'Deepa', 'Sanjay', 'Lakshmi', 'Rahul', 'Divya', 'Suresh', 'Nisha', 'Manoj', 'Kavya', 'Ajay', 'Pooja', 'Imran'];
const NAMES_LAST = ['Sharma', 'Iyer', 'Patel', 'Reddy', 'Khan', 'Singh', 'Nair', 'Das', 'Gupta', 'Menon', 'Rao', 'Joshi', 'Verma', 'Pillai', 'Bose', 'Kapoor', 'Mehta', 'Shah', 'Naidu', 'Ghosh'];
const ADJECTIVES = ['Classic', 'Organic', 'Deluxe', 'Compact', 'Smart', 'Handmade', 'Vintage', 'Premium', 'Rustic', 'Modern', 'Silk', 'Cotton', 'Steel', 'Bamboo', 'Copper', 'Leather'];
const NOUNS = ['Lamp', 'Kettle', 'Scarf', 'Bottle', 'Basket', 'Mug', 'Backpack', 'Candle', 'Notebook', 'Towel', 'Pillow', 'Sandal', 'Watch', 'Bowl', 'Shirt', 'Tray'];
/** Picks `list[expr mod list.length]` in SQL without arrays (SQLite has none): fixed-width text and substr. */
function pick(list: string[], expr: string): string {
  const w = Math.max(...list.map((s) => s.length));
  const packed = list.map((s) => s.padEnd(w)).join('');
  return `rtrim(substr('${packed}', (${expr}) % ${list.length} * ${w} + 1, ${w}))`;
}

/** Customer k's sign-up time (ms) as SQL. */
const signup = (k: string) => `(${START} + cast(${k} as bigint) * ${STEP})`;

async function generate(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  const d = dialectSql(dialect);
  const run = async (label: string, q: RawBuilder<unknown>) => {
    const t0 = performance.now();
    const r = await q.execute(db);
    log(`  ${label.padEnd(28)} ${String(r.numAffectedRows ?? '').padStart(9)} rows  ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const N = USERS;
  const E = Math.ceil(N / 2); // customers 0, 2, 4, … buy: a top-up, four orders
  const R = sql.raw;
  const uid = (k: string) => d.id(signup(k), '001', k);
  const staffId = (j: string) => d.id(`${START} - ${DAY} + (${j}) * 1000`, '0f9', j);

  await run('users', sql`insert into users (id, phone, full_name, email, referral_code, created_at, updated_at)
    ${d.series(N)} select ${R(uid('i'))}, '+91' || ${R(d.txt(`6000000000 + (cast(i as bigint) * ${PHONE_STRIDE}) % ${PHONE_SPAN}`))},
      ${R(pick(NAMES_FIRST, 'i'))} || ' ' || ${R(pick(NAMES_LAST, 'i / 20'))},
      case when i % 3 = 2 then null else lower(${R(pick(NAMES_FIRST, 'i'))}) || '.' || ${R(d.txt('i'))} || '@example.com' end,
      'R' || ${R(d.txt('i'))}, ${R(d.iso(signup('i')))}, ${R(d.iso(signup('i')))} from s`);
  await run('wallets', sql`insert into wallets (user_id, created_at, updated_at)
    ${d.series(N)} select ${R(uid('i'))}, ${R(d.iso(signup('i')))}, ${R(d.iso(signup('i')))} from s`);
  // The staff who write the audit log (modules/audit): an owner and fulfilment, support and finance staff.
  await run('users (staff)', sql`insert into users (id, phone, full_name, is_admin, staff_role, created_at, updated_at)
    ${d.series(STAFF)} select ${R(staffId('i'))}, '+91500000' || ${R(d.txt('1000 + i'))}, 'Staff ' || ${R(d.txt('i'))}, 1,
      case when i = 0 then 'owner' else ${R(pick(['fulfilment', 'support', 'finance'], 'i'))} end, ${R(d.iso(`${START} - ${DAY}`))}, ${R(d.iso(`${START} - ${DAY}`))} from s`);
  await run('wallets (staff)', sql`insert into wallets (user_id, created_at, updated_at)
    ${d.series(STAFF)} select ${R(staffId('i'))}, ${R(d.iso(`${START} - ${DAY}`))}, ${R(d.iso(`${START} - ${DAY}`))} from s`);
  await run('categories', sql`insert into categories (id, name, slug, sort_order, created_at, updated_at)
    ${d.series(20)} select ${R(d.id(`${START}`, '0f1', 'i'))}, 'Category ' || ${R(d.txt('i'))}, 'category-' || ${R(d.txt('i'))}, i, ${R(d.iso(`${START}`))}, ${R(d.iso(`${START}`))} from s`);
  // Product P/2 alone is a "Quokka": the rare word the searches look for.
  const productNameOf = (p: string) => `case when ${p} = ${Math.floor(PRODUCTS / 2)} then 'Quokka Teapot' else ${pick(ADJECTIVES, p)} || ' ' || ${pick(NOUNS, `${p} / 16`)} || ' ' || ${d.txt(p)} end`;
  const productName = productNameOf('i');
  await run('products', sql`insert into products (id, name, description, price, category_id, stock, is_active, image_url, created_at, updated_at)
    ${d.series(PRODUCTS)} select ${R(d.id(`${START} + i * 1000`, '0f2', 'i'))}, ${R(productName)}, 'A fine thing.', 100 + (i % 50) * 20,
      ${R(d.id(`${START}`, '0f1', 'i % 20'))}, 1000000, case when i % 25 = 24 then 0 else 1 end, 'https://img.example.com/p' || ${R(d.txt('i'))} || '.png',
      ${R(d.iso(`${START} + i * 1000`))}, ${R(d.iso(`${START} + i * 1000`))} from s`);
  await run('product_images', sql`insert into product_images (id, product_id, image_url, alt_text, sort_order, created_at)
    ${d.series(PRODUCTS * 4)} select ${R(d.id(`${START} + (i / 4) * 1000`, '0f3', 'i'))}, ${R(d.id(`${START} + (i / 4) * 1000`, '0f2', 'i / 4'))},
      'https://img.example.com/g' || ${R(d.txt('i'))} || '.png', 'view ' || ${R(d.txt('i % 4'))}, i % 4, ${R(d.iso(`${START}`))} from s`);

  // Money. Movements go into a staging table first; the ledger then takes them with each
  // wallet's running balance (a window sum in id order = time order per customer).
  await sql.raw(`create ${dialect === 'postgres' ? 'unlogged ' : ''}table gen_ledger (id text primary key, user_id text not null, type text not null, amount bigint not null, reference text, created_at text not null)`).execute(db);
  const buyer = 'i * 2'; // customer of buyer number i
  const topupMs = (k: string) => `${signup(k)} + 60000`;
  // Order o (0 … 4E-1) belongs to buyer o/4 (customer 2·(o/4)), placed at sign-up + 10 + o%4 minutes.
  const orderCustomer = '(i / 4) * 2';
  const orderMsOf = (o: string) => `${signup(`(${o}) / 4 * 2`)} + 600000 + ((${o}) % 4) * 60000`;
  const orderMs = orderMsOf('i');
  const heavyOrderMs = `${signup(`${HEAVY}`)} + 600000 + i * 60000`;
  const ORDERS = E * 4;
  await run('top-ups (completed)', sql`insert into topups (id, token_hash, user_id, amount, currency, status, expires_at, gateway, gateway_txn_id, credited_at, created_at, updated_at)
    ${d.series(E + 1)} select ${R(d.id(topupMs(`case when i = ${E} then ${HEAVY} else ${buyer} end`), '0a1', 'i'))}, 'hc' || ${R(d.txt('i'))},
      ${R(uid(`case when i = ${E} then ${HEAVY} else ${buyer} end`))}, case when i = ${E} then 100000000 else 4000 end, 'INR', 'completed',
      ${R(d.iso(topupMs(buyer)))}, 'gateway_a', 'g' || ${R(d.txt('i'))}, ${R(d.iso(topupMs(`case when i = ${E} then ${HEAVY} else ${buyer} end`)))},
      ${R(d.iso(topupMs(`case when i = ${E} then ${HEAVY} else ${buyer} end`)))}, ${R(d.iso(topupMs(`case when i = ${E} then ${HEAVY} else ${buyer} end`)))} from s`);
  await run('top-ups (pending)', sql`insert into topups (id, token_hash, user_id, amount, currency, status, expires_at, created_at, updated_at)
    ${d.series(Math.floor(N / 20))} select ${R(d.id(`${signup('i * 20 + 1')} + 120000`, '0a6', 'i'))}, 'hp' || ${R(d.txt('i'))}, ${R(uid('i * 20 + 1'))}, 5000, 'INR', 'pending',
      ${R(d.iso(`${signup('i * 20 + 1')} + 1920000`))}, ${R(d.iso(`${signup('i * 20 + 1')} + 120000`))}, ${R(d.iso(`${signup('i * 20 + 1')} + 120000`))} from s`);
  await run('webhook_logs', sql`insert into webhook_logs (id, endpoint, gateway, token, topup_id, gateway_txn_id, outcome, reason, created_at)
    ${d.series(N)} select ${R(d.id(topupMs('i'), '0a7', 'i'))}, 'topup-credit', 'gateway_a', null,
      case when i % 2 = 0 then ${R(d.id(topupMs('i'), '0a1', 'i / 2'))} else null end,
      case when i % 2 = 0 then 'g' || ${R(d.txt('i / 2'))} else null end,
      case when i % 2 = 0 then 'credited' else 'rejected' end, case when i % 2 = 0 then null else 'invalid_signature:mismatch' end,
      ${R(d.iso(topupMs('i')))} from s`);
  await run('  ledger: top-ups', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    select ${R(rekind('id', '0a8'))}, user_id, 'topup', amount, id, credited_at from topups where status = 'completed'`);
  await run('orders', sql`insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at)
    ${d.series(ORDERS)} select ${R(d.id(orderMs, '0b1', 'i'))}, ${R(uid(orderCustomer))},
      case i % 7 when 1 then 'placed' when 2 then 'processing' when 3 then 'shipped' else 'delivered' end, 1000, 1000,
      case when i % 50 = 0 then 500 else 0 end, 'INR', ${R(d.iso(orderMs))}, ${R(d.iso(orderMs))} from s`);
  await run('orders (heavy customer)', sql`insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at)
    ${d.series(HEAVY_ORDERS)} select ${R(d.id(heavyOrderMs, '0b1', `${ORDERS} + i`))}, ${R(uid(`${HEAVY}`))}, 'delivered', 1000, 1000, 0, 'INR',
      ${R(d.iso(heavyOrderMs))}, ${R(d.iso(heavyOrderMs))} from s`);
  // The placement marks a customer's first order (accounts.markBuyer); these orders were not placed.
  await run('users (buyers)', sql`update users set first_order_at = o.first_at
    from (select user_id, min(created_at) as first_at from orders group by user_id) o where users.id = o.user_id`);
  const product = (expr: string) => d.id(`${START} + (${expr}) * 1000`, '0f2', expr);
  // The order number, back out of the id's last 12 hex digits.
  const orderNo = dialect === 'postgres' ? `('x' || substr(id, 25, 12))::bit(48)::bigint` : hexToInt('substr(id, 25, 12)');
  await run('order_items (first line)', sql`insert into order_items (order_id, product_id, name, unit_price, quantity, line_total)
    select o.id, ${R(product(`(o.n * 7) % ${PRODUCTS}`))}, 'line', case when o.n % 2 = 0 then 500 else 1000 end, 1, case when o.n % 2 = 0 then 500 else 1000 end
    from (select id, ${R(orderNo)} as n from orders) o`);
  await run('order_items (second line)', sql`insert into order_items (order_id, product_id, name, unit_price, quantity, line_total)
    select o.id, ${R(product(`(o.n * 7 + 1) % ${PRODUCTS}`))}, 'line', 500, 1, 500
    from (select id, ${R(orderNo)} as n from orders) o where o.n % 2 = 0`);
  await run('  ledger: order payments', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    select ${R(rekind('id', '0a2'))}, user_id, 'order_payment', -total, id, created_at from orders`);
  await run('refunds', sql`insert into refunds (id, order_id, user_id, amount, reason, created_at)
    select ${R(rekind('id', '0c1'))}, id, user_id, refunded_amount, 'bench', created_at from orders where refunded_amount > 0`);
  await run('  ledger: refunds', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    select ${R(rekind('id', '0a3'))}, user_id, 'order_refund', amount, id, created_at from refunds`);
  // Customers who never buy spin the daily wheel on four days after sign-up and keep what it
  // gave; buyers spend their whole top-up, and four buyers in five spin once the next day: about
  // 90 % of the wallets hold credit at the end, as in a real shop.
  const spinner = '(i / 4) * 2 + 1';
  const SPINS = 4 * Math.floor(N / 2);
  await run('  ledger: daily spins', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    ${d.series(SPINS)} select ${R(d.id(`${signup(spinner)} + (1 + i % 4) * ${DAY}`, '0a4', 'i'))}, ${R(uid(spinner))}, 'daily_spin', 100, null,
      ${R(d.iso(`${signup(spinner)} + (1 + i % 4) * ${DAY}`))} from s`);
  await run('  ledger: buyers\' spins', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    ${d.series(E)} select ${R(d.id(`${signup(buyer)} + ${DAY}`, '0a4', `${SPINS} + i`))}, ${R(uid(buyer))}, 'daily_spin', 100, null,
      ${R(d.iso(`${signup(buyer)} + ${DAY}`))} from s where i % 5 <> 0`);
  await run('  ledger: heavy adjustments', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    ${d.series(HEAVY_ORDERS - 1)} select ${R(d.id(`${heavyOrderMs} + 30000`, '0a5', 'i'))}, ${R(uid(`${HEAVY}`))}, 'adjustment', 1, null, ${R(d.iso(`${heavyOrderMs} + 30000`))} from s`);
  await run('wallet_transactions', sql`insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
    select id, user_id, type, amount, sum(amount) over (partition by user_id order by id rows unbounded preceding), reference, created_at from gen_ledger
    order by created_at`); // appended in time order, as the API appends them
  await run('daily_spins', sql`insert into daily_spins (user_id, day, transaction_id, created_at)
    select user_id, substr(created_at, 1, 10), id, created_at from wallet_transactions where type = 'daily_spin'`);
  await sql`drop table gen_ledger`.execute(db);
  await run('wallets: balances', sql`update wallets set shopping_credits = x.balance, last_entry_id = x.last_id
    from (select user_id, sum(amount) as balance, max(id) as last_id from wallet_transactions group by user_id) x where wallets.user_id = x.user_id`);

  // Tickets: one customer in ten; two replies each (three for half of them).
  const ticketMs = (k: string) => `${signup(k)} + ${DAY} + 3600000`;
  await run('tickets', sql`insert into tickets (id, user_id, subject, status, created_at, updated_at)
    ${d.series(Math.floor(N / 10))} select ${R(d.id(ticketMs('i * 10 + 3'), '0d1', 'i'))}, ${R(uid('i * 10 + 3'))}, 'Where is my parcel?',
      case i % 4 when 0 then 'open' when 1 then 'awaiting_user' when 2 then 'resolved' else 'closed' end, ${R(d.iso(ticketMs('i * 10 + 3')))}, ${R(d.iso(ticketMs('i * 10 + 3')))} from s`);
  await run('ticket_replies', sql`insert into ticket_replies (id, ticket_id, author, author_id, message, created_at)
    ${d.series(Math.floor(N / 10) * 3)} select ${R(d.id(`${ticketMs('(i / 3) * 10 + 3')} + (i % 3) * 60000`, '0d2', 'i'))}, ${R(d.id(ticketMs('(i / 3) * 10 + 3'), '0d1', 'i / 3'))},
      case when i % 3 = 1 then 'support' else 'user' end, case when i % 3 = 1 then ${R(uid('0'))} else ${R(uid('(i / 3) * 10 + 3'))} end, 'message',
      ${R(d.iso(`${ticketMs('(i / 3) * 10 + 3')} + (i % 3) * 60000`))} from s where i % 3 < 2 or (i / 3) % 2 = 0`);
  // One customer in 200 (all spinners) asked for deletion and was anonymised; one in 1,000 more has a request pending.
  const deletedK = 'i * 200 + 99';
  const asked = (k: string) => `${signup(k)} + 4 * ${DAY} + 3600000`;
  await run('deletion_requests (completed)', sql`insert into deletion_requests (id, user_id, status, channel, requested_at, scheduled_for, completed_at, updated_at)
    ${d.series(Math.floor(N / 200))} select ${R(d.id(asked(deletedK), '0d3', 'i'))}, ${R(uid(deletedK))}, 'completed', 'app', ${R(d.iso(asked(deletedK)))},
      ${R(d.iso(`${asked(deletedK)} + 3600000`))}, ${R(d.iso(`${asked(deletedK)} + 3600000`))}, ${R(d.iso(`${asked(deletedK)} + 3600000`))} from s`);
  await run('users (anonymised)', sql`update users set phone = null, full_name = '', email = null, referral_code = null,
    deleted_at = (select r.completed_at from deletion_requests r where r.user_id = users.id and r.status = 'completed')
    where id in (select user_id from deletion_requests where status = 'completed')`);
  const pendingK = 'i * 1000 + 501';
  await run('deletion_requests (pending)', sql`insert into deletion_requests (id, user_id, status, channel, requested_at, scheduled_for, updated_at)
    ${d.series(Math.floor(N / 1000))} select ${R(d.id(asked(pendingK), '0d4', 'i'))}, ${R(uid(pendingK))}, 'pending', 'web', ${R(d.iso(asked(pendingK)))},
      ${R(d.iso(`${asked(pendingK)} + 14 * ${DAY}`))}, ${R(d.iso(asked(pendingK)))} from s`);
  await run('referral_clicks', sql`insert into referral_clicks (id, code, ip, user_agent, created_at)
    ${d.series(N)} select ${R(d.id(`${signup('i')} + 1800000`, '0e1', 'i'))}, 'R' || ${R(d.txt(`(i * 7 + 1) % ${N}`))},
      '10.' || ${R(d.txt('i / 65536 % 256'))} || '.' || ${R(d.txt('i / 256 % 256'))} || '.' || ${R(d.txt('i % 256'))}, 'bench', ${R(d.iso(`${signup('i')} + 1800000`))} from s`);
  // Each customer's sign-in at sign-up: a session and its 30-day refresh token. All but the last
  // month's are past retention, for the purge-old-sessions job's first run.
  await run('sessions', sql`insert into sessions (id, user_id, created_at)
    ${d.series(N)} select ${R(d.id(signup('i'), '0e2', 'i'))}, ${R(uid('i'))}, ${R(d.iso(signup('i')))} from s`);
  await run('refresh_tokens', sql`insert into refresh_tokens (token_hash, session_id, created_at, expires_at)
    ${d.series(N)} select 'rt' || ${R(d.txt('i'))}, ${R(d.id(signup('i'), '0e2', 'i'))}, ${R(d.iso(signup('i')))}, ${R(d.iso(`${signup('i')} + ${30 * DAY}`))} from s`);

  // The audit log, as the admin writes leave it (recordAudit's columns and snapshots): about 5.4
  // rows per customer. The staff move each order on (placed → processing → shipped → delivered,
  // an hour, a day and three days after it was placed), refund, answer and close tickets,
  // restock every product 45 times over the two years, adjust the heavy customer's wallet, and
  // sign out of their sessions. Actors: the staff in turn.
  const actor = (n: string) => staffId(`(${n}) % ${STAFF}`);
  const STATUS = ['placed', 'processing', 'shipped', 'delivered'];
  const orderSnap = (status: string, refunded: string) => `'{"status":"' || ${status} || '","total":1000,"refunded_amount":' || ${d.txt(refunded)} || '}'`;
  const refundedOf = (o: string) => `case when (${o}) % 50 = 0 then 500 else 0 end`;
  const moveMs = (placed: string) => `${placed} + case i % 3 when 0 then 3600000 when 1 then ${DAY} else ${3 * DAY} end`;
  await run('audit_log: order.status', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(3 * ORDERS)} select ${R(d.id(moveMs(orderMsOf('i / 3')), '0c2', 'i'))}, ${R(actor('i'))}, 'order.status', 'order', ${R(d.id(orderMsOf('i / 3'), '0b1', 'i / 3'))},
      ${R(orderSnap(pick(STATUS, 'i % 3'), refundedOf('i / 3')))}, ${R(orderSnap(pick(STATUS, 'i % 3 + 1'), refundedOf('i / 3')))}, ${R(d.iso(moveMs(orderMsOf('i / 3'))))}
    from s where i % 3 < case (i / 3) % 7 when 1 then 0 when 2 then 1 when 3 then 2 else 3 end`);
  const heavyMs = (o: string) => `${signup(`${HEAVY}`)} + 600000 + (${o}) * 60000`;
  await run('audit_log: order.status (heavy)', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(3 * HEAVY_ORDERS)} select ${R(d.id(moveMs(heavyMs('i / 3')), '0c2', `${3 * ORDERS} + i`))}, ${R(actor('i'))}, 'order.status', 'order', ${R(d.id(heavyMs('i / 3'), '0b1', `${ORDERS} + i / 3`))},
      ${R(orderSnap(pick(STATUS, 'i % 3'), '0'))}, ${R(orderSnap(pick(STATUS, 'i % 3 + 1'), '0'))}, ${R(d.iso(moveMs(heavyMs('i / 3'))))} from s`);
  await run('audit_log: order.refund', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    select ${R(rekind('o.id', '0c3'))}, ${R(actor('o.n'))}, 'order.refund', 'order', o.id, ${R(orderSnap("'placed'", '0'))},
      '{"status":"placed","total":1000,"refunded_amount":500,"refund":{"id":"' || r.id || '","amount":500,"reason":"bench"}}', o.created_at
    from (select id, created_at, ${R(orderNo)} as n from orders) o join refunds r on r.order_id = o.id`);
  const ticketId = d.id(ticketMs('i * 10 + 3'), '0d1', 'i');
  await run('audit_log: ticket.reply', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(Math.floor(N / 10))} select ${R(d.id(`${ticketMs('i * 10 + 3')} + 60000`, '0c4', 'i'))}, ${R(actor('i'))}, 'ticket.reply', 'ticket', ${R(ticketId)},
      '{"status":"open"}', '{"status":"awaiting_user","reply":{"id":"' || ${R(d.id(`${ticketMs('i * 10 + 3')} + 60000`, '0d2', 'i * 3 + 1'))} || '","message":"message"}}',
      ${R(d.iso(`${ticketMs('i * 10 + 3')} + 60000`))} from s`);
  await run('audit_log: ticket.status', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(Math.floor(N / 10))} select ${R(d.id(`${ticketMs('i * 10 + 3')} + 2 * ${DAY}`, '0c5', 'i'))}, ${R(actor('i'))}, 'ticket.status', 'ticket', ${R(ticketId)},
      '{"status":"awaiting_user"}', case i % 4 when 2 then '{"status":"resolved"}' else '{"status":"closed"}' end,
      ${R(d.iso(`${ticketMs('i * 10 + 3')} + 2 * ${DAY}`))} from s where i % 4 >= 2`);
  const productSnap = (p: string, stock: string) => `'{"id":"' || ${d.id(`${START} + (${p}) * 1000`, '0f2', p)} || '","name":"' || ${productNameOf(p)}
    || '","description":"A fine thing.","price":' || ${d.txt(`100 + (${p}) % 50 * 20`)} || ',"category_id":"' || ${d.id(`${START}`, '0f1', `(${p}) % 20`)}
    || '","stock":' || ${d.txt(stock)} || ',"is_active":' || case when (${p}) % 25 = 24 then 'false' else 'true' end
    || ',"image_url":"https://img.example.com/p' || ${d.txt(p)} || '.png","low_stock_threshold":null,"stock_level":"in_stock"}'`;
  await run('audit_log: product.create', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(PRODUCTS)} select ${R(d.id(`${START} + i * 1000`, '0c6', 'i'))}, ${R(staffId('0'))}, 'product.create', 'product', ${R(d.id(`${START} + i * 1000`, '0f2', 'i'))},
      null, ${R(productSnap('i', '997750'))}, ${R(d.iso(`${START} + i * 1000`))} from s`);
  // Restock u (0 … 44) of product p, every 16 days: stock 997,750 + 50u → + 50, ending at the product's 1,000,000.
  const restockMs = `${START} + cast((i % 45) * 16 + 1 as bigint) * ${DAY} + (i / 45) * 1000`;
  await run('audit_log: product.update', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(45 * PRODUCTS)} select ${R(d.id(restockMs, '0c7', 'i'))}, ${R(actor('i'))}, 'product.update', 'product', ${R(d.id(`${START} + (i / 45) * 1000`, '0f2', 'i / 45'))},
      ${R(productSnap('i / 45', '997750 + (i % 45) * 50'))}, ${R(productSnap('i / 45', '997800 + (i % 45) * 50'))}, ${R(d.iso(restockMs))} from s`);
  await run('audit_log: wallet.adjust', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    select ${R(rekind('id', '0c8'))}, ${R(staffId('0'))}, 'wallet.adjust', 'wallet', user_id,
      '{"shopping_credits":' || ${R(d.txt('balance_after - amount'))} || '}',
      '{"shopping_credits":' || ${R(d.txt('balance_after'))} || ',"adjustment":{"id":"' || id || '","amount":1,"reason":"goodwill","reverses":null}}', created_at
    from wallet_transactions where type = 'adjustment'`);
  const signOutMs = `${START} + cast(i / ${STAFF} as bigint) * ${2 * DAY} + 61200000 + (i % ${STAFF}) * 60000`;
  await run('audit_log: staff.session_sign_out', sql`insert into audit_log (id, admin_id, action, entity, entity_id, before, after, created_at)
    ${d.series(365 * STAFF)} select ${R(d.id(signOutMs, '0c9', 'i'))}, ${R(staffId(`i % ${STAFF}`))}, 'staff.session_sign_out', 'staff', ${R(staffId(`i % ${STAFF}`))},
      '{"session_id":"' || ${R(d.id(signOutMs, '0e3', 'i'))} || '","signed_in":true}', '{"session_id":"' || ${R(d.id(signOutMs, '0e3', 'i'))} || '","signed_in":false}',
      ${R(d.iso(signOutMs))} from s`);

  // Sign-in for the bench: a passworded buyer (customer 2) and the heavy customer.
  const hash = await hashPassword(PASSWORD, 2 ** 14);
  await db.updateTable('users').set({ password_hash: hash }).where('phone', 'in', [phoneOf(2), phoneOf(HEAVY)]).execute();
}

/** Another table's id for the same moment and row number: the kind digits swapped, so it sorts with its source. */
const rekind = (id: string, kind: string) => `substr(${id}, 1, 15) || '${kind}' || substr(${id}, 19)`;

/**
 * Customer k's number: spread over 6000000000–9999999998 like real mobile numbers (a stride prime
 * to the span, so no two collide). Sequential numbers would all share "7000…", and the trigram
 * index would then read that trigram's million-row posting list for any search containing it.
 */
const PHONE_STRIDE = 7919;
const PHONE_SPAN = 3999999999;
const phoneOf = (k: number) => `+91${6000000000 + ((k * PHONE_STRIDE) % PHONE_SPAN)}`;

/** SQLite has no hex-to-integer function: 12 hex digits summed digit by digit. */
/** The first 13 characters of an id made at `ms`: a cursor that pages from that moment back. */
const idPrefix = (ms: number) => ms.toString(16).padStart(12, '0').replace(/^(.{8})(.{4})$/, '$1-$2');

function hexToInt(expr: string): string {
  const digit = (i: number) => `(instr('0123456789abcdef', substr(${expr}, ${i + 1}, 1)) - 1)`;
  let out = '0';
  for (let i = 0; i < 12; i++) out = `(${out}) * 16 + ${digit(i)}`;
  return out;
}

// ---- timing ---------------------------------------------------------------------------------

interface Route {
  name: string;
  path: string;
  token: 'admin' | 'buyer' | 'heavy' | null;
  /** Fewer requests for the heavy admin reports. */
  requests?: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function timeRoute(base: string, r: Route, token: string | null) {
  const url = new URL(base + r.path);
  const request = getRequest(url, token ? { 'x-sdk-access-token': token } : {});
  let bytes = 0;
  const once = async (c: Connection, phase = ' (warm-up)') => {
    const t0 = performance.now();
    const { status, body } = await c.send(request);
    const ms = performance.now() - t0;
    if (SLOW_MS !== undefined && ms >= SLOW_MS) log(`slow: ${r.name}${phase} ${ms.toFixed(1)} ms, sent at ${(t0 - apiStartedAt).toFixed(0)} ms of the API's clock`);
    if (status !== 200) throw new Error(`${r.path}: ${status} ${body.toString().slice(0, 300)}`);
    bytes = body.length;
    return ms;
  };
  const n = r.requests ?? REQUESTS;
  const connections = await Promise.all(Array.from({ length: Math.max(1, CONCURRENT) }, () => connection(url)));
  try {
    // Warm: caches, JIT (the API's and this client's), prepared statements. 20 calls, not 3: with 3
    // the first routes timed after start carried the JIT's tail into their p99 (21 ms against 9).
    const c = connections[0]!;
    for (let i = 0; i < (n >= 20 ? 20 : Math.min(3, n)); i++) await once(c);
    const seq: number[] = [];
    for (let i = 0; i < n; i++) seq.push(await once(c, ' (sequential)'));
    const conc: number[] = [];
    if (CONCURRENT > 0) {
      await Promise.all(connections.map(async (c) => {
        for (let i = 0; i < Math.max(1, Math.round((2 * n) / CONCURRENT)); i++) conc.push(await once(c, ' (concurrent)'));
      }));
    }
    return { seq, conc, bytes };
  } finally {
    for (const c of connections) c.close();
  }
}

async function benchDatabase(dialect: Dialect): Promise<void> {
  let url = args.url;
  let drop = async () => {};
  if (url === undefined) {
    if (dialect === 'postgres') {
      const created = await createPgDatabase(PG, 'sf_scale');
      url = created.url;
      drop = created.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'sf-scale-'));
      url = `sqlite:${join(dir, 'scale.db')}`;
      drop = async () => rmSync(dir, { recursive: true, force: true });
    }
    const database = openDatabase<DB>(url);
    await migrateToLatest(database.db);
    log(`${dialect}: generating ${USERS} customers (${url})`);
    const t0 = performance.now();
    await generate(database.db, dialect);
    // What autovacuum does on a production server (docs/operations.md); SQLite gets its statistics too.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(database.db);
    log(`${dialect}: generated and analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const counts = await sql<{ t: string; n: number }>`select 'orders' as t, count(*) as n from orders union all select 'order_items', count(*) from order_items
      union all select 'wallet_transactions', count(*) from wallet_transactions union all select 'topups', count(*) from topups
      union all select 'audit_log', count(*) from audit_log union all select 'sessions', count(*) from sessions
      union all select 'wallets', count(*) from wallets union all select 'wallets holding credit', count(*) from wallets where shopping_credits > 0
      union all select 'bad balances', count(*) from wallets w where shopping_credits <> (select coalesce(sum(amount), 0) from wallet_transactions t where t.user_id = w.user_id)`.execute(database.db);
    log(`${dialect}: ${counts.rows.map((r) => `${r.t} ${r.n}`).join(', ')}`);
    await database.close();
  }
  {
    // Every job `npm run jobs` runs (src/jobs.ts), through its own code, pass after pass until a
    // pass changes nothing: on a new shop the first pass purges two years' retention backlog and
    // verifies the whole history; on an earlier --keep database only what is new.
    const config = loadConfig({ DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' });
    const database = openDatabase<DB>(url);
    if (args.url !== undefined) await migrateToLatest(database.db);
    const ctx: Ctx = { ...databaseParts(database), config, clock: systemClock, log: pino({ level: 'error' }), tokens: new TokenSigner(config.jwtSecret, systemClock), idp: null, metrics: createMetrics() };
    for (let pass = 1; pass <= 5; pass++) {
      let changed = 0;
      const took: string[] = [];
      for (const job of jobs) {
        const t = performance.now();
        const n = await job.run(ctx);
        changed += n;
        took.push(`${job.name} ${n} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      log(`${dialect}: jobs, pass ${pass}: ${took.join('; ')}`);
      if (changed === 0) break;
    }
    await database.close();
  }

  const api = await startApi(url).catch(async (err) => {
    log(`${dialect}: ${args.keep || args.url ? `database kept: ${url}` : 'database dropped'}`);
    if (!(args.keep || args.url)) await drop();
    throw err;
  });
  const child = api.child;
  apiStartedAt = api.startedAt;
  const base = api.base;
  try {
    const login = async (path: string, phone: string, password: string) => {
      const r = await http(base, 'POST', `/api/v1${path}`, { body: { phone, password } });
      if (r.status !== 200) throw new Error(`login ${phone}: ${r.status} ${r.text}`);
      return (r.body.access_token ?? r.body.custom_token) as string;
    };
    let signedInAt = performance.now();
    const tokens = {
      admin: await login('/auth/admin/login', ADMIN.phone, ADMIN.password),
      buyer: await login('/auth/login', phoneOf(2), PASSWORD),
      heavy: await login('/auth/login', phoneOf(HEAVY), PASSWORD),
    };
    const get = async (path: string, token: string) => {
      const r = await http(base, 'GET', `/api/v1${path}`, { token });
      if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 300)}`);
      return r.body;
    };
    const heavyId = (await get('/me', tokens.heavy)).id as string;
    // Staff 1 (fulfilment), by name: its id holds the generation's moment, which a --url run does not know.
    const aStaff = ((await get('/admin/staff?limit=100', tokens.admin)).items as { id: string; full_name: string }[]).find((m) => m.full_name === 'Staff 1')!.id;
    const anOrder = (await get('/orders?limit=1', tokens.heavy)).items[0].id as string;
    const aProduct = (await http(base, 'GET', '/api/v1/products?limit=1')).body.items[0].id as string;
    const aCategory = (await http(base, 'GET', '/api/v1/categories?limit=1')).body.items[0].id as string;
    // A deep page: the cursor of an id from the middle of history.
    const middle = (prefix: string) => Buffer.from(prefix).toString('base64url');
    const deep = middle(idPrefix(START + SPAN / 2));
    const heavyMiddle = START + HEAVY * STEP + 600_000 + (HEAVY_ORDERS / 2) * 60_000;
    const heavyDeep = middle(idPrefix(heavyMiddle));
    // The order lists page by (created_at, id): their cursor holds the moment and the id (lib/pagination.ts timeCursor).
    const timeDeep = (ms: number) => middle(`${new Date(ms).toISOString()}|${idPrefix(ms)}`);
    const digits = phoneOf(Math.floor(USERS * 0.555)).slice(-9, -3);
    let k0 = Math.floor(USERS * 0.3);
    if (k0 % 3 === 2) k0++;
    const email = `${NAMES_FIRST[k0 % 20]!.toLowerCase()}.${k0}@`;
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
    const routes: Route[] = [
      { name: 'GET /products', path: '/products', token: null },
      { name: 'GET /products deep page', path: `/products?cursor=${deep}`, token: null },
      { name: 'GET /products?category_id', path: `/products?category_id=${aCategory}`, token: null },
      { name: 'GET /products?q=<rare word>', path: '/products?q=quokka', token: null },
      { name: 'GET /products?q=<common word>', path: '/products?q=kettle', token: null },
      { name: 'GET /products/:id', path: `/products/${aProduct}`, token: null },
      { name: 'GET /categories', path: '/categories', token: null },
      { name: 'GET /me', path: '/me', token: 'buyer' },
      { name: 'GET /wallet', path: '/wallet', token: 'buyer' },
      { name: 'GET /wallet/transactions (heavy)', path: '/wallet/transactions', token: 'heavy' },
      { name: 'GET /wallet/transactions deep (heavy)', path: `/wallet/transactions?cursor=${heavyDeep}`, token: 'heavy' },
      { name: 'GET /orders (heavy)', path: '/orders', token: 'heavy' },
      { name: 'GET /orders deep (heavy)', path: `/orders?cursor=${timeDeep(heavyMiddle)}`, token: 'heavy' },
      { name: 'GET /orders/:id', path: `/orders/${anOrder}`, token: 'heavy' },
      { name: 'GET /tickets', path: '/tickets', token: 'buyer' },
      { name: 'GET /referrals/my-code', path: '/referrals/my-code', token: 'buyer' },
      { name: 'GET /account/deletion/status', path: '/account/deletion/status', token: 'buyer' },
      { name: 'GET /admin/users', path: '/admin/users', token: 'admin' },
      { name: 'GET /admin/users deep page', path: `/admin/users?cursor=${deep}`, token: 'admin' },
      { name: `GET /admin/users?q=${digits} (phone)`, path: `/admin/users?q=${digits}`, token: 'admin' },
      { name: 'GET /admin/users?q=<name>', path: '/admin/users?q=vikram%20patel', token: 'admin' },
      { name: 'GET /admin/users?q=<email>', path: `/admin/users?q=${encodeURIComponent(email)}`, token: 'admin' },
      // The commonest trigram of the names (Asha, Sharma, Shah: 19 % of customers) and a first name (5 %).
      { name: 'GET /admin/users?q=<commonest fragment>', path: '/admin/users?q=sha', token: 'admin' },
      { name: 'GET /admin/users?q=<first name>', path: '/admin/users?q=priy', token: 'admin' },
      { name: 'GET /admin/users?has_orders&has_balance', path: '/admin/users?has_orders=true&has_balance=true', token: 'admin' },
      { name: 'GET /admin/users?joined_from=<30 days>', path: `/admin/users?joined_from=${ago(30)}`, token: 'admin' },
      { name: 'GET /admin/users/:uid', path: `/admin/users/${heavyId}`, token: 'admin' },
      { name: 'GET /admin/users/:uid/ledger', path: `/admin/users/${heavyId}/ledger`, token: 'admin' },
      { name: 'GET /admin/users/:uid/orders', path: `/admin/users/${heavyId}/orders`, token: 'admin' },
      { name: 'GET /admin/users/:uid/tickets', path: `/admin/users/${heavyId}/tickets`, token: 'admin' },
      { name: 'GET /admin/orders', path: '/admin/orders', token: 'admin' },
      { name: 'GET /admin/orders deep page', path: `/admin/orders?cursor=${timeDeep(START + SPAN / 2)}`, token: 'admin' },
      { name: 'GET /admin/orders?status=placed', path: '/admin/orders?status=placed', token: 'admin' },
      { name: 'GET /admin/orders?user_id=<heavy>', path: `/admin/orders?user_id=${heavyId}`, token: 'admin' },
      { name: 'GET /admin/orders?q=<commonest fragment>', path: '/admin/orders?q=sha', token: 'admin' },
      // Every 20th customer is a Ravi and odd-numbered customers never buy: of the Ravis only the heavy customer has orders.
      { name: 'GET /admin/orders?q=<fragment of non-buyers>', path: '/admin/orders?q=ravi', token: 'admin' },
      { name: 'GET /admin/orders?q=<phone>', path: `/admin/orders?q=${encodeURIComponent(phoneOf(HEAVY))}`, token: 'admin' },
      { name: 'GET /admin/orders?q=<order id prefix>', path: `/admin/orders?q=${anOrder.slice(0, 13)}`, token: 'admin' },
      { name: 'GET /admin/orders?placed_from=<30 days>&total_min=', path: `/admin/orders?placed_from=${ago(30)}&total_min=50000`, token: 'admin' },
      { name: 'GET /admin/orders/:id', path: `/admin/orders/${anOrder}`, token: 'admin' },
      { name: 'GET /admin/refunds', path: '/admin/refunds', token: 'admin' },
      { name: 'GET /admin/transactions?type=topup', path: '/admin/transactions?type=topup', token: 'admin' },
      { name: 'GET /admin/transactions?user_id=<heavy>', path: `/admin/transactions?user_id=${heavyId}`, token: 'admin' },
      { name: 'GET /admin/webhook/logs?outcome=rejected', path: '/admin/webhook/logs?outcome=rejected', token: 'admin' },
      { name: 'GET /admin/tickets?status=open', path: '/admin/tickets?status=open', token: 'admin' },
      { name: 'GET /admin/products?q=<rare word>', path: '/admin/products?q=quokka', token: 'admin' },
      { name: 'GET /admin/categories', path: '/admin/categories', token: 'admin' },
      { name: 'GET /admin/audit-log', path: '/admin/audit-log', token: 'admin' },
      { name: 'GET /admin/audit-log deep page', path: `/admin/audit-log?cursor=${deep}`, token: 'admin' },
      // An entity alone is sorted whole on SQLite (8.7 s for the 900,000 product rows at 1 M): five calls, as the reports.
      { name: 'GET /admin/audit-log?entity=product', path: '/admin/audit-log?entity=product', token: 'admin', requests: 5 },
      { name: 'GET /admin/audit-log?entity=ticket', path: '/admin/audit-log?entity=ticket', token: 'admin', requests: 5 },
      { name: 'GET /admin/audit-log?entity=order&entity_id=<an order>', path: `/admin/audit-log?entity=order&entity_id=${anOrder}`, token: 'admin' },
      { name: 'GET /admin/audit-log?entity=wallet&entity_id=<heavy>', path: `/admin/audit-log?entity=wallet&entity_id=${heavyId}`, token: 'admin' },
      { name: 'GET /admin/audit-log?admin_id=<staff>', path: `/admin/audit-log?admin_id=${aStaff}`, token: 'admin' },
      { name: 'GET /admin/audit-log?admin_id=<staff>&entity=ticket', path: `/admin/audit-log?admin_id=${aStaff}&entity=ticket`, token: 'admin' },
      { name: 'GET /admin/dashboard', path: '/admin/dashboard', token: 'admin' },
      { name: 'GET /admin/dashboard/daily?days=90', path: '/admin/dashboard/daily?days=90', token: 'admin' },
      { name: 'GET /admin/reconciliation (30 days)', path: '/admin/reconciliation', token: 'admin', requests: 5 },
      { name: 'GET /admin/reconciliation (7 days)', path: `/admin/reconciliation?from=${ago(7)}`, token: 'admin', requests: 5 },
      { name: 'GET /admin/reconciliation (1 year)', path: `/admin/reconciliation?from=${ago(365)}`, token: 'admin', requests: 5 },
      { name: 'GET /admin/reconciliation (30 days, recheck)', path: '/admin/reconciliation?recheck=true', token: 'admin', requests: 5 },
    ];
    // The store-daily-figures job has stored every closed day: the first dashboard call reads them.
    const t0 = performance.now();
    await get('/admin/dashboard', tokens.admin);
    log(`${dialect}: first dashboard call ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    log(`${dialect}: load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${REQUESTS} sequential + ${2 * REQUESTS} at 10 concurrent per route (reconciliations and an audit-log entity alone 5 + 10)`);
    console.log(`\n### ${dialect}, ${USERS} customers\n`);
    console.log(`| route | first call ms | seq p50 ms | seq p99 ms | c${CONCURRENT} p50 ms | c${CONCURRENT} p99 ms | bytes | API RSS MB before → after (peak during route) |`);
    console.log('|---|---|---|---|---|---|---|---|');
    const chosen = routes.filter((x) => chosenRoute(x.name));
    // One pass over every route before any is timed, so the first routes timed do not carry the
    // start's garbage and JIT alone (their p99 stood at 15–22 ms against 5–10 for the same routes
    // timed later).
    // Each route's first call is printed: what the first caller after a start waits.
    const firsts = new Map<string, string>();
    for (const r of chosen) {
      const url = new URL(`${base}/api/v1${r.path}`);
      const c = await connection(url);
      const request = getRequest(url, r.token === null ? {} : { 'x-sdk-access-token': tokens[r.token] });
      for (let i = 0; i < (r.requests === undefined ? 5 : 1); i++) {
        const t = performance.now();
        const { status } = await c.send(request);
        if (i === 0) firsts.set(r.name, `${(performance.now() - t).toFixed(0)}${status === 200 ? '' : ` (${status})`}`);
      }
      c.close();
    }
    for (const r of chosen) {
      // Fresh sign-ins every 5 minutes: access tokens expire, and a slow machine's run outlasts them
      // (not more often: the admin login allows 10 attempts per 15 minutes).
      if (performance.now() - signedInAt > 5 * 60_000) {
        tokens.admin = await login('/auth/admin/login', ADMIN.phone, ADMIN.password);
        tokens.buyer = await login('/auth/login', phoneOf(2), PASSWORD);
        tokens.heavy = await login('/auth/login', phoneOf(HEAVY), PASSWORD);
        signedInAt = performance.now();
      }
      // The API's resident memory, sampled every 10 ms while the route runs.
      const before = memory(child.pid!).rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, memory(child.pid!).rss)), 10);
      const res = await timeRoute(`${base}/api/v1`, r, r.token === null ? null : tokens[r.token]).finally(() => clearInterval(sampler));
      const after = memory(child.pid!).rss;
      const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
      console.log(`| ${r.name} | ${firsts.get(r.name)} | ${f(pct(res.seq, 50))} | ${f(pct(res.seq, 99))} | ${f(pct(res.conc, 50))} | ${f(pct(res.conc, 99))} | ${res.bytes} | ${f(before)} → ${f(after)} (${f(Math.max(peak, after))}) |`);
    }
    // The one write timed: the bulk move of 100 placed orders to processing, three rounds, each on
    // the next 100 placed orders (it changes the kept database: 300 orders move; no money moves).
    const BULK = 'POST /admin/orders/bulk-status (100 placed → processing)';
    if (chosenRoute(BULK)) {
      const took: number[] = [];
      for (let round = 0; round < 3; round++) {
        const ids = ((await get('/admin/orders?status=placed&limit=100', tokens.admin)).items as { id: string }[]).map((o) => o.id);
        const t = performance.now();
        const r = await http(base, 'POST', '/api/v1/admin/orders/bulk-status', {
          token: tokens.admin,
          body: { order_ids: ids, status: 'processing' },
          headers: { 'idempotency-key': `scale-bulk-${Date.now()}-${round}` },
        });
        took.push(performance.now() - t);
        if (r.status !== 200 || r.body.moved !== ids.length) throw new Error(`bulk: ${r.status} ${r.text.slice(0, 300)}`);
      }
      console.log(`\n${BULK}: ${took.map((x) => x.toFixed(0)).join(', ')} ms (load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    }
    const check = await get(`/admin/reconciliation?from=${ago(729)}`, tokens.admin);
    console.log(`\nReconciliation of the last 729 days: ok ${check.ok}, ${check.mismatches.length} mismatches; orders ${check.orders.placed.count}, completed top-ups ${check.topups.completed.count}, wallets ${check.balances.wallets}, sum of balances ${check.balances.sum_of_balances} = ledger ${check.balances.sum_of_ledger}`);
    console.log(`API peak RSS ${memory(child.pid!).hwm.toFixed(0)} MB; load average after ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await api.stop();
    if (args.keep || args.url) log(`${dialect}: database kept: ${url}`);
    else await drop();
  }
}

// A kept database (--url) is timed once, as the database its URL names.
const dialects: Dialect[] = args.url !== undefined ? [args.url.startsWith('postgres') ? 'postgres' : 'sqlite'] : args.db === 'both' ? ['sqlite', 'postgres'] : [args.db as Dialect];
for (const d of dialects) await benchDatabase(d);
