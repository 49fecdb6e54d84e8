import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { frameworkRefusals, trustProxyOption } from '@storefront/runtime';
import type { Config } from './config.ts';
import { databaseParts, type Ctx } from './context.ts';
import { openDatabase, type Database } from './db/kysely.ts';
import { pendingMigrations } from './migrations.ts';
import { settleBackground } from './lib/background.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { ErrorSchema, installErrorHandling } from './lib/error-handler.ts';
import { badRequest, notFound } from './lib/errors.ts';
import { serializerCompiler, validatorCompiler } from './lib/validation.ts';
import { installAuth } from './modules/auth/auth.hooks.ts';
import { TokenSigner } from './lib/tokens.ts';
import { createMetrics, installMetrics } from './lib/metrics.ts';
import * as accounts from './modules/accounts/index.ts';
import * as auth from './modules/auth/index.ts';
import * as catalogue from './modules/catalogue/index.ts';
import * as media from './modules/media/index.ts';
import * as payments from './modules/payments/index.ts';
import * as topups from './modules/topups/index.ts';
import * as wallet from './modules/wallet/index.ts';
import * as orders from './modules/orders/index.ts';
import * as referrals from './modules/referrals/index.ts';
import * as deletion from './modules/deletion/index.ts';
import * as support from './modules/support/index.ts';
import * as backoffice from './modules/backoffice/index.ts';
import { metaRoutes, rootMetaRoutes } from './modules/meta/meta.routes.ts';
import { installDocs } from './openapi.ts';

const { createServer } = process.getBuiltinModule('node:http'); // not imported: see runtime's errors.ts

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
    /** Every route as added, with its `config` (who may call it, and the staff permission it needs). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

export interface BuildOptions<T = unknown> {
  config: Readonly<Config>;
  /** An open, migrated database; when omitted the app opens `DATABASE_URL` and closes it on close. */
  database?: Database<T>;
  clock?: Clock;
  /** Where log lines go (default stdout); tests capture them to prove no secret is ever logged. */
  logStream?: DestinationStream;
}

/** Query-string secrets and top-up tokens in paths never reach the logs. */
const redactUrl = (url: string): string =>
  url.replace(/(topup-status\/)[^/?]+/, '$1[redacted]').replace(/([?&](?:token|code)=)[^&]*/g, '$1[redacted]');

/** Builds the whole API from its settings; it never listens (server.ts does). */
export async function buildApp<T>(options: BuildOptions<T>): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const database = options.database ?? openDatabase<T>(config.databaseUrl, { poolSize: config.databasePoolSize, synchronous: config.sqliteSynchronous, cacheKib: config.sqliteCacheKib, statementTimeoutMs: config.databaseStatementTimeoutMs });

  // Cached public reads are answered before Fastify when they can be (catalogue `frontDoor`); the
  // server is otherwise set up as Fastify sets up its own.
  let front: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  const app = Fastify({
    serverFactory: (handler, options) => {
      // Fastify passes its options with their defaults filled in.
      const opts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      const server = createServer(frameworkRefusals.http, (req, res) => front(req, res) || handler(req, res));
      server.keepAliveTimeout = opts.keepAliveTimeout;
      server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout);
      return server;
    },
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers["x-sdk-access-token"]', 'req.headers.cookie', 'req.headers["x-store-signature"]'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    ...frameworkRefusals,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: Ctx = {
    ...databaseParts(database),
    config,
    clock,
    log: app.log,
    tokens: new TokenSigner(config.jwtSecret, clock),
    // jose, which checks identity-provider tokens, is loaded only when they are configured.
    idp: config.idp ? new (await import('./lib/idp.ts')).IdpVerifier(config.idp.serviceAccountPath, config.idp.jwksUrl, clock) : null,
    metrics: createMetrics(),
  };
  app.decorate('ctx', ctx);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  front = catalogue.frontDoor(ctx, () => closing);
  app.addHook('onClose', async () => {
    // Work sent after an answer (notification mail) finishes before the database closes.
    await settleBackground(ctx);
    if (!options.database) await database.close();
  });

  installErrorHandling(app);
  installAuth(app);
  installMetrics(app, ctx.metrics);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // PostgreSQL text cannot hold NUL: refuse it at the edge on both databases alike.
    const q = req.url.indexOf('?');
    if (/%00/.test(q < 0 ? req.url : req.url.slice(0, q))) throw notFound();
    if (q >= 0 && /%00/.test(req.url.slice(q))) throw badRequest('NUL characters are not allowed');
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // In JSON text a NUL can only arrive escaped; refusing it keeps both databases alike.
    if ((body as string).includes('\\u0000')) return done(badRequest('NUL characters are not allowed'), undefined);
    parseJson(req, body as string, done);
  });
  // Every route documents the error body; the spec's routes list their own 2xx shapes.
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig });
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (route.schema && !route.schema.hide) route.schema = { ...route.schema, response: { '4xx': ErrorSchema, '5xx': ErrorSchema, ...response } };
  });

  installDocs(app, config);

  await app.register(rootMetaRoutes(ctx.metrics.registry, pendingMigrations));
  const domains = [auth, accounts, catalogue, media, payments, wallet, topups, orders, referrals, deletion, support, backoffice];
  for (const d of domains) await app.register(d.rootRoutes);
  await app.register(
    async (api) => {
      await api.register(metaRoutes);
      for (const d of domains) await api.register(d.routes);
    },
    { prefix: '/api/v1' },
  );
  return app;
}
