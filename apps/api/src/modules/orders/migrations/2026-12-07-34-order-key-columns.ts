import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * `orders.idempotency_key` and `orders.request_hash` held the Idempotency-Key of orders placed
 * before keys moved to `idempotency_keys` (modules/idempotency, migration 18 carried the live ones
 * over); nothing reads them since, so they go, with the UNIQUE (user_id, idempotency_key)
 * constraint that cost every placed order an index entry.
 *
 * PostgreSQL drops them in place. SQLite cannot drop a column that a UNIQUE constraint names, so
 * the table is rebuilt (SQLite's procedure: create, copy, drop, rename; the migration runner keeps
 * foreign keys off for the run and checks every reference before it commits,
 * packages/store/src/migrate.ts), and its indexes are made again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await db.schema.alterTable('orders').dropConstraint('orders_idempotency_once').execute();
    await db.schema.alterTable('orders').dropColumn('idempotency_key').dropColumn('request_hash').execute();
    return;
  }
  await db.schema
    .createTable('orders_rebuilt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('orders_status', sql`status in ('placed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`)
    .addCheckConstraint('orders_total_positive', sql`subtotal > 0 and total > 0`)
    .addCheckConstraint('orders_refund_bounds', sql`refunded_amount >= 0 and refunded_amount <= total`)
    .execute();
  await sql`insert into orders_rebuilt (id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at)
    select id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at from orders`.execute(db);
  await db.schema.dropTable('orders').execute();
  await db.schema.alterTable('orders_rebuilt').renameTo('orders').execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at', 'id']).execute();
  // Where the shop keeps planner statistics (docs/operations.md), the new table gets its own.
  const { rows } = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (rows.length > 0) await sql`analyze orders`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('request_hash', 'text').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await db.schema.createIndex('orders_idempotency_once').on('orders').columns(['user_id', 'idempotency_key']).unique().execute();
  } else {
    await db.schema.alterTable('orders').addUniqueConstraint('orders_idempotency_once', ['user_id', 'idempotency_key']).execute();
  }
}
