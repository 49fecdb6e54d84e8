import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in and invitations for staff (docs/contracts.md, "Two-factor sign-in for staff"):
 * - `sessions.mfa`: 1 when the session proved a second factor (a TOTP or recovery code at sign-in,
 *   or the first code of an enrolment made in it); with ADMIN_REQUIRE_MFA an admin session without
 *   it may only enrol.
 * - `staff_totp`: one TOTP secret per account (encrypted with a key derived from JWT_SECRET),
 *   pending until confirmed with a first code; `last_step` is the last time step accepted, so a
 *   code is never accepted twice.
 * - `staff_recovery_codes`: ten single-use codes, stored as hashes.
 * - `mfa_challenges`: the short-lived, single-use `mfa_token` between password and code (hashed).
 * - `staff_invites`: the invite code sent by SMS (keyed hash, 48 hours, single use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('mfa', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('staff_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_recovery_codes_user_idx').on('staff_recovery_codes').column('user_id').execute();
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_expires_idx').on('mfa_challenges').column('expires_at').execute();
  await db.schema
    .createTable('staff_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invited_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_invites_user_idx').on('staff_invites').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invites').execute();
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_totp').execute();
  await db.schema.alterTable('sessions').dropColumn('mfa').execute();
}
