import type { Kysely } from 'kysely';

/**
 * The ledger's CSV export walks newest first by (created_at, id) (docs/admin-exports.md,
 * "Streamed"): these indexes hold that order, unfiltered, per user and per type, so each batch is
 * one index range after the last row written. `wallet_transactions_created_idx` gains `id` (its
 * time ranges for the reconciliation and the dashboard read it as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_transactions_created_idx').execute();
  await db.schema.createIndex('wallet_transactions_created_idx').on('wallet_transactions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('wallet_transactions_user_created_idx').on('wallet_transactions').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('wallet_transactions_type_created_idx').on('wallet_transactions').columns(['type', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_transactions_type_created_idx').execute();
  await db.schema.dropIndex('wallet_transactions_user_created_idx').execute();
  await db.schema.dropIndex('wallet_transactions_created_idx').execute();
  await db.schema.createIndex('wallet_transactions_created_idx').on('wallet_transactions').column('created_at').execute();
}
