/**
 * The ledger: the only code that moves `wallets.shopping_credits`. Every movement is one
 * conditional UPDATE (the database adds the signed amount and refuses a negative result) plus one
 * appended `wallet_transactions` row carrying the balance that UPDATE returned, both inside the
 * caller's transaction. So the balance always equals the sum of the ledger and never goes below 0.
 *
 * Other domains (orders, refunds) call `applyMovement` inside their own transaction; the order
 * placement's one PostgreSQL statement includes `orderPaymentCtes`, the same debit and ledger row
 * written as part of that statement (ledger.repository.ts).
 */
import type { Ctx } from '../../context.ts';
import type { SharedTrx } from '../../lib/db-types.ts';

import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { TransactionType } from './tables.ts';
import * as repo from './ledger.repository.ts';
import { entryIdAfter } from './entry-id.ts';

export type { TransactionType };
export { orderPaymentCtes, DEBIT_REFUSALS, DEBIT, WALLET_VERDICT, type DebitRefusal } from './ledger.repository.ts';

/** A ledger row as the wire shows it (the `Transaction` of the wallet's answers). */
export type Transaction = Omit<repo.TransactionRow, 'user_id'>;

export interface Movement {
  userId: string;
  type: TransactionType;
  /** Signed integer minor units: positive credits, negative debits; never 0. */
  amount: number;
  /** What the movement is for: a top-up id, an order id, `daily_spin:<day>`… */
  reference: string | null;
}

export function toTransaction(row: repo.TransactionRow): Transaction {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    balance_after: row.balance_after,
    reference: row.reference,
    created_at: row.created_at,
  };
}

/**
 * Applies one movement in the caller's transaction and answers its ledger row. A debit larger
 * than the balance throws 402 `insufficient_credits` and changes nothing (the caller's
 * transaction should then roll back whatever else it did). Order placement on PostgreSQL does
 * the same through `orderPaymentCtes` in its one statement (`orders.repository.ts placeAtOnce`).
 */
export async function applyMovement(ctx: Ctx, trx: SharedTrx, m: Movement): Promise<Transaction> {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) throw new Error(`ledger: amount must be a non-zero safe integer, got ${m.amount}`);
  const now = ctx.clock.now().toISOString();
  let id = newId(ctx.clock);
  for (let attempt = 0; ; attempt++) {
    const balance = await repo.addShoppingCredits(trx, m.userId, m.amount, id, now);
    if (balance !== undefined) {
      const row: repo.TransactionRow = { id, user_id: m.userId, type: m.type, amount: m.amount, balance_after: Number(balance), reference: m.reference, created_at: now };
      await repo.insertTransaction(trx, row);
      return toTransaction(row);
    }
    // Why not, read under the wallet's lock, so a newer id chosen now cannot be beaten again:
    // SQLite's transactions hold the write lock from their start (`begin immediate`); PostgreSQL locks the row.
    const wallet = ctx.dialect === 'postgres' ? await repo.lockWallet(trx, m.userId) : await repo.findWallet(trx, m.userId);
    if (!wallet) throw notFound('wallet');
    // The id was the reason only when the wallet's last id is not older: then the id after it.
    const newer = entryIdAfter(ctx.clock, wallet.last_entry_id, id);
    if (newer === id) throw insufficientCredits();
    if (attempt === 1) throw new Error('ledger: a movement was refused twice under the wallet\'s lock');
    id = newer;
  }
}

export const insufficientCredits = (): AppError => new AppError(402, 'insufficient_credits', 'Not enough shopping credits');

/** The user's wallet (every account gets one at registration). */
export const findWallet = (ctx: Ctx, userId: string): Promise<repo.WalletRow | undefined> => repo.findWallet(ctx.db, userId);
