/**
 * `npm run bench`: seeds a database, starts the real API (a child process, as in production) and
 * its yardsticks (yardstick.ts), loads both with the same client, and prints one table per database. Read paths use wrk
 * (Debian package); order placement uses a Node client because every body differs.
 * Figures are printed, never asserted: timing never fails the test suite.
 *
 * BENCH_DB=sqlite|postgres|both (default both), BENCH_SECONDS (default 8), BENCH_ROUNDS (default 3:
 * yardstick and API alternate, medians kept), BENCH_ONLY=products|wallet|orders (one load alone),
 * BENCH_FEW_USERS (default 4: the callers of the second, unqueued order storm),
 * BENCH_CPU_PROF=dir (the API runs with --cpu-prof and writes its profile there when it stops;
 * read it with `node bench/top-frames.ts <file>` or in a flame-graph viewer such as speedscope),
 * BENCH_API_NODE_ARGS (extra node flags for the API), BENCH_API_LOG=prefix (the API's output, e.g. with
 * `--trace-gc`, written to <prefix>-<db>.log when it stops), BENCH_PIN=1 (wrk on CPU 0, servers on CPU 1),
 * BENCH_AGAINST=dir (another checkout with its node_modules, e.g. a `git worktree` of an earlier
 * commit: its API, started by the same command with the same settings on its own fresh database
 * seeded through its own HTTP API, takes the yardstick's place in the order storms; the rounds
 * alternate between the two and the table prints this API ÷ that one, paired per round; with
 * BENCH_CPU_PROF its profile is against-<db>-<load>.cpuprofile).
 */
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/kysely.ts';
import type { DB } from '../apps/api/src/schema.ts';
import { createPgDatabase } from '../apps/api/test/helpers.ts';
import { freePort, http as call, spawnApi, type ApiProcess } from '../apps/api/test/support/spawn-api.ts';
import { ADMIN } from './api.ts';
import { connection } from './client.ts';
import { seed } from './seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 2;
/** Each side of a read pair is loaded this long before its rounds: V8 takes seconds to compile a read's hot path. */
const READ_WARMUP_SECONDS = 5;
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_SECRET = randomBytes(24).toString('hex');
const USERS = 50;
/** Callers of the second, unqueued order storm (Little's law, below). */
const FEW = Number(process.env.BENCH_FEW_USERS ?? 4);
const ONLY = process.env.BENCH_ONLY ?? 'all';
const runs = (load: 'products' | 'wallet' | 'orders') => ONLY === 'all' || ONLY === load;
const CPU_PROF = process.env.BENCH_CPU_PROF;
/**
 * BENCH_PIN=1: wrk on CPU 0, the API and the yardstick (every thread) on CPU 1, so the two sides
 * of a read ratio cannot differ by where the scheduler put them (docs/performance.md, "Figures").
 */
const PIN = process.env.BENCH_PIN === '1';
const pin = (pid: number) => {
  if (PIN) execFileSync('taskset', ['-a', '-p', '-c', '1', String(pid)], { stdio: 'ignore' });
};
/**
 * BENCH_AGAINST: the other checkout's root, refused before anything starts unless it holds an API
 * and the packages to run it.
 */
