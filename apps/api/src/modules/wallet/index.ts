import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { walletAdminRoutes } from './wallet.admin.routes.ts';
import { walletRoutes } from './wallet.routes.ts';

/** Routes under /api/v1. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(walletRoutes);
  await app.register(walletAdminRoutes);
};

/** Routes at the host root (outside /api/v1), if the domain has any. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export type { WalletView } from './tables.ts';
export { adminListTransactions, adminUserLedger } from './wallet.service.ts';
export { AdminTransactionSchema, AdminTransactionsQuerySchema, TransactionSchema, WalletSchema } from './wallet.schemas.ts';
