/**
 * The shop's server: serves the built PWA and forwards the shopper routes of the API under the
 * same origin, so the app needs no CORS and its CSP can say `connect-src 'self'` (docs/shop.md).
 * It holds no state and no tokens: the app sends its own `x-sdk-access-token`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import { errorBody, frameworkRefusals, installErrorHandling, plainPath } from '@storefront/runtime';
import type { ShopConfig } from './config.ts';

const API_TIMEOUT_MS = 30_000;
const BODY_LIMIT = 256 * 1024;
/** Referral codes are 8 characters of an unambiguous alphabet; anything else is not passed on. */
const REFERRAL_CODE = /^[A-Za-z0-9]{1,32}$/;

/**
 * The API routes a shopper's app may reach. The admin API and the payment server's signed calls
 * are not for browsers: refusing them here keeps the shop origin out of their way.
 */
export function shopperRoute(path: string): boolean {
  if (!path.startsWith('/api/v1/')) return false;
  // Case-blind: the API's router is case-sensitive today; the refusal stays if that changes.
  if (/^\/api\/v1\/(admin\/|auth\/admin\/)/i.test(path)) return false;
  return !/^\/api\/v1\/wallet\/topup-(credit|lookup|attach|decline)$/i.test(path);
}

export function contentSecurityPolicy(imageOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', ...imageOrigins].join(' '),
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export async function buildShopServer(config: Readonly<ShopConfig>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers["x-sdk-access-token"]', 'req.headers.authorization'] },
    bodyLimit: BODY_LIMIT,
    // The shopper's address is what the API rate-limits and matches referral clicks by.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    ...frameworkRefusals,
  });
  const spa = existsSync(join(config.staticDir, 'index.html'));
  // Every screen's URL gets the app; an unknown API path, file or method is a §2 404 (docs/shop.md).
  installErrorHandling(app, {
    unmatched: (req, reply) => {
      if (!spa || req.method !== 'GET' || req.url.startsWith('/api/') || /\.[a-z0-9]+$/i.test(req.url.split('?')[0]!)) return undefined;
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  });
  const csp = contentSecurityPolicy(config.imageOrigins);

  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('content-security-policy', csp);
  });

  app.get('/health', async () => ({ status: 'ok' }));

  const forward = (reply: FastifyReply, target: URL, ip: string, body?: unknown) =>
    reply.from(target.pathname + target.search, {
      // The bytes as they came: reply-from would otherwise JSON-encode the Buffer object itself.
      ...(Buffer.isBuffer(body) && body.length > 0 ? { body, contentType: String(reply.request.headers['content-type'] ?? 'application/octet-stream') } : {}),
      rewriteRequestHeaders: (_r, headers) => {
        const { cookie: _c, host: _h, ...rest } = headers;
        return { ...rest, 'x-forwarded-for': ip };
      },
      onError: (r, { error }) => {
        r.request.log.warn({ err: error }, 'API unreachable');
        r.code(502).send(errorBody('api_unavailable', 'The shop could not reach the server. Try again shortly.'));
      },
    });

  await app.register(replyFrom, { base: config.apiUrl, http: { requestOptions: { timeout: API_TIMEOUT_MS } } });

  await app.register(async (proxy) => {
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    proxy.route({
      method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
      url: '/api/v1/*',
      handler: (req, reply) => {
        const path = req.url.split('?')[0]!;
        // Only a plain path is checked and passed on, so the route the API reaches is the one
        // checked: `%61dmin` (the API's router decodes it), `/x/../admin` (a URL parser resolves
        // it), `//`, `;` or `\` are refused rather than normalised (docs/shop.md).
        if (!plainPath(path) || !shopperRoute(path)) {
          return reply.code(404).send(errorBody('not_found', 'No such route in the shop.'));
        }
        return forward(reply, new URL(config.apiUrl + req.url), req.ip, req.body);
      },
    });
    // Product pictures: the app loads /media/<key> from its own origin (docs/shop.md).
    proxy.get('/media/:key', (req, reply) => {
      if (!plainPath(req.url.split('?')[0]!)) return reply.code(404).send(errorBody('not_found', 'Not found.'));
      return forward(reply, new URL(config.apiUrl + req.url), req.ip);
    });
  });

  /**
   * A shared referral link opened on the web: the API logs the click (and its IP, for the
   * attribution window) as for any visitor, then the shopper lands on sign-up with the code filled.
   */
  app.get<{ Params: { code: string } }>('/r/:code', async (req, reply) => {
    const code = req.params.code;
    if (REFERRAL_CODE.test(code)) {
      try {
        await fetch(`${config.apiUrl}/r/${encodeURIComponent(code)}`, {
          redirect: 'manual',
          headers: { 'x-forwarded-for': req.ip, 'user-agent': String(req.headers['user-agent'] ?? '') },
          signal: AbortSignal.timeout(5_000),
        });
      } catch (err) {
        req.log.warn({ err }, 'referral click not logged');
      }
      return reply.redirect(`/register?ref=${encodeURIComponent(code.toUpperCase())}`);
    }
    return reply.redirect('/register');
  });

  if (spa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; the shell, the manifest and the service worker must be re-read.
        if (/[\\/]assets[\\/]/.test(file)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ dir: config.staticDir }, 'no built app: run npm run build -w apps/shop');
  }
  return app;
}
