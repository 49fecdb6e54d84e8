import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paymentRoutes } from './payments.routes.ts';

/** Routes under /api/v1: payment gateway records (the user's list and the admin's settings). */
export const routes: FastifyPluginAsyncTypebox = paymentRoutes;

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};

export { gatewaysForAmount } from './payments.service.ts';
export type { PaymentsView } from './tables.ts';
