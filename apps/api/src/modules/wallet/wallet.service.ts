import type { Ctx } from '../../context.ts';
import { DAY } from '../../lib/clock.ts';
import { accounts, type Person } from '../accounts/index.ts';
import { own } from './tables.ts';
import * as ledger from '../ledger/index.ts';
import * as topups from '../topups/index.ts';
import type { SharedTrx } from '../../lib/db-types.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, decodeTimeCursor, timeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { applyMovement, toTransaction } from '../ledger/index.ts';
import { recordAudit } from '../audit/index.ts';
import { claimKey, requestHash, runOnce, type KeyRef } from '../idempotency/index.ts';
import * as repo from './wallet.repository.ts';
import type { Adjustment, AdjustmentBody, AdminTransaction, AdminTransactionFilters, OwnWallet, PaymentToReturn, Wallet } from './wallet.schemas.ts';
import { allBatches, cell, customerFields, money as csvMoney, text as csvText, timeFields } from '../../lib/csv.ts';
import { rangeOf } from '../../lib/date-range.ts';

export function toWallet(ctx: Ctx, row: Pick<ledger.WalletRow, 'shopping_credits' | 'reward_points' | 'e_vouchers'>): Wallet {
  return {
    shopping_credits: Number(row.shopping_credits),
    reward_points: Number(row.reward_points),
    e_vouchers: Number(row.e_vouchers),
    currency: ctx.config.currency,
  };
}

/** `preloaded`: the wallet the session check already read (`config.withWallet`), if it did. */
export async function getWallet(ctx: Ctx, userId: string, preloaded?: Omit<ledger.WalletRow, 'user_id' | 'last_entry_id'> | null): Promise<Wallet> {
  const row = preloaded !== undefined ? preloaded : await ledger.findWallet(ctx.db, userId);
  if (!row) throw notFound('wallet');
  return toWallet(ctx, row);
}

/** The shopper's own wallet, with the top-up bounds so the app never has to guess them. */
export async function getOwnWallet(ctx: Ctx, userId: string, preloaded?: Omit<ledger.WalletRow, 'user_id' | 'last_entry_id'> | null): Promise<OwnWallet> {
  const { min, max } = ctx.config.topup;
  return { ...(await getWallet(ctx, userId, preloaded)), topup: { min, max } };
}

const limitOf = (q: PageQuery) => q.limit ?? 20;

export async function listTransactions(ctx: Ctx, userId: string, q: PageQuery) {
  const limit = limitOf(q);
  const rows = await ledger.walletTransactions(ctx.db, { userId, before: decodeCursor(q.cursor), limit: limit + 1 });
  return toPage(rows, limit, (r) => r.id, toTransaction);
}

/** Kept for older app builds, which call it after a top-up; credits are never deferred, so nothing settles. */
export async function settlePending(ctx: Ctx, userId: string) {
  return { wallet: await getWallet(ctx, userId), settled: 0 as const };
}

export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Once per UTC day: the `daily_spins` primary key (user, day) is inserted first in the same
 * transaction as the credit, so of any number of simultaneous spins exactly one commits.
 */
export async function dailySpin(ctx: Ctx, userId: string) {
  const now = ctx.clock.now();
  const day = utcDay(now);
  const prize = ctx.config.dailySpinPrize;
  try {
    const transaction = await own(ctx.db).transaction().execute(async (trx) => {
      const tx = await applyMovement(ctx, trx, { userId, type: 'daily_spin', amount: prize, reference: `daily_spin:${day}` });
      await repo.insertDailySpin(trx, { user_id: userId, day, transaction_id: tx.id, created_at: now.toISOString() });
      return tx;
    });
    const nextSpin = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY).toISOString();
    return { prize, wallet: await getWallet(ctx, userId), transaction, next_spin_at: nextSpin };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'already_spun', 'Already spun today (UTC)');
    throw err;
  }
}

// ---- admin ----

const toAdminTransaction = (r: ledger.TransactionRow, person: (id: string) => Person): AdminTransaction => ({ ...toTransaction(r), user_id: r.user_id, user: person(r.user_id) });

const transactionFilter = (q: AdminTransactionFilters) => ({
  ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
  ...(q.type !== undefined ? { type: q.type } : {}),
  ...rangeOf(q),
});

export async function adminListTransactions(ctx: Ctx, q: PageQuery & AdminTransactionFilters) {
  const limit = limitOf(q);
  const rows = await ledger.listTransactions(ctx.db, { ...transactionFilter(q), before: decodeTimeCursor(q.cursor), limit: limit + 1 });
  const person = await accounts.people(ctx.db, rows.slice(0, limit).map((r) => r.user_id));
  return toPage(rows, limit, timeCursor, (r) => toAdminTransaction(r, person));
}

