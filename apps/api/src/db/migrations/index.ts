import type { Migration } from 'kysely';
import * as foundation from './2026-11-23-01-foundation.ts';

/** Every migration, in order. Names are dated so they sort; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-23-01-foundation': foundation,
};
