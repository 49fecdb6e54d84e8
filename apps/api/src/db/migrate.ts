import type { Kysely } from 'kysely';
import { migrateToLatest as migrate, type MigrationResultSet } from '@storefront/store/migrate';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration; safe on several instances at once (packages/store/src/migrate.ts). */
export const migrateToLatest = (db: Kysely<any>): Promise<MigrationResultSet> => migrate(db, migrations);

/** Names of the migrations this code knows that the database has not applied (Kysely's own table). */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const applied = await db
    .selectFrom('kysely_migration')
    .select('name')
    .execute()
    .then((rows) => new Set(rows.map((r) => r.name as string)))
    .catch(() => new Set<string>());
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
