/**
 * The start command as production runs it (package.json's `start`, `deploy/storefront api`): the
 * tests and the benches spawn the API with the same flags and environment (`spawnApi`,
 * `START_ENV`), and that environment keeps freed password-hash buffers from staying resident.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, spawnApi, START_ENV, type ApiProcess } from './support/spawn-api.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const FLAGS = 'node --max-semi-space-size=8';

/** Anonymous resident memory of a process, in MB (`/proc/<pid>/smaps`: mappings without a file). */
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

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

describe('the start command', () => {
  it('is the same in package.json, apps/api and the image, with the environment the tests use', () => {
    const env = Object.entries(START_ENV).map(([k, v]) => `${k}=${v}`).join(' ');
    const scripts = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')).scripts.start as string;
    assert.equal(scripts('package.json'), `${env} ${FLAGS} apps/api/src/main.js`);
    assert.equal(scripts('apps/api/package.json'), `${env} ${FLAGS} src/main.js`);
    const image = readFileSync(join(root, 'deploy/storefront'), 'utf8');
    for (const [k, v] of Object.entries(START_ENV)) assert.ok(image.includes(`  api) ${k}="\${${k}:-${v}}" exec ${FLAGS} apps/api/src/main.js "$@" ;;`), image);
  });

  describe('password checks leave no memory behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-start-'));
    let api: ApiProcess;
    after(async () => {
      await api?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('eight sign-ins with 16 MB scrypt buffers (N = 2^14) raise the anonymous memory by less than one buffer', async () => {
      // Below 32 MB a freed buffer raises glibc's mmap threshold, and each of libuv's four threads
      // would then keep its next one: 64 MB for good without START_ENV.
      api = await spawnApi({ DATABASE_URL: `sqlite:${join(dir, 'sf.db')}`, DATA_DIR: dir, PASSWORD_SCRYPT_N: String(2 ** 14) });
      const phone = '+919811100001';
      const password = 'a-long-password-1';
      const reg = await http(api.url, 'POST', '/api/v1/auth/register', { body: { phone, password, full_name: 'Memory Check' } });
      assert.equal(reg.status, 201, reg.text);
      const before = anonymousMb(api.child.pid!);
      for (let i = 0; i < 8; i++) {
        const r = await http(api.url, 'POST', '/api/v1/auth/login', { body: { phone, password } });
        assert.equal(r.status, 200, r.text);
      }
      const rise = anonymousMb(api.child.pid!) - before;
      assert.ok(rise < 16, `anonymous memory rose ${rise.toFixed(1)} MB`);
    });
  });

  it('gives memory back once no request has come for 10–15 s (src/lib/quiet-memory.ts)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sf-quiet-'));
    // V8's own memory reducer off: it runs only after a full collection (the start's, for a while),
    // which a server busy with short-lived requests may then not have for hours. What is measured is
    // the young generation those requests grew, given back by the API's own collection.
    const api = await spawnApi({ DATABASE_URL: `sqlite:${join(dir, 'sf.db')}`, DATA_DIR: dir }, ['--no-memory-reducer']);
    try {
      for (let i = 0; i < 250; i++) {
        const answers = await Promise.all(Array.from({ length: 20 }, () => http(api.url, 'GET', '/api/v1/products')));
        assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
      }
      await new Promise((r) => setTimeout(r, 2000));
      const idle = rssMb(api.child.pid!);
      await new Promise((r) => setTimeout(r, 15_000));
      const quiet = rssMb(api.child.pid!);
      assert.ok(quiet < idle - 4, `RSS ${idle.toFixed(1)} MB 2 s after the last request, ${quiet.toFixed(1)} MB 17 s after`);
      assert.equal((await http(api.url, 'GET', '/api/v1/products')).status, 200, 'and it answers as before');
    } finally {
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
