import type { Kysely } from 'kysely';

/**
 * The whole shop's wallet totals, as the `verify-ledger-checkpoints` run that last passed over
 * every wallet took them (docs/orders.md, "Reconciliation"): the reconciliation report reads
 * them instead of counting and summing every wallet. `balances_at` is when the run read them; all
 * four stay null for a job that records no totals (and until the ledger job's next run).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reconciliation_runs').addColumn('wallets', 'bigint').execute();
  await db.schema.alterTable('reconciliation_runs').addColumn('sum_of_balances', 'bigint').execute();
  await db.schema.alterTable('reconciliation_runs').addColumn('sum_of_ledger', 'bigint').execute();
  await db.schema.alterTable('reconciliation_runs').addColumn('balances_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['balances_at', 'sum_of_ledger', 'sum_of_balances', 'wallets']) {
    await db.schema.alterTable('reconciliation_runs').dropColumn(column).execute();
  }
}
