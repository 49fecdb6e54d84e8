import { sql, type Kysely } from 'kysely';

/**
 * The order timeline (docs/orders.md, "Events"): one `order_events` row per move of an order,
 * written in the move's own transaction and read per order, oldest first, through one index.
 *
 * `user_notes` holds the back office's internal notes on a user (docs/admin-portal.md), listed on
 * the user's admin page newest first through its index. It is created here, with the timeline,
 * because both are the operators' history of a customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_kind', 'text', (c) => c.notNull().check(sql`actor_kind in ('user', 'admin', 'system')`))
    .addColumn('actor_id', 'text')
    .addColumn('note', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('user_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('admin_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_notes_user_idx').on('user_notes').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_notes').execute();
  await db.schema.dropTable('order_events').execute();
}
