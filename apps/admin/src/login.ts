/**
 * Signing in and out, and the CSRF guard every write of the portal passes (the proxy's too, which
 * is why this plugin is not encapsulated): POST /session/login, GET /session, POST /session/logout.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createStorefrontClient } from '@storefront/client';
import { errorBody, type Clock } from '@storefront/runtime';
import type { PortalConfig } from './config.ts';
import { API_TIMEOUT_MS, sendApiDown } from './session.ts';
import type { PortalUser } from './sessions.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF: the cookie is SameSite=Strict, and every write must also prove it comes from the portal's
 * own pages — Origin (or Referer when a browser omits Origin) equal to the portal's origin.
 */
function sameOrigin(req: FastifyRequest, publicOrigin: string | null): boolean {
  if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site']))) return false;
  const source = req.headers.origin ?? req.headers.referer;
  if (!source || source === 'null') return false;
  let origin: URL;
  try {
    origin = new URL(source);
  } catch {
    return false;
  }
  if (publicOrigin) return origin.origin === publicOrigin;
  return origin.host === req.headers.host && (origin.protocol === 'http:' || origin.protocol === 'https:');
}

const LoginSchema = {
  type: 'object',
  required: ['phone', 'password'],
  additionalProperties: false,
  properties: { phone: { type: 'string', minLength: 1, maxLength: 32 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

const login: FastifyPluginAsync<{ config: Readonly<PortalConfig>; clock: Clock }> = async (app, { config, clock }) => {
  const api = createStorefrontClient(config.apiUrl);

  app.addHook('onRequest', async (req, reply) => {
    if (WRITE_METHODS.has(req.method) && !sameOrigin(req, config.publicOrigin)) {
      return reply.code(403).send(errorBody('forbidden', 'Cross-site request refused.'));
    }
  });

  app.post<{ Body: { phone: string; password: string } }>('/session/login', { schema: { body: LoginSchema } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    let res;
    try {
      res = await api.POST('/api/v1/auth/admin/login', {
        body: { phone: req.body.phone, password: req.body.password },
        headers: { 'x-forwarded-for': req.ip },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (err) {
      req.log.warn({ err }, 'API unreachable at login');
      return sendApiDown(reply);
    }
    const { data, response } = res;
    if (data && data.user.is_admin) {
      const old = await app.session.of(req, reply);
      if (old) await app.sessions.delete(old.id);
      const session = await app.session.start(
        reply,
        { id: data.user.id, phone: data.user.phone, full_name: data.user.full_name, is_admin: true },
        { accessToken: data.access_token, refreshToken: data.refresh_token, accessExpiresAt: clock.now().getTime() + data.expires_in * 1000 },
      );
      return { user: session.user };
    }
    if (response.status === 429) {
      const body = res.error as { retry_after?: number } | undefined;
      const retry = response.headers.get('retry-after');
      if (retry) reply.header('retry-after', retry);
      return reply.code(429).send(
        errorBody('rate_limited', 'Too many sign-in attempts. Wait a while and try again.', {
          code: 'LOGIN_RATE_LIMITED',
          retry_after: body?.retry_after ?? Number(retry ?? 0),
        }),
      );
    }
    if (response.status === 400) return reply.code(400).send(errorBody('validation_failed', 'Enter a phone number and a password.'));
    if (response.status === 401 || data) {
      return reply.code(401).send(errorBody('invalid_credentials', 'Wrong phone number or password, or this account is not an admin.'));
    }
    return sendApiDown(reply);
  });

  app.get('/session', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.session.of(req, reply);
    if (!session) return reply.code(401).send(errorBody('unauthorized', 'Not signed in.'));
    return { user: session.user satisfies PortalUser };
  });

  app.post('/session/logout', async (req, reply) => {
    const session = await app.session.of(req, reply);
    if (session) await app.session.end(session, reply, true);
    else app.session.clearCookie(reply);
    return reply.code(204).send();
  });
};

export const loginPlugin = fp(login, { name: 'portal-login', dependencies: ['portal-session'] });
