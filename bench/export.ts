/**
 * `node bench/export.ts --url <database kept by bench/scale.ts --keep>`: the CSV exports at scale
 * (docs/performance.md, "CSV exports at scale"). Migrates the database to the latest schema (and
 * says how long that took), starts the API as bench/scale.ts does (bench/api.ts), signs an admin
 * in and downloads, each to its last byte: last calendar month's transactions (the first call
 * after the start, then `--warm` more), the twelve calendar months before this one, and last
 * month's orders and order lines and every refund. Prints per download the seconds, bytes, rows,
 * MB/s, the API's CPU seconds (user + system, from /proc: under a high load average the wall time
 * mostly measures the other processes), its RSS before → peak (sampled every 10 ms) and the load
 * average. Figures are printed, never asserted.
 *
 *   --url URL     a database made by `node bench/scale.ts … --keep` (sqlite:… or postgres://…)
 *   --warm N      warm repeats of the month's transactions (default 2)
 *   --only TEXT   download only the exports whose name contains TEXT
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/api/src/db/kysely.ts';
import { migrateToLatest } from '../apps/api/src/migrations.ts';
import { http } from '../apps/api/test/support/spawn-api.ts';
import { ADMIN, memory, startApi } from './api.ts';

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, warm: { type: 'string', default: '2' }, only: { type: 'string' } },
});
if (args.url === undefined) throw new Error('--url is required (a database kept by bench/scale.ts --keep)');
const url = args.url;
const log = (s: string) => process.stderr.write(s + '\n');
/** The CPU seconds (user + system) process `pid` has used: /proc/<pid>/stat fields 14 and 15, in clock ticks of 1/100 s. */
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** A download to its last byte: seconds, bytes, CSV rows (header and byte-order mark excluded). */
function download(base: string, path: string, token: string): Promise<{ seconds: number; bytes: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = request(`${base}/api/v1${path}`, { headers: { 'x-sdk-access-token': token } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET ${path}: ${res.statusCode}`));
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ seconds: (performance.now() - t0) / 1000, bytes, rows: lines - 1 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
// `to` is a date: the export includes that whole day (docs/admin-exports.md, "Dates").
const lastMonth = { from: day(monthStart(1)), to: day(new Date(monthStart(0).getTime() - 86_400_000)) };
const lastYear = { from: day(monthStart(12)), to: lastMonth.to };

const t0 = performance.now();
const database = openDatabase(url);
await migrateToLatest(database.db);
await database.close();
log(`migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s (load average ${load()})`);

const api = await startApi(url);
try {
  const r = await http(api.base, 'POST', '/api/v1/auth/admin/login', { body: { phone: ADMIN.phone, password: ADMIN.password } });
  if (r.status !== 200) throw new Error(`admin login: ${r.status} ${r.text}`);
  const token = (r.body.access_token ?? r.body.custom_token) as string;
  const month = `/admin/transactions/export.csv?from=${lastMonth.from}&to=${lastMonth.to}`;
  const runs: { name: string; path: string }[] = [
    { name: `transactions ${lastMonth.from}…${lastMonth.to} (first call)`, path: month },
    ...Array.from({ length: Number(args.warm) }, (_, i) => ({ name: `transactions ${lastMonth.from}…${lastMonth.to} (warm ${i + 1})`, path: month })),
    { name: `transactions ${lastYear.from}…${lastYear.to}`, path: `/admin/transactions/export.csv?from=${lastYear.from}&to=${lastYear.to}` },
    { name: `orders ${lastMonth.from}…${lastMonth.to}`, path: `/admin/orders/export.csv?placed_from=${lastMonth.from}&placed_to=${lastMonth.to}` },
    { name: `order lines ${lastMonth.from}…${lastMonth.to}`, path: `/admin/orders/lines/export.csv?placed_from=${lastMonth.from}&placed_to=${lastMonth.to}` },
    { name: 'refunds, all', path: '/admin/refunds/export.csv' },
  ];
  console.log(`\n### CSV exports, ${url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}\n`);
  console.log('| export | s to last byte | API CPU s | MB | rows | MB/s | API RSS MB before → peak (rise) | load average |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const run of runs.filter((x) => args.only === undefined || x.name.includes(args.only))) {
    const before = memory(api.child.pid!).rss;
    const cpu = cpuSeconds(api.child.pid!);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory(api.child.pid!).rss)), 10);
    const d = await download(api.base, run.path, token).finally(() => clearInterval(sampler));
    const mb = d.bytes / 1e6;
    console.log(
      `| ${run.name} | ${d.seconds.toFixed(2)} | ${(cpuSeconds(api.child.pid!) - cpu).toFixed(2)} | ${mb.toFixed(1)} | ${d.rows} | ${(mb / d.seconds).toFixed(1)} | ${before.toFixed(0)} → ${peak.toFixed(0)} (${(peak - before).toFixed(1)}) | ${load()} |`,
    );
  }
} finally {
  await api.stop();
}
