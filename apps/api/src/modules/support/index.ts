import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ticketAdminRoutes, ticketRoutes } from './tickets.routes.ts';

/** Routes under /api/v1: support tickets, the user's and the admin's side. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(ticketRoutes);
  await app.register(ticketAdminRoutes);
};

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export type { SupportView } from './tables.ts';
