import { sql, type Kysely } from 'kysely';

/**
 * `wallets.last_entry_id`: the id of the wallet's newest ledger row. Every movement must carry a
 * newer id (the conditional UPDATE checks it under the row lock), so a wallet's ledger read in id
 * order is its commit order, on every instance: each `balance_after` is the running sum.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallets').addColumn('last_entry_id', 'text').execute();
  await sql`update wallets set last_entry_id = (select max(t.id) from wallet_transactions t where t.user_id = wallets.user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallets').dropColumn('last_entry_id').execute();
}
