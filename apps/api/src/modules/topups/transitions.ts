/**
 * The top-up state machine (docs/wallet.md): `pending → completed`, once, and nothing else is
 * stored; `expired` is derived from `expires_at`. A payment the gateway declined is a mark beside
 * the state (`declinedAt`), not a state: the contract's states stay pending, completed and expired.
 * `completeTopup` is the only move, and it is open to a declined or expired top-up too: a payment
 * the gateway confirms later must land.
 */
import type { Ctx } from '../../context.ts';
import type { SharedTrx } from '../../lib/db-types.ts';
import { type TopupStatus } from './tables.ts';
import { defineMachine } from '../../lib/machine.ts';
import { applyMovement } from '../ledger/index.ts';
import * as repo from './topups.repository.ts';

const topupMachine = defineMachine<TopupStatus>({
  moves: {
    pending: ['completed'],
    completed: [],
  },
});

export type TopupState = TopupStatus | 'expired';

/** `expired` is derived: a top-up still pending an hour after it was minted. */
export function stateOf(ctx: Ctx, row: repo.TopupRow): TopupState {
  if (row.status === 'completed') return 'completed';
  return ctx.clock.now().toISOString() >= row.expires_at ? 'expired' : 'pending';
}

/**
 * pending → completed and the ledger credit, in the caller's transaction; returns the balance
 * after, or null when another caller completed it first (the conditional UPDATE matched no row).
 * A (gateway, gateway_txn_id) that already paid another top-up throws the unique violation.
 * An expired top-up is still completed: the gateway confirmed the payment, so the money must land.
 */
export async function completeTopup(
  ctx: Ctx,
  trx: SharedTrx,
  topup: repo.TopupRow,
  credit: { gateway: string; gatewayTxnId: string },
): Promise<number | null> {
  const now = ctx.clock.now().toISOString();
  if (!(await repo.completeTopup(trx, topup.id, topupMachine.sources('completed'), { gateway: credit.gateway, gateway_txn_id: credit.gatewayTxnId, now }))) return null;
  const tx = await applyMovement(ctx, trx, { userId: topup.user_id, type: 'topup', amount: Number(topup.amount), reference: topup.id });
  return tx.balance_after;
}

/** When the gateway declined the payment of a top-up that is still not completed (`topup-decline`), else null. */
export const declinedAt = (row: repo.TopupRow): string | null => (row.status === 'completed' ? null : row.declined_at);
