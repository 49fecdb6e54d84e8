/**
 * Signing in and out, and the CSRF guard every write of the portal passes (the proxy's too, which
 * is why this plugin is not encapsulated): POST /session/login (and /session/login/mfa, the code step
 * of an account with two-factor sign-in), POST /session/accept-invite (an invited staff member sets
 * a password), GET /session, POST /session/logout.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createStorefrontClient } from '@storefront/client';
import { errorBody, type Clock } from '@storefront/runtime';
import type { PortalConfig } from './config.ts';
import { API_TIMEOUT_MS, sendApiDown, sendEnded } from './session.ts';
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

const MfaSchema = {
  type: 'object',
  required: ['mfa_token', 'code'],
  additionalProperties: false,
  properties: { mfa_token: { type: 'string', minLength: 1, maxLength: 200 }, code: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;

const AcceptInviteSchema = {
  type: 'object',
  required: ['phone', 'code', 'password'],
  additionalProperties: false,
  properties: {
    phone: { type: 'string', minLength: 1, maxLength: 32 },
    code: { type: 'string', minLength: 1, maxLength: 16 },
    password: { type: 'string', minLength: 1, maxLength: 128 },
    full_name: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

interface AdminSignIn {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user: { id: string; phone: string | null; full_name: string; is_admin: boolean };
}

const login: FastifyPluginAsync<{ config: Readonly<PortalConfig>; clock: Clock }> = async (app, { config, clock }) => {
  const api = createStorefrontClient(config.apiUrl);

  app.addHook('onRequest', async (req, reply) => {
    if (WRITE_METHODS.has(req.method) && !sameOrigin(req, config.publicOrigin)) {
      return reply.code(403).send(errorBody('forbidden', 'Cross-site request refused.'));
    }
  });

  app.post<{ Body: { phone: string; password: string } }>('/session/login', { schema: { body: LoginSchema } }, async (req, reply) => {
    const res = await ask(req, reply, (init) => api.POST('/api/v1/auth/admin/login', { body: { phone: req.body.phone, password: req.body.password }, ...init }));
    if (!res) return reply;
    const { data, response } = res;
    // An account with two-factor sign-in: the browser gets the single-use token for the code step.
    if (data && 'mfa_required' in data) return { mfa_required: true, mfa_token: data.mfa_token, expires_in: data.expires_in };
    if (data && data.user.is_admin) return startSession(req, reply, data);
    return refused(reply, res.error, response, 'Wrong phone number or password, or this account is not an admin.', data !== undefined);
  });

  /** The code step of a sign-in with two-factor: the API spends the token and issues the admin token. */
  app.post<{ Body: { mfa_token: string; code: string } }>('/session/login/mfa', { schema: { body: MfaSchema } }, async (req, reply) => {
    const res = await ask(req, reply, (init) => api.POST('/api/v1/auth/admin/login/mfa', { body: { mfa_token: req.body.mfa_token, code: req.body.code }, ...init }));
    if (!res) return reply;
    const { data, response } = res;
    if (data) return startSession(req, reply, data);
    const error = (res.error as { error?: string } | undefined)?.error;
    if (response.status === 401 && (error === 'invalid_mfa_token' || error === 'invalid_mfa_code')) {
      return reply.code(401).send(errorBody(error, error === 'invalid_mfa_token' ? 'The sign-in expired. Sign in again.' : 'That code is not right, or it was already used.'));
    }
    return refused(reply, res.error, response, 'The sign-in expired. Sign in again.', false);
  });

  /**
   * An invited staff member sets their password with the SMS code; the API issues no token, so
   * the SPA signs in next as usual. The browser's IP goes along: attempts count as admin logins.
   */
  app.post<{ Body: { phone: string; code: string; password: string; full_name?: string } }>(
    '/session/accept-invite',
    { schema: { body: AcceptInviteSchema } },
    async (req, reply) => {
      const res = await ask(req, reply, (init) => api.POST('/api/v1/auth/admin/accept-invite', { body: req.body, ...init }));
      if (!res) return reply;
      if (res.data) return res.data;
      const status = res.response.status;
      if (status === 400 || status === 429) {
        const retry = res.response.headers.get('retry-after');
        if (retry) reply.header('retry-after', retry);
        return reply.code(status).send(res.error);
      }
      return sendApiDown(reply);
    },
  );

  /**
   * One sign-in step's call to the API, never cached, with the browser's IP (the API's login limits
   * count per address); undefined once the API could not be reached (answered 502 here).
   */
  async function ask<T>(req: FastifyRequest, reply: FastifyReply, call: (init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<T>): Promise<T | undefined> {
    reply.header('cache-control', 'no-store');
    try {
      return await call({ headers: { 'x-forwarded-for': req.ip }, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    } catch (err) {
      req.log.warn({ err }, 'API unreachable at login');
      sendApiDown(reply);
      return undefined;
    }
  }

  async function startSession(req: FastifyRequest, reply: FastifyReply, data: AdminSignIn) {
    const old = await app.session.of(req, reply);
    if (old) await app.sessions.delete(old.id);
    const session = await app.session.start(
      reply,
      { id: data.user.id, phone: data.user.phone, full_name: data.user.full_name, is_admin: true },
      { accessToken: data.access_token, refreshToken: data.refresh_token, accessExpiresAt: clock.now().getTime() + data.expires_in * 1000 },
    );
    return { user: session.user };
  }

  /** The API's refusal of a sign-in step as the portal answers it. */
  function refused(reply: FastifyReply, error: unknown, response: Response, words: string, answered: boolean) {
    if (response.status === 429) {
      const body = error as { retry_after?: number } | undefined;
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
    if (response.status === 401 || answered) return reply.code(401).send(errorBody('invalid_credentials', words));
    return sendApiDown(reply);
  }

  app.get('/session', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.session.of(req, reply);
    // A cookie naming no live session: the answer that ended it (a 403 to a call the page
    // abandoned, an idle timeout) may never have reached the browser, so this one says so.
    if (!session) return app.session.presented(req) ? sendEnded(reply) : reply.code(401).send(errorBody('unauthorized', 'Not signed in.'));
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
