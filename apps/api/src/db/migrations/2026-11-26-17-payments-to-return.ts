import { sql, type Kysely } from 'kysely';

/**
 * `GET /admin/payments-to-return` reads the webhook-log rows of second payments for completed
 * top-ups (reason `topup_already_completed`): rare rows among every callback, so a partial index
 * of only them keeps the list from scanning the whole log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_logs_to_return_idx')
    .on('webhook_logs')
    .columns(['id', 'gateway', 'gateway_txn_id'])
    .where(sql<boolean>`reason = 'topup_already_completed'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_logs_to_return_idx').execute();
}
