import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deletionRoutes } from './deletion.routes.ts';
import { referralRootRoutes, referralRoutes } from './referrals.routes.ts';
import { ticketAdminRoutes, ticketRoutes } from './tickets.routes.ts';

/** Routes under /api/v1. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(referralRoutes);
  await app.register(ticketRoutes);
  await app.register(ticketAdminRoutes);
  await app.register(deletionRoutes);
};

/** Routes at the host root: the referral share link `/r/:code`. */
export const rootRoutes: FastifyPluginAsyncTypebox = referralRootRoutes;
