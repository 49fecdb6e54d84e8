import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's outstanding reward points and e-vouchers, read from an index of only the wallets
 * that hold any (none, in a shop that does not grant them). The liability in shopping credits is
 * the ledger's total instead (`dashboard` in backoffice/admin-users.service.ts): a scan of the
 * wallets holding credits grew with customers (52 of 107 ms at 1,000,000, docs/performance.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('wallets_extras_idx')
    .on('wallets')
    .columns(['reward_points', 'e_vouchers'])
    .where(sql<boolean>`reward_points <> 0 or e_vouchers <> 0`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallets_extras_idx').execute();
}
