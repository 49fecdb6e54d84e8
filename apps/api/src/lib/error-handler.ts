import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, type ErrorCode } from './errors.ts';

const byStatus: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

function validationDetails(err: FastifyError) {
  return (err.validation ?? []).map((v) => {
    const missing = (v.params as { missingProperty?: string }).missingProperty;
    const path = [err.validationContext, v.instancePath.replace(/^\//, ''), missing].filter(Boolean).join('/');
    return { field: path, message: v.message ?? 'invalid' };
  });
}

/** The one place errors become HTTP: docs/contracts.md §2 bodies, and nothing internal on a 5xx. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      if (err.status >= 500) request.log.warn({ code: err.code }, err.message);
      return reply.status(err.status).send(err.body());
    }
    if (err.validation) {
      return reply.status(400).send({ error: 'validation_failed', message: 'Request is invalid', details: validationDetails(err) });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? 'Malformed JSON body' : err.message;
      return reply.status(status).send({ error: byStatus[status] ?? 'validation_failed', message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'internal', message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/** Error responses as a TypeBox-free JSON schema, shared by every route's documentation. */
export const ErrorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
    retry_after: { type: 'integer' },
    details: {},
  },
  additionalProperties: true,
} as const;