const AGAINST = process.env.BENCH_AGAINST ? resolve(process.env.BENCH_AGAINST) : undefined;
if (AGAINST !== undefined) {
  const missing = ['apps/api/src/server.ts', 'apps/api/src/app.ts', 'node_modules'].find((f) => !existsSync(join(AGAINST, f)));
  if (missing !== undefined) {
    process.stderr.write(`BENCH_AGAINST=${AGAINST}: no API to start there (${missing} is missing; a checkout of this repository with its node_modules is needed)\n`);
    process.exit(2);
  }
}
/** The other side's name in the table: its commit, else its folder. */
const againstName = () => {
  try {
    return execFileSync('git', ['-C', AGAINST!, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return AGAINST!;
  }
};

type Row = [string, string, string, string, string, string];
const rows: Row[] = [];
/** Where the CPU went during one extra run of each load (printed after the main table). */
const cpuRows: Row[] = [];
const log = (s: string) => process.stderr.write(s + '\n');

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU per answer in µs, user + system (from /proc), when its pid was given. */
  cpu?: { user: number; sys: number };
}

function wrk(url: string, headers: Record<string, string> = {}, pid?: number, seconds = SECONDS): WrkResult {
  const before = pid === undefined ? undefined : cpuSplit(pid);
  const args = ['-t1', '-c50', `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  let out: string;
  try {
    out = PIN ? execFileSync('taskset', ['-c', '0', 'wrk', ...args], { encoding: 'utf8' }) : execFileSync('wrk', args, { encoding: 'utf8' });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') throw new Error('wrk is not installed (Debian: apt-get install wrk)');
    throw err;
  }
  const ms = (label: string) => {
    const m = out.match(new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`));
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw errors for ${url}:\n${out}`);
  const requests = Number(out.match(/(\d+) requests in/)![1]);
  const after = pid === undefined ? undefined : cpuSplit(pid);
  const cpu = before && after ? { user: ((after.user - before.user) * 1e6) / requests, sys: ((after.sys - before.sys) * 1e6) / requests } : undefined;
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)![1]), p50: ms('50'), p99: ms('99'), cpu };
}
const us = (r: WrkResult) => (r.cpu ? ` ${(r.cpu.user + r.cpu.sys).toFixed(1)} µs (${r.cpu.user.toFixed(1)} user)` : '');

/**
 * Yardstick and API alternate ROUNDS times (ABBA: the side that goes first swaps each round) and
 * each keeps its median run: on a shared machine a burst of outside load then hits both sides alike
 * instead of skewing one ratio. `ratio` is the median of the rounds' own API ÷ yardstick, each
 * from two runs next to each other in time, so a slow drift of the machine cancels in it too.
 * Each side is warmed up first (READ_WARMUP_SECONDS, left out).
 */
async function pair(bareSide: { url: string; pid: number }, apiSide: { url: string; pid: number }, headers: Record<string, string> = {}): Promise<{ bare: WrkResult; api: WrkResult; ratio: string }> {
  const bare: WrkResult[] = [];
  const api: WrkResult[] = [];
  const collections: number[] = [];
  const b = () => wrk(bareSide.url, headers, bareSide.pid);
  const a = async () => {
    const before = await fullCollections(apiSide.url);
    const result = wrk(apiSide.url, headers, apiSide.pid);
    collections.push((await fullCollections(apiSide.url)) - before);
    return result;
  };
  wrk(bareSide.url, headers, undefined, READ_WARMUP_SECONDS);
  wrk(apiSide.url, headers, undefined, READ_WARMUP_SECONDS);
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      bare.push(b());
      api.push(await a());
    } else {
      api.push(await a());
      bare.push(b());
    }
    log(`  round ${i + 1}: yardstick ${bare[i]!.rps.toFixed(0)}/s${us(bare[i]!)}, API ${api[i]!.rps.toFixed(0)}/s${us(api[i]!)}, ${collections[i]} full collections (${(api[i]!.rps / bare[i]!.rps).toFixed(2)})`);
  }
  return { bare: median(bare), api: median(api), ratio: paired(api, bare) };
}

/** The API's full (mark-compact) collections so far, from its /metrics (prom-client's `nodejs_gc_duration_seconds`). */
async function fullCollections(apiUrl: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', apiUrl))).text();
  return Number(/^nodejs_gc_duration_seconds_count\{kind="major"\} (\d+)/m.exec(text)?.[1] ?? NaN);
}

/** The run with the median rate. */
const median = <T extends { rps: number }>(rs: T[]) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!;

/** The median of the rounds' own ratios `a[i] ÷ b[i]`, and their range. */
function paired(a: { rps: number }[], b: { rps: number }[]): string {
  const ratios = a.map((x, i) => x.rps / b[i]!.rps).sort((x, y) => x - y);
  return `${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)} (rounds ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)})`;
}

/** CPU seconds of one process (utime + stime from /proc), or of each process with that command name. */
function cpuOf(pid: number): number {
  const { user, sys } = cpuSplit(pid);
  return user + sys;
}
function cpuSplit(pid: number): { user: number; sys: number } {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
  } catch {
    return { user: 0, sys: 0 };
  }
}
function cpuOfCommand(comm: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm) byPid.set(Number(d), cpuOf(Number(d)));
    } catch {
      /* gone */
    }
  }
  return byPid;
}
/** CPU seconds the processes of `after` spent since `before` (one that started meanwhile counts from 0; one that exited is lost). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of after) sum += Math.max(0, cpu - (before.get(pid) ?? 0));
  return sum;
}
/** Busy and total jiffies of the whole machine. */
function machineCpu(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3]! - f[4]!, total };
}
/** Where the CPU went while `fn` ran, in cores (2.0 = both cores busy): API, PostgreSQL, bench (+ its load tools), all. */
async function whereCpu<T>(apiPid: number, fn: () => T | Promise<T>): Promise<{ result: T; note: string }> {
  const t0 = performance.now();
  const a0 = cpuOf(apiPid);
  const p0 = cpuOfCommand('postgres');
  const b0 = process.cpuUsage();
  const m0 = machineCpu();
  const result = await fn();
  const s = (performance.now() - t0) / 1000;
  const b = process.cpuUsage(b0);
  const m = machineCpu();
  const n = cpus().length;
  const f = (x: number) => (x / s).toFixed(2);
  const api = cpuOf(apiPid) - a0;
  const pgCpu = cpuSince(p0, cpuOfCommand('postgres'));
  const bench = (b.user + b.system) / 1e6;
  const machine = ((m.busy - m0.busy) / (m.total - m0.total)) * n * s;
  // wrk has exited by now, so it is counted with every other process on the machine.
  const note = `cores: api ${f(api)}, postgres ${f(pgCpu)}, bench client ${f(bench)}, wrk + everything else ${f(Math.max(0, machine - api - pgCpu - bench))}, machine ${f(machine)} of ${n}; api RSS now ${rssMb(apiPid).toFixed(0)} MB`;
  return { result, note };
}

/** The yardstick server (yardstick.ts) on the API's database, serving the API's exact product bytes. */
async function startYardstick(dbUrl: string, products: Response, synchronous: 'FULL' | 'NORMAL'): Promise<{ url: string; pid: number; stop(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-bench-'));
  writeFileSync(join(dir, 'products.json'), await products.text());
  const port = await freePort();
  const child = spawn(process.execPath, [join(import.meta.dirname, 'yardstick.ts')], {
    env: { ...process.env, PORT: String(port), PRODUCTS_BODY: join(dir, 'products.json'), PRODUCTS_ETAG: products.headers.get('etag') ?? '', JWT_SECRET, DATABASE_URL: dbUrl, SQLITE_SYNCHRONOUS: synchronous },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url + '/bare/products');
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  pin(child.pid!);
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** 50 workers, one per user and connection, placing single-item orders for SECONDS; latencies in ms. */
async function orderStorm(base: string, path: string, tokens: string[], productIds: string[]) {
  const url = new URL(path, base);
  // Every request a worker can send, built once: worker w's n-th order is product (w + n) mod 20.
  const requests = tokens.map((token) =>
    productIds.map((productId) => {
      const body = JSON.stringify({ items: [{ product_id: productId, quantity: 1 }] });
      return Buffer.from(
        `POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-sdk-access-token: ${token}\r\n\r\n${body}`,
      );
    }),
  );
  const connections = await Promise.all(tokens.map(() => connection(url)));
  const cold: number[] = [];
  const latencies: number[] = [];
  let errors = 0;
  const sent = tokens.map(() => 0);
  const load = (seconds: number, record: boolean) => {
    const end = Date.now() + seconds * 1000;
    return Promise.all(
      connections.map(async (c, w) => {
        while (Date.now() < end) {
          const request = requests[w]![(w + sent[w]!++) % productIds.length]!;
          const t0 = performance.now();
          const { status } = await c.send(request);
          (record ? latencies : cold).push(performance.now() - t0);
          if (status !== 201) errors++;
        }
      }),
    );
  };
  // A warm-up the figures leave out: the server's first orders pay for JIT compilation and for
  // PostgreSQL preparing each statement on each connection.
  await load(WARMUP_SECONDS, false);
  const started = Date.now();
  await load(SECONDS, true);
  const elapsed = (Date.now() - started) / 1000;
  for (const c of connections) c.close();
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
  const spread = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return `p50 ${pct(xs, 50).toFixed(1)}, p90 ${pct(xs, 90).toFixed(1)}, p99 ${pct(xs, 99).toFixed(1)}, p99.9 ${pct(xs, 99.9).toFixed(1)}, max ${xs.at(-1)?.toFixed(1)} ms`;
  };
  const coldSpread = `${cold.length} in ${WARMUP_SECONDS}s: ${spread(cold)}`;
  log(`  ${path}, warm-up (left out): ${coldSpread}`);
  log(`  ${path}, measured: ${spread(latencies)}`);
  return { rps: (latencies.length - errors) / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), errors, total: latencies.length, cold: coldSpread };
}

/** This checkout's API code, or with `root` another checkout's (BENCH_AGAINST), for the in-process checks below. */
async function apiCode(root?: string): Promise<{ buildApp: typeof buildApp; loadConfig: typeof loadConfig; openDatabase: typeof openDatabase }> {
  if (root === undefined) return { buildApp, loadConfig, openDatabase };
  const load = (file: string) => import(pathToFileURL(join(root, 'apps/api/src', file)).href);
  const [app, config, kysely] = await Promise.all([load('app.ts'), load('config.ts'), load('db/kysely.ts')]);
  return { buildApp: app.buildApp, loadConfig: config.loadConfig, openDatabase: kysely.openDatabase };
}

/** Counts the SQL statements one placement runs, in-process, through Kysely's query log. */
async function statementsPerOrder(dbUrl: string, token: string, productId: string, root?: string): Promise<{ total: number; placement: number; ownSessionCheck: boolean }> {
  const { buildApp, loadConfig, openDatabase } = await apiCode(root);
  const seen: string[] = [];
  const database = openDatabase(dbUrl, { onQuery: (e) => seen.push(e.query.sql) });
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent', STORE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const app = await buildApp({ config, database });
  await app.ready();
  seen.length = 0;
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders', headers: { 'x-sdk-access-token': token }, payload: { items: [{ product_id: productId, quantity: 1 }] } });
  await app.close();
  await database.close();
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const control = /^(begin|commit|rollback|savepoint|release)/i;
  const work = seen.filter((s) => !control.test(s.trim()));
  // Every authenticated request checks its session: a statement of its own, or (PostgreSQL) a CTE of the placement.
  const own = work.length > 1 && /^select\b[\s\S]*\bfrom "?sessions"?/i.test(work[0]!.trim());
  return { total: work.length, placement: own ? work.length - 1 : work.length, ownSessionCheck: own };
}

async function checkInvariants(dbUrl: string): Promise<string> {
  const database = openDatabase<DB>(dbUrl);
  const db = database.db;
  const wallets = await db.selectFrom('wallets').select(['user_id', 'shopping_credits']).execute();
  const sums = await db.selectFrom('wallet_transactions').select(['user_id', (eb) => eb.fn.sum<number>('amount').as('s')]).groupBy('user_id').execute();
  const byUser = new Map(sums.map((s) => [s.user_id, Number(s.s)]));
  const bad = wallets.filter((w) => Number(w.shopping_credits) !== (byUser.get(w.user_id) ?? 0));
  const negative = await db.selectFrom('products').select('id').where('stock', '<', 0).execute();
  await database.close();
  return bad.length === 0 && negative.length === 0 ? 'ok: balances = ledger sums, stock ≥ 0' : `BROKEN: ${bad.length} wallets ≠ ledger, ${negative.length} negative stock`;
}

function rssMb(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+) kB/)![1]) / 1024;
}

/** GET /products and GET /wallet against their yardsticks: ratios, and where the CPU went. */
async function benchReads(kind: string, api: ApiProcess, bare: { url: string; pid: number }, token: string) {
  if (runs('products')) {
    log(`[${kind}] GET /products…`);
    const { bare: bp, api: ap, ratio } = await pair({ url: `${bare.url}/bare/products`, pid: bare.pid }, { url: `${api.url}/api/v1/products`, pid: api.child.pid! });
    cpuRows.push([kind, 'GET /api/v1/products (API only)', '', '', '', (await whereCpu(api.child.pid!, () => wrk(`${api.url}/api/v1/products`))).note]);
    rows.push([kind, 'GET /api/v1/products', ap.rps.toFixed(0), ap.p50.toFixed(2), ap.p99.toFixed(2), `${(ap.rps / bp.rps).toFixed(2)} of static bytes ${bp.rps.toFixed(0)}; paired ${ratio} (≥ 0.9)`]);
  }
  if (runs('wallet')) {
    log(`[${kind}] GET /wallet…`);
    const hdr = { 'x-sdk-access-token': token };
    const { bare: bw, api: aw, ratio } = await pair({ url: `${bare.url}/bare/wallet`, pid: bare.pid }, { url: `${api.url}/api/v1/wallet`, pid: api.child.pid! }, hdr);
    cpuRows.push([kind, 'GET /api/v1/wallet (API only)', '', '', '', (await whereCpu(api.child.pid!, () => wrk(`${api.url}/api/v1/wallet`, hdr))).note]);
    rows.push([kind, 'GET /api/v1/wallet', aw.rps.toFixed(0), aw.p50.toFixed(2), aw.p99.toFixed(2), `${(aw.rps / bw.rps).toFixed(2)} of HS256 + session/wallet read ${bw.rps.toFixed(0)}; paired ${ratio} (≥ 0.8)`]);
  }
}

/**
 * `sqlite` runs with the default `synchronous=FULL` (every commit synced: durable across power
 * loss); `sqlite-normal` repeats the order storm with `SQLITE_SYNCHRONOUS=NORMAL`, so the table
 * shows what FULL costs (docs/performance.md).
 */
type Kind = 'sqlite' | 'sqlite-normal' | 'postgres';

/** A fresh database of this kind: a new SQLite file, or a new PostgreSQL database dropped afterwards. */
async function freshDatabase(kind: Kind): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind !== 'postgres') return { url: `sqlite:${join(mkdtempSync(join(tmpdir(), 'sf-bench-db-')), 'bench.db')}`, drop: async () => {} };
  return createPgDatabase(PG, 'sf_bench');
}

/** The API's settings: every API the bench starts (this one and BENCH_AGAINST's) gets these, its own database aside. */
function apiEnv(kind: Kind, dbUrl: string): Record<string, string> {
  return {
    DATABASE_URL: dbUrl,
    JWT_SECRET,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    MEDIA_DIR: mkdtempSync(join(tmpdir(), 'sf-bench-media-')),
    STORE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    TOPUP_PAGE_BASE_URL: 'http://127.0.0.1:9/topup',
    SEED_ADMIN_PHONE: ADMIN.phone,
    SEED_ADMIN_PASSWORD: ADMIN.password,
    // The seeding admin signs in with a password alone (production asks staff for a second factor).
    ADMIN_REQUIRE_MFA: 'false',
    TRUST_PROXY: 'loopback',
    ...(kind === 'sqlite-normal' ? { SQLITE_SYNCHRONOUS: 'NORMAL' } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
  };
}

/** BENCH_API_NODE_ARGS: extra node flags for the API (after the start command's own, so they win); `profile` names its CPU profile. */
const apiNodeArgs = (profile: string) => [
  ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${profile}-${ONLY}.cpuprofile`] : []),
  ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter((a) => a !== ''),
];

