import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import { own } from './tables.ts';
import { Type } from '../../lib/typebox.ts';
import type { Registry } from 'prom-client';
import { AppError } from '../../lib/errors.ts';
import { metricsAllowed } from '@storefront/runtime';

/** Compares dotted numeric versions: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Routes at the host root: health, readiness and metrics. `pendingMigrations` is the migrator's
 * (src/migrations.ts), handed in by app.ts: the list of migrations belongs to the composition.
 */
export const rootMetaRoutes = (registry: Registry, pendingMigrations: <T>(db: Kysely<T>) => Promise<string[]>): FastifyPluginAsyncTypebox => async (app) => {
  const ctx = app.ctx;

  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.Literal('ok') }),
          503: Type.Object({ status: Type.Literal('error'), database: Type.Literal('down') }),
        },
      },
    },
    async (req, reply) => {
      try {
        await sql`select 1`.execute(own(ctx.db));
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (err) {
        req.log.error({ err }, 'health: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: 'down' as const });
      }
    },
  );

  // Readiness for a balancer or an orchestrator: the database answers and holds every migration
  // this code knows. Once they are all there they stay there, so that is asked until it is true.
  let migrated = false;
  app.get(
    '/ready',
    {
      schema: {
        tags: ['meta'],
        response: {
          200: Type.Object({ status: Type.Literal('ready') }),
          503: Type.Object({ status: Type.Literal('not_ready'), reason: Type.Union([Type.Literal('database_down'), Type.Literal('migrations_pending')]) }),
        },
      },
    },
    async (req, reply) => {
      try {
        await sql`select 1`.execute(own(ctx.db));
      } catch (err) {
        req.log.error({ err }, 'ready: database unreachable');
        return reply.status(503).send({ status: 'not_ready' as const, reason: 'database_down' as const });
      }
      migrated ||= (await pendingMigrations(own(ctx.db))).length === 0;
      if (!migrated) return reply.status(503).send({ status: 'not_ready' as const, reason: 'migrations_pending' as const });
      return { status: 'ready' as const };
    },
  );

  // Loopback only, or a bearer METRICS_TOKEN; the client IP is the one TRUST_PROXY vouches for.
  app.get('/metrics', { schema: { tags: ['meta'], hide: true } }, async (req, reply) => {
    if (!metricsAllowed(req.ip, req.headers.authorization, ctx.config.metricsToken)) throw new AppError(403, 'forbidden', 'Metrics are not public');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};

export const metaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { app: appConfig } = app.ctx.config;
  app.get(
    '/app/version',
    {
      schema: {
        tags: ['meta'],
        querystring: Type.Object({ version: Type.Optional(Type.String({ pattern: '^\\d+(\\.\\d+){0,3}$', maxLength: 40 })) }),
        response: {
          200: Type.Object({
            version: Type.String(),
            min_version: Type.String(),
            apk_url: Type.String(),
            force_update: Type.Boolean({ description: 'true when the caller ?version= is below min_version' }),
          }),
        },
      },
    },
    (req) => ({
      version: appConfig.version,
      min_version: appConfig.minVersion,
      apk_url: appConfig.apkUrl,
      force_update: req.query.version !== undefined && compareVersions(req.query.version, appConfig.minVersion) < 0,
    }),
  );
};
