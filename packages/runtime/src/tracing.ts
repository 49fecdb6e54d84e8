/**
 * OpenTelemetry traces for the three servers (docs/operations.md, "Traces"). Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; off, nothing of OpenTelemetry is even loaded, so it costs
 * nothing. On, each server exports over OTLP/HTTP (JSON): a span per HTTP request it serves, per
 * outgoing fetch (with the W3C `traceparent` header, so the next server continues the same trace)
 * and, in the API, per SQL statement.
 *
 * `startTracing` must run before Fastify is first imported: the HTTP instrumentation hooks `http`
 * as modules require it, so each server.ts starts tracing and then imports the app.
 */
import { int, type Env } from './settings.ts';

/** What Kysely hands its `log` callback (the subset used here). */
export interface QueryEvent {
  level: 'query' | 'error';
  query: { sql: string };
  queryDurationMillis: number;
  error?: unknown;
}

export interface Tracing {
  /** A Kysely `log` callback recording each statement as a span of the active trace. */
  onQuery(event: QueryEvent, system: 'sqlite' | 'postgresql'): void;
  /** Names each server span after its route template (`POST /api/v1/orders`) instead of the bare method. */
  nameRoutes(app: { addHook(name: 'onRequest', hook: (req: { method: string; routeOptions: { url?: string } }) => Promise<void>): unknown }): void;
  /** Exports what is still buffered; call on close. */
  shutdown(): Promise<void>;
}

export async function startTracing(serviceName: string, env: Env = process.env): Promise<Tracing | null> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return null;
  const [api, { TracerProvider, BatchSpanProcessor }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }, { OTLPTraceExporter }, { registerInstrumentations }, { HttpInstrumentation }, { UndiciInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
    ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME?.trim() || serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        // The exporter reads OTEL_EXPORTER_OTLP_* itself (endpoint, headers, timeout).
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: int(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000, 1, 3_600_000),
      }),
    ],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Health checks and metric scrapes would drown every real trace.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(health|metrics)(\?|$)/.test(req.url ?? '') }),
      new UndiciInstrumentation(),
    ],
  });
  const tracer = provider.getTracer('storefront');
  return {
    onQuery(event, system) {
      // Only statements made while serving something: a span of its own per background query is noise.
      if (!api.trace.getActiveSpan()) return;
      const sql = event.query.sql;
      const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
      const end = Date.now();
      const span = tracer.startSpan(operation, {
        kind: api.SpanKind.CLIENT,
        startTime: end - event.queryDurationMillis,
        // The parameterised text only: values (phones, hashes, amounts) never leave in a span.
        attributes: { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': sql.slice(0, 2000) },
      });
      if (event.level === 'error') span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end(end);
    },
    nameRoutes(app) {
      app.addHook('onRequest', async (req) => {
        const route = req.routeOptions.url;
        const span = api.trace.getActiveSpan();
        if (!span || !route) return;
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      });
    },
    shutdown: () => provider.shutdown(),
  };
}
