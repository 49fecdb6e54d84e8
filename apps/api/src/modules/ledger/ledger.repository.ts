import { sql, type RawBuilder, type Selectable } from 'kysely';
import { own, type Db, type TransactionType, type WalletTransactionsTable, type WalletsTable } from './tables.ts';
import { cte } from '../../lib/cte.ts';
import { entryIdAfterSql } from './entry-id.ts';
import type { Handle } from '../../lib/db-types.ts';
import { precompiled } from '../../lib/precompiled.ts';
import { ROWS_AS_ARRAYS } from '../../db/kysely.ts';
import type { TimeKey } from '../../lib/csv.ts';

export type WalletRow = Pick<Selectable<WalletsTable>, 'user_id' | 'shopping_credits' | 'reward_points' | 'e_vouchers' | 'last_entry_id'>;
export type TransactionRow = Selectable<WalletTransactionsTable>;

/** The one wallet a user owns: made with the user, in the same transaction. */
export async function createWallet(db: Handle, userId: string, now: string): Promise<void> {
  await own(db)
    .insertInto('wallets')
    .values({ user_id: userId, shopping_credits: 0, reward_points: 0, e_vouchers: 0, created_at: now, updated_at: now })
    .execute();
}

// The hot wallet statements (every GET /wallet and every order) are compiled once.
const walletQuery = (db: Db, userId: string) =>
  own(db).selectFrom('wallets').select(['user_id', 'shopping_credits', 'reward_points', 'e_vouchers', 'last_entry_id']).where('user_id', '=', userId);
const walletOf = precompiled(walletQuery);

export async function findWallet(db: Handle, userId: string): Promise<WalletRow | undefined> {
  return (await walletOf(own(db), userId)).rows[0];
}

const walletLocked = precompiled((db: Db, userId: string) => walletQuery(db, userId).forUpdate());

/** PostgreSQL only: the wallet, locked until the caller's transaction ends (SQLite's write lock already does that). */
export async function lockWallet(db: Handle, userId: string): Promise<WalletRow | undefined> {
  return (await walletLocked(own(db), userId)).rows[0];
}

/**
 * Adds `amount` (signed) to the shopping credits in one conditional statement: the database does
 * the arithmetic and refuses a result below zero, so there is no read-modify-write to race. The
 * movement's ledger id must be newer than the wallet's last one (see migration 08) and becomes it.
 * Answers the new balance, or undefined when no row matched (no wallet, not enough credits, or an
 * id that is not newer: the caller tells which with `findWallet`).
 */
const addCredits = precompiled((db: Db, userId: string, amount: number, entryId: string, now: string) =>
  own(db)
    .updateTable('wallets')
    .set({ shopping_credits: sql<number>`shopping_credits + ${amount}`, last_entry_id: entryId, updated_at: now })
    .where('user_id', '=', userId)
    .where(sql<number>`shopping_credits + ${amount}`, '>=', 0)
    .where((eb) => eb.or([eb('last_entry_id', 'is', null), eb('last_entry_id', '<', entryId)]))
    .returning('shopping_credits'),
);

export async function addShoppingCredits(db: Handle, userId: string, amount: number, entryId: string, now: string): Promise<number | undefined> {
  return (await addCredits(own(db), userId, amount, entryId, now)).rows[0]?.shopping_credits;
}

/**
 * Why the wallet refused a debit: no wallet, or too few credits. (A wallet whose last ledger id is
 * newer than the movement's is not a refusal: the movement takes the next id after it.)
 */
export const DEBIT_REFUSALS = { noWallet: 'no_wallet', insufficient: 'insufficient_credits' } as const;
export type DebitRefusal = (typeof DEBIT_REFUSALS)[keyof typeof DEBIT_REFUSALS];

/** The CTEs of `orderPaymentCtes` that the orders module's part of the statement reads. */
export const WALLET_VERDICT = cte<{ refused: DebitRefusal | null }>('wallet_verdict');
export const DEBIT = cte<{ shopping_credits: number }>('debit');

/**
 * PostgreSQL: the wallet's part of an order placement, as CTEs for the orders module's one
 * statement (`orders.repository.ts placeAtOnce`, docs/orders.md). Only this module writes `wallets`
 * and `wallet_transactions`; the order asks for a debit of `amount` (a SQL expression of the
 * statement) once `ready` (a SQL condition: the order's own checks passed) holds. Defines:
 * - `wallet`: the buyer's wallet row, locked (FOR UPDATE answers its latest committed version, so
 *   the verdict below is exact). It is locked only after `ready` is evaluated, i.e. after whatever
 *   `ready` reads (the product rows): one lock order for every placement.
 * - `entry`: the movement's ledger id: `ledgerId`, or, when another movement of the wallet
 *   committed a newer id first (another placement that got the lock before this one, or an
 *   instance whose clock runs ahead), the id right after that one. Being chosen under the lock,
 *   it is never beaten, so a placement never has to try again.
 * - `wallet_verdict`: `refused` (a `DebitRefusal`, null when the debit goes ahead).
 * - `debit`: the conditional UPDATE (the same checks again, and CHECK `wallets_non_negative`
 *   behind them), answering the new balance; no row when refused.
 * - `payment`: the `order_payment` ledger row carrying that balance, reference = the order id.
 */
