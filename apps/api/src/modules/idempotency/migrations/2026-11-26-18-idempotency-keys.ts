import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * One table for every Idempotency-Key (orders, refunds, wallet adjustments, bulk order moves),
 * keyed by `(scope, principal, key)`, each row expiring 24 hours after it was written. The keys
 * of orders placed in the last 24 hours are carried over from `orders.idempotency_key` (scope
 * `order.place`, same request hash), so a retry that straddles the upgrade still answers its
 * order. The old columns (`orders`, `refunds`, `wallet_adjustments`) stay as history; nothing
 * reads or writes them any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'principal', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // created_at + 1 day, as the ISO-8601 UTC text the app writes.
  const dayLater = postgres
    ? sql`to_char((created_at::timestamptz + interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day')`;
  // The one statement of this module that names another module's table: a migration's one-time
  // copy at upgrade, run before any traffic (the running code never reads `orders` from here).
  // eslint-disable-next-line storefront/own-tables
  await sql`insert into idempotency_keys (scope, principal, key, request_hash, resource_id, response, created_at, expires_at)
    select 'order.place', user_id, idempotency_key, request_hash, id, null, created_at, ${dayLater}
    from orders where idempotency_key is not null and request_hash is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
