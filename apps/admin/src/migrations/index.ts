import type { Migration } from '@storefront/store/migrate';
import * as sessions from './2026-11-26-01-sessions.ts';

/** Every migration of the portal's session store, in order. Names are dated so they sort; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-26-01-sessions': sessions,
};

/** The migrator's bookkeeping tables (`admin_portal_migration`, `…_lock`), apart from any other server's. */
export const MIGRATION_TABLE = 'admin_portal_migration';
