import type { Kysely } from 'kysely';

/** An admin refund may carry an Idempotency-Key: a retried partial refund must not pay twice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('idempotency_key', 'text').execute();
  await db.schema.createIndex('refunds_order_key_uq').on('refunds').columns(['order_id', 'idempotency_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_order_key_uq').execute();
  await db.schema.alterTable('refunds').dropColumn('idempotency_key').execute();
}
