/** The tables the deletion module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';

export type DeletionStatus = 'pending' | 'cancelled' | 'completed';

export type DeletionChannel = 'web' | 'app' | 'admin';

/** pending → cancelled | completed; at most one pending row per user (partial unique index). */
export interface DeletionRequestsTable {
  id: string;
  user_id: string;
  status: DeletionStatus;
  channel: DeletionChannel;
  reason: string | null;
  requested_at: string;
  scheduled_for: string;
  cancelled_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

/** What an OTP-proven verify hands out; single use, short-lived, stored as sha256 only. */
export interface DeletionTokensTable {
  token_hash: string;
  user_id: string;
  channel: 'web' | 'app';
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface DeletionTables {
  deletion_requests: DeletionRequestsTable;
  deletion_tokens: DeletionTokensTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<DeletionTables>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type DeletionView = ReadOnly<DeletionTables>;
