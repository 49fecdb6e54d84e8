import { sql, type Kysely } from 'kysely';

/** Tables for referrals, account deletion, support tickets, admin users. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_clicks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('referral_clicks_user_agent_len', sql`user_agent is null or length(user_agent) <= 512`)
    .execute();
  // "Latest click from this IP within the window", and the retention sweep by age.
  await db.schema.createIndex('referral_clicks_ip_idx').on('referral_clicks').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('referral_clicks_created_idx').on('referral_clicks').column('created_at').execute();

  await db.schema
    .createTable('referral_attributions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('referrer_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('referral_attributions_method', sql`method in ('install_referrer', 'manual', 'ip')`)
    .addCheckConstraint('referral_attributions_not_self', sql`referrer_id <> user_id`)
    .execute();
  await db.schema.createIndex('referral_attributions_referrer_idx').on('referral_attributions').column('referrer_id').execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('tickets_status', sql`status in ('open', 'awaiting_user', 'resolved', 'closed')`)
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('tickets_status_idx').on('tickets').columns(['status', 'id']).execute();

  await db.schema
    .createTable('ticket_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ticket_replies_author', sql`author in ('user', 'support')`)
    .execute();
  await db.schema.createIndex('ticket_replies_ticket_idx').on('ticket_replies').columns(['ticket_id', 'id']).execute();

  await db.schema
    .createTable('deletion_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('scheduled_for', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('deletion_requests_channel', sql`channel in ('web', 'app', 'admin')`)
    .addCheckConstraint(
      'deletion_requests_status',
      sql`(status = 'pending' and cancelled_at is null and completed_at is null)
       or (status = 'cancelled' and cancelled_at is not null and completed_at is null)
       or (status = 'completed' and completed_at is not null and cancelled_at is null)`,
    )
    .execute();
  // One pending request per user is a database rule, so two racing requests cannot both file.
  await db.schema
    .createIndex('deletion_requests_one_pending')
    .on('deletion_requests')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema.createIndex('deletion_requests_user_idx').on('deletion_requests').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('deletion_requests_due_idx').on('deletion_requests').columns(['status', 'scheduled_for']).execute();

  await db.schema
    .createTable('deletion_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('deletion_tokens_channel', sql`channel in ('web', 'app')`)
    .execute();
  await db.schema.createIndex('deletion_tokens_user_idx').on('deletion_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['deletion_tokens', 'deletion_requests', 'ticket_replies', 'tickets', 'referral_attributions', 'referral_clicks']) {
    await db.schema.dropTable(t).execute();
  }
}
