/**
 * Scope for the routes the payment server signs (docs/contracts.md §6). Inside it the body parsers keep
 * the exact bytes, because the HMAC covers the raw body, not its re-serialisation; and one
 * preValidation hook checks the signature before anything else looks at the body. Every refusal
 * here lands in the webhook log.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

import { check } from '@storefront/signing';
import type { Ctx } from '../../context.ts';
import { MINUTE } from '../../lib/clock.ts';
import { AppError, badRequest, rateLimited } from '../../lib/errors.ts';
import { hit, type RateRule } from '../../lib/rate-limit.ts';
import { logFieldsOf, logWebhook, type LogEntry } from './topup.service.ts';

/**
 * Calls refused before a valid signature (anyone can send them) write at most this many log rows
 * per IP per minute; past it they answer 429 and only a `/metrics` counter moves, so junk cannot
 * fill `webhook_logs` (docs/contracts.md §10). Calls with a valid signature are never capped.
 */
export const REFUSED_LOG_RULE: RateRule = { bucket: 'webhook_refused', limit: 20, windowMs: MINUTE, code: 'IP_RATE_LIMITED' };

/** Logs an unsigned refusal while the IP is under the cap; false when it is over (nothing written). */
async function logRefusal(ctx: Ctx, req: FastifyRequest, entry: LogEntry): Promise<{ logged: boolean; retryAfter: number }> {
  const h = await hit(ctx.db, ctx, REFUSED_LOG_RULE, { ip: req.ip });
  if (!h.allowed) {
    ctx.metrics.webhookLogsDropped.inc({ endpoint: entry.endpoint });
    return { logged: false, retryAfter: h.retryAfter };
  }
  await logWebhook(ctx, ctx.db, entry);
  return { logged: true, retryAfter: h.retryAfter };
}

async function refuse(ctx: Ctx, req: FastifyRequest, entry: LogEntry, error: AppError): Promise<never> {
  const r = await logRefusal(ctx, req, entry);
  throw r.logged ? error : rateLimited(REFUSED_LOG_RULE.code, r.retryAfter);
}

const BODY_LIMIT = 16 * 1024;

interface RawBody {
  bytes: Buffer;
  kind: 'json' | 'malformed' | 'other';
}
const raw = new WeakMap<FastifyRequest, RawBody>();

const endpointOf = (req: FastifyRequest): string => (req.routeOptions.url ?? '').split('/').pop() ?? 'unknown';

export function installSignedScope(app: FastifyInstance): void {
  const ctx = app.ctx;
  const parseJson = app.getDefaultJsonParser('error', 'error');

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const bytes = body as Buffer;
    const text = bytes.toString('utf8');
    // Like the app-wide JSON parser, refuse NUL (PostgreSQL text cannot hold it); here it is
    // refused after the signature check, so the call is still logged.
    if (text.includes('\\u0000')) {
      raw.set(req, { bytes, kind: 'malformed' });
      return done(null, undefined);
    }
    parseJson(req, text, (err, value) => {
      raw.set(req, { bytes, kind: err ? 'malformed' : 'json' });
      done(null, err ? undefined : value);
    });
  });
  // Any other type is still read (so its signature can be checked and the call logged), then refused.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    raw.set(req, { bytes: body as Buffer, kind: 'other' });
    done(null, undefined);
  });

  // Bodies Fastify refuses before the hook below runs (oversized, truncated) are logged here; the
  // hook, the schema-failure path and the services log their own refusals.
  app.addHook('onError', async (req, _reply, err: FastifyError) => {
    if (err.validation || !String(err.code ?? '').startsWith('FST_')) return;
    const body = raw.get(req);
    const fields = logFieldsOf(body?.kind === 'json' ? req.body : undefined);
    await logRefusal(ctx, req, { endpoint: endpointOf(req), ...fields, outcome: 'rejected', reason: err.code ?? null });
  });

  app.addHook('preValidation', async (req) => {
    const endpoint = endpointOf(req);
    const body = raw.get(req);
    const fields = logFieldsOf(body?.kind === 'json' ? req.body : undefined);
    const secrets = ctx.config.storeWebhookSecrets;
    if (secrets === null) {
      return refuse(ctx, req, { endpoint, ...fields, outcome: 'error', reason: 'callback_not_configured' }, new AppError(503, 'callback_disabled', 'Callback verification is not configured'));
    }
    const header = req.headers['x-store-signature'];
    const verdict = check(
      secrets,
      Array.isArray(header) ? header.join(',') : header,
      body?.bytes ?? Buffer.alloc(0),
      Math.floor(ctx.clock.now().getTime() / 1000),
    );
    if (!verdict.ok) {
      await refuse(ctx, req, { endpoint, ...fields, outcome: 'rejected', reason: `invalid_signature:${verdict.reason}` }, new AppError(401, 'invalid_signature', 'Signature is missing, invalid or stale'));
    }
    if (body?.kind === 'other') {
      await logWebhook(ctx, ctx.db, { endpoint, outcome: 'rejected', reason: 'unsupported_media_type' });
      throw new AppError(415, 'unsupported_media_type', 'Body must be application/json');
    }
    if (!body || body.kind === 'malformed') {
      await logWebhook(ctx, ctx.db, { endpoint, outcome: 'rejected', reason: 'malformed_json' });
      throw badRequest('Malformed JSON body');
    }
  });
}
