/** The tables the support module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';

export type TicketStatus = 'open' | 'awaiting_user' | 'resolved' | 'closed';

export type TicketAuthor = 'user' | 'support';

export interface TicketsTable {
  id: string;
  user_id: string;
  subject: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
}

/** The ticket's opening message is its first reply (author `user`). */
export interface TicketRepliesTable {
  id: string;
  ticket_id: string;
  author: TicketAuthor;
  /** The user, or the admin who answered as support. */
  author_id: string;
  message: string;
  created_at: string;
}

export interface SupportTables {
  tickets: TicketsTable;
  ticket_replies: TicketRepliesTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<SupportTables>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type SupportView = ReadOnly<SupportTables>;
