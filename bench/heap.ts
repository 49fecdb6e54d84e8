/**
 * `node bench/heap.ts`: does the API's heap grow from one run of the same work to the next
 * (docs/performance.md, "The API's memory")? Starts the API with the start command's flags and
 * `--heapsnapshot-signal=SIGUSR2` on a fresh database, seeds the load bench's shop (bench/seed.ts),
 * then runs one mixed round of work `BENCH_ROUNDS` times: catalogue reads, wallet and order-history
 * reads, orders placed, and the back office (lists, searches, dashboard, reconciliation,
 * the CSV exports, a bulk status move). After each round the clients close and the API is left
 * alone for 3 s, its RSS is read, and a signal makes it write a heap snapshot (V8 collects all
 * garbage first, so a snapshot holds only what is live). Prints per round the live heap and the
 * RSS, then the object kinds (constructor, or node type) that grew between the last two rounds:
 * the first round pays for the warm-up (lazy compilation, route validators, caches filling).
 * Snapshots go to a temporary folder, deleted at the end. Figures are printed, never asserted.
 *
 *   node bench/heap.ts                       # SQLite, 3 rounds
 *   BENCH_DB=postgres node bench/heap.ts     # a fresh PostgreSQL database (BENCH_PG_URL), dropped after
 *   BENCH_ROUNDS=5 BENCH_SCALE=2 node bench/heap.ts   # more rounds, twice the requests per round
 *   BENCH_TOP=30 …                           # more rows of growers (default 15)
 *   BENCH_SNAPSHOTS=0 …                      # the RSS per round alone, no snapshot taken
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgDatabase } from '../apps/api/test/helpers.ts';
import { http } from '../apps/api/test/support/spawn-api.ts';
import { ADMIN, memory, startApi, type RunningApi } from './api.ts';
import { connection, getRequest } from './client.ts';
import { seed } from './seed.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const TOP = Number(process.env.BENCH_TOP ?? 15);
/** BENCH_SNAPSHOTS=0: no snapshots, the RSS alone (writing a snapshot leaves the API's RSS about 100 MB higher). */
const SNAPSHOTS = process.env.BENCH_SNAPSHOTS !== '0';
const onPostgres = process.env.BENCH_DB === 'postgres';
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WEBHOOK_SECRET = randomBytes(24).toString('hex');
/** Customers: each reads and orders on a connection of its own. */
const USERS = 20;
/** Requests per round (× BENCH_SCALE). */
const CATALOGUE = Math.round(20_000 * SCALE);
const WALLET = Math.round(10_000 * SCALE);
const ORDERS = Math.round(2_000 * SCALE);
const ADMIN_PASSES = Math.max(1, Math.round(10 * SCALE));
const log = (s: string) => process.stderr.write(s + '\n');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/**
 * One keep-alive connection per list of prepared requests, each sending its list's requests in
 * turn until `total` have been sent between them; any answer but `status` stops the bench.
 */
async function drive(base: string, perConnection: Buffer[][], total: number, status: number): Promise<void> {
  const connections = await Promise.all(perConnection.map(() => connection(new URL(base))));
  let left = total;
  try {
    await Promise.all(
      connections.map(async (c, w) => {
        const mine = perConnection[w]!;
        for (let n = 0; left > 0; n++) {
          left--;
          const answer = await c.send(mine[n % mine.length]!);
          if (answer.status !== status) throw new Error(`answer ${answer.status} (want ${status}): ${mine[n % mine.length]!.toString().split('\r\n')[0]} ${answer.body.toString().slice(0, 200)}`);
        }
      }),
    );
  } finally {
    for (const c of connections) c.close();
  }
}

function postOrder(url: URL, token: string, productId: string): Buffer {
  const body = JSON.stringify({ items: [{ product_id: productId, quantity: 1 }] });
  return Buffer.from(
    `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-sdk-access-token: ${token}\r\n\r\n${body}`,
  );
}

interface Shop {
  productIds: string[];
  tokens: string[];
  categoryId: string;
}

/** The admin's access token, signed in anew when 10 minutes old (tokens last 15; the admin login allows 10 in 15 minutes). */
let signedIn = { token: '', at: -Infinity };
async function adminToken(base: string): Promise<string> {
  if (performance.now() - signedIn.at < 600_000) return signedIn.token;
  const r = await http(base, 'POST', '/api/v1/auth/admin/login', { body: ADMIN });
  if (r.status !== 200) throw new Error(`admin login: ${r.status} ${r.text}`);
  signedIn = { token: r.body.access_token as string, at: performance.now() };
  return signedIn.token;
}

