import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import { DateBoundSchema } from '../../lib/date-range.ts';
import { PersonSchema } from '../accounts/index.ts';
import * as tickets from './tickets.service.ts';

const StatusSchema = Type.Union([Type.Literal('open'), Type.Literal('awaiting_user'), Type.Literal('resolved'), Type.Literal('closed')]);
const ReplySchema = Type.Object({
  id: Type.String(),
  author: Type.Union([Type.Literal('user'), Type.Literal('support')]),
  message: Type.String(),
  created_at: Type.String(),
});
const summaryFields = {
  id: Type.String(),
  subject: Type.String(),
  status: StatusSchema,
  created_at: Type.String(),
  updated_at: Type.String(),
};
export const TicketSummarySchema = Type.Object(summaryFields);
export const TicketSchema = Type.Object({ ...summaryFields, replies: Type.Array(ReplySchema) });
const AdminTicketSummarySchema = Type.Object({ ...summaryFields, user_id: Type.String(), user: PersonSchema });
const AdminTicketSchema = Type.Object({ ...summaryFields, user_id: Type.String(), user: PersonSchema, replies: Type.Array(ReplySchema) });

const CreateBodySchema = Type.Object({
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  message: Type.String({ minLength: 1, maxLength: 5000 }),
});
const ReplyBodySchema = Type.Object({ message: Type.String({ minLength: 1, maxLength: 5000 }) });
// Path ids of any shape: one that matches nothing is 404, never 400 (docs/contracts.md §2).
const IdParams = Type.Object({ id: Type.String() });
const UidParams = Type.Object({ uid: Type.String() });
const AdminListQuery = Type.Object({
  ...PageQuerySchema.properties,
  status: Type.Optional(StatusSchema),
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
  created_from: Type.Optional(DateBoundSchema),
  created_to: Type.Optional(DateBoundSchema),
});

export const ticketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['tickets'];
  const user = { auth: 'user' as const };

  app.post('/tickets', { config: user, schema: { tags, body: CreateBodySchema, response: { 201: TicketSchema } } }, async (req, reply) =>
    reply.status(201).send(await tickets.createTicket(ctx, req.principal!.userId, req.body, req.ip)),
  );

  app.get('/tickets', { config: user, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(TicketSummarySchema) } } }, (req) =>
    tickets.listTickets(ctx, req.principal!.userId, req.query),
  );

  app.get('/tickets/:id', { config: user, schema: { tags, params: IdParams, response: { 200: TicketSchema } } }, (req) =>
    tickets.getTicket(ctx, req.principal!.userId, req.params.id),
  );

  app.post(
    '/tickets/:id/reply',
    { config: user, schema: { tags, params: IdParams, body: ReplyBodySchema, response: { 201: TicketSchema } } },
    async (req, reply) => reply.status(201).send(await tickets.userReply(ctx, req.principal!.userId, req.params.id, req.body)),
  );
};

export const ticketAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get('/admin/tickets', { config: { auth: 'admin', permission: 'support.read' }, schema: { tags, querystring: AdminListQuery, response: { 200: pageOf(AdminTicketSummarySchema) } } }, (req) =>
    tickets.adminListTickets(ctx, req.query),
  );

  app.get('/admin/tickets/:id', { config: { auth: 'admin', permission: 'support.read' }, schema: { tags, params: IdParams, response: { 200: AdminTicketSchema } } }, (req) =>
    tickets.adminGetTicket(ctx, req.params.id),
  );

  app.put(
    '/admin/tickets/:id/status',
    { config: { auth: 'admin', permission: 'support.reply' }, schema: { tags, params: IdParams, body: Type.Object({ status: StatusSchema }), response: { 200: AdminTicketSchema } } },
    (req) => tickets.adminSetStatus(ctx, req.principal!.userId, req.params.id, req.body.status),
  );

  app.post(
    '/admin/tickets/:id/reply',
    { config: { auth: 'admin', permission: 'support.reply' }, schema: { tags, params: IdParams, body: ReplyBodySchema, response: { 201: AdminTicketSchema } } },
    async (req, reply) => reply.status(201).send(await tickets.adminReply(ctx, req.principal!.userId, req.params.id, req.body)),
  );

  app.get(
    '/admin/users/:uid/tickets',
    { config: { auth: 'admin', permission: 'support.read' }, schema: { tags, params: UidParams, querystring: PageQuerySchema, response: { 200: pageOf(AdminTicketSummarySchema) } } },
    (req) => tickets.adminUserTickets(ctx, req.params.uid, req.query),
  );
};
