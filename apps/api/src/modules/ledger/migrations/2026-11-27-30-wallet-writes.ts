import { sql, type Kysely } from 'kysely';

/**
 * No route reads `wallets_nonzero_idx` (the reconciliation's totals come from the ledger job, the
 * dashboard's liability from the ledger, and `GET /admin/users?has_balance` probes each wallet by
 * its key on both databases), yet every wallet movement rewrote its entry, and on PostgreSQL the
 * indexed balance kept the wallet's update from being a heap-only one (docs/performance.md,
 * "Against an earlier commit").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallets_nonzero_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('wallets_nonzero_idx')
    .on('wallets')
    .columns(['shopping_credits', 'reward_points', 'e_vouchers'])
    .where(sql<boolean>`shopping_credits <> 0 or reward_points <> 0 or e_vouchers <> 0`)
    .execute();
}
