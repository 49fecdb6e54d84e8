import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deletionRoutes } from './deletion.routes.ts';

/** Routes under /api/v1: account deletion requests (in the app and on the web). */
export const routes: FastifyPluginAsyncTypebox = deletionRoutes;

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
export type { DeletionView } from './tables.ts';
/** The back office's deletion calls (status, admin deletion). */
export * as deletion from './deletion.service.ts';
