import type { Kysely } from 'kysely';

/**
 * Per-wallet checkpoints of the all-time "balance = ledger" check (docs/orders.md, Reconciliation):
 * the wallet's newest ledger row already verified and the balance it leaves. Each reconciliation
 * verifies only the rows after it, then moves it forward. Written only by the reconciliation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_checkpoints')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('wallets.user_id'))
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_checkpoints').execute();
}
