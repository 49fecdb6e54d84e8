import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import * as wallet from './wallet.service.ts';
import { DailySpinResponseSchema, OwnWalletSchema, SettleResponseSchema, TransactionSchema } from './wallet.schemas.ts';

/** `/wallet/*` for the app (token): the balance, its movements and the daily spin. The top-up routes are the topups module's. */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['wallet'];
  const user = { auth: 'user' as const };

  app.get('/wallet', { config: { ...user, withWallet: true }, schema: { tags, response: { 200: OwnWalletSchema } } }, (req) =>
    wallet.getOwnWallet(ctx, req.principal!.userId, req.principal!.wallet),
  );

  app.get(
    '/wallet/transactions',
    { config: user, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(TransactionSchema) } } },
    (req) => wallet.listTransactions(ctx, req.principal!.userId, req.query),
  );

  app.post('/wallet/settle-pending', { config: user, schema: { tags, response: { 200: SettleResponseSchema } } }, (req) =>
    wallet.settlePending(ctx, req.principal!.userId),
  );

  app.post('/wallet/daily-spin', { config: user, schema: { tags, response: { 200: DailySpinResponseSchema } } }, (req) =>
    wallet.dailySpin(ctx, req.principal!.userId),
  );
};
