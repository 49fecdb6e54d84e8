/** The tables the wallet module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';

/** One row per UTC day a user spun; its primary key is what makes the spin once-only. */
export interface DailySpinsTable {
  user_id: string;
  day: string;
  transaction_id: string;
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
  daily_spins: DailySpinsTable;
  wallet_adjustments: WalletAdjustmentsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<WalletTables>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type WalletView = ReadOnly<WalletTables>;
