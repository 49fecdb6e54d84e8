import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { createStorefrontClient, type StorefrontClient } from '@storefront/client';
import type { PortalConfig } from './config.ts';
import { SessionStore, systemClock, type Clock, type PortalUser, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

export interface PortalOptions {
  clock?: Clock;
}

/** A refresh is done this long before the API would call the access token expired. */
const REFRESH_MARGIN_MS = 30_000;
const API_TIMEOUT_MS = 30_000;
const EXPORT_TIMEOUT_MS = 10 * 60_000;
/** Uploads are base64 JSON: 5 MiB of image is ~7 MiB of text; above this the API's own 413 is moot. */
const PROXY_BODY_LIMIT = 10 * 1024 * 1024;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What the SPA may reach through the proxy: the whole admin API, and a few public or own-profile
 * reads. Auth routes are not proxied — their answers carry tokens, which must stay on the server.
 */
function proxyAllowed(method: string, path: string): boolean {
  if (path.startsWith('/api/v1/admin/')) return true;
  if (method !== 'GET') return false;
  return /^\/api\/v1\/(me|wallet|app\/version|categories|payment-gateways|products(\/[^/]+)?)$/.test(path);
}

const errorBody = (error: string, message: string) => ({ error, message });

/** Builds the portal (session login, token-injecting proxy, the SPA); it never listens. */
export async function buildPortal(config: Readonly<PortalConfig>, options: PortalOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const sessions = new SessionStore({
    url: config.sessionStoreUrl,
    secrets: config.sessionSecrets,
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    clock,
  });
  await sessions.init();
  const secure = config.env === 'production';
  // The __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
  const cookieName = secure ? '__Host-sf_admin' : 'sf_admin';
  const api: StorefrontClient = createStorefrontClient(config.apiUrl);
  const apiBasePath = new URL(config.apiUrl).pathname.replace(/\/+$/, '');

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-sdk-access-token"]'],
    },
    bodyLimit: 64 * 1024,
  });
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => sessions.close());
  // An array: cookies signed with the second (retiring) secret still verify during a rotation.
  await app.register(cookie, { secret: config.sessionSecrets });

  app.setErrorHandler((err: { statusCode?: number; validation?: unknown; message: string }, req, reply) => {
    if (err.validation) return reply.code(400).send({ ...errorBody('validation_failed', err.message) });
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(errorBody('payload_too_large', 'The request is too large.'));
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody('bad_request', err.message));
    req.log.error({ err }, 'portal error');
    return reply.code(500).send(errorBody('internal', 'Something went wrong in the portal.'));
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    );
    if (WRITE_METHODS.has(req.method) && !sameOrigin(req)) {
      return reply.code(403).send(errorBody('forbidden', 'Cross-site request refused.'));
    }
  });

  /**
   * CSRF: the cookie is SameSite=Strict, and every write must also prove it comes from the portal's
   * own pages — Origin (or Referer when a browser omits Origin) equal to the portal's origin.
   */
  function sameOrigin(req: FastifyRequest): boolean {
    if (req.headers['sec-fetch-site'] && !['same-origin', 'none'].includes(String(req.headers['sec-fetch-site']))) return false;
    const source = req.headers.origin ?? req.headers.referer;
    if (!source || source === 'null') return false;
    let origin: URL;
    try {
      origin = new URL(source);
    } catch {
      return false;
    }
    if (config.publicOrigin) return origin.origin === config.publicOrigin;
    return origin.host === req.headers.host && (origin.protocol === 'http:' || origin.protocol === 'https:');
  }

  async function sessionOf(req: FastifyRequest, reply: FastifyReply): Promise<Session | null> {
    const raw = req.cookies[cookieName];
    if (!raw) return null;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid) return null;
    const session = await sessions.get(unsigned.value);
    // Signed with the retiring secret: sign it again with the current one.
    if (session && unsigned.renew) setCookie(reply, session.id);
    return session;
  }

  function setCookie(reply: FastifyReply, id: string): void {
    reply.setCookie(cookieName, id, {
      signed: true,
      httpOnly: true,
      secure,
      sameSite: 'strict',
      path: '/',
      maxAge: Math.floor(config.sessionMaxMs / 1000),
    });
  }

  function clearCookie(reply: FastifyReply): void {
    reply.clearCookie(cookieName, { path: '/', httpOnly: true, secure, sameSite: 'strict' });
  }

  /** Ends the portal session; `revoke` also ends the API session (logout, demotion). */
  async function endSession(session: Session, reply: FastifyReply, revoke: boolean): Promise<void> {
    await sessions.delete(session.id);
    clearCookie(reply);
    if (revoke) {
      try {
        await createStorefrontClient(config.apiUrl, { token: session.accessToken }).POST('/api/v1/auth/logout', {
          signal: AbortSignal.timeout(API_TIMEOUT_MS),
        });
      } catch (err) {
        reply.log.warn({ err }, 'API logout failed');
      }
    }
  }

  /** One refresh per session at a time, across instances (a refresh token works once): SessionStore.refresh. */
  function refreshSession(session: Session): Promise<boolean> {
    return sessions.refresh(session, async (refreshToken) => {
      const res = await api.POST('/api/v1/auth/refresh', {
        body: { refresh_token: refreshToken },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
      if (!res.data) return null;
      return { accessToken: res.data.custom_token, refreshToken: res.data.refresh_token, accessExpiresAt: clock.now() + res.data.expires_in * 1000 };
    });
  }

  const sendEnded = (reply: FastifyReply) =>
    reply.code(401).send(errorBody('session_ended', 'Your session has ended. Please sign in again.'));
  const sendApiDown = (reply: FastifyReply) =>
    reply.code(502).send(errorBody('api_unavailable', 'The Storefront API could not be reached. Try again shortly.'));

  app.get('/health', async () => ({ status: 'ok' }));

  app.post<{ Body: { phone: string; password: string } }>(
    '/session/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['phone', 'password'],
          additionalProperties: false,
          properties: { phone: { type: 'string', minLength: 1, maxLength: 32 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
        },
      },
    },
    async (req, reply) => {
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
        const old = await sessionOf(req, reply);
        if (old) await sessions.delete(old.id);
        // Always a new id at login, so a planted cookie can never become a signed-in session.
        const session = await sessions.create(
          { id: data.user.id, phone: data.user.phone, full_name: data.user.full_name, is_admin: true },
          { accessToken: data.access_token, refreshToken: data.refresh_token, accessExpiresAt: clock.now() + data.expires_in * 1000 },
        );
        setCookie(reply, session.id);
        return { user: session.user };
      }
      if (response.status === 429) {
        const body = res.error as { retry_after?: number } | undefined;
        const retry = response.headers.get('retry-after');
        if (retry) reply.header('retry-after', retry);
        return reply.code(429).send({
          ...errorBody('rate_limited', 'Too many sign-in attempts. Wait a while and try again.'),
          code: 'LOGIN_RATE_LIMITED',
          retry_after: body?.retry_after ?? Number(retry ?? 0),
        });
      }
      if (response.status === 400) return reply.code(400).send(errorBody('validation_failed', 'Enter a phone number and a password.'));
      if (response.status === 401 || data) {
        return reply.code(401).send(errorBody('invalid_credentials', 'Wrong phone number or password, or this account is not an admin.'));
      }
      return sendApiDown(reply);
    },
  );

  app.get('/session', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await sessionOf(req, reply);
    if (!session) return reply.code(401).send(errorBody('unauthorized', 'Not signed in.'));
    return { user: session.user satisfies PortalUser };
  });

  app.post('/session/logout', async (req, reply) => {
    const session = await sessionOf(req, reply);
    if (session) await endSession(session, reply, true);
    else clearCookie(reply);
    return reply.code(204).send();
  });

  await app.register(async (proxy) => {
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_req, body, done) => done(null, body));

    proxy.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/v1/*',
      bodyLimit: PROXY_BODY_LIMIT,
      handler: async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const path = req.url.split('?')[0]!;
        // The URL the API will see must be exactly the one checked: `/admin/../auth/…` (or its
        // %2e form) would otherwise be normalised by the URL parser into a route we never allowed.
        const target = new URL(config.apiUrl + req.url);
        if (target.pathname !== apiBasePath + path || path.includes('\\') || !proxyAllowed(req.method, path)) {
          return reply.code(404).send(errorBody('not_found', 'No such route in the portal.'));
        }
        const session = await sessionOf(req, reply);
        if (!session) return reply.code(401).send(errorBody('unauthorized', 'Sign in to continue.'));

        const forward = (token: string) => {
          const headers: Record<string, string> = { 'x-sdk-access-token': token, accept: 'application/json', 'x-forwarded-for': req.ip };
          for (const name of ['content-type', 'idempotency-key'] as const) {
            const v = req.headers[name];
            if (typeof v === 'string') headers[name] = v;
          }
          const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? new Uint8Array(req.body) : undefined;
          return fetch(target, {
            method: req.method,
            headers,
            ...(body ? { body } : {}),
            redirect: 'manual',
            // An export streams for as long as it has rows; everything else is bounded tightly.
            signal: AbortSignal.timeout(path.endsWith('/export.csv') ? EXPORT_TIMEOUT_MS : API_TIMEOUT_MS),
          });
        };

        let res: Response;
        try {
          if (session.accessExpiresAt - clock.now() < REFRESH_MARGIN_MS && !(await refreshSession(session))) {
            await endSession(session, reply, false);
            return sendEnded(reply);
          }
          let used = session.accessToken;
          res = await forward(used);
          if (res.status === 401) {
            // Another request may have refreshed meanwhile; otherwise refresh once ourselves.
            if (session.accessToken === used && !(await refreshSession(session))) {
              await endSession(session, reply, false);
              return sendEnded(reply);
            }
            used = session.accessToken;
            res = await forward(used);
          }
        } catch (err) {
          req.log.warn({ err }, 'API call failed');
          return sendApiDown(reply);
        }
        if (res.status === 401 || res.status === 403) {
          // Revoked, demoted or deleted: the portal session ends and the SPA goes to its login page.
          await endSession(session, reply, res.status === 403);
          return sendEnded(reply);
        }
        reply.code(res.status);
        for (const name of ['content-type', 'retry-after', 'content-disposition']) {
          const v = res.headers.get(name);
          if (v) reply.header(name, v);
        }
        // A CSV export is passed on as it arrives, never held whole in the portal's memory.
        if (res.status === 200 && res.body && res.headers.get('content-type')?.startsWith('text/csv')) {
          return reply.send(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>));
        }
        const payload = Buffer.from(await res.arrayBuffer());
        return res.status === 204 ? reply.send() : reply.send(payload);
      },
    });
  });

  const indexHtml = join(config.staticDir, 'index.html');
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.staticDir, wildcard: false, index: false });
    // Built assets carry content hashes in their names; index.html must always be re-read.
    app.get('/assets/*', (req, reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(`assets/${(req.params as { '*': string })['*']}`);
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/') && existsSync(indexHtml)) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    if (req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply.code(503).type('text/plain').send('The portal UI is not built: run `npm run build -w apps/admin`.');
    }
    return reply.code(404).send(errorBody('not_found', 'Not found.'));
  });

  return app;
}
