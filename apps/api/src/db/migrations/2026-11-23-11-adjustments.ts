import { sql, type Kysely } from 'kysely';

/**
 * Admin wallet adjustments: who moved how much and why, the ledger row it made, and the
 * Idempotency-Key that makes a retried adjustment answer the first instead of moving twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('wallets.user_id'))
    .addColumn('admin_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique().references('wallet_transactions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('wallet_adjustments_amount_nonzero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('wallet_adjustments_user_key_uq').on('wallet_adjustments').columns(['user_id', 'idempotency_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_adjustments').execute();
}
