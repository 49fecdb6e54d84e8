/**
 * The deletion request state machine (docs/deletion.md): every allowed move in one table, and
 * `applyMove`, the one function that changes a request's status.
 */
import type { Ctx } from '../../context.ts';
import type { Handle } from '../../lib/db-types.ts';
import { type DeletionStatus } from './tables.ts';
import { defineMachine } from '../../lib/machine.ts';
import * as repo from './deletion.repository.ts';
import type { DeletionRequestRow } from './deletion.repository.ts';

/**
 * `pending` → `cancelled` by the user; `pending` → `completed` by the job once the grace period is
 * over, or at once by an admin delete. Both ends are final: a new request is a new row.
 */
const deletionMachine = defineMachine<DeletionStatus>({
  moves: {
    pending: ['cancelled', 'completed'],
    cancelled: [],
    completed: [],
  },
});

/**
 * Moves the request `where` names (by id, optionally only once due; or the user's pending one) to
 * `to`, with one conditional UPDATE from the statuses the table allows; returns the moved row, or
 * undefined when there was none to move (already moved by a racing caller, or not yet due). The
 * admin delete that completes a request writes its `user.delete` audit row in the same transaction
 * (deletion.service.ts `adminDelete`): the audited act is the anonymisation, not the row's status.
 */
export function applyMove(
  ctx: Ctx,
  db: Handle,
  where: { requestId: string; dueBy?: string } | { userId: string },
  to: Exclude<DeletionStatus, 'pending'>,
): Promise<DeletionRequestRow | undefined> {
  return repo.moveRequest(db, where, deletionMachine.sources(to), to, ctx.clock.now().toISOString());
}
