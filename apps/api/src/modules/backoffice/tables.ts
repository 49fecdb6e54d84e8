/** The tables the backoffice module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';
import type { AuditView } from '../audit/index.ts';
import type { AuthView } from '../auth/index.ts';
import type { CatalogueView } from '../catalogue/index.ts';
import type { DeletionView } from '../deletion/index.ts';
import type { LedgerView } from '../ledger/index.ts';
import type { OrdersView } from '../orders/index.ts';
import type { PaymentsView } from '../payments/index.ts';
import type { ReferralsView } from '../referrals/index.ts';
import type { SupportView } from '../support/index.ts';
import type { TopupsView } from '../topups/index.ts';
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

/** One closed UTC day's reconciliation range checks (the report's twins across top-ups, orders and the ledger), run once (docs/orders.md); figures and mismatches are JSON. */
export interface ReconciledDaysTable {
  day: string;
  figures: string;
  mismatches: string;
  mismatches_truncated: number;
  /** Every row created before this had committed when the day was checked. */
  seen_before: string;
  verified_at: string;
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
  reconciled_days: ReconciledDaysTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<BackofficeTables>();

/** Its own tables and, read-only, what it joins of others' (their index.ts exports the views). */
export const read = tablesOf<BackofficeTables & AccountsView & AuditView & AuthView & CatalogueView & DeletionView & LedgerView & OrdersView & PaymentsView & ReferralsView & SupportView & TopupsView & WalletView>();

