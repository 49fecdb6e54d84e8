import type { Executor } from '../../lib/db-types.ts';

/** The one wallet a user owns: made with the user, in the same transaction. */
export async function createWallet(db: Executor, userId: string, now: string): Promise<void> {
  await db
    .insertInto('wallets')
    .values({ user_id: userId, shopping_credits: 0, reward_points: 0, e_vouchers: 0, created_at: now, updated_at: now })
    .execute();
}