/**
 * BENCH_AGAINST's API as this one is run: the same command, flags and settings, its own fresh
 * database seeded through its own HTTP API (so its own schema and code write every row), then a
 * new process on the seeded database.
 */
async function startAgainst(kind: Kind) {
  const database = await freshDatabase(kind);
  const env = apiEnv(kind, database.url);
  const args = apiNodeArgs(`against-${kind}`);
  const root = join(AGAINST!, 'apps/api');
  let api: ApiProcess | undefined;
  try {
    api = await spawnApi(env, args, root);
    const seeded = await seed(api.url, WEBHOOK_SECRET, USERS);
    await api.stop();
    api = await spawnApi(env, args, root);
    pin(api.child.pid!);
    return { api, ...seeded, dbUrl: database.url, drop: database.drop };
  } catch (err) {
    if (api?.child.exitCode === null) await api.stop();
    await database.drop();
    throw err;
  }
}

async function benchOne(kind: Kind) {
  const { url: dbUrl, drop } = await freshDatabase(kind);
  log(`[${kind}] starting API and seeding…`);
  const env = apiEnv(kind, dbUrl);
  const nodeArgs = apiNodeArgs(`api-${kind}`);
  let api = await spawnApi(env, nodeArgs);
  let against: Awaited<ReturnType<typeof startAgainst>> | undefined;
  try {
    const { productIds, tokens } = await seed(api.url, WEBHOOK_SECRET, USERS);
    log(`[${kind}] seeded; API RSS ${rssMb(api.child.pid!).toFixed(0)} MB, peak ${peakRssMb(api.child.pid!).toFixed(0)} MB`);
    // Cold start on the seeded database: a new process, timed from spawn to its first 201 order
    // (spawnApi polls /health every 100 ms, so the figure is that coarse).
    await api.stop();
    const t0 = performance.now();
    api = await spawnApi(env, nodeArgs);
    const health = performance.now() - t0;
    for (;;) {
      const r = await call(api.url, 'POST', '/api/v1/orders', { token: tokens[0]!, body: { items: [{ product_id: productIds[0], quantity: 1 }] } });
      if (r.status === 201) break;
      if (performance.now() - t0 > 30_000) throw new Error(`cold start: no 201 order in 30 s (${r.status} ${r.text})`);
    }
    pin(api.child.pid!);
    rows.push([kind, 'cold start', '', '', '', `spawn → first 200 /health ${health.toFixed(0)} ms, → first 201 order ${(performance.now() - t0).toFixed(0)} ms; idle RSS ${rssMb(api.child.pid!).toFixed(0)} MB`]);
    if (AGAINST !== undefined && runs('orders')) {
      log(`[${kind}] starting the API of ${AGAINST} and seeding it…`);
      against = await startAgainst(kind);
    }
    // The yardstick commits with the same durability as the API it is compared with.
    const bare = await startYardstick(dbUrl, await fetch(api.url + '/api/v1/products'), kind === 'sqlite-normal' ? 'NORMAL' : 'FULL');
    try {
      if (kind !== 'sqlite-normal') await benchReads(kind, api, bare, tokens[0]!);
      if (runs('orders')) {
        // The side the API is compared with: the yardstick, or BENCH_AGAINST's API with its own users and products.
        const other = against
          ? { name: `API ${againstName()}`, url: against.api.url, path: '/api/v1/orders', tokens: against.tokens, productIds: against.productIds }
          : { name: 'yardstick', url: bare.url, path: '/bare/orders', tokens, productIds };
        const storm = (side: 'api' | 'other', callers = USERS) =>
          side === 'api' ? orderStorm(api.url, '/api/v1/orders', tokens.slice(0, callers), productIds) : orderStorm(other.url, other.path, other.tokens.slice(0, callers), other.productIds);
        log(`[${kind}] POST /orders, ${USERS} concurrent users, ${other.name} and API alternating…`);
        const otherRuns = [];
        const apiRuns = [];
        for (let i = 0; i < ROUNDS; i++) {
          // ABBA, as the reads: the side that goes first swaps each round.
          if (i % 2 === 0) {
            otherRuns.push(await storm('other'));
            apiRuns.push(await storm('api'));
          } else {
            apiRuns.push(await storm('api'));
            otherRuns.push(await storm('other'));
          }
          log(`  round ${i + 1}: ${other.name} ${otherRuns[i]!.rps.toFixed(0)}/s, API ${apiRuns[i]!.rps.toFixed(0)}/s (${(apiRuns[i]!.rps / otherRuns[i]!.rps).toFixed(2)})`);
        }
        const [bo, o] = [median(otherRuns), median(apiRuns)];
        const { note: oCpu } = await whereCpu(api.child.pid!, () => storm('api'));
        cpuRows.push([kind, 'POST /api/v1/orders (API only)', '', '', '', oCpu]);
        if (against) cpuRows.push([kind, `POST /api/v1/orders (${other.name} only)`, '', '', '', (await whereCpu(against.api.child.pid!, () => storm('other'))).note]);
        const target = against ? '' : ` (≥ ${kind === 'postgres' ? 1.0 : 0.6}, p99 ≤ 25 ms)`;
        rows.push([kind, `POST ${other.path} (${other.name})`, bo.rps.toFixed(0), bo.p50.toFixed(2), bo.p99.toFixed(2), `${bo.total} sent, ${bo.errors} non-201`]);
        rows.push([
          kind,
          'POST /api/v1/orders',
          o.rps.toFixed(0),
          o.p50.toFixed(2),
          o.p99.toFixed(2),
          `${(o.rps / bo.rps).toFixed(2)} of ${other.name}${target}; paired ${paired(apiRuns, otherRuns)}; ${o.total} sent, ${o.errors} non-201`,
        ]);
        rows.push([kind, 'POST /api/v1/orders warm-up', '', '', '', `left out of the row above: ${o.cold}`]);
        // Little's law: 50 callers that each wait for their answer see a mean latency of 50 ÷ rate,
        // so p99 ≤ 25 ms at 50 needs > 2,000 orders/s. The same storm with FEW callers shows the
        // latency of one order when callers do not queue behind each other.
        const [fb, fo] = [await storm('other', FEW), await storm('api', FEW)];
        rows.push([kind, `POST ${other.path} (${other.name}), ${FEW} users`, fb.rps.toFixed(0), fb.p50.toFixed(2), fb.p99.toFixed(2), `${fb.total} sent, ${fb.errors} non-201; 50 ÷ rate at 50 users = ${((50 / bo.rps) * 1000).toFixed(0)} ms mean`]);
        rows.push([kind, `POST /api/v1/orders, ${FEW} users`, fo.rps.toFixed(0), fo.p50.toFixed(2), fo.p99.toFixed(2), `${fo.total} sent, ${fo.errors} non-201; 50 ÷ rate at 50 users = ${((50 / o.rps) * 1000).toFixed(0)} ms mean`]);
      }
    } finally {
      bare.stop();
    }
    const rss = peakRssMb(api.child.pid!);
    await api.stop();
    if (process.env.BENCH_API_LOG) writeFileSync(`${process.env.BENCH_API_LOG}-${kind}.log`, api.output());
    rows.push([kind, 'invariants after run', '', '', '', await checkInvariants(dbUrl)]);
    const stmts = await statementsPerOrder(dbUrl, tokens[1]!, productIds[0]!);
    rows.push([kind, 'SQL per order placement', '', '', '', `${stmts.placement}${stmts.ownSessionCheck ? ' (+1 session check)' : ', the session check included'} (≤ 6)`]);
    rows.push([kind, 'peak RSS of the API', '', '', '', `${rss.toFixed(0)} MB (< 200 MB)`]);
    if (against) {
      const name = `API ${againstName()}`;
      const otherRss = peakRssMb(against.api.child.pid!);
      await against.api.stop();
      const otherStmts = await statementsPerOrder(against.dbUrl, against.tokens[1]!, against.productIds[0]!, AGAINST);
      rows.push([kind, `${name}: invariants, SQL, RSS`, '', '', '', `${await checkInvariants(against.dbUrl)}; ${otherStmts.placement}${otherStmts.ownSessionCheck ? ' (+1 session check)' : ', the session check included,'} per placement; peak RSS ${otherRss.toFixed(0)} MB`]);
    }
  } finally {
    if (api.child.exitCode === null) await api.stop();
    if (against?.api.child.exitCode === null) await against.api.stop();
    await drop();
    await against?.drop();
  }
}

