import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** Routes under /api/v1. */
export const routes: FastifyPluginAsyncTypebox = async (_app) => {};

/** Routes at the host root (outside /api/v1), if the domain has any. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
