/** The tables the wallet module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type Executor, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';

export type TransactionType = 'topup' | 'order_payment' | 'order_refund' | 'daily_spin' | 'adjustment';

export type TopupStatus = 'pending' | 'completed';

export type WebhookOutcome = 'credited' | 'duplicate' | 'rejected' | 'error';

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

/** One row per UTC day a user spun; its primary key is what makes the spin once-only. */
export interface DailySpinsTable {
  user_id: string;
  day: string;
  transaction_id: string;
  created_at: string;
}

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
  /** History: an adjustment's Idempotency-Key before keys moved to `idempotency_keys`; null since. */
  idempotency_key: string | null;
  transaction_id: string;
  created_at: string;
  /** The debit this adjustment gives back (a reversal), or null (a debit, or a row from before reversals). */
  reverses: string | null;
  /** How much of this debit its reversals have given back (raised by each reversal, never past the debit). */
  reversed: number;
}

export interface WalletTables {
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  daily_spins: DailySpinsTable;
  topups: TopupsTable;
  webhook_logs: WebhookLogsTable;
  wallet_adjustments: WalletAdjustmentsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<WalletTables>();
export type Db = Executor<WalletTables>;

/** Its own tables and, read-only, the users it joins (the payments to return name their payer). */
export const read = tablesOf<WalletTables & AccountsView>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type WalletView = ReadOnly<WalletTables>;
