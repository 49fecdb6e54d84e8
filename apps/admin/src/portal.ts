import Fastify, { type FastifyInstance } from 'fastify';
import { frameworkRefusals, installErrorHandling, systemClock, trustProxyOption, type Clock } from '@storefront/runtime';
import type { PortalConfig } from './config.ts';
import { sessionPlugin } from './session.ts';
import { loginPlugin } from './login.ts';
import { proxyPlugin } from './proxy.ts';
import { spaFallback, staticPlugin } from './static.ts';

export interface PortalOptions {
  clock?: Clock;
}

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * Builds the portal (docs/admin-portal.md); it never listens. One plugin a concern: session
 * (cookie and stored session, token refresh), login (sign in and out, CSRF guard on every write),
 * proxy (the API with the session's token), static (the SPA).
 */
export async function buildPortal(config: Readonly<PortalConfig>, options: PortalOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers["x-sdk-access-token"]'] },
    bodyLimit: 64 * 1024,
    // request.ip, which the portal forwards to the API in X-Forwarded-For, is then the browser's.
    trustProxy: trustProxyOption(config.trustProxy),
    ...frameworkRefusals,
  });
  installErrorHandling(app, { unmatched: spaFallback(config.staticDir) });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    reply.header('content-security-policy', CSP);
  });
  app.get('/health', async () => ({ status: 'ok' }));

  await app.register(sessionPlugin, { config, clock });
  await app.register(loginPlugin, { config, clock });
  await app.register(proxyPlugin, { config, clock });
  await app.register(staticPlugin, { staticDir: config.staticDir });
  return app;
}
