/**
 * The migrations' composition root: the baseline (src/db/migrations/, the first migrations, each
 * spanning several modules) and every module's own list (`modules/<domain>/migrations/index.ts`),
 * composed in name order. The names are what each database has recorded in `kysely_migration`:
 * a migration's file may move, its name never changes.
 */
import { sql, type Kysely } from 'kysely';
import { migrateToLatest as migrate, type Migration, type MigrationResultSet } from '@storefront/store/migrate';
import { baseline } from './db/migrations/index.ts';
import { migrations as accounts } from './modules/accounts/migrations/index.ts';
import { migrations as audit } from './modules/audit/migrations/index.ts';
import { migrations as auth } from './modules/auth/migrations/index.ts';
import { migrations as catalogue } from './modules/catalogue/migrations/index.ts';
import { migrations as idempotency } from './modules/idempotency/migrations/index.ts';
import { migrations as ledger } from './modules/ledger/migrations/index.ts';
import { migrations as orders } from './modules/orders/migrations/index.ts';
import { migrations as topups } from './modules/topups/migrations/index.ts';

/** The lists, in name order; a name found in two lists stops the start. */
export function compose(lists: Record<string, Migration>[]): Record<string, Migration> {
  const all = new Map<string, Migration>();
  for (const list of lists) {
    for (const [name, migration] of Object.entries(list)) {
      if (all.has(name)) throw new Error(`migration ${name} is listed twice`);
      all.set(name, migration);
    }
  }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Every migration the API knows, in the order they run. */
export const migrations = compose([baseline, audit, idempotency, catalogue, accounts, ledger, topups, auth, orders]);

/** Applies every pending migration; safe on several instances at once (packages/store/src/migrate.ts). */
export const migrateToLatest = <T>(db: Kysely<T>): Promise<MigrationResultSet> => migrate(db, migrations);

/** Names of the migrations this code knows that the database has not applied (Kysely's own table). */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`
    .execute(db)
    .then((r) => new Set(r.rows.map((row) => row.name)))
    .catch(() => new Set<string>());
  return Object.keys(migrations).filter((name) => !applied.has(name));
}
