import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { authenticate, type Principal } from './auth.service.ts';

export type AuthLevel = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares who may call a route; the hook below enforces it and src/openapi.ts documents it. */
    auth?: AuthLevel;
    /** The session check also reads the caller's wallet in the same statement (`principal.wallet`). */
    withWallet?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** One middleware for both credential forms; must be installed before any route is added. */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config?.auth;
    if (!level) return;
    const authz = header(request.headers.authorization);
    const bearer = authz?.startsWith('Bearer ') ? authz.slice(7).trim() : undefined;
    const credentials = { customToken: header(request.headers['x-sdk-access-token']), bearer };
    request.principal = await authenticate(app.ctx, credentials, request.routeOptions.config.withWallet === true, request.ip);
    if (level === 'admin' && !request.principal.isAdmin) throw new AppError(403, 'forbidden', 'Admin role required');
  });
}
