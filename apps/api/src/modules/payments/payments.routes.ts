import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema } from '../../lib/pagination.ts';
import { IdParamsSchema } from '../catalogue/index.ts';
import * as payments from './payments.service.ts';
import { CreateGatewaySchema, GatewayPageSchema, PaymentGatewaySchema, UpdateGatewaySchema } from './payments.schemas.ts';

const NoContent = Type.Unsafe<void>({ type: 'null', description: 'No content' });

/** The gateways a signed-in user may top up through, and the admin's gateway records. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get(
    '/payment-gateways',
    { config: { auth: 'user' }, schema: { tags: ['orders'], querystring: PageQuerySchema, response: { 200: GatewayPageSchema } } },
    (req) => payments.listGateways(ctx, req.query, true),
  );

  app.get('/admin/payment-gateways', { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, querystring: PageQuerySchema, response: { 200: GatewayPageSchema } } }, (req) =>
    payments.listGateways(ctx, req.query, false),
  );
  app.post(
    '/admin/payment-gateways',
    { config: { auth: 'admin', permission: 'gateways.write' }, schema: { tags, body: CreateGatewaySchema, response: { 201: PaymentGatewaySchema } } },
    async (req, reply) => reply.code(201).send(await payments.createGateway(ctx, req.principal!.userId, req.body)),
  );
  app.put(
    '/admin/payment-gateways/:id',
    { config: { auth: 'admin', permission: 'gateways.write' }, schema: { tags, params: IdParamsSchema, body: UpdateGatewaySchema, response: { 200: PaymentGatewaySchema } } },
    (req) => payments.updateGateway(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.delete('/admin/payment-gateways/:id', { config: { auth: 'admin', permission: 'gateways.write' }, schema: { tags, params: IdParamsSchema, response: { 204: NoContent } } }, async (req, reply) => {
    await payments.deleteGateway(ctx, req.principal!.userId, req.params.id);
    return reply.code(204).send();
  });
};
