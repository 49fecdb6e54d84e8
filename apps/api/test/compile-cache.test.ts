/**
 * The start command (src/main.js) turns on Node's compile cache before any TypeScript loads and
 * writes it once the server listens, so the next start strips no types: Node's type stripper then
 * never loads (docs/operations.md, "Compile cache").
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnApi } from './support/spawn-api.ts';

describe('the compile cache of the start command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-compile-cache-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // Node reports each file's cache lookup on stderr with this setting.
  const env = { NODE_COMPILE_CACHE: join(dir, 'cache'), NODE_DEBUG_NATIVE: 'COMPILE_CACHE', DATABASE_URL: `sqlite:${join(dir, 'sf.db')}`, DATA_DIR: dir };
  const stripped = (out: string) => [...out.matchAll(/no transpile cache for StrippedTypeScript (\S+)/g)].map((m) => m[1]);
  const fromCache = (out: string) => [...out.matchAll(/retrieving transpile cache for StrippedTypeScript (\S+)\.\.\.success/g)].map((m) => m[1]);

  it('a start after one that was killed once listening strips no TypeScript', async () => {
    const cold = await spawnApi(env);
    // Killed, not stopped: the cache must already be written when the server listens.
    await cold.kill();
    assert.ok(stripped(cold.output()).some((f) => f!.endsWith('/src/server.ts')), cold.output().slice(0, 2000));
    assert.ok(readdirSync(join(dir, 'cache')).length > 0);

    const warm = await spawnApi(env);
    await warm.stop();
    const out = warm.output();
    assert.deepEqual(stripped(out), [], out.slice(0, 4000));
    assert.ok(fromCache(out).some((f) => f!.endsWith('/src/server.ts')), out.slice(0, 2000));
  });
});
