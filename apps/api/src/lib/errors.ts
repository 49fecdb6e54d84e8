import type { ErrorBody as RuntimeErrorBody } from '@storefront/runtime';

/** The closed list of `error` values the API answers with (docs/contracts.md §2 and the spec's named codes). */
export type ErrorCode =
  | 'validation_failed'
  | 'unauthorized'
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'request_timeout'
  | 'expectation_failed'
  | 'headers_too_large'
  | 'internal'
  | 'service_unavailable'
  | 'otp_send_failed'
  | 'invalid_otp'
  | 'email_disabled'
  | 'email_in_use'
  | 'uploads_disabled'
  | 'IMAGE_TOO_LARGE'
  | 'UNSUPPORTED_IMAGE_TYPE'
  | 'invalid_product'
  | 'out_of_stock'
  | 'insufficient_credits'
  | 'idempotency_conflict'
  | 'invalid_transition'
  | 'already_spun'
  | 'invalid_signature'
  | 'amount_mismatch'
  | 'gateway_txn_reused'
  | 'topup_already_completed'
  | 'topup_disabled'
  | 'return_url_not_allowed'
  | 'callback_disabled'
  | 'token_expired'
  | 'deletion_blocked'
  | 'refund_exceeds_paid'
  | 'adjustment_not_allowed'
  | 'adjustment_not_reversible'
  | 'reversal_exceeds_debit'
  | 'email_send_failed'
  | 'invalid_deletion_token'
  | 'last_owner'
  | 'invalid_mfa_token'
  | 'invalid_mfa_code'
  | 'mfa_already_enabled'
  | 'mfa_not_enabled'
  | 'invalid_invite';

/** The docs/contracts.md §2 body (packages/runtime) with `error` from the API's closed list. */
export interface ErrorBody extends RuntimeErrorBody {
  error: ErrorCode;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: Record<string, unknown>;
  /** Seconds; set on 429 so the handler also sends a Retry-After header. */
  readonly retryAfter?: number;

  constructor(status: number, code: ErrorCode, message?: string, extra: Record<string, unknown> = {}) {
    super(message ?? code);
    this.status = status;
    this.code = code;
    this.extra = extra;
    if (typeof extra.retry_after === 'number') this.retryAfter = extra.retry_after;
  }

  body(): ErrorBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (what = 'resource'): AppError => new AppError(404, 'not_found', `${what} not found`);
export const badRequest = (message: string, details?: unknown): AppError =>
  new AppError(400, 'validation_failed', message, details === undefined ? {} : { details });
export const conflict = (code: ErrorCode, message: string, extra: Record<string, unknown> = {}): AppError =>
  new AppError(409, code, message, extra);
export const rateLimited = (code: string, retryAfter: number, message = 'Too many requests'): AppError =>
  new AppError(429, 'rate_limited', message, { code, retry_after: retryAfter });
