/**
 * `node bench/explain.ts --url <DATABASE_URL> [--days 30 | --from ISO] [--recheck] [--what reconciliation|dashboard|search|orders|exports|audit] [--q text]`:
 * runs the back office's reports in-process against a database made by `bench/scale.ts --keep`,
 * records every statement they send, and prints each one's time and plan (PostgreSQL
 * `EXPLAIN ANALYZE`, SQLite `EXPLAIN QUERY PLAN`). The plans in docs/performance.md come from here.
 */
import { parseArgs } from 'node:util';
import { CompiledQuery, type LogEvent } from 'kysely';
import type { Ctx } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/kysely.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { reconcile } from '../apps/api/src/modules/backoffice/reconciliation.ts';
import { dashboard, listUsers } from '../apps/api/src/modules/backoffice/admin-users.service.ts';
import { listPublicProducts } from '../apps/api/src/modules/catalogue/catalogue.service.ts';
import { adminList } from '../apps/api/src/modules/orders/orders.service.ts';
import { adminTransactionsCsv } from '../apps/api/src/modules/wallet/wallet.service.ts';
import { EXPORT_BATCH } from '../apps/api/src/lib/csv.ts';
import { listAudit } from '../apps/api/src/modules/backoffice/audit-log.service.ts';

const { values: args } = parseArgs({
  options: { url: { type: 'string' }, days: { type: 'string', default: '30' }, from: { type: 'string' }, recheck: { type: 'boolean', default: false }, what: { type: 'string', default: 'reconciliation' }, q: { type: 'string', default: 'quokka' } },
});
if (!args.url) throw new Error('--url is required');
const seen: LogEvent[] = [];
let recording = false;
const database = openDatabase(args.url, { onQuery: (e) => void (recording && seen.push(e)) });
const ctx = { db: database.db, dialect: database.dialect, config: { currency: 'INR', defaultCountryCode: '+91', lowStockThreshold: 5, shopTimeZone: 'UTC' }, clock: systemClock } as unknown as Ctx;
// --days starts the range at a midnight (whole days only); --from at any moment (a partial first day).
const from = args.from ?? new Date(Date.now() - Number(args.days) * 86_400_000).toISOString().slice(0, 10);
const run = {
  reconciliation: () => reconcile(ctx, { from, recheck: args.recheck }),
  dashboard: () => dashboard(ctx),
  search: async () => {
    await listUsers(ctx, { q: args.q });
    await listPublicProducts(ctx, { q: args.q } as never);
  },
  // `--q 'sha|+916000012345|019a1b2c'`: each a first page of GET /admin/orders?q= (name, phone, id prefix).
  orders: async () => {
    for (const q of args.q.split('|')) await adminList(ctx, { q });
  },
  // `--q 'entity=wallet&entity_id=…'`: a first page of GET /admin/audit-log with those filters (`--q ''`: none).
  audit: () => listAudit(ctx, Object.fromEntries(new URLSearchParams(args.q))),
  // The transactions CSV from --days/--from to now, its first three batches (each a ledger batch and its customers).
  exports: async () => {
    let rows = 0;
    for await (const _ of adminTransactionsCsv(ctx, { from })) if (++rows === 3 * EXPORT_BATCH[database.dialect]) break;
  },
}[args.what as 'reconciliation'];
await run(); // warm: stores the daily figures, fills caches
recording = true;
const t0 = performance.now();
await run();
recording = false;
console.log(`${args.what} on ${database.dialect}: ${(performance.now() - t0).toFixed(1)} ms in ${seen.length} statements\n`);
for (const e of seen) {
  const q = e.query;
  console.log(`-- ${e.queryDurationMillis.toFixed(1)} ms\n${q.sql.replace(/\s+/g, ' ').slice(0, 600)}\n   params: ${JSON.stringify(q.parameters).slice(0, 200)}`);
  if (!/^\s*(select|with)\b/i.test(q.sql)) continue; // writes (the checkpoints' advance), transaction control: timed, not explained
  const explain = database.dialect === 'postgres' ? `explain (analyze, costs off, summary off) ${q.sql}` : `explain query plan ${q.sql}`;
  const plan = await database.db.executeQuery(CompiledQuery.raw(explain, [...q.parameters]));
  for (const row of plan.rows as Record<string, unknown>[]) console.log(`   ${database.dialect === 'postgres' ? row['QUERY PLAN'] : `${row.id}|${row.parent} ${row.detail}`}`);
  console.log();
}
await database.close();
