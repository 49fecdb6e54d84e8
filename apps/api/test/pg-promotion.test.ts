/**
 * A PostgreSQL query's rows die young (src/db/kysely.ts, `answer`): read through the API's pool,
 * 200,000 rows in 400 queries leave the old generation where it was; through pg's own promise,
 * which sets the query's callback after building it, the same rows outlive two young collections
 * and are promoted. Measured in a process of its own under the start command's young generation.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { onPostgres } from './helpers.ts';

function read(mode: 'api' | 'pg'): { rows: number; grewMb: number; majors: number } {
  const out = execFileSync(process.execPath, ['--max-semi-space-size=8', '--expose-gc', join(import.meta.dirname, 'support', 'pg-rows.ts'), mode], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: process.env.DATABASE_URL! },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { rows: number; grewMb: number; majors: number };
}

describe('rows read from PostgreSQL', { skip: !onPostgres && 'PostgreSQL only: the pg driver' }, () => {
  it('die young through the API’s pool, where pg’s own promise has them promoted', () => {
    const api = read('api');
    const own = read('pg');
    assert.equal(api.rows, 200_000);
    assert.equal(api.majors, 0, 'no full collection hid what was promoted');
    assert.ok(api.grewMb < 4, `the old generation grew ${api.grewMb.toFixed(1)} MB over 200,000 rows`);
    assert.ok(own.grewMb > 16 || own.majors > 0, `pg's own promise: ${own.grewMb.toFixed(1)} MB, ${own.majors} full collections (pg no longer promotes them: src/db/kysely.ts's \`answer\` may be unneeded)`);
  });
});
