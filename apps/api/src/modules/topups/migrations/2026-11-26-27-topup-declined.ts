import type { Kysely } from 'kysely';

/**
 * When the gateway declined the payment of a pending top-up (`topup-decline`), so the app can say
 * so at once instead of "pending" until it expires; null otherwise. The stored status stays
 * `pending`: a payment confirmed later still completes the top-up (docs/wallet.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topups').addColumn('declined_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topups').dropColumn('declined_at').execute();
}
