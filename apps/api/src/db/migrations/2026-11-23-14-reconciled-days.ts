import type { Kysely } from 'kysely';

/**
 * What the reconciliation's jobs found, so that a report reads it instead of redoing it
 * (docs/orders.md, Reconciliation). Written only by the back office's jobs.
 *
 * - `reconciled_days`: each closed UTC day's range checks, run once by `verify-reconciliation-days`:
 *   the figures the report sums (JSON), the day's mismatches (JSON, at most MISMATCH_LIMIT per
 *   check), and `seen_before`: every row created before it had committed when the day was checked
 *   (a refund of the day's orders created later is checked again live by each report).
 * - `ledger_failures`: the wallets `verify-ledger-checkpoints` found failing the all-time
 *   "balance = ledger" check on its last run, with what it found; a wallet's row goes when it passes.
 * - `reconciliation_runs`: when each of those jobs last ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reconciled_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('figures', 'text', (c) => c.notNull())
    .addColumn('mismatches', 'text', (c) => c.notNull())
    .addColumn('mismatches_truncated', 'integer', (c) => c.notNull())
    .addColumn('seen_before', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_failures')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('wallets.user_id'))
    .addColumn('stale', 'integer', (c) => c.notNull())
    .addColumn('credits', 'bigint', (c) => c.notNull())
    .addColumn('last_entry_id', 'text')
    .addColumn('since', 'text')
    .addColumn('base', 'bigint', (c) => c.notNull())
    .addColumn('added', 'bigint')
    .addColumn('broken', 'text')
    .addColumn('found_at', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reconciliation_runs')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reconciliation_runs').execute();
  await db.schema.dropTable('ledger_failures').execute();
  await db.schema.dropTable('reconciled_days').execute();
}
