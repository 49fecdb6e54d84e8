/**
 * Generated from packages/client/openapi.json by `npm run generate -w packages/client`.
 * Do not edit by hand: `npm test` fails when this file no longer matches the API.
 */

/** Every `error` code the API answers with, as its OpenAPI document lists them. */
export const API_ERROR_CODES = [
  'IMAGE_TOO_LARGE',
  'UNSUPPORTED_IMAGE_TYPE',
  'adjustment_not_allowed',
  'adjustment_not_reversible',
  'already_spun',
  'amount_mismatch',
  'callback_disabled',
  'conflict',
  'deletion_blocked',
  'email_disabled',
  'email_in_use',
  'email_send_failed',
  'forbidden',
  'gateway_txn_reused',
  'idempotency_conflict',
  'insufficient_credits',
  'internal',
  'invalid_credentials',
  'invalid_deletion_token',
  'invalid_invite',
  'invalid_mfa_code',
  'invalid_mfa_token',
  'invalid_otp',
  'invalid_product',
  'invalid_signature',
  'invalid_transition',
  'last_owner',
  'mfa_already_enabled',
  'mfa_not_enabled',
  'not_found',
  'otp_send_failed',
  'out_of_stock',
  'payload_too_large',
  'rate_limited',
  'refund_exceeds_paid',
  'return_url_not_allowed',
  'reversal_exceeds_debit',
  'topup_already_completed',
  'topup_disabled',
  'unauthorized',
  'unsupported_media_type',
  'uploads_disabled',
  'validation_failed',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
