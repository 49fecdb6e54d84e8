import type { Selectable } from 'kysely';
import { own, type TicketAuthor, type TicketRepliesTable, type TicketStatus, type TicketsTable } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

export type TicketRow = Selectable<TicketsTable>;
export type ReplyRow = Selectable<TicketRepliesTable>;

const ticketColumns = ['id', 'user_id', 'subject', 'status', 'created_at', 'updated_at'] as const;

export async function insertTicket(db: Handle, row: TicketRow): Promise<void> {
  await own(db).insertInto('tickets').values(row).execute();
}

export async function insertReply(db: Handle, row: ReplyRow): Promise<void> {
  await own(db).insertInto('ticket_replies').values(row).execute();
}

export function findTicket(db: Handle, id: string, userId?: string): Promise<TicketRow | undefined> {
  let q = own(db).selectFrom('tickets').select(ticketColumns).where('id', '=', id);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return q.executeTakeFirst();
}

export function listReplies(db: Handle, ticketId: string): Promise<ReplyRow[]> {
  return own(db)
    .selectFrom('ticket_replies')
    .select(['id', 'ticket_id', 'author', 'author_id', 'message', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

/** Newest first; `before` is the id of the last row of the previous page. */
export function listTickets(
  db: Handle,
  filter: { userId?: string; status?: TicketStatus; from?: string; to?: string; before: string | null; limit: number },
): Promise<TicketRow[]> {
  let q = own(db).selectFrom('tickets').select(ticketColumns);
  if (filter.userId !== undefined) q = q.where('user_id', '=', filter.userId);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.from !== undefined) q = q.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('created_at', '<', filter.to);
  if (filter.before !== null) q = q.where('id', '<', filter.before);
  return q.orderBy('id', 'desc').limit(filter.limit).execute();
}

/**
 * Applies a status move only from one of `from`: one conditional statement, so a concurrent
 * close and reply cannot both win. False when the ticket is not (or no longer) in such a state.
 */
export async function moveTicket(db: Handle, id: string, from: readonly TicketStatus[], to: TicketStatus, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('tickets')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', from as TicketStatus[])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type { TicketAuthor };
