import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Counters the services bump; one set per app (tests build many apps in one process). */
export interface AppMetrics {
  registry: Registry;
  /** Refused signed calls past the per-IP cap: answered, but not written to `webhook_logs`. */
  webhookLogsDropped: Counter<'endpoint'>;
  /** SMS sends that failed after the answer was given (reset and deletion codes). */
  otpSendFailures: Counter<'purpose'>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  return {
    registry,
    webhookLogsDropped: new Counter({
      name: 'webhook_log_refusals_dropped_total',
      help: 'Refused signed calls not written to the webhook log because their IP passed the per-minute cap',
      labelNames: ['endpoint'] as const,
      registers: [registry],
    }),
    otpSendFailures: new Counter({
      name: 'otp_send_failures_total',
      help: 'SMS codes the provider failed to send after the answer was given',
      labelNames: ['purpose'] as const,
      registers: [registry],
    }),
  };
}

/** Request counts and latency by route, and the process defaults, on the app's registry. */
export function installMetrics(app: FastifyInstance, metrics: AppMetrics): Registry {
  const { registry } = metrics;
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The template, never the raw URL: unknown paths must not create new series.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  return registry;
}
