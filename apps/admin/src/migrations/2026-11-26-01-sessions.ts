import type { Kysely } from 'kysely';

/**
 * Portal sessions (src/sessions.ts). Before migrations the portal created this table at start
 * with the same statement; `if not exists` adopts such a database as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_portal_sessions')
    .ifNotExists()
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_json', 'text', (c) => c.notNull())
    .addColumn('tokens', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('refresh_claimed_until', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_portal_sessions').execute();
}