/** One round of the mixed work; the same requests every round (only the stored rows grow). */
async function round(base: string, shop: Shop, n: number): Promise<number> {
  const api = (path: string) => new URL(`/api/v1${path}`, base);
  const catalogue = ['/products', '/products?q=bench', `/products?category_id=${shop.categoryId}`, '/categories', ...shop.productIds.map((id) => `/products/${id}`)];
  // Ten callers, each starting at another place in the list.
  await drive(base, Array.from({ length: 10 }, (_, w) => catalogue.map((_, i) => getRequest(api(catalogue[(w + i) % catalogue.length]!)))), CATALOGUE, 200);
  const shopper = ['/wallet', '/wallet/transactions', '/me', '/orders', '/referrals/my-code', '/tickets'];
  await drive(base, shop.tokens.map((token) => shopper.map((p) => getRequest(api(p), { 'x-sdk-access-token': token }))), WALLET, 200);
  await drive(base, shop.tokens.map((token, w) => shop.productIds.map((_, i) => postOrder(api('/orders'), token, shop.productIds[(w + i) % shop.productIds.length]!))), ORDERS, 201);

  // The back office, one caller.
  const token = await adminToken(base);
  const admin = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const r = await http(base, method, `/api/v1${path}`, { token, body, headers });
    if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
    return r.body;
  };
  const today = new Date().toISOString().slice(0, 10);
  const lists = [
    '/admin/users', '/admin/users?q=user', '/admin/users?has_orders=true&has_balance=true', '/admin/orders', '/admin/orders?status=placed', '/admin/orders?q=user',
    '/admin/transactions', '/admin/transactions?type=topup', '/admin/refunds', '/admin/products?q=bench', '/admin/categories', '/admin/audit-log', '/admin/webhook/logs',
    '/admin/tickets', '/admin/dashboard', '/admin/dashboard/daily?days=30', `/admin/users/${(await admin('GET', '/admin/users?limit=1')).items[0].id}/ledger`,
  ];
  for (let pass = 0; pass < ADMIN_PASSES; pass++) for (const path of lists) await admin('GET', path);
  for (const path of ['/admin/reconciliation', `/admin/reconciliation?from=${today}`, '/admin/reconciliation?recheck=true']) await admin('GET', path);
  for (const path of [`/admin/transactions/export.csv?from=${today}`, `/admin/orders/export.csv?placed_from=${today}`, `/admin/orders/lines/export.csv?placed_from=${today}`, '/admin/refunds/export.csv', '/admin/reconciliation/export.csv']) {
    await admin('GET', path);
  }
  const placed = ((await admin('GET', '/admin/orders?status=placed&limit=100')).items as { id: string }[]).map((o) => o.id);
  await admin('POST', '/admin/orders/bulk-status', { order_ids: placed, status: 'processing' }, { 'idempotency-key': `heap-bench-${n}` });
  return CATALOGUE + WALLET + ORDERS + 1 + ADMIN_PASSES * lists.length + 3 + 5 + 2;
}

/** The resident part of the main thread's malloc heap (`[heap]` in /proc/<pid>/smaps), in MB: SQLite's memory, among others. */
function mallocHeap(pid: number): number {
  const m = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** V8's heap (used and committed) and the memory outside it that V8 knows of, in MB, from the API's `/metrics` (prom-client's default metrics). */
async function v8Memory(base: string): Promise<{ used: number; committed: number; external: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]) / 2 ** 20;
  return { used: mb('nodejs_heap_size_used_bytes'), committed: mb('nodejs_heap_size_total_bytes'), external: mb('nodejs_external_memory_bytes') };
}

/** Makes the API write a heap snapshot into `dir` and returns its path once it is whole. */
async function snapshot(api: RunningApi, dir: string): Promise<string> {
  const before = new Set(readdirSync(dir));
  api.child.kill('SIGUSR2');
  for (let i = 0; i < 1200; i++) {
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    // The snapshot is written synchronously on the API's one JavaScript thread, so once the file
    // exists, the next answer comes after its last byte.
    if (file !== undefined && (await fetch(`${api.base}/health`)).ok) return join(dir, file);
    await sleep(50);
  }
  throw new Error('no heap snapshot within 60 s');
}

interface Kind {
  count: number;
  size: number;
}

/**
 * Live heap by kind, from a .heapsnapshot (V8's JSON: `nodes` is a flat array of
 * `snapshot.meta.node_fields` per node, `type` indexes `node_types[0]`, `name` indexes `strings`).
 * A kind is the constructor's name for objects and native objects, else the node type in
 * parentheses, as the DevTools summary groups them ("(string)", "(code)", "(closure)", …).
 */
