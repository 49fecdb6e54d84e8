/** Table types for wallet ledger, daily spin, top-ups, webhook log. The `wallets` table itself is in schema.ts. */

export type TransactionType = 'topup' | 'order_payment' | 'order_refund' | 'daily_spin' | 'adjustment';

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

/** One row per UTC day a user spun; its primary key is what makes the spin once-only. */
export interface DailySpinsTable {
  user_id: string;
  day: string;
  transaction_id: string;
  created_at: string;
}

export type TopupStatus = 'pending' | 'completed';

export interface TopupsTable {
  id: string;
  /** sha256 of the one-time token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  amount: number;
  currency: string;
  status: TopupStatus;
  expires_at: string;
  /** Which gateway order pays this token (topup-attach), so a status poll can verify it. */
  attached_gateway: string | null;
  gateway_order_id: string | null;
  /** Set by the credit: UNIQUE(gateway, gateway_txn_id). */
  gateway: string | null;
  gateway_txn_id: string | null;
  credited_at: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookOutcome = 'credited' | 'duplicate' | 'rejected' | 'error';

export interface WebhookLogsTable {
  id: string;
  endpoint: string;
  gateway: string | null;
  /** A short, non-secret prefix of the token, for correlation; never the whole token. */
  token: string | null;
  topup_id: string | null;
  gateway_txn_id: string | null;
  outcome: WebhookOutcome;
  reason: string | null;
  created_at: string;
}

/** One admin adjustment of a wallet (its ledger row is `type = 'adjustment'`, reference `adjustment:<id>`). */
export interface WalletAdjustmentsTable {
  id: string;
  user_id: string;
  admin_id: string;
  /** Signed minor units, as the ledger row. */
  amount: number;
  reason: string;
  /** Unique per user: a retry with the same key answers the first adjustment. */
  idempotency_key: string | null;
  transaction_id: string;
  created_at: string;
  /** The debit this adjustment gives back (a reversal), or null (a debit, or a row from before reversals). */
  reverses: string | null;
  /** How much of this debit its reversals have given back (raised by each reversal, never past the debit). */
  reversed: number;
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

export interface WalletTables {
  wallet_transactions: WalletTransactionsTable;
  daily_spins: DailySpinsTable;
  topups: TopupsTable;
  webhook_logs: WebhookLogsTable;
  wallet_adjustments: WalletAdjustmentsTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  reconciled_days: ReconciledDaysTable;
  ledger_failures: LedgerFailuresTable;
  reconciliation_runs: ReconciliationRunsTable;
}
