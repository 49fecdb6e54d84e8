import { sql, type RawBuilder, type Selectable } from 'kysely';
import { own, read, type Db, type TopupsTable, type WalletAdjustmentsTable, type TransactionType, type WalletTransactionsTable, type WebhookLogsTable, type WebhookOutcome, type WalletsTable } from './tables.ts';
import { cte } from '../../lib/cte.ts';
import type { Handle } from '../../lib/db-types.ts';
import { precompiled } from '../../lib/precompiled.ts';

export type WalletRow = Pick<Selectable<WalletsTable>, 'user_id' | 'shopping_credits' | 'reward_points' | 'e_vouchers' | 'last_entry_id'>;
export type TransactionRow = Selectable<WalletTransactionsTable>;
export type TopupRow = Selectable<TopupsTable>;
export type WebhookLogRow = Selectable<WebhookLogsTable>;
export type AdjustmentRow = Selectable<WalletAdjustmentsTable>;

/** The one wallet a user owns: made with the user, in the same transaction. */
export async function createWallet(db: Handle, userId: string, now: string): Promise<void> {
  await own(db)
    .insertInto('wallets')
    .values({ user_id: userId, shopping_credits: 0, reward_points: 0, e_vouchers: 0, created_at: now, updated_at: now })
    .execute();
}

// The hot wallet statements (every GET /wallet and every order) are compiled once.
const walletOf = precompiled((db: Db, userId: string) =>
  own(db).selectFrom('wallets').select(['user_id', 'shopping_credits', 'reward_points', 'e_vouchers', 'last_entry_id']).where('user_id', '=', userId),
);

export async function findWallet(db: Handle, userId: string): Promise<WalletRow | undefined> {
  return (await walletOf(own(db), userId)).rows[0];
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
 * Why the wallet refused a debit: no wallet; a last ledger id not older than the movement's (another
 * movement committed a newer id first: retry with a newer one, `ledger.nextEntryId`); or too few
 * credits.
 */
export const DEBIT_REFUSALS = { noWallet: 'no_wallet', behind: 'entry_behind', insufficient: 'insufficient_credits' } as const;
export type DebitRefusal = (typeof DEBIT_REFUSALS)[keyof typeof DEBIT_REFUSALS];

/** The CTEs of `orderPaymentCtes` that the orders module's part of the statement reads. */
export const WALLET_VERDICT = cte<{ refused: DebitRefusal | null; last_entry_id: string | null }>('wallet_verdict');
export const DEBIT = cte<{ shopping_credits: number }>('debit');

/**
 * PostgreSQL: the wallet's part of an order placement, as CTEs for the orders module's one
 * statement (`orders.repository.ts placeAtOnce`, docs/orders.md). Only this module writes `wallets`
 * and `wallet_transactions`; the order asks for a debit of `amount` (a SQL expression of the
 * statement) once `ready` (a SQL condition: the order's own checks passed) holds. Defines:
 * - `wallet`: the buyer's wallet row, locked (FOR UPDATE answers its latest committed version, so
 *   the verdict below is exact). It is locked only after `ready` is evaluated, i.e. after whatever
 *   `ready` reads (the product rows): one lock order for every placement.
 * - `wallet_verdict`: `refused` (a `DebitRefusal`, null when the debit goes ahead) and the wallet's
 *   `last_entry_id`.
 * - `debit`: the conditional UPDATE (the same checks again, and CHECK `wallets_non_negative`
 *   behind them), answering the new balance; no row when refused.
 * - `payment`: the `order_payment` ledger row carrying that balance, reference = the order id.
 */
