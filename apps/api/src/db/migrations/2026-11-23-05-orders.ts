import { sql, type Kysely } from 'kysely';

/** Tables for orders, refunds, reconciliation. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Both databases treat NULLs as distinct, so a cleared key never conflicts.
    .addUniqueConstraint('orders_idempotency_once', ['user_id', 'idempotency_key'])
    .addCheckConstraint('orders_status', sql`status in ('placed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')`)
    .addCheckConstraint('orders_total_positive', sql`subtotal > 0 and total > 0`)
    .addCheckConstraint('orders_refund_bounds', sql`refunded_amount >= 0 and refunded_amount <= total`)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'product_id'])
    .addCheckConstraint('order_items_quantity', sql`quantity between 1 and 99`)
    .addCheckConstraint('order_items_amounts', sql`unit_price >= 0 and line_total = unit_price * quantity`)
    .execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('admin_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('refunds_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('refunds_created_idx').on('refunds').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['refunds', 'order_items', 'orders']) await db.schema.dropTable(t).execute();
}
