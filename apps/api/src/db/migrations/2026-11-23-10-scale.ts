import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Data at scale: the indexes the back office's range queries need, search indexes for
 * user and product search, and `daily_figures` (the dashboard's per-day rollup). Every index here
 * has the query that needs it and its plan in docs/performance.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ix = (name: string, table: string) => db.schema.createIndex(name).on(table);
  // Reconciliation and dashboard: ledger rows, completed top-ups, credited webhooks, tickets,
  // deletion requests and deleted users by time.
  await ix('wallet_transactions_created_idx', 'wallet_transactions').column('created_at').execute();
  await ix('topups_credited_idx', 'topups').column('credited_at').where(sql.ref('credited_at'), 'is not', null).execute();
  await ix('webhook_logs_outcome_created_idx', 'webhook_logs').columns(['outcome', 'created_at']).execute();
  await ix('tickets_created_idx', 'tickets').column('created_at').execute();
  await ix('deletion_requests_requested_idx', 'deletion_requests').column('requested_at').execute();
  await ix('users_deleted_idx', 'users').column('deleted_at').where(sql.ref('deleted_at'), 'is not', null).execute();
  // A refund's ledger row by its reference (the refund id); the top-up twin is the unique
  // `wallet_transactions_topup_once`.
  await ix('wallet_transactions_refund_ref_idx', 'wallet_transactions').column('reference').where(sql.ref('type'), '=', sql.lit('order_refund')).execute();
  // The dashboard's liability: the sums of the wallets that hold anything, read from this index
  // alone (most accounts of a big shop hold nothing; none of it grows with history).
  await ix('wallets_nonzero_idx', 'wallets')
    .columns(['shopping_credits', 'reward_points', 'e_vouchers'])
    .where(sql<boolean>`shopping_credits <> 0 or reward_points <> 0 or e_vouchers <> 0`)
    .execute();

  await db.schema
    .createTable('daily_figures')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('new_users', 'bigint', (c) => c.notNull())
    .addColumn('deleted_users', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addColumn('order_payments', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('topups', 'bigint', (c) => c.notNull())
    .addColumn('topup_amount', 'bigint', (c) => c.notNull())
    .addColumn('ledger_net', 'bigint', (c) => c.notNull())
    .addColumn('tickets_opened', 'bigint', (c) => c.notNull())
    .addColumn('deletion_requests', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Trigram GIN indexes serve `LIKE '%…%'` on exactly these expressions (the search queries
    // use the same ones); PostgreSQL keeps them in step inside every writing transaction.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_name_trgm_idx on users using gin (lower(full_name) gin_trgm_ops)`.execute(db);
    await sql`create index users_email_trgm_idx on users using gin (lower(coalesce(email, '')) gin_trgm_ops)`.execute(db);
    await sql`create index users_phone_trgm_idx on users using gin (coalesce(phone, '') gin_trgm_ops)`.execute(db);
    await sql`create index products_name_trgm_idx on products using gin (lower(name) gin_trgm_ops)`.execute(db);
    return;
  }
  // SQLite: FTS5 trigram tables over the rows themselves (external content, so nothing is stored
  // twice). Triggers keep them in step in the statement — so the transaction — that writes the row.
  await searchTable(db, 'users', ['phone', 'full_name', 'email']);
  await searchTable(db, 'products', ['name']);
}

async function searchTable(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const t = sql.raw(table);
  const fts = sql.raw(`${table}_search`);
  const cols = sql.raw(columns.join(', '));
  const newVals = sql.raw(columns.map((c) => `new.${c}`).join(', '));
  const oldVals = sql.raw(columns.map((c) => `old.${c}`).join(', '));
  await sql`create virtual table ${fts} using fts5(${cols}, content='${t}', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_search_ai`)} after insert on ${t} begin
    insert into ${fts}(rowid, ${cols}) values (new.rowid, ${newVals});
  end`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_search_ad`)} after delete on ${t} begin
    insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${oldVals});
  end`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_search_au`)} after update of ${cols} on ${t} begin
    insert into ${fts}(${fts}, rowid, ${cols}) values ('delete', old.rowid, ${oldVals});
    insert into ${fts}(rowid, ${cols}) values (new.rowid, ${newVals});
  end`.execute(db);
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const i of ['users_name_trgm_idx', 'users_email_trgm_idx', 'users_phone_trgm_idx', 'products_name_trgm_idx']) await db.schema.dropIndex(i).execute();
  } else {
    for (const t of ['users', 'products']) {
      for (const s of ['ai', 'ad', 'au']) await sql`drop trigger ${sql.raw(`${t}_search_${s}`)}`.execute(db);
      await sql`drop table ${sql.raw(`${t}_search`)}`.execute(db);
    }
  }
  await db.schema.dropTable('daily_figures').execute();
  for (const i of [
    'wallets_nonzero_idx', 'wallet_transactions_refund_ref_idx', 'users_deleted_idx', 'deletion_requests_requested_idx', 'tickets_created_idx',
    'webhook_logs_outcome_created_idx', 'topups_credited_idx', 'wallet_transactions_created_idx',
  ]) {
    await db.schema.dropIndex(i).execute();
  }
}
