import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import * as wallet from './wallet.service.ts';
import { sendCsv } from '../../lib/csv.ts';
import { IdempotencyHeadersSchema } from '../../lib/idempotency.ts';
import {
  AdjustmentBodySchema,
  AdjustmentSchema,
  AdminTransactionsExportQuerySchema,
  PaymentToReturnSchema,
  TransactionSchema,
  UidParamsSchema,
  WalletSchema,
  WebhookLogSchema,
  WebhookLogsQuerySchema,
} from './wallet.schemas.ts';

export const walletAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get(
    '/admin/transactions/export.csv',
    {
      config: { auth: 'admin', permission: 'finance.read' },
      schema: {
        tags,
        querystring: AdminTransactionsExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: Type.Unsafe<unknown>({ type: 'string', description: `CSV: ${wallet.TRANSACTION_CSV_COLUMNS.join(', ')}` }) },
      },
    },
    (req, reply) => sendCsv(reply, 'transactions.csv', wallet.TRANSACTION_CSV_COLUMNS, wallet.adminTransactionsCsv(ctx, req.query)),
  );

  app.post(
    '/admin/users/:uid/adjustments',
    {
      config: { auth: 'admin', permission: 'wallet.adjust' },
      schema: { tags, params: UidParamsSchema, headers: IdempotencyHeadersSchema, body: AdjustmentBodySchema, response: { 201: AdjustmentSchema } },
    },
    async (req, reply) => {
      const { adjustment, replayed } = await wallet.adminAdjust(ctx, req.principal!.userId, req.params.uid, req.body, req.headers['idempotency-key']);
      // A replay answers exactly what the first request answered (201, the same adjustment), marked.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(adjustment);
    },
  );

  app.get(
    '/admin/payments-to-return',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(PaymentToReturnSchema) } } },
    (req) => wallet.adminPaymentsToReturn(ctx, req.query),
  );

  app.get(
    '/admin/webhook/logs',
    { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, querystring: WebhookLogsQuerySchema, response: { 200: pageOf(WebhookLogSchema) } } },
    (req) => wallet.adminWebhookLogs(ctx, req.query),
  );
};
