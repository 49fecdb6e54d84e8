import type { Ctx } from '../../context.ts';
import { own, type TicketAuthor, type TicketStatus } from './tables.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { HOUR } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { enforce, type RateRule } from '../../lib/rate-limit.ts';
import { rangeBetween } from '../../lib/date-range.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { accounts, type Person } from '../accounts/index.ts';
import { notify } from './notify.ts';
import * as repo from './tickets.repository.ts';
import { applyMove } from './transitions.ts';
import type { TicketRow } from './tickets.repository.ts';

export interface TicketSummary {
  id: string;
  subject: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
}
export interface Ticket extends TicketSummary {
  replies: Array<{ id: string; author: TicketAuthor; message: string; created_at: string }>;
}

/** Each new ticket mails support: bounded per user and per IP so nobody can flood the inbox. */
export const TICKET_USER_RULE: RateRule = { bucket: 'ticket_user', limit: 10, windowMs: HOUR, code: 'TICKET_RATE_LIMITED' };
export const TICKET_IP_RULE: RateRule = { bucket: 'ticket_ip', limit: 30, windowMs: HOUR, code: 'TICKET_RATE_LIMITED' };

const summary = (t: TicketRow): TicketSummary => ({ id: t.id, subject: t.subject, status: t.status, created_at: t.created_at, updated_at: t.updated_at });

function text(value: string, field: string): string {
  const v = value.trim();
  if (!v) throw badRequest(`${field} must not be blank`, [{ field: `body/${field}`, message: 'must not be blank' }]);
  return v;
}

async function withReplies(ctx: Ctx, t: TicketRow): Promise<Ticket> {
  const replies = await repo.listReplies(ctx.db, t.id);
  return { ...summary(t), replies: replies.map((r) => ({ id: r.id, author: r.author, message: r.message, created_at: r.created_at })) };
}

export async function createTicket(ctx: Ctx, userId: string, input: { subject: string; message: string }, ip: string): Promise<Ticket> {
  // One line: the subject also goes into a mail header.
  const subject = text(input.subject.replace(/[\r\n\t]+/g, ' '), 'subject');
  const message = text(input.message, 'message');
  await enforce(ctx.db, ctx, TICKET_IP_RULE, { ip });
  await enforce(ctx.db, ctx, TICKET_USER_RULE, { id: userId });
  const now = ctx.clock.now().toISOString();
  const ticket: TicketRow = { id: newId(ctx.clock), user_id: userId, subject, status: 'open', created_at: now, updated_at: now };
  await own(ctx.db).transaction().execute(async (trx) => {
    await repo.insertTicket(trx, ticket);
    await repo.insertReply(trx, { id: newId(ctx.clock), ticket_id: ticket.id, author: 'user', author_id: userId, message, created_at: now });
  });
  notify(
    ctx,
    'ticket_created',
    ctx.config.supportEmail,
    `New support ticket: ${subject}`,
    `A new support ticket was opened.\n\nTicket: ${ticket.id}\nUser: ${userId}\nSubject: ${subject}\n\n${message}`,
  );
  return withReplies(ctx, ticket);
}

export async function listTickets(ctx: Ctx, userId: string, page: PageQuery) {
  const limit = page.limit ?? 20;
  const rows = await repo.listTickets(ctx.db, { userId, before: decodeCursor(page.cursor), limit: limit + 1 });
  return toPage(rows, limit, (r) => r.id, summary);
}

/** Another user's ticket is 404, never 403. */
export async function getTicket(ctx: Ctx, userId: string, id: string): Promise<Ticket> {
  const t = await repo.findTicket(ctx.db, id, userId);
  if (!t) throw notFound('ticket');
  return withReplies(ctx, t);
}