export function orderPaymentCtes(p: { userId: string; ledgerId: string; orderId: string; now: string; amount: RawBuilder<number>; ready: RawBuilder<boolean> }) {
  return sql`wallet as materialized (
      select shopping_credits, last_entry_id from wallets where user_id = ${p.userId} and ${p.ready} for update
    ),
    ${WALLET_VERDICT.ref} as materialized (
      select case
          when not exists (select 1 from wallet) then ${sql.lit(DEBIT_REFUSALS.noWallet)}
          when (select last_entry_id from wallet) >= ${p.ledgerId} then ${sql.lit(DEBIT_REFUSALS.behind)}
          when (select shopping_credits from wallet) < ${p.amount} then ${sql.lit(DEBIT_REFUSALS.insufficient)}
        end as refused,
        (select last_entry_id from wallet) as last_entry_id
    ),
    ${DEBIT.ref} as (
      update wallets set shopping_credits = shopping_credits - ${p.amount}, last_entry_id = ${p.ledgerId}, updated_at = ${p.now}
      where user_id = ${p.userId} and ${p.ready} and (select refused from ${WALLET_VERDICT.ref}) is null
        and shopping_credits >= ${p.amount} and (last_entry_id is null or last_entry_id < ${p.ledgerId})
      returning shopping_credits
    ),
    payment as (
      insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
      select ${p.ledgerId}, ${p.userId}, 'order_payment', -${p.amount}, ${DEBIT.ref}.shopping_credits, ${p.orderId}, ${p.now} from ${DEBIT.ref}
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

/** Newest first (ids sort by creation); `before` is the id of the last row of the previous page. */
export function listTransactions(
  db: Handle,
  filter: { userId?: string; type?: TransactionType; from?: string; to?: string; before: string | null; limit: number },
): Promise<TransactionRow[]> {
  let q = own(db).selectFrom('wallet_transactions').select(txColumns);
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  if (filter.from !== undefined) q = q.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('created_at', '<', filter.to);
  if (filter.before !== null) q = q.where('id', '<', filter.before);
  return q.orderBy('id', 'desc').limit(filter.limit).execute();
}

export async function sumTransactions(db: Handle, userId: string): Promise<number> {
  const row = await own(db)
    .selectFrom('wallet_transactions')
    .select(sql<number | string | null>`sum(amount)`.as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertDailySpin(db: Handle, row: { user_id: string; day: string; transaction_id: string; created_at: string }): Promise<void> {
  await own(db).insertInto('daily_spins').values(row).execute();
}

// ---- top-ups ----

const topupColumns = [
  'id', 'token_hash', 'user_id', 'amount', 'currency', 'status', 'expires_at', 'attached_gateway', 'gateway_order_id',
  'gateway', 'gateway_txn_id', 'credited_at', 'created_at', 'updated_at',
] as const;

export async function insertTopup(db: Handle, row: TopupRow): Promise<void> {
  await own(db).insertInto('topups').values(row).execute();
}

export function findTopupByTokenHash(db: Handle, tokenHash: string): Promise<TopupRow | undefined> {
  return own(db).selectFrom('topups').select(topupColumns).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The once-only step: only a pending top-up turns completed; a second caller matches no row. */
export async function completeTopup(
  db: Handle,
  id: string,
  credit: { gateway: string; gateway_txn_id: string; now: string },
): Promise<boolean> {
  const r = await own(db)
    .updateTable('topups')
    .set({ status: 'completed', gateway: credit.gateway, gateway_txn_id: credit.gateway_txn_id, credited_at: credit.now, updated_at: credit.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records which gateway order pays a pending top-up; a completed one is left as it is. */
export async function attachGatewayOrder(db: Handle, id: string, gateway: string, orderId: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('topups')
    .set({ attached_gateway: gateway, gateway_order_id: orderId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findTopupByGatewayTxn(db: Handle, gateway: string, txnId: string): Promise<TopupRow | undefined> {
  return own(db).selectFrom('topups').select(topupColumns).where('gateway', '=', gateway).where('gateway_txn_id', '=', txnId).executeTakeFirst();
}

// ---- webhook log ----

const logColumns = ['id', 'endpoint', 'gateway', 'token', 'topup_id', 'gateway_txn_id', 'outcome', 'reason', 'created_at'] as const;

export async function insertWebhookLog(db: Handle, row: WebhookLogRow): Promise<void> {
  await own(db).insertInto('webhook_logs').values(row).execute();
}

export function listWebhookLogs(
  db: Handle,
  filter: { outcome?: WebhookOutcome; endpoint?: string; before: string | null; limit: number },
): Promise<WebhookLogRow[]> {
  let q = own(db).selectFrom('webhook_logs').select(logColumns);
  if (filter.outcome !== undefined) q = q.where('outcome', '=', filter.outcome);
  if (filter.endpoint !== undefined) q = q.where('endpoint', '=', filter.endpoint);
  if (filter.before !== null) q = q.where('id', '<', filter.before);
  return q.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** Why a payment is to be returned: the webhook log's reason for a second payment of a completed top-up. */
export const SECOND_PAYMENT_REASON = 'topup_already_completed';

export interface PaymentToReturnRow {
  id: string;
  endpoint: string;
  gateway: string | null;
  gateway_txn_id: string | null;
  created_at: string;
  topup_id: string;
  user_id: string;
  amount: number;
  currency: string;
  completed_gateway: string | null;
  completed_gateway_txn_id: string | null;
  full_name: string;
  phone: string | null;
  deleted_at: string | null;
}

/**
 * Second payments for completed top-ups, newest first: the first log row of each (gateway,
 * gateway_txn_id) with that reason (the payer or the payment server may have told it again),
 * with the top-up it tried to pay and the top-up's owner.
 */
export function listPaymentsToReturn(db: Handle, filter: { before: string | null; limit: number }): Promise<PaymentToReturnRow[]> {
  let q = read(db)
    .selectFrom('webhook_logs as l')
    .innerJoin('topups as t', 't.id', 'l.topup_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      'l.id', 'l.endpoint', 'l.gateway', 'l.gateway_txn_id', 'l.created_at', 't.id as topup_id', 't.user_id', 't.amount', 't.currency',
      't.gateway as completed_gateway', 't.gateway_txn_id as completed_gateway_txn_id', 'u.full_name', 'u.phone', 'u.deleted_at',
    ])
    .where('l.reason', '=', SECOND_PAYMENT_REASON)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_logs as e')
            .select('e.id')
            .where('e.reason', '=', SECOND_PAYMENT_REASON)
            .whereRef('e.gateway', '=', 'l.gateway')
            .whereRef('e.gateway_txn_id', '=', 'l.gateway_txn_id')
            .whereRef('e.id', '<', 'l.id'),
        ),
      ),
    );
  if (filter.before !== null) q = q.where('l.id', '<', filter.before);
  return q.orderBy('l.id', 'desc').limit(filter.limit).execute() as Promise<PaymentToReturnRow[]>;
}

export function findTransaction(db: Handle, id: string): Promise<TransactionRow | undefined> {
  return own(db).selectFrom('wallet_transactions').select(txColumns).where('id', '=', id).executeTakeFirst();
}

const adjustmentColumns = ['id', 'user_id', 'admin_id', 'amount', 'reason', 'idempotency_key', 'transaction_id', 'created_at', 'reverses', 'reversed'] as const;

export async function insertAdjustment(db: Handle, row: AdjustmentRow): Promise<void> {
  await own(db).insertInto('wallet_adjustments').values(row).execute();
}

export function findAdjustment(db: Handle, id: string): Promise<AdjustmentRow | undefined> {
  return own(db).selectFrom('wallet_adjustments').select(adjustmentColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Gives back `amount` of debit `id` of this user's wallet: one conditional UPDATE, so reversals
 * racing each other never give back more than the debit (a second one waits for the first's row
 * lock and then sees its total). False when nothing matched: not this user's, not a debit, or
 * too much (the caller reads the row to tell which).
 */
export async function addReversed(db: Handle, userId: string, id: string, amount: number): Promise<boolean> {
  const r = await own(db)
    .updateTable('wallet_adjustments')
    .set({ reversed: sql<number>`reversed + ${amount}` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('amount', '<', 0)
    .where(sql<number>`reversed + ${amount} + amount`, '<=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Retention: webhook-log rows written before `before`. */
export async function purgeWebhookLogs(db: Handle, before: string): Promise<number> {
  const r = await own(db).deleteFrom('webhook_logs').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
