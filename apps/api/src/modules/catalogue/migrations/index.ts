/** The catalogue module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as stockAlerts from './2026-11-26-21-stock-alerts.ts';
import * as stockUpdatesInPlace from './2026-11-27-33-stock-updates-in-place.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-26-21-stock-alerts': stockAlerts,
  '2026-11-27-33-stock-updates-in-place': stockUpdatesInPlace,
};
