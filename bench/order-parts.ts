/**
 * What each index an order keeps up costs it: `BENCH_DB=sqlite|postgres node bench/order-parts.ts`
 * (docs/decisions/0005-order-rate-and-indexes.md). One shop per variant (this schema, an index
 * dropped, or a dropped one put back), all in this process; the placement is called directly
 * (no HTTP, no session check) in batches of M orders, the shops taking turns batch by batch, so a
 * change in the machine's load falls on every variant alike. Prints per variant the median over
 * B batches of the CPU per order: this process's (on SQLite that includes the database) and, on
 * PostgreSQL, that of the shop's server processes (from /proc) and the WAL it wrote (bytes per
 * order, which does not depend on the machine's load). SQLITE_SYNCHRONOUS=NORMAL unless set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@storefront/signing';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/kysely.ts';
import { migrateToLatest } from '../apps/api/src/migrations.ts';
import { ensureSeedAdmin } from '../apps/api/src/modules/auth/auth.service.ts';
import { placeOrder } from '../apps/api/src/modules/orders/orders.service.ts';
import { createPgDatabase } from '../apps/api/test/helpers.ts';

const kind = process.env.BENCH_DB ?? 'sqlite';
const B = Number(process.env.B ?? 16);
const M = Number(process.env.M ?? 250);
const CALLERS = 10;
const drop = (...names: string[]) => names.map((n) => `drop index ${n}`);
const VARIANTS: Record<string, string[]> = {
  'this schema': [],
  'with products_stock_idx (dropped by migration 33)': ['create index products_stock_idx on products (stock, id)'],
  'without orders_user_created_idx, orders_status_created_idx': drop('orders_user_created_idx', 'orders_status_created_idx'),
  'without wallet_transactions_type_created_idx': drop('wallet_transactions_type_created_idx'),
  'without order_events_order_idx': drop('order_events_order_idx'),
  'with the four (…, id) twins (dropped by migration 32)': [
    'create index orders_user_idx on orders (user_id, id)',
    'create index orders_status_idx on orders (status, id)',
    'create index wallet_transactions_type_idx on wallet_transactions (type, id)',
    'create index wallet_transactions_user_created_idx on wallet_transactions (user_id, created_at, id)',
  ],
  'with wallets_nonzero_idx (dropped by migration 30)': [
    'create index wallets_nonzero_idx on wallets (shopping_credits, reward_points, e_vouchers) where shopping_credits <> 0 or reward_points <> 0 or e_vouchers <> 0',
  ],
};

async function shop(statements: string[]) {
  const secret = randomBytes(24).toString('hex');
  let url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'sf-parts-')), 'p.db')}`;
  let dropDb = async () => {};
  if (kind !== 'sqlite') ({ url, drop: dropDb } = await createPgDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'sf_parts'));
  const config = loadConfig({
    NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url, LOG_LEVEL: 'warn', STORE_WEBHOOK_SECRET: secret,
    MEDIA_DIR: mkdtempSync(join(tmpdir(), 'sf-parts-media-')), TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup', SEED_ADMIN_PHONE: '+919000000999',
    SEED_ADMIN_PASSWORD: 'bench-admin-password', ADMIN_REQUIRE_MFA: 'false', SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS ?? 'NORMAL',
  });
  const database = openDatabase(url, { poolSize: config.databasePoolSize, synchronous: config.sqliteSynchronous });
  await migrateToLatest(database.db);
  for (const s of statements) await sql.raw(s).execute(database.db);
  const app = await buildApp({ config, database });
  await ensureSeedAdmin(app.ctx);
  await app.ready();
  const call = async (url: string, body: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
    const r = await app.inject({ method: 'POST', url, payload: body, headers, remoteAddress });
    return JSON.parse(r.body);
  };
  const at = { 'x-sdk-access-token': (await call('/api/v1/auth/admin/login', { phone: '+919000000999', password: 'bench-admin-password' })).access_token };
  const category = await call('/api/v1/admin/categories', { name: 'Bench', slug: 'bench' }, at);
  const products: string[] = [];
  for (let i = 0; i < 20; i++) products.push((await call('/api/v1/admin/products', { name: `P${i}`, description: 'd', price: 100 + i, stock: 1e9, is_active: true, category_id: category.id }, at)).id);
  const users: string[] = [];
  for (let i = 0; i < CALLERS; i++) {
    const token = (await call('/api/v1/auth/register', { phone: `+9197${String(i).padStart(8, '0')}`, password: 'bench-user-pass', full_name: `U${i}` }, {}, `198.18.0.${i + 1}`)).custom_token;
    users.push(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
    const init = await call('/api/v1/wallet/topup-initiate', { amount: 10_000_000 }, { 'x-sdk-access-token': token });
    const body = JSON.stringify({ token: init.token, amount: 10_000_000, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: `b-${i}` });
    await app.inject({ method: 'POST', url: '/api/v1/wallet/topup-credit', payload: body, headers: { 'content-type': 'application/json', 'x-store-signature': sign(secret, body, Math.floor(Date.now() / 1000)) } });
  }
  let k = 0;
  const place = async (n: number) => {
    let next = 0;
    await Promise.all(users.map(async (u) => {
      while (next++ < n) await placeOrder(app.ctx, u, { items: [{ product_id: products[k++ % products.length]!, quantity: 1 }] }, undefined, true);
    }));
  };
  /** The server's WAL position in bytes (0 on SQLite); the shops take turns, so a batch's WAL is its own. */
  const wal = async () =>
    kind === 'sqlite' ? 0 : Number((await sql<{ b: string }>`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as b`.execute(database.db)).rows[0]!.b);
  /** CPU seconds of the server processes serving this shop's database (0 on SQLite). */
  const serverCpu = async () => {
    if (kind === 'sqlite') return () => 0;
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
    const read = () => rows.reduce((s, r) => {
      const f = readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return s + (Number(f[11]) + Number(f[12])) / 100;
    }, 0);
    return read;
  };
  const close = async () => {
    await app.close();
    await database.close();
    await dropDb();
  };
  return { place, serverCpu, wal, close };
}

const shops = [];
for (const [name, statements] of Object.entries(VARIANTS)) shops.push({ name, ...(await shop(statements)), node: [] as number[], server: [] as number[], walBytes: [] as number[] });
for (const s of shops) await s.place(M); // warm up
const load0 = loadavg()[0]!.toFixed(1);
for (let b = 0; b < B; b++) {
  for (const s of shops) {
    const read = await s.serverCpu();
    const s0 = read();
    const w0 = await s.wal();
    const c0 = process.cpuUsage();
    await s.place(M);
    const c = process.cpuUsage(c0);
    s.node.push((c.user + c.system) / M);
    s.server.push(((read() - s0) * 1e6) / M);
    s.walBytes.push(((await s.wal()) - w0) / M);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${kind}: ${B} batches of ${M} orders per variant, load ${load0} → ${loadavg()[0]!.toFixed(1)}; µs CPU per order, median (this schema − variant)`);
const [base] = shops;
for (const s of shops) {
  const node = median(s.node);
  const server = median(s.server);
  const diff = (a: number, b: number) => (s === base ? '' : ` (${(a - b).toFixed(0)})`);
  const walBytes = median(s.walBytes);
  const pg = `, PostgreSQL ${server.toFixed(0)}${diff(median(base!.server), server)}, WAL ${walBytes.toFixed(0)} B${diff(median(base!.walBytes), walBytes)}`;
  console.log(`  ${s.name.padEnd(66)} node ${node.toFixed(0)}${diff(median(base!.node), node)}${kind === 'sqlite' ? '' : pg}`);
}
for (const s of shops) await s.close();
