/** The topups module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as topupReturn from './2026-11-26-24-topup-return.ts';
import * as topupDeclined from './2026-11-26-27-topup-declined.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-26-24-topup-return': topupReturn,
  '2026-11-26-27-topup-declined': topupDeclined,
};
