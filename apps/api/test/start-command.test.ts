/**
 * The start command as production runs it (package.json's `start`, `deploy/storefront api`): the
 * tests and the benches spawn the API with the same flags and environment (`spawnApi`,
 * `START_ENV`), and that environment keeps freed password-hash buffers from staying resident
 * (`node bench/scrypt-memory.ts` measures it).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, spawnApi, START_ENV } from './support/spawn-api.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const FLAGS = 'node --max-semi-space-size=8';

/** The API's full (mark-compact) collections so far, from its /metrics (prom-client's `nodejs_gc_duration_seconds`). */
async function fullCollections(url: string): Promise<number> {
  const text = (await http(url, 'GET', '/metrics')).text;
  assert.match(text, /^# TYPE nodejs_gc_duration_seconds histogram$/m, 'the collections are on /metrics');
  // prom-client writes a kind's series from its first collection on.
  return Number(/^nodejs_gc_duration_seconds_count\{kind="major"\} (\d+)/m.exec(text)?.[1] ?? 0);
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

  it('collects the whole heap once no request has come for 10–15 s (src/lib/quiet-memory.ts)', async () => {
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
      // Whether the quiet server collected, not how many megabytes that gave back: a memory figure
      // depends on what else the machine does (`node bench/idle-memory.ts` measures it).
      const busy = await fullCollections(api.url);
      await new Promise((r) => setTimeout(r, 17_000));
      const quiet = await fullCollections(api.url);
      assert.ok(quiet > busy, `no full collection in 17 quiet seconds (${busy} before, ${quiet} after)`);
      assert.equal((await http(api.url, 'GET', '/api/v1/products')).status, 200, 'and it answers as before');
    } finally {
      await api.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
