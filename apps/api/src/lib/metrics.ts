import type { FastifyInstance } from 'fastify';
import { Counter, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
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
    http: new HttpSeries(registry),
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

const LATENCY_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** One route's answers: counts by status, and the latency histogram's buckets (not cumulative; the last is above every bound). */
export class RouteSeries {
  readonly statuses = new Map<number, number>();
  readonly buckets: number[] = new Array<number>(LATENCY_BOUNDS.length + 1).fill(0);
  sum = 0;
  count = 0;
  readonly method: string;
  readonly route: string;
  constructor(method: string, route: string) {
    this.method = method;
    this.route = route;
  }

  reset(): void {
    this.statuses.clear();
    this.buckets.fill(0);
    this.sum = 0;
    this.count = 0;
  }

  answered(status: number, seconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    let i = 0;
    while (i < LATENCY_BOUNDS.length && seconds > LATENCY_BOUNDS[i]!) i++;
    this.buckets[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/**
 * `http_requests_total{method,route,status}` and `http_request_duration_seconds{method,route}`,
 * kept per route in plain numbers and written out by the registry when /metrics is read.
 * prom-client's own counter and histogram build, validate and hash their labels on every call:
 * about 1 µs of a cached catalogue read's 30 (docs/performance.md). A route's series is found
 * once by its template (the catalogue's front door keeps it with the cached answer).
 */
export class HttpSeries {
  readonly #routes = new Map<string, RouteSeries>();

  constructor(registry: Registry) {
    const routes = this.#routes;
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => { labels: Record<string, string | number>; value: number; metricName?: string }[]) =>
      // The registry reads a metric through get() and reset(), the interface prom-client's own metrics have;
      // a reset zeroes the series, which the front door's cache entries keep.
      registry.registerMetric({ name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }), reset: () => routes.forEach((r) => r.reset()) } as unknown as Metric);
    metric('http_requests_total', 'HTTP requests by method, route template and status', 'counter', () =>
      [...routes.values()].flatMap((r) => [...r.statuses].map(([status, value]) => ({ labels: { method: r.method, route: r.route, status }, value }))),
    );
    const name = 'http_request_duration_seconds';
    metric(name, 'HTTP request latency by method and route template', 'histogram', () =>
      [...routes.values()].flatMap((r) => {
        const labels = { method: r.method, route: r.route };
        let below = 0;
        return [
          ...LATENCY_BOUNDS.map((le, i) => ({ labels: { le, ...labels }, value: (below += r.buckets[i]!), metricName: `${name}_bucket` })),
          { labels: { le: '+Inf', ...labels }, value: r.count, metricName: `${name}_bucket` },
          { labels, value: r.sum, metricName: `${name}_sum` },
          { labels, value: r.count, metricName: `${name}_count` },
        ];
      }),
    );
  }

  /** The series of one route template (never a raw URL: unknown paths must not create new series). */
  route(method: string, route: string): RouteSeries {
    const key = `${method} ${route}`;
    let series = this.#routes.get(key);
    if (series === undefined) this.#routes.set(key, (series = new RouteSeries(method, route)));
    return series;
  }
}

/** Request counts and latency by route, and rate-limit refusals by code. */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The template, never the raw URL: unknown paths must not create new series.
    metrics.http.route(request.method, request.routeOptions.url ?? 'unmatched').answered(reply.statusCode, reply.elapsedTime / 1000);
  });
  // Every limit refuses by throwing rateLimited() (src/lib/errors.ts), so this sees them all.
  app.addHook('onError', async (_request, _reply, err) => {
    if (err instanceof AppError && err.status === 429) metrics.rateLimitRefusals.inc({ code: String(err.extra.code ?? 'unknown') });
  });
}
