import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { sendCsv } from '../../lib/csv.ts';
import * as exports from './exports.service.ts';
import { AdminOrdersQuerySchema, RefundsQuerySchema } from '../orders/index.ts';
import { ReconciliationQuerySchema } from './reconciliation.schemas.ts';

const csv = (columns: readonly string[]) => Type.Unsafe<unknown>({ type: 'string', description: `CSV: ${columns.join(', ')}` });

/** `…/export.csv` beside the admin order, refund and reconciliation pages, and the orders' lines (admin token). */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];
  const produces = ['text/csv'];

  const orderFilters = Type.Omit(AdminOrdersQuerySchema, ['limit', 'cursor'])  /* the page's filters without its paging */;
  app.get(
    '/admin/orders/export.csv',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, produces, querystring: orderFilters, response: { 200: csv(exports.ORDER_CSV_COLUMNS) } } },
    async (req, reply) => sendCsv(reply, 'orders.csv', exports.ORDER_CSV_COLUMNS, await exports.ordersCsv(ctx, req.query)),
  );

  app.get(
    '/admin/orders/lines/export.csv',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, produces, querystring: orderFilters, response: { 200: csv(exports.ORDER_LINE_CSV_COLUMNS) } } },
    async (req, reply) => sendCsv(reply, 'order-lines.csv', exports.ORDER_LINE_CSV_COLUMNS, await exports.orderLinesCsv(ctx, req.query)),
  );

  const refundFilters = Type.Omit(RefundsQuerySchema, ['limit', 'cursor']);
  app.get(
    '/admin/refunds/export.csv',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, produces, querystring: refundFilters, response: { 200: csv(exports.REFUND_CSV_COLUMNS) } } },
    (req, reply) => sendCsv(reply, 'refunds.csv', exports.REFUND_CSV_COLUMNS, exports.refundsCsv(ctx, req.query)),
  );

  app.get(
    '/admin/reconciliation/export.csv',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, produces, querystring: ReconciliationQuerySchema, response: { 200: csv(exports.RECONCILIATION_CSV_COLUMNS) } } },
    async (req, reply) => sendCsv(reply, 'reconciliation.csv', exports.RECONCILIATION_CSV_COLUMNS, await exports.reconciliationCsv(ctx, req.query)),
  );
};
