import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Buyers: `users.first_order_at`, the time of the customer's first order (null for one who never
 * ordered), and a name index of these customers only. The admin order search asks it for the
 * customers whose orders lie below the newest ones it walks (docs/performance.md, "Order search"):
 * in a shop where most accounts never buy, a common fragment then costs a probe per buyer, not per
 * account. The placement sets the mark (accounts.markBuyer, buyerMarkCte); the existing orders set
 * it here, in one statement.
 *
 * The index has the expression of the name index of migration 10: PostgreSQL a partial trigram
 * index, SQLite an FTS5 trigram table over `users` (external content) that holds the buyers' rows,
 * kept in step by triggers in the statement that writes the row (a rename, an anonymisation, the
 * mark itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('first_order_at', 'text').execute();
  // The one statement of this module that names another module's table: a migration's one-time
  // backfill at upgrade, run before any traffic (from then on the placement sets the mark).
  // eslint-disable-next-line storefront/own-tables
  await sql`update users set first_order_at = o.first_at
    from (select user_id, min(created_at) as first_at from orders group by user_id) o
    where users.id = o.user_id`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index users_buyer_name_trgm_idx on users using gin (lower(full_name) gin_trgm_ops) where first_order_at is not null`.execute(db);
    // The share of buyers, for the planner to weigh this index against the one of every customer.
    await sql`analyze users`.execute(db);
    return;
  }
  await sql`create virtual table users_buyers_search using fts5(full_name, content='users', content_rowid='rowid', tokenize='trigram')`.execute(db);
  await sql`insert into users_buyers_search(rowid, full_name) select rowid, full_name from users where first_order_at is not null`.execute(db);
  // A buyer's row leaves the index with the values it was indexed with, and enters with its new ones.
  await sql`create trigger users_buyers_search_ai after insert on users when new.first_order_at is not null begin
    insert into users_buyers_search(rowid, full_name) values (new.rowid, new.full_name);
  end`.execute(db);
  await sql`create trigger users_buyers_search_ad after delete on users when old.first_order_at is not null begin
    insert into users_buyers_search(users_buyers_search, rowid, full_name) values ('delete', old.rowid, old.full_name);
  end`.execute(db);
  await sql`create trigger users_buyers_search_au after update of full_name, first_order_at on users begin
    insert into users_buyers_search(users_buyers_search, rowid, full_name) select 'delete', old.rowid, old.full_name where old.first_order_at is not null;
    insert into users_buyers_search(rowid, full_name) select new.rowid, new.full_name where new.first_order_at is not null;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.dropIndex('users_buyer_name_trgm_idx').execute();
  } else {
    await sql`drop trigger users_buyers_search_ai`.execute(db);
    await sql`drop trigger users_buyers_search_ad`.execute(db);
    await sql`drop trigger users_buyers_search_au`.execute(db);
    await sql`drop table users_buyers_search`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('first_order_at').execute();
}
