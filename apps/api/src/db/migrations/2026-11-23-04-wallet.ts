import type { Kysely } from 'kysely';

/** Tables for wallet ledger, daily spin, top-ups, webhook log (issue 5). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
