import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The orders', order lines' and refunds' CSV exports walk newest first by (created_at, id)
 * (docs/admin-exports.md, "Streamed"): these indexes hold that order, unfiltered and per filter
 * (an order's user or status, a refund's user), so each batch is one index range after the last
 * row written. The time indexes gain `id`; their time ranges read them as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_created_idx').execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
  await db.schema.dropIndex('refunds_created_idx').execute();
  await db.schema.createIndex('refunds_created_idx').on('refunds').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('refunds_user_created_idx').on('refunds').columns(['user_id', 'created_at', 'id']).execute();
  await countNewIndexes(db, [sql`analyze orders_created_idx`, sql`analyze orders_user_created_idx`, sql`analyze orders_status_created_idx`, sql`analyze refunds_created_idx`, sql`analyze refunds_user_created_idx`]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_user_created_idx').execute();
  await db.schema.dropIndex('refunds_created_idx').execute();
  await db.schema.createIndex('refunds_created_idx').on('refunds').column('created_at').execute();
  await db.schema.dropIndex('orders_status_created_idx').execute();
  await db.schema.dropIndex('orders_user_created_idx').execute();
  await db.schema.dropIndex('orders_created_idx').execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
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
