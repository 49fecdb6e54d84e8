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
export { createWallet, findWallet } from './wallet.repository.ts';
export type { WalletView } from './tables.ts';
export { applyMovement } from './ledger.ts';
export { insufficientCredits } from './ledger.ts';
export { orderPaymentCtes, DEBIT_REFUSALS, DEBIT, WALLET_VERDICT, type DebitRefusal } from './ledger.ts';
