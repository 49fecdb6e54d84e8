/** Table types for referrals, account deletion, support tickets, admin users. */

/** One row per redirect through a known code. `ip` is nulled by the retention job after 30 days. */
export interface ReferralClicksTable {
  id: string;
  code: string;
  ip: string | null;
  /** Bounded to 512 characters. */
  user_agent: string | null;
  created_at: string;
}

export type ReferralMethod = 'install_referrer' | 'manual' | 'ip';

/** The audit row of a signup's attribution: at most one per user (primary key). */
export interface ReferralAttributionsTable {
  user_id: string;
  referrer_id: string;
  code: string;
  method: ReferralMethod;
  created_at: string;
}

export type TicketStatus = 'open' | 'awaiting_user' | 'resolved' | 'closed';
export type TicketAuthor = 'user' | 'support';

export interface TicketsTable {
  id: string;
  user_id: string;
  subject: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
}

/** The ticket's opening message is its first reply (author `user`). */
export interface TicketRepliesTable {
  id: string;
  ticket_id: string;
  author: TicketAuthor;
  /** The user, or the admin who answered as support. */
  author_id: string;
  message: string;
  created_at: string;
}

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

export interface CommunityTables {
  daily_figures: DailyFiguresTable;
  referral_clicks: ReferralClicksTable;
  referral_attributions: ReferralAttributionsTable;
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
  deletion_requests: DeletionRequestsTable;
  deletion_tokens: DeletionTokensTable;
}
