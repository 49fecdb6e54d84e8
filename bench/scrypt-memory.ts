/**
 * `node bench/scrypt-memory.ts`: what eight password sign-ins with 16 MB scrypt buffers (N = 2^14)
 * leave resident in the API, with the start command's environment (START_ENV: glibc's mmap
 * threshold fixed at 4 MB) and without it. Below 32 MB a freed buffer raises glibc's dynamic mmap
 * threshold, and each of libuv's four threads may then keep its next one: up to 64 MB for good.
 * Prints the anonymous resident memory's rise (`/proc/<pid>/smaps`, mappings without a file).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, spawnApi } from '../apps/api/test/support/spawn-api.ts';

function anonymousMb(pid: number): number {
  let kb = 0;
  let anonymous = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) anonymous = !head[1]!.startsWith('/');
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && anonymous) kb += Number(rss[1]);
  }
  return kb / 1024;
}

for (const withStartEnv of [true, false]) {
  const dir = mkdtempSync(join(tmpdir(), 'sf-scrypt-'));
  const env: Record<string, string> = { DATABASE_URL: `sqlite:${join(dir, 'sf.db')}`, DATA_DIR: dir, PASSWORD_SCRYPT_N: String(2 ** 14) };
  if (!withStartEnv) env.GLIBC_TUNABLES = '';
  const api = await spawnApi(env);
  try {
    const phone = '+919811100001';
    const password = 'a-long-password-1';
    await http(api.url, 'POST', '/api/v1/auth/register', { body: { phone, password, full_name: 'Memory Check' } });
    const before = anonymousMb(api.child.pid!);
    for (let i = 0; i < 8; i++) await http(api.url, 'POST', '/api/v1/auth/login', { body: { phone, password } });
    const rise = anonymousMb(api.child.pid!) - before;
    console.log(`${withStartEnv ? 'with START_ENV   ' : 'without START_ENV'}: anonymous memory rose ${rise.toFixed(1)} MB over 8 sign-ins`);
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