export const TRANSACTION_CSV_COLUMNS = [
  'id', 'local_date', 'utc_time', 'created_at', 'user_id', 'customer_name', 'customer_phone', 'type', 'amount', 'currency', 'balance_after', 'reference',
] as const;

/**
 * Every transaction the page's filters match, newest first, as CSV rows (read in batches). The
 * filters are checked here, before the answer starts (a bad date is a 400, not a cut-off file).
 */
export function adminTransactionsCsv(ctx: Ctx, q: AdminTransactionFilters) {
  const filter = transactionFilter(q);
  return transactionRows(ctx, filter);
}

async function* transactionRows(ctx: Ctx, filter: ReturnType<typeof transactionFilter>) {
  const currency = ctx.config.currency;
  const currencyField = cell(currency);
  const zone = ctx.config.shopTimeZone;
  const batches = allBatches(
    ctx.longRead,
    (db, older, limit) => ledger.exportTransactions(db, { ...filter, older, limit }),
    (r) => ({ created_at: r[6], id: r[0] }),
    (db, rows) => accounts.people(db, rows.map((r) => r[1])),
    ctx.dialect === 'postgres',
  );
  for await (const [batch, person] of batches) {
    let out = '';
    // One string per record, the columns by position (`ledger.TransactionCells`).
    for (const r of batch) {
      out += `${cell(r[0])},${timeFields(r[6], zone)},${cell(r[6])},${cell(r[1])},${customerFields(person(r[1]))},${cell(r[2])},${csvMoney(r[3], currency)},${currencyField},${csvMoney(r[4], currency)},${cell(csvText(r[5]))}\r\n`;
    }
    yield out;
  }
}

/** One user's ledger, newest first, with the wallet it adds up to. Unknown user: 404. */
export async function adminUserLedger(ctx: Ctx, userId: string, q: PageQuery) {
  if (!(await accounts.findUserState(ctx.db, userId))) throw notFound('user');
  const wallet = await ledger.findWallet(ctx.db, userId);
  const page = await listTransactions(ctx, userId, q);
  return { ...page, wallet: wallet ? toWallet(ctx, wallet) : null };
}

export async function adminWebhookLogs(ctx: Ctx, q: PageQuery & { outcome?: topups.WebhookOutcome; endpoint?: string }) {
  const limit = limitOf(q);
  const rows = await topups.listWebhookLogs(ctx.db, {
    ...(q.outcome !== undefined ? { outcome: q.outcome } : {}),
    ...(q.endpoint !== undefined ? { endpoint: q.endpoint } : {}),
    before: decodeCursor(q.cursor),
    limit: limit + 1,
  });
  return toPage(rows, limit, (r) => r.id, (r) => r);
}

/**
 * Second payments for completed top-ups (409 `topup_already_completed`), each once, newest first:
 * money a gateway took that no wallet received, for operators to return at that gateway. Read
 * from the webhook log, where the refusal is written in its own transaction (docs/wallet.md).
 */
export async function adminPaymentsToReturn(ctx: Ctx, q: PageQuery) {
  const limit = limitOf(q);
  const rows = await topups.listPaymentsToReturn(ctx.db, { before: decodeCursor(q.cursor), limit: limit + 1 });
  return toPage(rows, limit, (r) => r.id, (r): PaymentToReturn => ({
    id: r.id,
    topup_id: r.topup_id,
    user_id: r.user_id,
    user: r.deleted_at === null ? { id: r.user_id, full_name: r.full_name, phone: r.phone } : { id: r.user_id, full_name: null, phone: null },
    amount: Number(r.amount),
    currency: r.currency,
    gateway: r.gateway!,
    gateway_txn_id: r.gateway_txn_id!,
    completed_by: { gateway: r.completed_gateway!, gateway_txn_id: r.completed_gateway_txn_id! },
    endpoint: r.endpoint,
    created_at: r.created_at,
  }));
}

/**
 * An admin's adjustment of a user's shopping credits. Money enters only by top-up, so it is a
 * debit (a write-off, e.g. clearing a balance that blocks deletion) or the reversal of an earlier
 * debit of the same wallet (`reverses`, a positive amount, at most what remains of that debit);
 * any other positive amount is 400 `adjustment_not_allowed`. One transaction: for a reversal the
 * debit's `reversed` total raised by one conditional UPDATE (so racing reversals never exceed
 * it), one `adjustment` ledger row, one `wallet_adjustments` row and the admin audit row
 * (`wallet.adjust`); a debit below zero is 402 and changes nothing. With an Idempotency-Key
 * (scope `wallet.adjust`, the admin; claimed in the adjustment's transaction) a retry answers the
 * first adjustment (`replayed`); another user, amount, reason or `reverses` with that key is 409
 * `idempotency_conflict`.
 */
