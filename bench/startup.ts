/**
 * Cold start and idle memory of the API as `npm start` runs it: spawns the server on a fresh
 * database, polls GET /health every 5 ms and reports the time from spawn to the first 200, then
 * the server's RSS after 2 s idle, then how long the first and the second call of a route take
 * (a login with a malformed body: its validator and error serialiser compile on the first call),
 * then, after 16 s without a request (the server gives memory back after 10–15 s quiet:
 * src/lib/quiet-memory.ts), its RSS and the time of the same call again.
 * Several runs; prints min / median / max.
 *
 *   node bench/startup.ts                      # the command npm start runs, on this Node, SQLite
 *   BENCH_DB=postgres node bench/startup.ts    # a fresh PostgreSQL database per run (BENCH_PG_URL)
 *   START_CMD='node --import tsx apps/api/src/server.ts' START_CWD=/other/checkout node bench/startup.ts
 *
 * RUNS (default 7). START_CMD is split on spaces; its first word is looked up on PATH. The start
 * command reads Node's compile cache (docs/operations.md, "Compile cache"), so every run after the
 * first after a change is a warm start; BENCH_COLD=1 gives each run an empty cache directory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, START_ENV } from '../apps/api/test/support/spawn-api.ts';
import { createPgDatabase } from '../apps/api/test/helpers.ts';

const runs = Number(process.env.RUNS ?? 7);
const cmd = (process.env.START_CMD ?? 'node --max-semi-space-size=8 apps/api/src/main.js').split(' ');
const cwd = process.env.START_CWD ?? join(import.meta.dirname, '..');
const onPostgres = process.env.BENCH_DB === 'postgres';
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Milliseconds for one call that answers 400 (a login whose phone is a number). */
async function badLogin(base: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"phone":1,"password":"x"}' });
  await res.arrayBuffer();
  if (res.status !== 400) throw new Error(`login answered ${res.status}`);
  return performance.now() - t;
}

async function once(): Promise<{ startMs: number; idleRssMb: number; firstCallMs: number; secondCallMs: number; quietRssMb: number; afterQuietMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-start-'));
  const pg = onPostgres ? await createPgDatabase(PG, 'sf_start') : null;
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd,
    env: { ...START_ENV, ...process.env, ...(process.env.BENCH_COLD === '1' && { NODE_COMPILE_CACHE: join(dir, 'compile-cache') }), NODE_ENV: 'development', LOG_LEVEL: 'warn', JOBS_INTERVAL_SECONDS: '0', DATA_DIR: dir, DATABASE_URL: pg?.url ?? `sqlite:${join(dir, 'sf.db')}`, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (performance.now() - t0 > 30_000) throw new Error('no 200 on /health within 30 s');
      await new Promise((r) => setTimeout(r, 5));
    }
    const startMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    const idleRssMb = rssMb(child.pid!);
    const firstCallMs = await badLogin(`http://127.0.0.1:${port}`);
    const secondCallMs = await badLogin(`http://127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 16_000));
    const quietRssMb = rssMb(child.pid!);
    const afterQuietMs = await badLogin(`http://127.0.0.1:${port}`);
    return { startMs, idleRssMb, firstCallMs, secondCallMs, quietRssMb, afterQuietMs };
  } finally {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  }
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await once());
const stat = (xs: number[], digits = 0) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]!.toFixed(digits)} / ${s[Math.floor(s.length / 2)]!.toFixed(digits)} / ${s[s.length - 1]!.toFixed(digits)}`;
};
console.log(`${cmd.join(' ')} on ${onPostgres ? 'PostgreSQL' : 'SQLite'} (${runs} runs, min / median / max)`);
console.log(`  spawn to first 200 on /health: ${stat(results.map((r) => r.startMs))} ms`);
console.log(`  RSS after 2 s idle:            ${stat(results.map((r) => r.idleRssMb), 1)} MB`);
console.log(`  a bad login, first call:       ${stat(results.map((r) => r.firstCallMs))} ms`);
console.log(`  the same, second call:         ${stat(results.map((r) => r.secondCallMs))} ms`);
console.log(`  RSS after 16 s quiet:          ${stat(results.map((r) => r.quietRssMb), 1)} MB`);
console.log(`  the same call after that:      ${stat(results.map((r) => r.afterQuietMs))} ms`);
