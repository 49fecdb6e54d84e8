/**
 * One process of a cross-process storm (test/support/storm.ts): the whole API built on its own
 * database connection(s) (SQLite: one connection to the shared file, WAL; PostgreSQL:
 * `STORM_LANES` pool clients). It prints `ready` once its connections are open, then for each
 * line on stdin (`{clock, requests}`) sends those requests through `app.inject`, `STORM_LANES` at
 * a time, and prints one line: `[{i, status, body}]`. Its clock starts at the test's clock and
 * runs with real time, so tokens, signatures and top-up expiry agree with the test.
 */
import { createInterface } from 'node:readline';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import type { DB } from '../../src/schema.ts';
import { call, testConfig } from '../helpers.ts';
import type { StormRequest } from './storm.ts';

const env = JSON.parse(process.env.STORM_ENV ?? '{}') as Record<string, string>;
const lanes = Number(process.env.STORM_LANES ?? 1);
let base = 0;
let started = 0;
const clock = { now: () => new Date(base + Date.now() - started) };

// NORMAL as on the test's own connection (test/helpers.ts): an fsync per commit only slows the storm.
const app = await buildApp({ config: testConfig(process.env.DATABASE_URL!, { SQLITE_SYNCHRONOUS: 'NORMAL', ...env, DATABASE_POOL_SIZE: String(lanes) }), clock });
await app.ready();
// Open every connection before the start, so all processes start writing at once.
await Promise.all(Array.from({ length: lanes }, () => sql`select 1`.execute(app.ctx.db as unknown as Kysely<DB>)));
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  const batch = JSON.parse(line) as { clock: string; requests: Array<StormRequest & { i: number }> };
  base = new Date(batch.clock).getTime();
  started = Date.now();
  const answers: Array<{ i: number; status: number; body: unknown }> = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < batch.requests.length) {
      const { i, method, url, ...options } = batch.requests[next++]!;
      const res = await call(app, method, url, options);
      answers.push({ i, status: res.status, body: res.body });
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  process.stdout.write(`${JSON.stringify(answers)}\n`);
}
await app.close();
