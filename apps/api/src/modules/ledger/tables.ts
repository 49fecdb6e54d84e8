/** The tables the ledger module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type Executor, type ReadOnly } from '../../lib/db-types.ts';

export type TransactionType = 'topup' | 'order_payment' | 'order_refund' | 'daily_spin' | 'adjustment';

export interface WalletsTable {
  user_id: string;
  shopping_credits: number;
  reward_points: number;
  e_vouchers: number;
  /** The newest ledger row's id; a movement must carry a newer one (migration 08). */
  last_entry_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Append-only: one row per movement of `wallets.shopping_credits`, never updated or deleted. */
export interface WalletTransactionsTable {
  id: string;
  user_id: string;
  type: TransactionType;
  /** Signed minor units; never 0. */
  amount: number;
  /** `wallets.shopping_credits` right after this movement, taken from the conditional UPDATE. */
  balance_after: number;
  reference: string | null;
  created_at: string;
}

/** The per-wallet checkpoint: ledger verified through `entry_id`, leaving `balance` (docs/orders.md). */
export interface LedgerCheckpointsTable {
  user_id: string;
  entry_id: string;
  balance: number;
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

/** When each reconciliation job last ran; the ledger job's run also the whole shop's wallet totals (migration 29). */
export interface ReconciliationRunsTable {
  job: string;
  ran_at: string;
  /** Every wallet, as the run counted it (null: a job that records no totals). */
  wallets: number | null;
  sum_of_balances: number | null;
  /** Every wallet's checkpoint balance plus its rows since (`walletsLive`'s sum_of_ledger). */
  sum_of_ledger: number | null;
  /** When the run read the totals: they are exact as of then. */
  balances_at: string | null;
}

export interface LedgerTables {
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_failures: LedgerFailuresTable;
  reconciliation_runs: ReconciliationRunsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<LedgerTables>();
export type Db = Executor<LedgerTables>;

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type LedgerView = ReadOnly<LedgerTables>;
