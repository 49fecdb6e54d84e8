/** The tables the referrals module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';

export type ReferralMethod = 'install_referrer' | 'manual' | 'ip';

/** One row per redirect through a known code. `ip` is nulled by the retention job after 30 days. */
export interface ReferralClicksTable {
  id: string;
  code: string;
  ip: string | null;
  /** Bounded to 512 characters. */
  user_agent: string | null;
  created_at: string;
}

/** The audit row of a signup's attribution: at most one per user (primary key). */
export interface ReferralAttributionsTable {
  user_id: string;
  referrer_id: string;
  code: string;
  method: ReferralMethod;
  created_at: string;
}

/** What a signup carried for referral attribution; the referrals domain consumes it. */
export interface SignupReferralInputsTable {
  user_id: string;
  referral_code: string | null;
  referral_source: 'install_referrer' | 'manual' | null;
  ip: string | null;
  created_at: string;
}

export interface ReferralsTables {
  referral_clicks: ReferralClicksTable;
  referral_attributions: ReferralAttributionsTable;
  signup_referral_inputs: SignupReferralInputsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<ReferralsTables>();

/** Its own tables and, read-only, what it joins of others' (their index.ts exports the views). */
export const read = tablesOf<ReferralsTables & AccountsView>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type ReferralsView = ReadOnly<ReferralsTables>;
