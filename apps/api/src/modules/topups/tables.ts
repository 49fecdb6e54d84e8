/** The tables the topups module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';

export type TopupStatus = 'pending' | 'completed';

export type WebhookOutcome = 'credited' | 'duplicate' | 'rejected' | 'error';

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
  /** Where the payment server sends the payer afterwards (an allowed origin, `TOPUP_RETURN_ORIGINS`), or null. */
  return_url: string | null;
  /** When the gateway declined its payment (`topup-decline`); the status stays pending, so a later confirmed payment still completes it. */
  declined_at: string | null;
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

export interface TopupsTables {
  topups: TopupsTable;
  webhook_logs: WebhookLogsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<TopupsTables>();

/** Its own tables and, read-only, the users it joins (the payments to return name their payer). */
export const read = tablesOf<TopupsTables & AccountsView>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type TopupsView = ReadOnly<TopupsTables>;
