/**
 * Errors on the wire, the same for the API, the payment server and the admin portal
 * (docs/contracts.md §2): a status and `{error, message?, code?, details?}`, with nothing internal
 * on a 5xx. What differs per app comes in as options: the API's own error class, the payment
 * server's pages for browsers, the portal's SPA fallback.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Not `import … from 'node:http'`: an ESM import of node:http reads every export, and its lazily
// loaded ones load undici (13 MB of RSS in a one-line script), which nothing here uses.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

export interface ErrorBody {
  error: string;
  message?: string;
  code?: string;
  retry_after?: number;
  details?: unknown;
  [extra: string]: unknown;
}

export const errorBody = (error: string, message?: string, extra: Record<string, unknown> = {}): ErrorBody => ({
  error,
  ...(message === undefined ? {} : { message }),
  ...extra,
});

/** The stable `error` of each framework refusal; any other 4xx is `validation_failed`. */
const byStatus: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  417: 'expectation_failed',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/** An app's own error, already decided: its status, body and headers. */
export interface KnownError {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

export interface ErrorHandlingOptions {
  /** Recognises the app's own errors (the API's AppError); undefined hands the error on. */
  known?: (err: unknown, request: FastifyRequest) => KnownError | undefined;
  /** Sends something else than the JSON body (the payment server's pages); undefined sends the JSON. */
  render?: (request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) => FastifyReply | undefined;
  /** Answers a request no route matched before the 404 (the portal's SPA fallback); undefined gives the 404. */
  unmatched?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
  /** Logs every refusal at info (the payment server keeps a trace of what gateways and browsers were refused). */
  logRefusals?: boolean;
}

function validationDetails(err: FastifyError) {
  return (err.validation ?? []).map((v) => {
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    const path = [err.validationContext, v.instancePath.replace(/^\//, ''), missing].filter(Boolean).join('/');
    return { field: path, message: v.message ?? 'invalid' };
  });
}

/** What a framework error (validation, malformed JSON, 413, 415, …) or an unexpected one answers. */
export function frameworkError(err: FastifyError): { status: number; body: ErrorBody } {
  if (err.validation) return { status: 400, body: errorBody('validation_failed', 'Request is invalid', { details: validationDetails(err) }) };
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const malformed = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError;
    return { status, body: errorBody(byStatus[status] ?? 'validation_failed', malformed ? 'Malformed JSON body' : err.message) };
  }
  return { status: 500, body: errorBody('internal', 'Internal server error') };
}

/**
 * The router's own refusals (Fastify's `frameworkErrors` option), in the same shape: a path
 * segment longer than the router keeps (100 characters) or not decodable is an id that matches
 * nothing, 404 (docs/contracts.md §2).
 */
export function routerRefusal(err: FastifyError, _req: unknown, reply: unknown): void {
  const r = reply as FastifyReply;
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH' || err.code === 'FST_ERR_BAD_URL') r.status(404).send(errorBody('not_found', 'resource not found'));
  else r.status(500).send(errorBody('internal', 'Internal server error'));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (Fastify's `clientErrorHandler`),
 * in the same shape: the request line and headers over Node's 16 KB (a URL that long included)
 * 431 `headers_too_large`, a request that took too long 408 `request_timeout`, anything it cannot
 * parse (an unknown method, a bad header, a bad chunk, two lengths) 400 `validation_failed`. The
 * connection is closed after it, as Node does.
 */
export function clientRefusal(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request line and headers are over 16 KB']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify(errorBody(byStatus[status]!, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The options every app gives Fastify so that nothing the framework or Node's HTTP server answers
 * by itself leaves the §2 shape: the router's refusals, the parser's, and no bare 400 for an
 * HTTP/1.1 request without a Host header or 503 while closing (`installErrorHandling` answers
 * both). An app with its own `serverFactory` passes `http` to its `createServer`.
 */
export const frameworkRefusals = {
  frameworkErrors: routerRefusal,
  clientErrorHandler: clientRefusal,
  return503OnClosing: false,
  http: { requireHostHeader: false },
};

/** The one place errors become HTTP, for every app: its error handler and its 404 for unmatched routes. */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody) =>
    options.render?.(request, reply, status, body) ?? reply.status(status).send(body);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = options.known?.(err, request);
    if (known) {
      for (const [name, value] of Object.entries(known.headers ?? {})) reply.header(name, value);
      if (known.status >= 500) request.log.warn({ code: known.body.error }, err.message);
      return send(request, reply, known.status, known.body);
    }
    const { status, body } = frameworkError(err);
    if (status === 500) request.log.error({ err }, 'unhandled error');
    else if (options.logRefusals) request.log.info({ status, reason: err.message }, 'request refused');
    return send(request, reply, status, body);
  });

  // Node answers an unknown `Expect` with an empty 417 unless the server listens for it.
  app.server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify(errorBody('expectation_failed', 'Only Expect: 100-continue is understood'));
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    res.end(body);
  });
  // Fastify's own 503 while closing and Node's bare 400 for a missing Host, in the §2 shape
  // (`frameworkRefusals` turns both off in the framework).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) return send(request, reply.header('connection', 'close'), 503, errorBody('service_unavailable', 'The server is shutting down'));
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      return send(request, reply.header('connection', 'close'), 400, errorBody('validation_failed', 'An HTTP/1.1 request needs a Host header'));
    }
  });

  app.setNotFoundHandler(
    (request, reply) =>
      options.unmatched?.(request, reply) ??
      send(request, reply, 404, errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
}
