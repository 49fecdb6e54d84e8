/** The tables the backoffice module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';
import type { AuditView } from '../audit/index.ts';
import type { AuthView } from '../auth/index.ts';
import type { CatalogueView } from '../catalogue/index.ts';
import type { DeletionView } from '../deletion/index.ts';
import type { OrdersView } from '../orders/index.ts';
import type { PaymentsView } from '../payments/index.ts';
import type { ReferralsView } from '../referrals/index.ts';
import type { SupportView } from '../support/index.ts';
import type { WalletView } from '../wallet/index.ts';

/**
 * The admin dashboard's rollup: one row per closed UTC day (`YYYY-MM-DD`), written once after the
 * day is over (migration 10, docs/performance.md). Money in minor units.
 */
export interface DailyFiguresTable {
  day: string;
  new_users: number;
  deleted_users: number;
  orders: number;
  /** Order payments out of wallets (positive). */
  order_payments: number;
  refunds: number;
  topups: number;
  topup_amount: number;
  /** Every ledger movement of the day summed: what the wallets' liability changed by. */
  ledger_net: number;
  tickets_opened: number;
  deletion_requests: number;
  created_at: string;
}

/** The reconciliation's per-wallet checkpoint: ledger verified through `entry_id`, leaving `balance` (docs/orders.md). */
export interface LedgerCheckpointsTable {
  user_id: string;
  entry_id: string;
  balance: number;
  verified_at: string;
}

/** One closed UTC day's reconciliation range checks, run once (docs/orders.md); figures and mismatches are JSON. */
export interface ReconciledDaysTable {
  day: string;
  figures: string;
  mismatches: string;
  mismatches_truncated: number;
  /** Every row created before this had committed when the day was checked. */
  seen_before: string;
  verified_at: string;
}

/** A wallet the last `verify-ledger-checkpoints` run found failing "balance = ledger", with what it found (docs/orders.md). */
export interface LedgerFailuresTable {
  user_id: string;
  /** 1: at (or behind) its checkpoint yet disagreeing with it; 0: its rows since the checkpoint fail. */
  stale: number;
  credits: number;
  last_entry_id: string | null;
  since: string | null;
  base: number;
  added: number | null;
  broken: string | null;
  found_at: string;
  /** The run that found it: a run drops the rows it did not write (times may repeat across runs). */
  run_id: string;
}

/** When each reconciliation job last ran. */
export interface ReconciliationRunsTable {
  job: string;
  ran_at: string;
}

/**
 * The back office's internal notes on a user (`POST /admin/users/:uid/notes`): staff-only
 * knowledge about a customer, kept beside the rest of the admin users area rather than in the
 * `accounts` profile, which is the user's own data and never carries what staff write about them.
 */
export interface UserNotesTable {
  id: string;
  user_id: string;
  admin_id: string;
  note: string;
  created_at: string;
}

export interface BackofficeTables {
  user_notes: UserNotesTable;
  daily_figures: DailyFiguresTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  reconciled_days: ReconciledDaysTable;
  ledger_failures: LedgerFailuresTable;
  reconciliation_runs: ReconciliationRunsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<BackofficeTables>();

/** Its own tables and, read-only, what it joins of others' (their index.ts exports the views). */
export const read = tablesOf<BackofficeTables & AccountsView & AuditView & AuthView & CatalogueView & DeletionView & OrdersView & PaymentsView & ReferralsView & SupportView & WalletView>();

