import type { Kysely } from 'kysely';

/**
 * The shopper's and the admin order lists page newest first by (created_at, id), the exports'
 * order (migration 26), so `orders_user_created_idx` and `orders_status_created_idx` serve the
 * lists by customer and by status, the order search's buyers among them. Their `(…, id)` twins had
 * no reader left and cost every placed order an index entry each
 * (docs/decisions/0005-order-rate-and-indexes.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_idx').execute();
  await db.schema.dropIndex('orders_status_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
}
