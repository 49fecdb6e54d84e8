import { sql, type Kysely } from 'kysely';

/** Tables for SMS one-time passwords, reviewer login, password reset, email verification. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('phone_otps')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('phone_otps_pk', ['purpose', 'phone'])
    .addCheckConstraint('phone_otps_purpose', sql`purpose in ('login', 'reset_password', 'account_deletion')`)
    .addCheckConstraint('phone_otps_channel', sql`channel in ('sms', 'reviewer', 'none')`)
    .addCheckConstraint('phone_otps_attempts', sql`attempts >= 0`)
    .execute();

  await db.schema
    .createTable('email_otps')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addCheckConstraint('email_otps_attempts', sql`attempts >= 0`)
    .execute();

  await db.schema
    .createTable('signup_referral_inputs')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('referral_code', 'text')
    .addColumn('referral_source', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('signup_referral_inputs_source', sql`referral_source is null or referral_source in ('install_referrer', 'manual')`)
    .execute();

  // A verified address belongs to one user at a time; unverified claims may overlap.
  await db.schema
    .createIndex('users_verified_email_uq')
    .on('users')
    .column('email')
    .unique()
    .where(sql.ref('email_verified'), '=', 1)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_verified_email_uq').execute();
  for (const t of ['signup_referral_inputs', 'email_otps', 'phone_otps']) await db.schema.dropTable(t).execute();
}
