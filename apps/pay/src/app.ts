import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { DestinationStream } from 'pino';
import type { PayConfig } from './config.ts';
import { StorefrontApi } from './api-client.ts';
import { returnHref, TopupPageService } from './topup.ts';
import { pageResponses } from './schemas.ts';
import { Settlement } from './settlement.ts';
import { Outbox } from './outbox.ts';
import { GatewayBClient } from '@storefront/gateway-b';
import { gatewayARoutes } from './gateway-a/gateway-a.routes.ts';
import { GatewayAService } from './gateway-a/gateway-a.service.ts';
import { gatewayBRoutes } from './gateway-b/gateway-b.routes.ts';
import { GatewayBService } from './gateway-b/gateway-b.service.ts';
import { metricsRoutes } from './metrics.ts';
import { messagePage, refusalPage, topupPage } from './views.ts';
import { frameworkRefusals, installErrorHandling, systemClock, type Clock } from '@storefront/runtime';

export interface PayServices {
  config: Readonly<PayConfig>;
  clock: Clock;
  api: StorefrontApi;
  settlement: Settlement;
  /** The steps every way into a payment shares: gate, token, lookup, payability (src/topup.ts). */
  topups: TopupPageService;
  /** Each gateway's flow; its routes only read the request and render the answer. */
  gatewayA: GatewayAService;
  gatewayB: GatewayBService;
}

declare module 'fastify' {
  interface FastifyInstance {
    pay: PayServices;
  }
}

export interface BuildPayOptions {
  config: Readonly<PayConfig>;
  clock?: Clock;
  /** Pauses between attempts of one API call (tests shorten them). */
  apiRetryDelaysMs?: number[];
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

/** Tokens and order ids in query strings never reach the logs. */
const redactUrl = (url: string): string => url.replace(/([?&](?:token|t|PayerID)=)[^&]*/gi, '$1[redacted]');

/** What a browser sees when its request is refused or fails. */
function errorPage(reply: FastifyReply, status: number): FastifyReply {
  if (status === 404) return messagePage(reply, 404, 'Page not found', []);
  if (status === 429) return messagePage(reply, 429, 'Too many attempts', ['Please wait a minute, then try again.']);
  if (status >= 500) return messagePage(reply, 500, 'Something went wrong', ['Nothing was charged by this page. Please try again from the app.']);
  return messagePage(reply, status, 'This request could not be handled', ['Start again from the app.']);
}

export async function buildPayApp(options: BuildPayOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-store-signature"]'],
      serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }) },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    ...frameworkRefusals,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const api = new StorefrontApi({
    baseUrl: config.apiUrl,
    secrets: config.storeWebhookSecrets,
    timeoutMs: config.httpTimeoutMs,
    nowSeconds: () => Math.floor(clock.now().getTime() / 1000),
    log: app.log,
    ...(options.apiRetryDelaysMs ? { retryDelaysMs: options.apiRetryDelaysMs } : {}),
  });
  const settlement = new Settlement({ api, log: app.log, clock, outbox: new Outbox(config.databaseUrl), leaseMs: config.outboxLeaseMs });
  await settlement.start(config.outboxFile);
  const gatewayBClient = config.gatewayB ? new GatewayBClient(config.gatewayB, { timeoutMs: config.httpTimeoutMs, nowMs: () => clock.now().getTime() }) : null;
  const topups = new TopupPageService(config, api, clock);
  const gatewayA = new GatewayAService(config, topups, settlement);
  const gatewayB = new GatewayBService(config, api, topups, settlement, gatewayBClient);
  app.decorate('pay', { config, clock, api, settlement, topups, gatewayA, gatewayB });
  app.addHook('onClose', () => settlement.close());

  // Gateways and the hosted page post classic HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const out: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) if (!(k in out)) out[k] = v;
    done(null, out);
  });

  // Never a stack trace or internals: docs/contracts.md §2 JSON for API-style callers, a plain page for browsers.
  installErrorHandling(app, {
    logRefusals: true,
    render: (req, reply, status) => (String(req.headers.accept ?? '').includes('text/html') ? errorPage(reply, status) : undefined),
  });

  app.get(
    '/health',
    {
      schema: {
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            payments: Type.Object({ gateway_a: Type.Boolean(), gateway_b: Type.Boolean() }),
          }),
        },
      },
    },
    async () => ({
      status: 'ok' as const,
      // "Configured" as docs/contracts.md §8 defines it: all of the gateway's own settings are present.
      // (Without STORE_WEBHOOK_SECRET the endpoints still answer 503; server.ts warns at start.)
      payments: { gateway_a: config.gatewayA !== null, gateway_b: config.gatewayB !== null },
    }),
  );

  app.get(
    '/topup',
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String()), cancelled: Type.Optional(Type.String()) }),
        response: pageResponses(200, 400, 404, 409, 410, 503),
      },
    },
    async (req, reply) => {
      const opened = await topups.open(req.query.token);
      if (!opened.ok) return refusalPage(reply, opened.refusal);
      const { token, topup, gatewayA, gatewayB } = opened;
      const notice = req.query.cancelled ? 'The payment was cancelled. You can choose a way to pay again.' : undefined;
      // "Back to the shop without paying": the shop says nothing was added.
      const back = returnHref(topup, token, true);
      return topupPage(reply, { token, amount: topup.amount, currency: topup.currency, gatewayA, gatewayB, order: topup.gateways, ...(back ? { returnHref: back } : {}) }, notice);
    },
  );

  // Per-IP limits on the routes that name one (`config.rateLimit`); in memory, per instance.
  await app.register(rateLimit, { global: false });
  await app.register(gatewayARoutes);
  await app.register(gatewayBRoutes);
  await app.register(metricsRoutes);
  return app;
}

