import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminUserRoutes } from './admin-users.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { exportRoutes } from './exports.routes.ts';
import { reconciliationRoutes } from './reconciliation.routes.ts';

/**
 * Routes under /api/v1 that read across domains for the back office: users, the dashboard, the
 * reconciliation, CSV exports and the audit log. It writes nothing of its own; an admin action
 * that changes a record goes through the domain that owns it.
 */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(adminUserRoutes);
  await app.register(reconciliationRoutes);
  await app.register(exportRoutes);
  await app.register(auditRoutes);
};

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};
