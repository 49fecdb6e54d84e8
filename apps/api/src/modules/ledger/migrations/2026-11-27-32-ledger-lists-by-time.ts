import type { Kysely } from 'kysely';

/**
 * The admin ledger list pages newest first by (created_at, id), the export's order (migration 25):
 * by type through `wallet_transactions_type_created_idx`. A customer's rows, in the list and the
 * export, go in their wallet's chain order through `wallet_transactions_user_idx` (user_id, id),
 * which the shopper's history and the ledger checkpoints read too. `wallet_transactions_type_idx`
 * and `wallet_transactions_user_created_idx` had no reader left and cost every ledger row an
 * index entry each (docs/decisions/0005-order-rate-and-indexes.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_transactions_type_idx').execute();
  await db.schema.dropIndex('wallet_transactions_user_created_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('wallet_transactions_type_idx').on('wallet_transactions').columns(['type', 'id']).execute();
  await db.schema.createIndex('wallet_transactions_user_created_idx').on('wallet_transactions').columns(['user_id', 'created_at', 'id']).execute();
}
