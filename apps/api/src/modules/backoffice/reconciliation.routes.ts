import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { reconcile } from './reconciliation.ts';
import { ReconciliationQuerySchema, ReconciliationSchema } from './reconciliation.schemas.ts';

/** `GET /admin/reconciliation`: top-ups, orders and balances against the ledger (docs/orders.md). */
export const reconciliationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/reconciliation',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags: ['admin'], querystring: ReconciliationQuerySchema, response: { 200: ReconciliationSchema } } },
    (req) => reconcile(app.ctx, req.query),
  );
};
