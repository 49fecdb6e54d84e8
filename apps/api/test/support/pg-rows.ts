/**
 * Reads 200,000 rows in 400 queries, one after another, through the API's pool (`api`) or through
 * pg's own promise (`pg`), and writes one line of JSON: how much the old generation grew meanwhile
 * (what the young collections promoted, when no full collection ran) and the full collections
 * (test/pg-promotion.test.ts). Run with `--max-semi-space-size=8 --expose-gc`; DATABASE_URL is a
 * PostgreSQL database.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/kysely.ts';
import { isFullCollection, oldGeneration } from '../../src/lib/heap-headroom.ts';

const url = process.env.DATABASE_URL!;
let read: (from: number) => Promise<number>;
let close: () => Promise<void>;
if (process.argv[2] === 'api') {
  const database = openDatabase(url, { poolSize: 1 });
  read = async (from) => (await sql`select md5(i::text) as a, md5((i + 1)::text) as b, i as n from generate_series(${from}::int, ${from + 499}::int) i`.execute(database.db)).rows.length;
  close = () => database.close();
} else {
  const client = new pg.Client(url);
  await client.connect();
  read = async (from) => (await client.query('select md5(i::text) as a, md5((i + 1)::text) as b, i as n from generate_series($1::int, $2::int) i', [from, from + 499])).rows.length;
  close = () => client.end();
}

await read(0);
(globalThis as { gc?: () => void }).gc!();
let majors = 0;
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (isFullCollection(e)) majors++;
});
observer.observe({ entryTypes: ['gc'] });
const before = oldGeneration();
let rows = 0;
for (let q = 0; q < 400; q++) rows += await read(q * 500);
const grew = oldGeneration() - before;
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
await close();
process.stdout.write(`${JSON.stringify({ rows, grewMb: grew / 1024 / 1024, majors })}\n`);
