/**
 * The API as the benches run it (bench/scale.ts, bench/export.ts, bench/heap.ts): the start command's process
 * (`npm start`'s flags) on a given database, in production mode, jobs off, an admin seeded to sign
 * in with (no second factor), and its resident memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, START_ENV } from '../apps/api/test/support/spawn-api.ts';

export const ADMIN = { phone: '+919000000999', password: 'bench-admin-password' };

export interface RunningApi {
  base: string;
  child: ChildProcess;
  /** performance.now() when the process was spawned (the API's clock for slow-call logs). */
  startedAt: number;
  stop(): Promise<void>;
}

/**
 * Starts the API on `url` and resolves once `/health` answers. `BENCH_API_NODE_ARGS` passes node
 * flags (e.g. `--trace-gc`); `extra` adds flags and settings of the caller's own (they win).
 */
export async function startApi(url: string, extra: { nodeArgs?: string[]; env?: Record<string, string> } = {}): Promise<RunningApi> {
  const port = await freePort();
  const apiNodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, ['--max-semi-space-size=8', ...apiNodeArgs, ...(extra.nodeArgs ?? []), 'src/main.js'], {
    cwd: join(import.meta.dirname, '..', 'apps', 'api'),
    env: {
      PATH: process.env.PATH ?? '', ...START_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'), SEED_ADMIN_PHONE: ADMIN.phone, SEED_ADMIN_PASSWORD: ADMIN.password, ADMIN_REQUIRE_MFA: 'false', CATALOGUE_CACHE_MS: '0', JOBS_INTERVAL_SECONDS: '0',
      ...extra.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const api: RunningApi = {
    base: `http://127.0.0.1:${port}`,
    child,
    startedAt: performance.now(),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('API exited');
      if (await fetch(`${api.base}/health`).then((r) => r.ok, () => false)) return api;
      if (i > 600) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await api.stop();
    throw err;
  }
}

/** A process's resident memory now and its peak so far, in MB. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(status.match(new RegExp(`${k}:\\s+(\\d+)`))![1]) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
