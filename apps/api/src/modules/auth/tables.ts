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
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<AuthTables>();

/** Its own tables and, read-only, what it joins of others' (their index.ts exports the views). */
export const read = tablesOf<AuthTables & AccountsView & LedgerView>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type AuthView = ReadOnly<AuthTables>;
export type ReadDb = ReturnType<typeof read>;