async function reply(ctx: Ctx, ticketId: string, author: TicketAuthor, authorId: string, message: string, ownerId?: string): Promise<TicketRow> {
  const body = text(message, 'message');
  return own(ctx.db).transaction().execute(async (trx) => {
    const t = await repo.findTicket(trx, ticketId, ownerId);
    if (!t) throw notFound('ticket');
    const replyId = newId(ctx.clock);
    const now = ctx.clock.now().toISOString();
    await repo.insertReply(trx, { id: replyId, ticket_id: ticketId, author, author_id: authorId, message: body, created_at: now });
    // A closed ticket refuses the move, and the reply row rolls back with it.
    return applyMove(ctx, trx, t, { kind: 'reply', author, reply: { id: replyId, message: body } }, author === 'support' ? authorId : undefined);
  });
}

/** A user's reply reopens the ticket and, like a new ticket, mails SUPPORT_EMAIL after commit. */
export async function userReply(ctx: Ctx, userId: string, ticketId: string, input: { message: string }): Promise<Ticket> {
  const t = await reply(ctx, ticketId, 'user', userId, input.message, userId);
  notify(
    ctx,
    'ticket_user_reply',
    ctx.config.supportEmail,
    `Re: ${t.subject}`,
    `The user replied to a support ticket.\n\nTicket: ${t.id}\nUser: ${userId}\nSubject: ${t.subject}\n\n${input.message.trim()}`,
  );
  return withReplies(ctx, t);
}

// ---- admin ----

export interface AdminTicket extends Ticket {
  user_id: string;
  user: Person;
}

async function adminView(ctx: Ctx, t: TicketRow): Promise<AdminTicket> {
  const person = await accounts.people(ctx.db, [t.user_id]);
  return { ...(await withReplies(ctx, t)), user_id: t.user_id, user: person(t.user_id) };
}

export async function adminListTickets(ctx: Ctx, query: PageQuery & { status?: TicketStatus; user_id?: string; created_from?: string; created_to?: string }) {
  const limit = query.limit ?? 20;
  const created = rangeBetween(query.created_from, query.created_to, ['created_from', 'created_to']);
  const rows = await repo.listTickets(ctx.db, { status: query.status, userId: query.user_id, ...created, before: decodeCursor(query.cursor), limit: limit + 1 });
  const person = await accounts.people(ctx.db, rows.slice(0, limit).map((r) => r.user_id));
  return toPage(rows, limit, (r) => r.id, (r) => ({ ...summary(r), user_id: r.user_id, user: person(r.user_id) }));
}

export async function adminUserTickets(ctx: Ctx, userId: string, page: PageQuery) {
  if (!(await accounts.findUserState(ctx.db, userId))) throw notFound('user');
  return adminListTickets(ctx, { ...page, user_id: userId });
}

export async function adminGetTicket(ctx: Ctx, id: string): Promise<AdminTicket> {
  const t = await repo.findTicket(ctx.db, id);
  if (!t) throw notFound('ticket');
  return adminView(ctx, t);
}

/** Same status is a no-op; a move outside the table in transitions.ts is 409 `invalid_transition`. */
export async function adminSetStatus(ctx: Ctx, adminId: string, id: string, status: TicketStatus): Promise<AdminTicket> {
  const t = await own(ctx.db).transaction().execute(async (trx) => {
    const t = await repo.findTicket(trx, id);
    if (!t) throw notFound('ticket');
    return applyMove(ctx, trx, t, { kind: 'status', to: status }, adminId);
  });
  return adminView(ctx, t);
}

/** A support reply; the user hears of it by mail when their email is verified. */
export async function adminReply(ctx: Ctx, adminId: string, id: string, input: { message: string }): Promise<AdminTicket> {
  const t = await reply(ctx, id, 'support', adminId, input.message);
  const user = await accounts.findUserById(ctx.db, t.user_id);
  const to = user && user.email_verified === 1 ? user.email : null;
  notify(
    ctx,
    'ticket_reply',
    to,
    `Re: ${t.subject}`,
    `Support replied to your ticket "${t.subject}".\n\n${input.message.trim()}\n\nOpen the app to read and answer it.`,
  );
  return adminView(ctx, t);
}
