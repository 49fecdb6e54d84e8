import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { topupRoutes } from './topups.routes.ts';

/** Routes under /api/v1: the top-up routes of the app and of the payment server. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(topupRoutes);
};

/** Routes at the host root (outside /api/v1), if the domain has any. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export { listPaymentsToReturn, listWebhookLogs, type PaymentToReturnRow, type WebhookLogRow } from './topups.repository.ts';
export type { TopupsView, WebhookOutcome } from './tables.ts';
