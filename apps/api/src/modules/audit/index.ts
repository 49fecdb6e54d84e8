import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auditRoutes } from './audit.routes.ts';

/** Routes under /api/v1: the admin audit log. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(auditRoutes);
};

/** Routes at the host root (outside /api/v1): none. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};

export { lockRow, recordAudit, type AuditEntry } from './audit.ts';
