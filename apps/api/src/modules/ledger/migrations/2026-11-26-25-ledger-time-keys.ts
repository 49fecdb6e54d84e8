import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

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
  await countNewIndexes(db, [sql`analyze wallet_transactions_created_idx`, sql`analyze wallet_transactions_user_created_idx`, sql`analyze wallet_transactions_type_created_idx`]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_transactions_type_created_idx').execute();
  await db.schema.dropIndex('wallet_transactions_user_created_idx').execute();
  await db.schema.dropIndex('wallet_transactions_created_idx').execute();
  await db.schema.createIndex('wallet_transactions_created_idx').on('wallet_transactions').column('created_at').execute();
}

/**
 * SQLite plans from `sqlite_stat1` once a shop has run `ANALYZE` (docs/operations.md). An index
 * with no row there looks more selective than any counted one: at 1 M customers the admin lists
 * (`status = ? order by id desc`) chose the new index and sorted half a million rows (0.5 s)
 * instead of walking the counted `(status, id)` one. So where statistics exist, the new indexes
 * get theirs too; a database never analysed is left to SQLite's even defaults.
 */
async function countNewIndexes(db: Kysely<unknown>, analyses: RawBuilder<unknown>[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (rows.length === 0) return;
  for (const analyse of analyses) await analyse.execute(db);
}
