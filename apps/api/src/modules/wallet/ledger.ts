/**
 * The ledger: the only code that moves `wallets.shopping_credits`. Every movement is one
 * conditional UPDATE (the database adds the signed amount and refuses a negative result) plus one
 * appended `wallet_transactions` row carrying the balance that UPDATE returned, both inside the
 * caller's transaction. So the balance always equals the sum of the ledger and never goes below 0.
 *
 * Other domains (orders, refunds) call `applyMovement` inside their own transaction.
 */
import type { Ctx } from '../../context.ts';
import type { Trx } from '../../lib/db-types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { TransactionType } from '../../db/tables/wallet.ts';
import * as repo from './wallet.repository.ts';
import type { Transaction } from './wallet.schemas.ts';

export type { TransactionType };

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
 * transaction should then roll back whatever else it did).
 */
export async function applyMovement(ctx: Ctx, trx: Trx, m: Movement): Promise<Transaction> {
  const row = await moveBalance(ctx, trx, m);
  await repo.insertTransaction(trx, row);
  return toTransaction(row);
}

/**
 * The first half of `applyMovement`: the conditional UPDATE, answering the ledger row that the
 * caller MUST insert in the same transaction (orders on PostgreSQL insert it together with the
 * order in one statement, saving a round trip). Throws like `applyMovement`.
 */
export async function moveBalance(ctx: Ctx, trx: Trx, m: Movement): Promise<repo.TransactionRow> {
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) throw new Error(`ledger: amount must be a non-zero safe integer, got ${m.amount}`);
  const now = ctx.clock.now().toISOString();
  const balance = await repo.addShoppingCredits(trx, m.userId, m.amount, now);
  if (balance === undefined) {
    if (!(await repo.findWallet(trx, m.userId))) throw notFound('wallet');
    throw new AppError(402, 'insufficient_credits', 'Not enough shopping credits');
  }
  return {
    id: newId(ctx.clock),
    user_id: m.userId,
    type: m.type,
    amount: m.amount,
    balance_after: Number(balance),
    reference: m.reference,
    created_at: now,
  };
}
