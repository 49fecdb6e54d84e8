/**
 * `node bench/scale.ts --users 1000000`: data at scale (docs/performance.md, "Data at scale").
 * Generates a shop of the given size directly with SQL (constraints on, every balance = its ledger
 * sum with a consistent running balance), starts the real API on it (the `npm start` command),
 * then times every read route sequentially and at 10 concurrent callers and prints p50/p99,
 * response size and the API's resident memory. Figures are printed, never asserted.
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
 * customer with 10,000 of them and 20,000 ledger rows), ≈ 4.5 M ledger rows, 550,000 top-ups,
 * 1,000,000 webhook log rows, 100,000 tickets (250,000 replies), 1,000,000 referral clicks, over
 * two years of history ending now.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { openDatabase, type Dialect } from '../apps/api/src/db/kysely.ts';
import type { DB } from '../apps/api/src/db/schema.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import type { Ctx } from '../apps/api/src/context.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { advanceCheckpoints } from '../apps/api/src/modules/ledger/checkpoints.ts';
import { verifyDays } from '../apps/api/src/modules/backoffice/reconciliation.ts';
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

  await run('users', sql`insert into users (id, phone, full_name, email, referral_code, created_at, updated_at)
    ${d.series(N)} select ${R(uid('i'))}, '+91' || ${R(d.txt(`6000000000 + (cast(i as bigint) * ${PHONE_STRIDE}) % ${PHONE_SPAN}`))},
      ${R(pick(NAMES_FIRST, 'i'))} || ' ' || ${R(pick(NAMES_LAST, 'i / 20'))},
      case when i % 3 = 2 then null else lower(${R(pick(NAMES_FIRST, 'i'))}) || '.' || ${R(d.txt('i'))} || '@example.com' end,
      'R' || ${R(d.txt('i'))}, ${R(d.iso(signup('i')))}, ${R(d.iso(signup('i')))} from s`);
  await run('wallets', sql`insert into wallets (user_id, created_at, updated_at)
    ${d.series(N)} select ${R(uid('i'))}, ${R(d.iso(signup('i')))}, ${R(d.iso(signup('i')))} from s`);
  await run('categories', sql`insert into categories (id, name, slug, sort_order, created_at, updated_at)
    ${d.series(20)} select ${R(d.id(`${START}`, '0f1', 'i'))}, 'Category ' || ${R(d.txt('i'))}, 'category-' || ${R(d.txt('i'))}, i, ${R(d.iso(`${START}`))}, ${R(d.iso(`${START}`))} from s`);
  // Product P/2 alone is a "Quokka": the rare word the searches look for.
  const productName = `case when i = ${Math.floor(PRODUCTS / 2)} then 'Quokka Teapot' else ${pick(ADJECTIVES, 'i')} || ' ' || ${pick(NOUNS, 'i / 16')} || ' ' || ${d.txt('i')} end`;
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
  const orderMs = `${signup(orderCustomer)} + 600000 + (i % 4) * 60000`;
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
  // gave; buyers spend their whole top-up: half the wallets end empty, as in a real shop.
  const spinner = '(i / 4) * 2 + 1';
  await run('  ledger: daily spins', sql`insert into gen_ledger (id, user_id, type, amount, reference, created_at)
    ${d.series(4 * Math.floor(N / 2))} select ${R(d.id(`${signup(spinner)} + (1 + i % 4) * ${DAY}`, '0a4', 'i'))}, ${R(uid(spinner))}, 'daily_spin', 100, null,
      ${R(d.iso(`${signup(spinner)} + (1 + i % 4) * ${DAY}`))} from s`);
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
    const database = openDatabase(url);
    await migrateToLatest(database.db);
    log(`${dialect}: generating ${USERS} customers (${url})`);
    const t0 = performance.now();
    await generate(database.db, dialect);
    // What autovacuum does on a production server (docs/operations.md); SQLite gets its statistics too.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(database.db);
    log(`${dialect}: generated and analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const counts = await sql<{ t: string; n: number }>`select 'orders' as t, count(*) as n from orders union all select 'order_items', count(*) from order_items
      union all select 'wallet_transactions', count(*) from wallet_transactions union all select 'topups', count(*) from topups
      union all select 'bad balances', count(*) from wallets w where shopping_credits <> (select coalesce(sum(amount), 0) from wallet_transactions t where t.user_id = w.user_id)`.execute(database.db);
    log(`${dialect}: ${counts.rows.map((r) => `${r.t} ${r.n}`).join(', ')}`);
    await database.close();
  }
  {
    // The reconciliation's jobs (docs/orders.md), as the server's timer runs them: on a new shop
    // their first run over the whole history; on an earlier --keep database only what is new.
    const database = openDatabase(url);
    if (args.url !== undefined) await migrateToLatest(database.db);
    const ctx = { db: database.db, dialect, clock: systemClock } as unknown as Ctx;
    const t1 = performance.now();
    const checkpointed = await advanceCheckpoints(ctx);
    log(`${dialect}: verify-ledger-checkpoints (${checkpointed} wallets moved) in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    const t2 = performance.now();
    const days = await verifyDays(ctx);
    log(`${dialect}: verify-reconciliation-days (${days} days stored) in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
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
    const anOrder = (await get('/orders?limit=1', tokens.heavy)).items[0].id as string;
    const aProduct = (await http(base, 'GET', '/api/v1/products?limit=1')).body.items[0].id as string;
    const aCategory = (await http(base, 'GET', '/api/v1/categories?limit=1')).body.items[0].id as string;
    // A deep page: the cursor of an id from the middle of history.
    const middle = (prefix: string) => Buffer.from(prefix).toString('base64url');
    const deep = middle(idPrefix(START + SPAN / 2));
    const heavyDeep = Buffer.from(idPrefix(START + HEAVY * STEP + 600_000 + (HEAVY_ORDERS / 2) * 60_000)).toString('base64url');
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
      { name: 'GET /orders deep (heavy)', path: `/orders?cursor=${heavyDeep}`, token: 'heavy' },
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
      { name: 'GET /admin/orders deep page', path: `/admin/orders?cursor=${deep}`, token: 'admin' },
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
      { name: 'GET /admin/dashboard', path: '/admin/dashboard', token: 'admin' },
      { name: 'GET /admin/dashboard/daily?days=90', path: '/admin/dashboard/daily?days=90', token: 'admin' },
      { name: 'GET /admin/reconciliation (30 days)', path: '/admin/reconciliation', token: 'admin', requests: 5 },
      { name: 'GET /admin/reconciliation (7 days)', path: `/admin/reconciliation?from=${ago(7)}`, token: 'admin', requests: 5 },
      { name: 'GET /admin/reconciliation (1 year)', path: `/admin/reconciliation?from=${ago(365)}`, token: 'admin', requests: 5 },
      { name: 'GET /admin/reconciliation (30 days, recheck)', path: '/admin/reconciliation?recheck=true', token: 'admin', requests: 5 },
    ];
    // The first dashboard call stores the daily figures of all history (once per database).
    const t0 = performance.now();
    await get('/admin/dashboard', tokens.admin);
    log(`${dialect}: first dashboard call (stores every closed day) ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    log(`${dialect}: load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${REQUESTS} sequential + ${2 * REQUESTS} at 10 concurrent per route (reconciliation 5 + 10)`);
    console.log(`\n### ${dialect}, ${USERS} customers\n`);
    console.log('| route | seq p50 ms | seq p99 ms | c10 p50 ms | c10 p99 ms | bytes | API RSS MB before → peak during route |');
    console.log('|---|---|---|---|---|---|---|');
    const chosen = routes.filter((x) => chosenRoute(x.name));
    // One pass over every route before any is timed, so the first routes timed do not carry the
    // start's garbage and JIT alone (their p99 stood at 15–22 ms against 5–10 for the same routes
    // timed later).
    // Each route's first call is printed: what the first caller after a start waits.
    const firsts: string[] = [];
    for (const r of chosen) {
      const url = new URL(`${base}/api/v1${r.path}`);
      const c = await connection(url);
      const request = getRequest(url, r.token === null ? {} : { 'x-sdk-access-token': tokens[r.token] });
      for (let i = 0; i < (r.requests === undefined ? 5 : 1); i++) {
        const t = performance.now();
        const { status } = await c.send(request);
        if (i === 0) firsts.push(`${r.name} ${(performance.now() - t).toFixed(0)} ms${status === 200 ? '' : ` (${status})`}`);
      }
      c.close();
    }
    log(`${dialect}: first call after start: ${firsts.join('; ')}`);
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
      const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
      console.log(`| ${r.name} | ${f(pct(res.seq, 50))} | ${f(pct(res.seq, 99))} | ${f(pct(res.conc, 50))} | ${f(pct(res.conc, 99))} | ${res.bytes} | ${f(before)} → ${f(peak)} |`);
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
