import type { Kysely } from 'kysely';
import { migrateToLatest as migrate, type MigrationResultSet } from '@storefront/store/migrate';
import { migrations } from './migrations/index.ts';

/** Applies every pending migration; safe on several instances at once (packages/store/src/migrate.ts). */
export const migrateToLatest = (db: Kysely<any>): Promise<MigrationResultSet> => migrate(db, migrations);
