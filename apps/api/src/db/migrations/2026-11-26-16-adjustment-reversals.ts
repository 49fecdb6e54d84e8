import { sql, type Kysely } from 'kysely';

/**
 * Money enters only by top-up: an admin adjustment is a debit, or the reversal of an earlier debit
 * (docs/wallet.md, Admin adjustments). `reverses` names the debit a reversal gives back;
 * `reversed` is how much of a debit has been given back so far, raised by one conditional UPDATE
 * per reversal, so reversals racing each other can never give back more than was taken. Existing
 * rows stay as they are (`reverses` null, `reversed` 0).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('wallet_adjustments')
    .addColumn('reverses', 'text', (c) => c.references('wallet_adjustments.id'))
    .execute();
  await db.schema
    .alterTable('wallet_adjustments')
    .addColumn('reversed', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`reversed = 0 or (reversed > 0 and reversed + amount <= 0)`))
    .execute();
  await db.schema.createIndex('wallet_adjustments_reverses_idx').on('wallet_adjustments').column('reverses').where(sql<boolean>`reverses is not null`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_adjustments_reverses_idx').execute();
  await db.schema.alterTable('wallet_adjustments').dropColumn('reversed').execute();
  await db.schema.alterTable('wallet_adjustments').dropColumn('reverses').execute();
}