export async function adminAdjust(ctx: Ctx, adminId: string, userId: string, body: AdjustmentBody, key?: string): Promise<{ adjustment: Adjustment; replayed: boolean }> {
  const { adjustment, replayed } = await adjust(ctx, adminId, userId, body, key);
  const person = await accounts.people(ctx.db, [adjustment.user_id, adjustment.admin_id]);
  return { adjustment: { ...adjustment, user: person(adjustment.user_id), admin: person(adjustment.admin_id) }, replayed };
}

type UnnamedAdjustment = Omit<Adjustment, 'user' | 'admin'>;

async function adjust(
  ctx: Ctx,
  adminId: string,
  userId: string,
  body: AdjustmentBody,
  key?: string,
): Promise<{ adjustment: UnnamedAdjustment; replayed: boolean }> {
  const reason = body.reason.trim();
  if (!reason) throw badRequest('reason must not be blank', [{ field: 'body/reason', message: 'must not be blank' }]);
  const reverses = body.reverses ?? null;
  if ((body.amount > 0) !== (reverses !== null)) {
    throw new AppError(400, 'adjustment_not_allowed', 'An adjustment is a debit (negative amount), or gives back an earlier debit (positive amount with reverses)');
  }
  const ref: KeyRef | null = key === undefined ? null : { scope: 'wallet.adjust', principal: adminId, key };
  const hash = requestHash([userId, body.amount, reason, reverses]);
  const { value, replayed } = await runOnce(ctx, ref, hash, {
    first: async () => {
      const user = await accounts.findUserState(ctx.db, userId);
      if (!user) throw notFound('user');
      if (user.deleted_at !== null) throw conflict('conflict', 'The user is deleted');
      const id = newId(ctx.clock);
      return own(ctx.db).transaction().execute(async (trx) => {
        if (ref) await claimKey(ctx, trx, ref, hash, { resourceId: id });
        if (reverses !== null && !(await repo.addReversed(trx, userId, reverses, body.amount))) throw await notReversible(trx, userId, reverses);
        const transaction = await applyMovement(ctx, trx, { userId, type: 'adjustment', amount: body.amount, reference: `adjustment:${id}` });
        const row: repo.AdjustmentRow = {
          id,
          user_id: userId,
          admin_id: adminId,
          amount: body.amount,
          reason,
          // History: keys live in idempotency_keys now.
          idempotency_key: null,
          transaction_id: transaction.id,
          created_at: transaction.created_at,
          reverses,
          reversed: 0,
        };
        await repo.insertAdjustment(trx, row);
        await recordAudit(ctx, trx, {
          adminId,
          action: 'wallet.adjust',
          entity: 'wallet',
          entityId: userId,
          before: { shopping_credits: transaction.balance_after - body.amount },
          after: { shopping_credits: transaction.balance_after, adjustment: { id, amount: body.amount, reason, reverses } },
        });
        return toAdjustment(ctx, row, transaction);
      });
    },
    replay: async (stored) => {
      const row = (await repo.findAdjustment(ctx.db, stored.resource_id!))!;
      const tx = (await ledger.findTransaction(ctx.db, row.transaction_id))!;
      return toAdjustment(ctx, row, toTransaction(tx));
    },
    conflictMessage: 'This Idempotency-Key was used for another adjustment',
  });
  return { adjustment: value, replayed };
}

/** Why a reversal of `id` was refused: not this user's adjustment, not a debit, or more than remains of it. */
async function notReversible(trx: SharedTrx, userId: string, id: string): Promise<AppError> {
  const target = await repo.findAdjustment(trx, id);
  if (!target || target.user_id !== userId) return notFound('adjustment');
  const amount = Number(target.amount);
  if (amount > 0) return conflict('adjustment_not_reversible', 'Only a debit adjustment can be reversed');
  const remaining = -amount - Number(target.reversed);
  return conflict('reversal_exceeds_debit', `At most ${remaining} of this debit remains to give back`, { remaining });
}

const toAdjustment = (ctx: Ctx, r: repo.AdjustmentRow, transaction: Adjustment['transaction']): UnnamedAdjustment => ({
  id: r.id,
  user_id: r.user_id,
  admin_id: r.admin_id,
  amount: Number(r.amount),
  currency: ctx.config.currency,
  reason: r.reason,
  reverses: r.reverses,
  transaction,
  created_at: r.created_at,
});
