import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { authenticate, authenticateLater, checkSession, type Principal } from './auth.service.ts';
import { permissionsOf, type Permission } from './permissions.ts';

export type AuthLevel = 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares who may call a route; the hook below enforces it and src/openapi.ts documents it. */
    auth?: AuthLevel;
    /** With `auth: 'admin'`: the one permission the caller's staff role must hold (modules/auth/permissions.ts). */
    permission?: Permission;
    /** With `auth: 'admin'`: open to a session that has not proven a second factor, while ADMIN_REQUIRE_MFA asks for one (enrolment). */
    beforeMfa?: boolean;
    /** The session check also reads the caller's wallet in the same statement (`principal.wallet`). */
    withWallet?: boolean;
    /**
     * With `auth: 'user'`: the route's own statement checks the session (PostgreSQL), so the hook
     * only verifies the token (`authenticateLater`, `principal.sessionUnchecked`).
     */
    sessionInStatement?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** One middleware for both credential forms; must be installed before any route is added. */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('principal', null);

  // A route whose statement checks the session sees its own validation failure (attachValidation),
  // so an ended session is answered 401 before a malformed request's 400, as on every other route.
  // Only that route gets the hook: every other request skips it.
  const sessionBeforeValidation = async (request: FastifyRequest): Promise<void> => {
    const failure = request.validationError;
    if (failure === undefined || failure === null) return;
    const principal = request.principal;
    if (principal?.sessionUnchecked === true) await checkSession(app.ctx, principal.userId, principal.sessionId!);
    throw failure;
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.sessionInStatement !== true) return;
    route.attachValidation = true;
    route.preHandler = [sessionBeforeValidation, ...(route.preHandler === undefined ? [] : [route.preHandler].flat())];
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const level = config?.auth;
    if (!level) return;
    const authz = header(request.headers.authorization);
    const bearer = authz?.startsWith('Bearer ') ? authz.slice(7).trim() : undefined;
    const credentials = { customToken: header(request.headers['x-sdk-access-token']), bearer };
    const principal =
      level === 'user' && config.sessionInStatement === true
        ? await authenticateLater(app.ctx, credentials, request.ip)
        : await authenticate(app.ctx, credentials, config.withWallet === true, request.ip);
    request.principal = principal;
    if (level !== 'admin') return;
    if (!principal.isAdmin) throw new AppError(403, 'forbidden', 'Admin role required');
    // The role and the session's second factor were re-read with the session, in the same statement.
    if (app.ctx.config.adminRequireMfa && !principal.mfa && config.beforeMfa !== true) {
      throw new AppError(403, 'forbidden', 'Set up two-factor sign-in first', { code: 'MFA_ENROLMENT_REQUIRED' });
    }
    const permission = config.permission;
    if (!permission || !permissionsOf(principal.role).has(permission)) {
      throw new AppError(403, 'forbidden', `Your role lacks the permission ${permission ?? '(none declared)'}`, { permission: permission ?? null });
    }
  });
}
