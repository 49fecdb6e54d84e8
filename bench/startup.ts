/**
 * Cold start and idle memory of the API as `npm start` runs it: spawns the server on a fresh
 * SQLite file, polls GET /health every 5 ms and reports the time from spawn to the first 200,
 * then the server's RSS after 2 s idle. Several runs; prints min / median / max.
 *
 *   node bench/startup.ts                      # the command npm start runs, on this Node
 *   START_CMD='node --import tsx apps/api/src/server.ts' START_CWD=/other/checkout node bench/startup.ts
 *
 * RUNS (default 7). START_CMD is split on spaces; its first word is looked up on PATH.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/api/test/support/spawn-api.ts';

const runs = Number(process.env.RUNS ?? 7);
const cmd = (process.env.START_CMD ?? 'node --max-semi-space-size=4 apps/api/src/server.ts').split(' ');
const cwd = process.env.START_CWD ?? join(import.meta.dirname, '..');

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function once(): Promise<{ startMs: number; idleRssMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-start-'));
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd[0]!, cmd.slice(1), {
    cwd,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', JOBS_INTERVAL_SECONDS: '0', DATA_DIR: dir, DATABASE_URL: `sqlite:${join(dir, 'sf.db')}`, PORT: String(port), HOST: '127.0.0.1' },
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
    return { startMs, idleRssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await once());
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]!.toFixed(0)} / ${s[Math.floor(s.length / 2)]!.toFixed(0)} / ${s[s.length - 1]!.toFixed(0)}`;
};
console.log(`${cmd.join(' ')} (${runs} runs, min / median / max)`);
console.log(`  spawn to first 200 on /health: ${stat(results.map((r) => r.startMs))} ms`);
console.log(`  RSS after 2 s idle:            ${stat(results.map((r) => r.idleRssMb))} MB`);
