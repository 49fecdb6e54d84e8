/**
 * The support ticket state machine: the allowed moves in one table, and `applyMove`, the one
 * function that changes a ticket's status (docs/tickets.md).
 */
import type { Ctx } from '../../context.ts';
import type { SharedTrx } from '../../lib/db-types.ts';
import { type TicketAuthor, type TicketStatus } from './tables.ts';
import { conflict } from '../../lib/errors.ts';
import { defineMachine } from '../../lib/machine.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './tickets.repository.ts';
import type { TicketRow } from './tickets.repository.ts';

/**
 * The allowed status moves (docs/contracts.md §7 names the states). A user reply reopens a ticket
 * (`open`), a support reply hands it to the user (`awaiting_user`); `closed` takes no replies and
 * only an admin can reopen it.
 */
const ticketMachine = defineMachine<TicketStatus>({
  moves: {
    open: ['awaiting_user', 'resolved', 'closed'],
    awaiting_user: ['open', 'resolved', 'closed'],
    resolved: ['open', 'awaiting_user', 'closed'],
    closed: ['open'],
  },
  refusal: (from, to) => ({ message: `A ticket cannot move from ${from} to ${to}` }),
});
const REPLYABLE: readonly TicketStatus[] = ['open', 'awaiting_user', 'resolved'];
const AFTER_REPLY: Record<TicketAuthor, TicketStatus> = { user: 'open', support: 'awaiting_user' };

/** An admin's status change, or a reply (whose author decides the status that follows). */
export type TicketMove = { kind: 'status'; to: TicketStatus } | { kind: 'reply'; author: TicketAuthor; reply: { id: string; message: string } };

/**
 * Applies `move` to `ticket` (as just read in `trx`) with one conditional UPDATE on the status it
 * was read in, so a concurrent move makes this one fail rather than overwrite it: 409
 * `invalid_transition` for a status change, 409 `conflict` for a reply to a closed ticket. With
 * `adminId` the audit row (docs/contracts.md §9) is written in the same transaction. A status
 * change to the current status is a no-op.
 */
export async function applyMove(ctx: Ctx, trx: SharedTrx, ticket: TicketRow, move: TicketMove, adminId?: string): Promise<TicketRow> {
  const now = ctx.clock.now().toISOString();
  let to: TicketStatus;
  if (move.kind === 'reply') {
    to = AFTER_REPLY[move.author];
    if (!(await repo.moveTicket(trx, ticket.id, REPLYABLE, to, now))) throw conflict('conflict', 'The ticket is closed');
  } else {
    to = move.to;
    if (ticket.status === to) return ticket;
    ticketMachine.assertMove(ticket.status, to);
    if (!(await repo.moveTicket(trx, ticket.id, [ticket.status], to, now))) throw ticketMachine.refuse(ticket.status, to);
  }
  if (adminId !== undefined) {
    await recordAudit(ctx, trx, {
      adminId,
      action: move.kind === 'reply' ? 'ticket.reply' : 'ticket.status',
      entity: 'ticket',
      entityId: ticket.id,
      before: { status: ticket.status },
      after: move.kind === 'reply' ? { status: to, reply: move.reply } : { status: to },
    });
  }
  return { ...ticket, status: to, updated_at: now };
}
