import { sql, type Selectable } from 'kysely';
import { own, type WalletAdjustmentsTable } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

export type AdjustmentRow = Selectable<WalletAdjustmentsTable>;

export async function insertDailySpin(db: Handle, row: { user_id: string; day: string; transaction_id: string; created_at: string }): Promise<void> {
  await own(db).insertInto('daily_spins').values(row).execute();
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
