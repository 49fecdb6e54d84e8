import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountRoutes } from './accounts.routes.ts';

/** Routes under /api/v1: the signed-in user's profile (`/me`). */
export const routes: FastifyPluginAsyncTypebox = accountRoutes;

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export type { AccountsView } from './tables.ts';