function summarise(file: string): { total: number; nodes: number; kinds: Map<string, Kind> } {
  const s = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const [width, type, name, selfSize] = [fields.length, fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const kinds = new Map<string, Kind>();
  let total = 0;
  for (let i = 0; i < s.nodes.length; i += width) {
    const t = types[s.nodes[i + type]!]!;
    const key = t === 'object' || t === 'native' ? s.strings[s.nodes[i + name]!]! : `(${t})`;
    const k = kinds.get(key) ?? { count: 0, size: 0 };
    k.count++;
    k.size += s.nodes[i + selfSize]!;
    kinds.set(key, k);
    total += s.nodes[i + selfSize]!;
  }
  return { total, nodes: s.nodes.length / width, kinds };
}

const work = mkdtempSync(join(tmpdir(), 'sf-heap-'));
const snapshots = join(work, 'snapshots');
mkdirSync(snapshots);
const database = onPostgres ? await createPgDatabase(PG, 'sf_heap') : { url: `sqlite:${join(work, 'heap.db')}`, drop: async () => {} };
let api: RunningApi | undefined;
// Interrupted: no API left running, no snapshot left behind (a PostgreSQL database made here is
// named sf_heap_… and dropped only on a normal end).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    api?.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}
const loadBefore = load();
try {
  api = await startApi(database.url, {
    nodeArgs: SNAPSHOTS ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshots}`] : [],
    // As production runs it: the catalogue cache on (its default TTL); what the load bench sets to seed.
    env: { CATALOGUE_CACHE_MS: '1000', STORE_WEBHOOK_SECRET: WEBHOOK_SECRET, TRUST_PROXY: 'loopback', MEDIA_DIR: join(work, 'media'), TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup' },
  });
  const pid = api.child.pid!;
  log(`${onPostgres ? 'PostgreSQL' : 'SQLite'}: seeding ${USERS} customers and 20 products…`);
  const seeded = await seed(api.base, WEBHOOK_SECRET, USERS);
  const categoryId = (await http(api.base, 'GET', '/api/v1/categories')).body.items[0].id as string;
  const shop = { ...seeded, categoryId };
  const rows: { seconds: number; requests: number; rss: number; v8: Awaited<ReturnType<typeof v8Memory>> & { malloc: number }; rssAfterSnapshot: number; total: number; nodes: number; kinds: Map<string, Kind> }[] = [];
  for (let n = 1; n <= ROUNDS; n++) {
    const t0 = performance.now();
    const requests = await round(api.base, shop, n);
    const seconds = (performance.now() - t0) / 1000;
    // The quiet moment: every client connection closed, the catalogue entries past their TTL.
    await sleep(3000);
    const rss = memory(pid).rss;
    const v8 = { ...(await v8Memory(api.base)), malloc: mallocHeap(pid) };
    let summary = { total: NaN, nodes: NaN, kinds: new Map<string, Kind>() };
    if (SNAPSHOTS) {
      const file = await snapshot(api, snapshots);
      summary = summarise(file);
      rmSync(file);
    }
    rows.push({ seconds, requests, rss, v8, rssAfterSnapshot: memory(pid).rss, ...summary });
    log(`round ${n}: ${requests} requests in ${seconds.toFixed(1)} s; RSS ${rss.toFixed(1)} MB, live heap ${(summary.total / 2 ** 20).toFixed(1)} MB (load average ${load()})`);
  }
  const mb = (b: number) => (b / 2 ** 20).toFixed(1);
  console.log(`\n### ${onPostgres ? 'PostgreSQL' : 'SQLite'}: ${ROUNDS} rounds of the same work (load average ${loadBefore} before, ${load()} after)\n`);
  console.log('| round | requests | seconds | live heap MB (snapshot) | of which compiled code MB | heap objects | API RSS MB after the round, after its snapshot | V8 heap used / committed, external MB (/metrics, before the snapshot) | malloc heap of the main thread MB |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [i, r] of rows.entries()) {
    console.log(`| ${i + 1} | ${r.requests} | ${r.seconds.toFixed(1)} | ${mb(r.total)} | ${mb(r.kinds.get('(code)')?.size ?? NaN)} | ${r.nodes} | ${r.rss.toFixed(1)}, ${r.rssAfterSnapshot.toFixed(1)} | ${r.v8.used.toFixed(1)} / ${r.v8.committed.toFixed(1)}, ${r.v8.external.toFixed(1)} | ${r.v8.malloc.toFixed(1)} |`);
  }
  if (SNAPSHOTS && rows.length >= 2) {
    const [a, b] = [rows.at(-2)!, rows.at(-1)!];
    const change = (x: number, y: number) => `${x} → ${y} (${y >= x ? '+' : '−'}${Math.abs(y - x)})`;
    const grew = [...b.kinds]
      .map(([key, k]) => ({ key, before: a.kinds.get(key) ?? { count: 0, size: 0 }, after: k }))
      .filter((g) => g.after.size > g.before.size || g.after.count > g.before.count)
      .sort((x, y) => y.after.size - y.before.size - (x.after.size - x.before.size) || y.after.count - y.before.count - (x.after.count - x.before.count));
    console.log(`\nGrew from round ${rows.length - 1} to round ${rows.length} (${grew.length} kinds; the live heap ${change(a.total, b.total)} bytes), top ${TOP}:\n`);
    console.log('| kind | count | self size bytes |');
    console.log('|---|---|---|');
    for (const g of grew.slice(0, TOP)) console.log(`| ${g.key.slice(0, 60)} | ${change(g.before.count, g.after.count)} | ${change(g.before.size, g.after.size)} |`);
  }
} finally {
  await api?.stop();
  rmSync(work, { recursive: true, force: true });
  await database.drop();
}
