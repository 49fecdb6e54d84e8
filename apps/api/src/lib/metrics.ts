import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from './errors.ts';

/**
 * Every metric of the API, named here and nowhere else (docs/operations.md lists them): add a new
 * one to this object so all series are found in one place. Per app (tests build many apps in one
 * process); services reach the counters through `ctx.metrics`.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    httpRequests: counter('http_requests_total', 'HTTP requests by method, route template and status', ['method', 'route', 'status']),
    httpLatency: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    ordersPlaced: counter('orders_placed_total', 'Orders placed (an idempotent replay is not a new order)', []),
    ordersRefused: counter('orders_refused_total', 'Order placements refused, by error code (insufficient_balance, out_of_stock …)', ['reason']),
    topupCredits: counter('wallet_topup_credits_total', 'Top-up credits by gateway and outcome (credited, duplicate, already_completed: a second payment, not credited)', ['gateway', 'outcome']),
    topupCreditedAmount: counter('wallet_topup_credited_amount_total', 'Money credited by top-ups, in minor units', ['gateway', 'currency']),
    otpSms: counter('otp_sms_total', 'OTP SMS by provider and outcome (sent, failed)', ['provider', 'outcome']),
    rateLimitRefusals: counter('rate_limit_refusals_total', 'Requests refused with 429 rate_limited, by code', ['code']),
    webhookLogsDropped: counter(
      'webhook_log_refusals_dropped_total',
      'Refused signed calls not written to the webhook log because their IP passed the per-minute cap (docs/contracts.md §10)',
      ['endpoint'],
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Request counts and latency by route, and rate-limit refusals by code. */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The template, never the raw URL: unknown paths must not create new series.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: reply.statusCode });
    metrics.httpLatency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  // Every limit refuses by throwing rateLimited() (src/lib/errors.ts), so this sees them all.
  app.addHook('onError', async (_request, _reply, err) => {
    if (err instanceof AppError && err.status === 429) metrics.rateLimitRefusals.inc({ code: String(err.extra.code ?? 'unknown') });
  });
}
