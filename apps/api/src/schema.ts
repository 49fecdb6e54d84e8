/**
 * The whole database's table types, composed from the modules that own them (each module declares
 * its tables in `modules/<domain>/tables.ts`). Portable by construction: ids are app-made strings,
 * times are ISO-8601 UTC strings (they sort as text), booleans are 0/1 integers, money is integer
 * minor units. No code of the API needs `DB` whole (`Ctx.db` shows no table; db/kysely.ts opens the
 * database untyped): tests, benches and the owners' check name it, as `openDatabase<DB>(…)`.
 */
import type { AccountsTables } from './modules/accounts/tables.ts';
import type { AuditTables } from './modules/audit/tables.ts';
import type { AuthTables } from './modules/auth/tables.ts';
import type { BackofficeTables } from './modules/backoffice/tables.ts';
import type { CatalogueTables } from './modules/catalogue/tables.ts';
import type { LedgerTables } from './modules/ledger/tables.ts';
import type { DeletionTables } from './modules/deletion/tables.ts';
import type { IdempotencyTables } from './modules/idempotency/tables.ts';
import type { OrdersTables } from './modules/orders/tables.ts';
import type { PaymentsTables } from './modules/payments/tables.ts';
import type { ReferralsTables } from './modules/referrals/tables.ts';
import type { SupportTables } from './modules/support/tables.ts';
import type { TopupsTables } from './modules/topups/tables.ts';
import type { WalletTables } from './modules/wallet/tables.ts';
import type { LibTables } from './lib/tables.ts';

/** Each table's owner: the module (or `lib`) that alone sees it. test/owners.test.ts checks every table has exactly one. */
export interface Owners {
  accounts: AccountsTables;
  audit: AuditTables;
  auth: AuthTables;
  backoffice: BackofficeTables;
  catalogue: CatalogueTables;
  deletion: DeletionTables;
  ledger: LedgerTables;
  idempotency: IdempotencyTables;
  orders: OrdersTables;
  payments: PaymentsTables;
  referrals: ReferralsTables;
  support: SupportTables;
  topups: TopupsTables;
  wallet: WalletTables;
  lib: LibTables;
}

type Union<T> = (T extends unknown ? (k: T) => void : never) extends (k: infer I) => void ? I : never;

export type DB = Union<Owners[keyof Owners]>;
