/**
 * What the idle API holds, as `npm start` runs it: starts the server on a fresh database with this
 * file as an `--import` hook, waits 2 s after the first 200 on /health, then prints the RSS by
 * mapping (`/proc/<pid>/smaps`), V8's heap spaces, and the modules loaded since start per package
 * (count and source bytes on disk, as the resolve hook saw them). One run; the hook itself adds
 * about 1 MB. The start command reads Node's compile cache, so a first run after a change is a cold
 * start (docs/operations.md, "Compile cache").
 *
 *   node bench/idle-memory.ts                      # SQLite
 *   BENCH_DB=postgres node bench/idle-memory.ts    # a fresh PostgreSQL database (BENCH_PG_URL)
 *   BENCH_QUIET=1 node bench/idle-memory.ts        # 17 s after, once the quiet server gave memory back (src/lib/quiet-memory.ts)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

/** In the server: counts what each module load brings, and writes the report on SIGUSR2. */
function hook(out: string): void {
  const loaded = new Map<string, number>();
  // A resolve hook, not a load hook: Node does not read a module from its compile cache through a load hook.
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      if (!loaded.has(result.url)) loaded.set(result.url, result.url.startsWith('file:') && !result.url.endsWith('.node') ? statSync(new URL(result.url)).size : 0);
      return result;
    },
  });
  process.on('SIGUSR2', () => {
    const mappings = new Map<string, number>();
    let name = '';
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) name = head[1]!.endsWith('/node') ? 'the node executable' : head[1]!.endsWith('.node') ? 'native addons' : head[1]!.startsWith('/') ? 'other files' : head[1] === '[heap]' ? 'malloc (main arena)' : head[1] || 'anonymous (V8 heap, WebAssembly, thread stacks, malloc arenas)';
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) mappings.set(name, (mappings.get(name) ?? 0) + Number(rss[1]) * 1024);
    }
    const lines = [`RSS ${mb(process.memoryUsage().rss)} MB`];
    for (const [k, v] of [...mappings].sort((a, b) => b[1] - a[1])) if (v >= 524288) lines.push(`  ${mb(v).padStart(6)} MB  ${k}`);
    lines.push('V8 heap spaces (used / committed MB)');
    for (const s of getHeapSpaceStatistics()) if (s.physical_space_size > 0) lines.push(`  ${mb(s.space_used_size).padStart(6)} / ${mb(s.physical_space_size).padStart(5)}  ${s.space_name}`);
    const packages = new Map<string, [number, number]>();
    for (const [url, bytes] of loaded) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? /\/((?:apps|packages)\/[^/]+)\//.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node: builtins' : url);
      const [n, b] = packages.get(pkg) ?? [0, 0];
      packages.set(pkg, [n + 1, b + bytes]);
    }
    const total = [...packages.values()].reduce((s, [n, b]) => [s[0] + n, s[1] + b], [0, 0]);
    lines.push(`Modules loaded: ${total[0]}, ${(total[1] / 1024).toFixed(0)} KB of source; the packages over 20 KB:`);
    for (const [pkg, [n, b]] of [...packages].sort((a, b) => b[1][1] - a[1][1])) if (b > 20480) lines.push(`  ${String(n).padStart(4)} ${(b / 1024).toFixed(0).padStart(5)} KB  ${pkg}`);
    writeFileSync(out, `${lines.join('\n')}\n`);
  });
}

async function run(): Promise<void> {
  const { freePort, START_ENV } = await import('../apps/api/test/support/spawn-api.ts');
  const { createPgDatabase } = await import('../apps/api/test/helpers.ts');
  const dir = mkdtempSync(join(tmpdir(), 'sf-idle-'));
  const pg = process.env.BENCH_DB === 'postgres' ? await createPgDatabase(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'sf_idle') : null;
  const port = await freePort();
  const report = join(dir, 'report.txt');
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--import', import.meta.filename, 'apps/api/src/main.js'], {
    cwd: join(import.meta.dirname, '..'),
    // This file loads before src/main.js turns the cache on: the variable turns it on from the start, in main.js's directory.
    env: { ...START_ENV, ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE || join(import.meta.dirname, '../node_modules/.cache/node-compile-cache'), IDLE_MEMORY_REPORT: report, NODE_ENV: 'development', LOG_LEVEL: 'warn', JOBS_INTERVAL_SECONDS: '0', DATA_DIR: dir, DATABASE_URL: pg?.url ?? `sqlite:${join(dir, 'sf.db')}`, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'inherit',
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    while (!(await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false))) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const wait = process.env.BENCH_QUIET === '1' ? 17_000 : 2000;
    await new Promise((r) => setTimeout(r, wait));
    child.kill('SIGUSR2');
    for (let i = 0; i < 200 && !readFileSync(report, { flag: 'a+' }).length; i++) await new Promise((r) => setTimeout(r, 10));
    console.log(`On ${pg ? 'PostgreSQL' : 'SQLite'}, ${wait / 1000} s after the first 200 on /health:`);
    process.stdout.write(readFileSync(report, 'utf8'));
  } finally {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    await pg?.drop();
  }
}

if (process.env.IDLE_MEMORY_REPORT) hook(process.env.IDLE_MEMORY_REPORT);
else await run();
