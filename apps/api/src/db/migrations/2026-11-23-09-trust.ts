import type { Kysely } from 'kysely';

/**
 * `sessions.admin`: 1 only for a session opened by `POST /auth/admin/login`. Tokens of any other
 * sign-in (password, OTP, reviewer) carry `role: user` even for an admin account, and refreshing
 * keeps the session's role (docs/otp.md, "Admin role").
 * `webhook_logs_created_idx`: the retention job deletes old log rows by age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('webhook_logs_created_idx').on('webhook_logs').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_logs_created_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('admin').execute();
}
