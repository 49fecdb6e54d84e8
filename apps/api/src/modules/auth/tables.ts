/** The tables the auth module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import type { Generated } from 'kysely';
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';
import type { LedgerView } from '../ledger/index.ts';

export type PhoneOtpPurpose = 'login' | 'reset_password' | 'account_deletion';

/** How the code was delivered: by SMS, not at all (reviewer phone), or never (no account for a reset). */
export type PhoneOtpChannel = 'sms' | 'reviewer' | 'none';

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
  /** 1 only for sessions opened by the admin login; their tokens carry `role: admin`. */
  admin: Generated<number>;
  /** 1 once the session proved a second factor (docs/contracts.md, "Two-factor sign-in for staff"). */
  mfa: Generated<number>;
}

/** One TOTP secret per staff account, encrypted; pending until `confirmed_at`. */
export interface StaffTotpTable {
  user_id: string;
  secret: string;
  confirmed_at: string | null;
  /** The last time step (unix seconds / 30) accepted: a code is accepted once. */
  last_step: number | null;
  created_at: string;
}

export interface StaffRecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
  created_at: string;
}

/** The `mfa_token` between a correct password and the second factor; stored hashed. */
export interface MfaChallengesTable {
  token_hash: string;
  user_id: string;
  attempts: Generated<number>;
  used_at: string | null;
  expires_at: string;
  created_at: string;
}

/** An invitation to become staff: a code sent by SMS to `phone` (keyed hash), valid 48 hours, single use. */
export interface StaffInvitesTable {
  id: string;
  user_id: string;
  phone: string;
  role: string;
  code_hash: string | null;
  attempts: Generated<number>;
  invited_by: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One live code per (purpose, phone). The row outlives its code so the resend cooldown holds. */
export interface PhoneOtpsTable {
  purpose: PhoneOtpPurpose;
  phone: string;
  /** HMAC-SHA256 of purpose|phone|code; null once spent or burned. */
  code_hash: string | null;
  channel: PhoneOtpChannel;
  attempts: number;
  sent_at: string;
  expires_at: string;
}

/** One pending email-ownership code per user. */
export interface EmailOtpsTable {
  user_id: string;
  email: string;
  code_hash: string | null;
  attempts: number;
  sent_at: string;
  expires_at: string;
}

export interface AuthTables {
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  phone_otps: PhoneOtpsTable;
  email_otps: EmailOtpsTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  staff_invites: StaffInvitesTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<AuthTables>();

/** Its own tables and, read-only, what it joins of others' (their index.ts exports the views). */
export const read = tablesOf<AuthTables & AccountsView & LedgerView>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type AuthView = ReadOnly<AuthTables>;
export type ReadDb = ReturnType<typeof read>;