const which = process.env.BENCH_DB ?? 'both';
const loadBefore = loadavg()[0]!.toFixed(1);
let failed: unknown = null;
// BENCH_DB: both (default: sqlite, sqlite-normal, postgres), or one kind.
for (const kind of ['sqlite', 'sqlite-normal', 'postgres'] as const) {
  if (which !== 'both' && which !== kind) continue;
  try {
    await benchOne(kind);
  } catch (err) {
    failed = err;
    rows.push([kind, 'run failed', '', '', '', String((err as Error).message).split('\n')[0]!.slice(0, 120)]);
  }
}
process.on('exit', () => {
  if (failed) process.exitCode = 1;
});

const header: Row = ['db', 'what', 'req/s', 'p50 ms', 'p99 ms', 'notes'];
const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i]!.length)));
const line = (r: Row) => '| ' + r.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; ${SECONDS}s per run, ${ROUNDS} alternating rounds (median), wrk -t1 -c50; 1-min load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after`);
console.log(line(header));
console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
for (const r of rows) console.log(line(r));
console.log('\nwhere the CPU went (one extra run each; postgres = every backend on the server, wrk/bench client = the load generators):');
for (const r of cpuRows) console.log(`| ${r[0].padEnd(8)} | ${r[1].padEnd(Math.max(...cpuRows.map((c) => c[1].length)))} | ${r[5]} |`);