export function orderPaymentCtes(p: { userId: string; ledgerId: string; orderId: string; now: string; amount: RawBuilder<number>; ready: RawBuilder<boolean> }) {
  const entry = sql<string>`(select id from entry)`;
  return sql`wallet as materialized (
      select shopping_credits, last_entry_id from wallets where user_id = ${p.userId} and ${p.ready} for update
    ),
    entry as materialized (
      select ${entryIdAfterSql(sql`last_entry_id`, p.ledgerId)} as id from wallet
    ),
    ${WALLET_VERDICT.ref} as materialized (
      select case
          when not exists (select 1 from wallet) then ${sql.lit(DEBIT_REFUSALS.noWallet)}
          when (select shopping_credits from wallet) < ${p.amount} then ${sql.lit(DEBIT_REFUSALS.insufficient)}
        end as refused
    ),
    ${DEBIT.ref} as (
      update wallets set shopping_credits = shopping_credits - ${p.amount}, last_entry_id = ${entry}, updated_at = ${p.now}
      where user_id = ${p.userId} and ${p.ready} and (select refused from ${WALLET_VERDICT.ref}) is null
        and shopping_credits >= ${p.amount} and (last_entry_id is null or last_entry_id < ${entry})
      returning shopping_credits
    ),
    payment as (
      insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
      select ${entry}, ${p.userId}, 'order_payment', -${p.amount}, ${DEBIT.ref}.shopping_credits, ${p.orderId}, ${p.now} from ${DEBIT.ref}
      returning id
    )`;
}

const txColumns = ['id', 'user_id', 'type', 'amount', 'balance_after', 'reference', 'created_at'] as const;

const insertTx = precompiled((db: Db, id: string, user_id: string, type: TransactionType, amount: number, balance_after: number, reference: string | null, created_at: string) =>
  own(db).insertInto('wallet_transactions').values({ id, user_id, type, amount, balance_after, reference, created_at }),
);

export async function insertTransaction(db: Handle, r: TransactionRow): Promise<void> {
  await insertTx(own(db), r.id, r.user_id, r.type, r.amount, r.balance_after, r.reference, r.created_at);
}

type TransactionFilter = { userId?: string; type?: TransactionType; from?: string; to?: string };

function filteredTransactions(db: Handle, filter: TransactionFilter) {
  let q = own(db).selectFrom('wallet_transactions').select(txColumns);
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  if (filter.from !== undefined) q = q.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('created_at', '<', filter.to);
  return q;
}

/**
 * One wallet's rows newest first in its chain order (a wallet's ledger ids strictly increase,
 * `newId(clock, after)`), through `wallet_transactions_user_idx`: a page or a batch reads its own
 * rows however long the history, nothing sorted. `before`: the id of the last row already read.
 */
function chainOrder(db: Handle, filter: TransactionFilter & { userId: string; before: string | null; limit: number }) {
  let q = filteredTransactions(db, filter);
  if (filter.before !== null) q = q.where('id', '<', filter.before);
  return q.orderBy('id', 'desc').limit(filter.limit);
}

/**
 * Newest first by (created_at, id), before `older`: one range of `wallet_transactions_created_idx`
 * or of the type's `(type, created_at, id)` index, so the planner has no primary-key walk to prefer
 * (docs/performance.md, "Indexes and their plans").
 */
function timeOrder(db: Handle, filter: TransactionFilter & { limit: number }, older: TimeKey | null) {
  let q = filteredTransactions(db, filter);
  if (older !== null) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(older.created_at, older.id)));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
}

/** The shopper's history and a customer's ledger: their wallet's rows in its chain order. */
export function walletTransactions(db: Handle, filter: { userId: string; before: string | null; limit: number }): Promise<TransactionRow[]> {
  return chainOrder(db, filter).execute();
}

/** The back office's list: by (created_at, id), a customer's rows in their chain order (which reads only the cursor's id). */
export function listTransactions(db: Handle, filter: TransactionFilter & { before: TimeKey | null; limit: number }): Promise<TransactionRow[]> {
  const { userId, before } = filter;
  return (userId !== undefined ? chainOrder(db, { ...filter, userId, before: before?.id ?? null }) : timeOrder(db, filter, before)).execute();
}

/** An export's row, by position (`txColumns`' order): id, user_id, type, amount, balance_after, reference, created_at. */
export type TransactionCells = [string, string, TransactionType, number, number, string | null, string];

/** An export's batch: the rows that follow `older` in the list's order (newest first), as arrays (`TransactionCells`). */
export function exportTransactions(db: Handle, filter: TransactionFilter & { older: TimeKey | null; limit: number }): Promise<TransactionCells[]> {
  const { userId, older } = filter;
  // After the first batch of the time order the keyset is the only upper bound (the rows before
  // `older` are before `to`): given both, SQLite starts its walk at `to` and steps over every row
  // already written. Ids need not follow the clock, so the chain order keeps `to`.
  const q = userId !== undefined ? chainOrder(db, { ...filter, userId, before: older?.id ?? null }) : timeOrder(db, older === null ? filter : { ...filter, to: undefined }, older);
  return q.modifyEnd(sql.raw(ROWS_AS_ARRAYS)).execute() as Promise<unknown[]> as Promise<TransactionCells[]>;
}

export async function sumTransactions(db: Handle, userId: string): Promise<number> {
  const row = await own(db)
    .selectFrom('wallet_transactions')
    .select(sql<number | string | null>`sum(amount)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function findTransaction(db: Handle, id: string): Promise<TransactionRow | undefined> {
  return own(db).selectFrom('wallet_transactions').select(txColumns).where('id', '=', id).executeTakeFirst();
}

