import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mediaRoutes, mediaUploadRoutes } from './media.routes.ts';

/** Routes under /api/v1: the admin's image upload. */
export const routes: FastifyPluginAsyncTypebox = mediaUploadRoutes;

/** Routes at the host root: `/media/:key`, the uploaded bytes (when no CDN serves them). */
export const rootRoutes: FastifyPluginAsyncTypebox = mediaRoutes;
