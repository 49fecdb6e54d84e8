import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { referralRootRoutes, referralRoutes } from './referrals.routes.ts';

/** Routes under /api/v1. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(referralRoutes);
};

/** Routes at the host root: the referral share link `/r/:code`. */
export const rootRoutes: FastifyPluginAsyncTypebox = referralRootRoutes;


