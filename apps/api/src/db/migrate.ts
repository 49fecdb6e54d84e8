import type { Kysely } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration; safe on several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

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
