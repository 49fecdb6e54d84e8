import type { Kysely } from 'kysely';

/**
 * Where the payment server sends the payer after a top-up (`return_url` of `topup-initiate`,
 * checked against `TOPUP_RETURN_ORIGINS`); null for a top-up started without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topups').addColumn('return_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('topups').dropColumn('return_url').execute();
}
