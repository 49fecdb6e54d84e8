import type { Kysely } from 'kysely';

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
