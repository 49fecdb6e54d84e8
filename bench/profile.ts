/**
 * In-process profile of the hot paths: `BENCH_DB=sqlite|postgres node bench/profile.ts [wallet|orders|products|place]`
 * (SQLITE_SYNCHRONOUS=NORMAL leaves the commit's fsync out of a SQLite profile).
 * (`place`: the order placement called directly, without HTTP or the session check.)
 * Seeds like run.ts, then drives `app.inject` with 50 concurrent callers for N requests and prints
 * µs of CPU per request (on PostgreSQL also the CPU of this database's server processes, read
 * from /proc); with PROFILE=dir it writes a .cpuprofile via node:inspector.
 * BENCH_DROP=index,index drops those indexes after migrating: what keeping each one up costs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@storefront/signing';
import { sql } from 'kysely';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/kysely.ts';
import { keepHeadroom } from '../apps/api/src/lib/heap-headroom.ts';
import { migrateToLatest } from '../apps/api/src/migrations.ts';
import { ensureSeedAdmin } from '../apps/api/src/modules/auth/auth.service.ts';
import { placeOrder } from '../apps/api/src/modules/orders/orders.service.ts';
import { createPgDatabase } from '../apps/api/test/helpers.ts';

const kind = process.env.BENCH_DB ?? 'sqlite';
const what = process.argv[2] ?? 'wallet';
const N = Number(process.env.N ?? 20000);
const SECRET = randomBytes(24).toString('hex');
let dbUrl: string;
let drop = async () => {};
if (kind === 'sqlite') dbUrl = `sqlite:${join(mkdtempSync(join(tmpdir(), 'sf-prof-')), 'p.db')}`;
else {
  const created = await createPgDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'sf_prof');
  dbUrl = created.url;
  drop = created.drop;
}
const config = loadConfig({
  NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: dbUrl, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE, LOG_LEVEL: 'warn', STORE_WEBHOOK_SECRET: SECRET,
  MEDIA_DIR: mkdtempSync(join(tmpdir(), 'sf-prof-media-')), TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup',
  SEED_ADMIN_PHONE: '+919000000999', SEED_ADMIN_PASSWORD: 'bench-admin-password', ADMIN_REQUIRE_MFA: 'false', SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS, HEAP_HEADROOM_MB: process.env.HEAP_HEADROOM_MB,
});
const database = openDatabase(dbUrl, { poolSize: config.databasePoolSize, synchronous: config.sqliteSynchronous });
await migrateToLatest(database.db);
for (const index of (process.env.BENCH_DROP ?? '').split(',').filter(Boolean)) await database.db.schema.dropIndex(index).execute();
const app = await buildApp({ config, database });
await ensureSeedAdmin(app.ctx);
await app.ready();
// As the server does (src/server.ts): HEAP_HEADROOM_MB (default 16, 0 for V8's own growth); a
// --heap-growing-percent given to node wins. Run under the start command's --max-semi-space-size=8.
keepHeadroom(config.heapHeadroomMb);
const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
  const r = await app.inject({ method: method as 'GET', url, payload: body as object, headers, remoteAddress });
  return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
};
const admin = await call('POST', '/api/v1/auth/admin/login', { phone: '+919000000999', password: 'bench-admin-password' });
const at = { 'x-sdk-access-token': admin.body.access_token };
const cat = await call('POST', '/api/v1/admin/categories', { name: 'Bench', slug: 'bench' }, at);
const productIds: string[] = [];
for (let i = 0; i < 20; i++) {
  const r = await call('POST', '/api/v1/admin/products', { name: `P${i}`, description: 'd', price: 100 + i, stock: 1e9, is_active: true, category_id: cat.body.id }, at);
  productIds.push(r.body.id);
}
const tokens: string[] = [];
for (let i = 0; i < 50; i++) {
  // Each user signs up from its own address: registration is capped at 20 per IP per hour.
  const reg = await call('POST', '/api/v1/auth/register', { phone: `+9197${String(i).padStart(8, '0')}`, password: 'bench-user-pass', full_name: `U${i}` }, {}, `198.18.0.${i + 1}`);
  tokens.push(reg.body.custom_token);
  const init = await call('POST', '/api/v1/wallet/topup-initiate', { amount: 10_000_000 }, { 'x-sdk-access-token': reg.body.custom_token });
  const body = JSON.stringify({ token: init.body.token, amount: 10_000_000, currency: 'INR', gateway: 'gateway_a', gateway_txn_id: `b-${i}` });
  const r = await app.inject({ method: 'POST', url: '/api/v1/wallet/topup-credit', payload: body, headers: { 'content-type': 'application/json', 'x-store-signature': sign(SECRET, body, Math.floor(Date.now() / 1000)) } });
  if (r.statusCode !== 200) throw new Error(r.body);
}
const users = tokens.map((t) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sub as string);
async function run(n: number) {
  let next = 0;
  await Promise.all(tokens.map(async (tok, w) => {
    let k = 0;
    while (next++ < n) {
      let r;
      if (what === 'wallet') r = await app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { 'x-sdk-access-token': tok } });
      else if (what === 'products') r = await app.inject({ method: 'GET', url: '/api/v1/products' });
      else if (what === 'place') {
        await placeOrder(app.ctx, users[w]!, { items: [{ product_id: productIds[(w + k++) % 20]!, quantity: 1 }] }, undefined, true);
        continue;
      }
      else r = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: { 'x-sdk-access-token': tok }, payload: { items: [{ product_id: productIds[(w + k++) % 20], quantity: 1 }] } });
      if (r.statusCode >= 300) throw new Error(`${r.statusCode} ${r.body}`);
    }
  }));
}
await run(Math.min(2000, N));
const session = new Session();
if (process.env.PROFILE) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
/** CPU seconds (user + system) of the server processes serving this database; 0 on SQLite. */
async function serverCpu(): Promise<number> {
  if (kind === 'sqlite') return 0;
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
  const ticks = rows.map((r) => readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')).reduce((s, f) => s + Number(f[11]) + Number(f[12]), 0);
  return ticks / 100;
}
const s0 = await serverCpu();
const c0 = process.cpuUsage();
const t0 = performance.now();
await run(N);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(c0);
const server = (await serverCpu()) - s0;
if (process.env.PROFILE) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(join(process.env.PROFILE, `${kind}-${what}.cpuprofile`), JSON.stringify(profile));
}
console.log(`${kind} ${what}: ${N} req, ${(N / (wall / 1000)).toFixed(0)} req/s wall, ${((cpu.user + cpu.system) / N).toFixed(0)} µs node CPU/req${kind === 'sqlite' ? '' : `, ${((server * 1e6) / N).toFixed(0)} µs PostgreSQL CPU/req`}, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
await app.close();
await database.close();
await drop();
