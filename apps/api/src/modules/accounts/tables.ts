/** The tables the accounts module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type Executor, type ReadOnly } from '../../lib/db-types.ts';

export interface UsersTable {
  id: string;
  phone: string | null;
  password_hash: string | null;
  full_name: string;
  email: string | null;
  email_verified: number;
  email_verified_at: string | null;
  /** 1 while the account may use the back office (an active staff member). */
  is_admin: number;
  /** The staff role (modules/auth/permissions.ts); null for an account that never was staff. */
  staff_role: string | null;
  referral_code: string | null;
  referred_by: string | null;
  idp_uid: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /**
   * When the customer's first order was placed; null for one who never ordered. Set once, by the
   * placement (`markBuyer`, `buyerMarkCte`); the admin order search asks a name index of these
   * customers only (migration 28, docs/performance.md "Order search").
   */
  first_order_at: string | null;
}

export interface AccountsTables {
  users: UsersTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<AccountsTables>();
export type Db = Executor<AccountsTables>;

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type AccountsView = ReadOnly<AccountsTables>;
