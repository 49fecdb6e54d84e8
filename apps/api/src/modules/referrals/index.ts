import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { referralRootRoutes, referralRoutes } from './referrals.routes.ts';

/** Routes under /api/v1: the user's share code and the install-time check. */
export const routes: FastifyPluginAsyncTypebox = referralRoutes;

/** Routes at the host root: the referral share link `/r/:code`. */
export const rootRoutes: FastifyPluginAsyncTypebox = referralRootRoutes;
export type { ReferralsView } from './tables.ts';
export { forgetSignupIp } from './referrals.service.ts';
export { attributionOf } from './referrals.service.ts';
export { attributeSignup, recordSignupInput } from './referrals.service.ts';
