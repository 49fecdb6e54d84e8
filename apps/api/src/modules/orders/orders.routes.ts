import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import * as orders from './orders.service.ts';
import {
  AdminOrderDetailSchema,
  AdminOrderSchema,
  NoteBodySchema,
  OrderDetailSchema,
  OrderEventSchema,
  AdminOrdersQuerySchema,
  BulkStatusBodySchema,
  BulkStatusResultSchema,
  IdempotencyHeadersSchema,
  OrderBodySchema,
  OrderParamsSchema,
  OrderSchema,
  QuoteSchema,
  RefundBodySchema,
  RefundResultSchema,
  RefundSchema,
  RefundsQuerySchema,
  RequiredIdempotencyHeadersSchema,
  StatusBodySchema,
  UidParamsSchema,
} from './orders.schemas.ts';

/** `/orders/*` for the app (token). */
export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['orders'];
  const user = { auth: 'user' as const };

  app.post('/orders/quote', { config: user, schema: { tags, body: OrderBodySchema, response: { 200: QuoteSchema } } }, (req) => orders.quote(ctx, req.body));

  app.post(
    '/orders',
    // On PostgreSQL the placement's one statement is also the session check (auth.hooks.ts).
    { config: { ...user, sessionInStatement: true }, schema: { tags, headers: IdempotencyHeadersSchema, body: OrderBodySchema, response: { 201: OrderSchema } } },
    async (req, reply) => {
      const caller = req.principal!;
      const unchecked = caller.sessionUnchecked === true ? caller.sessionId : null;
      const { order, replayed } = await orders.placeOrder(ctx, caller.userId, req.body, req.headers['idempotency-key'], caller.buyer, unchecked);
      // A replay answers exactly what the first request answered (201, the same order), marked.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(order);
    },
  );

  app.get('/orders', { config: user, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(OrderSchema) } } }, (req) =>
    orders.listOwn(ctx, req.principal!.userId, req.query),
  );

  app.get('/orders/:id', { config: user, schema: { tags, params: OrderParamsSchema, response: { 200: OrderDetailSchema } } }, (req) =>
    orders.getOwn(ctx, req.principal!.userId, req.params.id),
  );

  app.post('/orders/:id/cancel', { config: user, schema: { tags, params: OrderParamsSchema, response: { 200: OrderSchema } } }, (req) =>
    orders.cancelOwn(ctx, req.principal!.userId, req.params.id),
  );
};

/** `/admin/orders` and refunds (admin token). */
export const orderAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get('/admin/orders', { config: { auth: 'admin', permission: 'orders.read' }, schema: { tags, querystring: AdminOrdersQuerySchema, response: { 200: pageOf(AdminOrderSchema) } } }, (req) =>
    orders.adminList(ctx, req.query),
  );

  app.get('/admin/orders/:id', { config: { auth: 'admin', permission: 'orders.read' }, schema: { tags, params: OrderParamsSchema, response: { 200: AdminOrderDetailSchema } } }, (req) =>
    orders.adminGet(ctx, req.params.id),
  );

  app.post(
    '/admin/orders/:id/status',
    { config: { auth: 'admin', permission: 'orders.fulfil' }, schema: { tags, params: OrderParamsSchema, body: StatusBodySchema, response: { 200: AdminOrderDetailSchema } } },
    (req) => orders.adminSetStatus(ctx, req.principal!.userId, req.params.id, req.body),
  );

  app.post(
    '/admin/orders/:id/notes',
    { config: { auth: 'admin', permission: 'orders.fulfil' }, schema: { tags, params: OrderParamsSchema, body: NoteBodySchema, response: { 201: OrderEventSchema } } },
    async (req, reply) => reply.status(201).send(await orders.adminAddNote(ctx, req.principal!.userId, req.params.id, req.body.note)),
  );

  app.post(
    '/admin/orders/bulk-status',
    { config: { auth: 'admin', permission: 'orders.fulfil' }, schema: { tags, headers: RequiredIdempotencyHeadersSchema, body: BulkStatusBodySchema, response: { 200: BulkStatusResultSchema } } },
    async (req, reply) => {
      const { result, replayed } = await orders.adminBulkStatus(ctx, req.principal!.userId, req.body, req.headers['idempotency-key']);
      // A replay answers exactly what the first request answered, marked.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return result;
    },
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      config: { auth: 'admin', permission: 'orders.refund' },
      schema: { tags, params: OrderParamsSchema, headers: IdempotencyHeadersSchema, body: RefundBodySchema, response: { 201: RefundResultSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await orders.adminRefund(ctx, req.principal!.userId, req.params.id, req.body ?? {}, req.headers['idempotency-key'])),
  );

  app.get('/admin/refunds', { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, querystring: RefundsQuerySchema, response: { 200: pageOf(RefundSchema) } } }, (req) =>
    orders.adminRefunds(ctx, req.query),
  );

  app.get(
    '/admin/users/:uid/orders',
    { config: { auth: 'admin', permission: 'orders.read' }, schema: { tags, params: UidParamsSchema, querystring: PageQuerySchema, response: { 200: pageOf(AdminOrderSchema) } } },
    (req) => orders.adminUserOrders(ctx, req.params.uid, req.query),
  );
};
