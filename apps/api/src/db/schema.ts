/**
 * Table types for Kysely. Portable by construction: ids are app-made strings, times are ISO-8601
 * UTC strings (they sort as text), booleans are 0/1 integers, money is integer minor units.
 */
import type { Generated } from 'kysely';
import type { OtpTables } from './tables/otp.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { WalletTables } from './tables/wallet.ts';
import type { OrdersTables } from './tables/orders.ts';
import type { CommunityTables } from './tables/community.ts';
import type { AuditTables } from './tables/audit.ts';

export interface UsersTable {
  id: string;
  phone: string | null;
  password_hash: string | null;
  full_name: string;
  email: string | null;
  email_verified: number;
  email_verified_at: string | null;
  is_admin: number;
  referral_code: string | null;
  referred_by: string | null;
  idp_uid: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

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

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** Each domain declares its tables in db/tables/<domain>.ts. */
export interface DB extends OtpTables, CatalogueTables, WalletTables, OrdersTables, CommunityTables, AuditTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  wallets: WalletsTable;
  rate_limits: RateLimitsTable;
}

export type { Generated };
