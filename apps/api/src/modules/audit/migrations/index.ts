/** The audit module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as auditByEntity from './2026-11-27-31-audit-by-entity.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-27-31-audit-by-entity': auditByEntity,
};
