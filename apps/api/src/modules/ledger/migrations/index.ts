/** The ledger module's migrations, by the name each database records; src/migrations.ts composes every module's list. */
import type { Migration } from 'kysely/migration';
import * as ledgerTimeKeys from './2026-11-26-25-ledger-time-keys.ts';
import * as runTotals from './2026-11-27-29-run-totals.ts';
import * as walletWrites from './2026-11-27-30-wallet-writes.ts';
import * as ledgerListsByTime from './2026-11-27-32-ledger-lists-by-time.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-26-25-ledger-time-keys': ledgerTimeKeys,
  '2026-11-27-29-run-totals': runTotals,
  '2026-11-27-30-wallet-writes': walletWrites,
  '2026-11-27-32-ledger-lists-by-time': ledgerListsByTime,
};
