import type { Migration } from '@storefront/store/migrate';
import * as outbox from './2026-11-26-01-outbox.ts';

/** Every migration of the payment server's store, in order. Names are dated so they sort; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-26-01-outbox': outbox,
};

/** The migrator's bookkeeping tables (`pay_migration`, `pay_migration_lock`), apart from any other server's. */
export const MIGRATION_TABLE = 'pay_migration';
