import { sql, type Kysely } from 'kysely';

/** Tables for wallet ledger, daily spin, top-ups, webhook log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('wallets.user_id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('wallet_transactions_type', sql`type in ('topup', 'order_payment', 'order_refund', 'daily_spin', 'adjustment')`)
    .addCheckConstraint('wallet_transactions_amount_nonzero', sql`amount <> 0`)
    .addCheckConstraint('wallet_transactions_balance_non_negative', sql`balance_after >= 0`)
    // Credits come in as positive amounts and payments go out as negative ones.
    .addCheckConstraint(
      'wallet_transactions_sign',
      sql`(type in ('topup', 'order_refund', 'daily_spin') and amount > 0) or (type = 'order_payment' and amount < 0) or type = 'adjustment'`,
    )
    .execute();
  await db.schema.createIndex('wallet_transactions_user_idx').on('wallet_transactions').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('wallet_transactions_type_idx').on('wallet_transactions').columns(['type', 'id']).execute();
  // A second guard behind the top-up row's own once-only update: one ledger credit per top-up.
  await db.schema
    .createIndex('wallet_transactions_topup_once')
    .on('wallet_transactions')
    .column('reference')
    .unique()
    .where(sql.ref('type'), '=', sql.lit('topup'))
    .execute();

  await db.schema
    .createTable('daily_spins')
    .addColumn('user_id', 'text', (c) => c.notNull().references('wallets.user_id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull().references('wallet_transactions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_spins_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('topups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attached_gateway', 'text')
    .addColumn('gateway_order_id', 'text')
    .addColumn('gateway', 'text')
    .addColumn('gateway_txn_id', 'text')
    .addColumn('credited_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('topups_gateway_txn_once', ['gateway', 'gateway_txn_id'])
    .addCheckConstraint('topups_amount_positive', sql`amount > 0`)
    .addCheckConstraint(
      'topups_status',
      sql`(status = 'pending' and credited_at is null and gateway_txn_id is null)
       or (status = 'completed' and credited_at is not null and gateway is not null and gateway_txn_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('topups_user_idx').on('topups').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('webhook_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text')
    .addColumn('token', 'text')
    .addColumn('topup_id', 'text')
    .addColumn('gateway_txn_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('webhook_logs_outcome', sql`outcome in ('credited', 'duplicate', 'rejected', 'error')`)
    .execute();
  await db.schema.createIndex('webhook_logs_outcome_idx').on('webhook_logs').columns(['outcome', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['webhook_logs', 'topups', 'daily_spins', 'wallet_transactions']) await db.schema.dropTable(t).execute();
}
