/** The accounts module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as staffRoles from './2026-11-26-22-staff-roles.ts';
import * as buyers from './2026-11-27-28-buyers.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-26-22-staff-roles': staffRoles,
  '2026-11-27-28-buyers': buyers,
};
