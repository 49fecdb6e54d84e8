import type { FastifyInstance } from 'fastify';
import { installErrorHandling as install } from '@storefront/runtime';
import { AppError } from './errors.ts';

/**
 * The API's errors on the wire: its own AppError (a code from the closed list, and Retry-After on a
 * 429); everything else (validation, malformed JSON, 413, 415, unmatched routes, 500 with nothing
 * leaked) the way every app answers it (packages/runtime).
 */
export function installErrorHandling(app: FastifyInstance): void {
  install(app, {
    known: (err) =>
      err instanceof AppError
        ? { status: err.status, body: err.body(), ...(err.retryAfter === undefined ? {} : { headers: { 'retry-after': String(err.retryAfter) } }) }
        : undefined,
  });
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
