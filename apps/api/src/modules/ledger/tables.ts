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

export interface LedgerTables {
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<LedgerTables>();
export type Db = Executor<LedgerTables>;

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type LedgerView = ReadOnly<LedgerTables>;
