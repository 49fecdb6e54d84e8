/** Runs the real server (src/main.js) as a child process, for multi-instance and crash tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const handedOut = new Set<number>();

/**
 * A loopback port for a server a test starts and names before it listens (child processes, URLs
 * in each other's settings). Random in 20000–29999 and checked free: below the kernel's ephemeral
 * range (32768–60999), so no `listen(0)` and no outgoing connection of any test process is given
 * it meanwhile. A port from `listen(0)` could be handed out again before the child bound it, and
 * concurrent test files then met each other's servers: a health check answered by the wrong one.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
}

/**
 * The environment the start command adds (package.json): glibc hands every allocation of 4 MB or
 * more straight back to the system when freed. Without it, once a password hash's scrypt buffer
 * (16 MB at N = 2^14) was freed, glibc raised its threshold and each libuv thread kept such a
 * buffer for good: up to 64 MB (docs/operations.md, "Memory or throughput").
 */
export const START_ENV = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=4194304' };

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: no graceful anything. */
  kill(): Promise<void>;
}

/**
 * `nodeArgs`: extra Node flags before the script (the bench's `--cpu-prof`). `root`: the apps/api
 * folder to start, this one unless the bench compares another checkout (`BENCH_AGAINST`).
 */
export async function spawnApi(env: Record<string, string>, nodeArgs: string[] = [], root = apiRoot): Promise<ApiProcess> {
  const port = await freePort();
  // The same command as `npm start` (package.json), so tests and the bench run what production runs
  // (a checkout from before src/main.js, which BENCH_AGAINST may name, starts src/server.ts).
  const entry = existsSync(join(root, 'src/main.js')) ? 'src/main.js' : 'src/server.ts';
  const child = spawn(process.execPath, ['--max-semi-space-size=8', ...nodeArgs, entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...START_ENV, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOBS_INTERVAL_SECONDS: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early: ${out}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** fetch + JSON for black-box tests against a running server. */
export async function http(base: string, method: string, path: string, opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers['x-sdk-access-token'] = opts.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text, headers: res.headers };
}
