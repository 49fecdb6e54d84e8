/** The orders module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as orderEvents from './2026-11-26-19-order-events.ts';
import * as orderTimeKeys from './2026-11-26-26-order-time-keys.ts';
import * as orderListsByTime from './2026-11-27-32-order-lists-by-time.ts';
import * as keyColumns from './2026-12-07-34-order-key-columns.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-26-19-order-events': orderEvents,
  '2026-11-26-26-order-time-keys': orderTimeKeys,
  '2026-11-27-32-order-lists-by-time': orderListsByTime,
  '2026-12-07-34-order-key-columns': keyColumns,
};
