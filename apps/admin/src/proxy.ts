/**
 * The API proxy: the SPA calls `/api/v1/…` on the portal, which checks the route is one it may
 * reach, adds the session's access token (refreshed first when close to expiry, or once after a
 * 401) and passes the answer on. Encapsulated: its any-type body parser stays here.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { errorBody, plainPath, type Clock } from '@storefront/runtime';
import type { PortalConfig } from './config.ts';
import { API_TIMEOUT_MS, sendApiDown, sendEnded } from './session.ts';

/** A refresh is done this long before the API would call the access token expired. */
const REFRESH_MARGIN_MS = 30_000;
const EXPORT_TIMEOUT_MS = 10 * 60_000;
/** Uploads are base64 JSON: 5 MiB of image is ~7 MiB of text; above this the API's own 413 is moot. */
const PROXY_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * What the SPA may reach through the proxy: the whole admin API, and a few public or own-profile
 * reads. Auth routes are not proxied — their answers carry tokens, which must stay on the server.
 */
function proxyAllowed(method: string, path: string): boolean {
  if (path.startsWith('/api/v1/admin/')) return true;
  if (method !== 'GET') return false;
  return /^\/api\/v1\/(me|wallet|app\/version|categories|payment-gateways|products(\/[^/]+)?)$/.test(path);
}

/**
 * A 403 that leaves the session as it is: the role lacks `permission`, the account must enrol a
 * second factor first, or the current password asked for again (two-factor set-up) was wrong.
 */
function staysSignedIn(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: unknown; permission?: unknown; code?: unknown };
    return typeof parsed.permission === 'string' || parsed.code === 'MFA_ENROLMENT_REQUIRED' || parsed.error === 'invalid_credentials';
  } catch {
    return false;
  }
}

const proxy: FastifyPluginAsync<{ config: Readonly<PortalConfig>; clock: Clock }> = async (app, { config, clock }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROXY_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/v1/*',
    bodyLimit: PROXY_BODY_LIMIT,
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const path = req.url.split('?')[0]!;
      // Only a plain path is checked and passed on, so the route the API reaches is the one
      // allowed: `/admin/../auth/…`, `%2e%2e` or `%61uth` would be read differently on the way.
      if (!plainPath(path) || !proxyAllowed(req.method, path)) {
        return reply.code(404).send(errorBody('not_found', 'No such route in the portal.'));
      }
      const target = new URL(config.apiUrl + req.url);
      const session = await app.session.of(req, reply);
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
        if (session.accessExpiresAt - clock.now().getTime() < REFRESH_MARGIN_MS && !(await app.session.refresh(session))) {
          await app.session.end(session, reply, false);
          return sendEnded(reply);
        }
        let used = session.accessToken;
        res = await forward(used);
        if (res.status === 401) {
          // Another request may have refreshed meanwhile; otherwise refresh once ourselves.
          if (session.accessToken === used && !(await app.session.refresh(session))) {
            await app.session.end(session, reply, false);
            return sendEnded(reply);
          }
          used = session.accessToken;
          res = await forward(used);
        }
      } catch (err) {
        req.log.warn({ err }, 'API call failed');
        return sendApiDown(reply);
      }
      // A 403 naming a permission (the staff role lacks it), asking for two-factor enrolment or
      // refusing a re-typed password is an answer to this request; any other 401 or 403 means the
      // account lost the back office.
      const refusal = res.status === 403 ? Buffer.from(await res.arrayBuffer()) : undefined;
      if (res.status === 401 || (refusal && !staysSignedIn(refusal))) {
        // Revoked, demoted or deleted: the portal session ends and the SPA goes to its login page.
        await app.session.end(session, reply, res.status === 403);
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
      const payload = refusal ?? Buffer.from(await res.arrayBuffer());
      return res.status === 204 ? reply.send() : reply.send(payload);
    },
  });
};

export const proxyPlugin = proxy;
