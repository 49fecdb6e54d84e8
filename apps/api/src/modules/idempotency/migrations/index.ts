/** The idempotency module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as idempotencyKeys from './2026-11-26-18-idempotency-keys.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-26-18-idempotency-keys': idempotencyKeys,
};
