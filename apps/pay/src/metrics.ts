import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { Type } from 'typebox';
import { metricsAllowed } from '@storefront/runtime';
import { ErrorSchema } from './schemas.ts';

/**
 * `GET /metrics` (Prometheus text), protected like the API's: loopback callers, or a bearer
 * `METRICS_TOKEN`. The payment server has no trusted proxy, so the address is the socket's.
 */

export const metricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, settlement } = app.pay;
  // Per app (tests build several in one process).
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'pay_outbox_depth',
    help: 'Credits the API has not taken yet, across every instance sharing the outbox (PAY_DATABASE_URL)',
    registers: [registry],
    async collect() {
      this.set(await settlement.pendingCount());
    },
  });

  app.get(
    '/metrics',
    { schema: { response: { 200: { content: { 'text/plain': { schema: Type.String() } } }, 403: ErrorSchema } } },
    async (req, reply) => {
      if (!metricsAllowed(req.ip, req.headers.authorization, config.metricsToken)) {
        return reply.code(403).send({ error: 'forbidden', message: 'Metrics are not public' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
