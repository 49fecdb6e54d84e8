/**
 * The error-message table: plain words for every `error` code, keyed by the API's own generated
 * list (`ApiErrorCode`, packages/client/src/error-codes.ts) plus the few codes that come from the
 * apps' own servers or from the browser. A code missing here, or one nobody sends, does not compile.
 */
import type { ApiErrorCode } from '@storefront/client';

/** Codes that never come from the API: the portal's or the shop's own server, or no answer at all. */
export type LocalErrorCode = 'network' | 'api_unavailable' | 'session_ended';
export type ErrorCode = ApiErrorCode | LocalErrorCode;

/** Words for a screen that wants other words for some codes; an unknown key does not compile. */
export type ErrorWords = Partial<Record<ErrorCode, string>>;

export const ERROR_WORDS: Record<ErrorCode, string> = {
  network: 'No connection. Check your internet and try again.',
  api_unavailable: 'The server is not answering right now. Try again in a moment.',
  session_ended: 'Your session has ended. Please sign in again.',
  internal: 'Something went wrong on our side. Please try again.',
  validation_failed: 'Some of the values are not valid.',
  unauthorized: 'Please sign in again.',
  invalid_credentials: 'That phone number and password do not match.',
  forbidden: 'You are not allowed to do that.',
  not_found: 'That no longer exists.',
  conflict: 'That clashes with something that already exists.',
  rate_limited: 'Too many attempts. Wait a little and try again.',
  payload_too_large: 'That is too large to send.',
  unsupported_media_type: 'That kind of content cannot be sent here.',
  otp_send_failed: 'The SMS could not be sent just now. Please try again later.',
  invalid_otp: 'That code is not right, or it has expired. Check the SMS or ask for a new code.',
  email_disabled: 'Email verification is not available yet.',
  email_in_use: 'That email belongs to another account.',
  email_send_failed: 'The email could not be sent just now. Please try again later.',
  uploads_disabled: 'Image uploads are turned off on this server.',
  IMAGE_TOO_LARGE: 'That image is larger than 5 MB.',
  UNSUPPORTED_IMAGE_TYPE: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  invalid_product: 'A product is no longer sold.',
  out_of_stock: 'There is not enough stock.',
  insufficient_credits: 'The wallet does not hold enough credits for that.',
  idempotency_conflict: 'This was already sent with other values. Reload and try again.',
  invalid_transition: 'That status change is not allowed from the current status.',
  already_spun: "You've already spun today. Come back tomorrow for another go!",
  invalid_signature: 'The payment could not be verified.',
  amount_mismatch: 'The amount paid does not match the top-up.',
  gateway_txn_reused: 'That payment was already used for another top-up.',
  topup_disabled: 'Adding money is not available right now.',
  return_url_not_allowed: 'This page cannot be returned to after paying. Please try again from the app.',
  callback_disabled: 'Payment confirmations are not accepted right now.',
  deletion_blocked: 'The account cannot be deleted yet.',
  refund_exceeds_paid: 'That refund is more than what is still refundable on this order.',
  adjustment_not_allowed: 'Money enters a wallet only by top-up: an adjustment takes credits, or gives back an earlier debit.',
  adjustment_not_reversible: 'Only a debit can be given back.',
  reversal_exceeds_debit: 'That is more than what remains of this debit to give back.',
  topup_already_completed: 'This top-up was already paid; the second payment is not added and will be returned.',
  invalid_deletion_token: 'The confirmation has expired. Ask for a new code.',
  last_owner: 'The last active owner cannot be demoted, disabled or deleted. Make someone else an owner first.',
  invalid_mfa_token: 'The sign-in took too long or was already used. Sign in again.',
  invalid_mfa_code: 'That code is not right, or it was already used. Wait for the next code and try again.',
  mfa_already_enabled: 'Two-factor sign-in is already on.',
  mfa_not_enabled: 'Two-factor sign-in is not on.',
  invalid_invite: 'That invite code is not right, has expired or was already used. Ask for a new invite.',
};

const known = (code: string): code is ErrorCode => Object.hasOwn(ERROR_WORDS, code);

/** The words for `code` (the screen's own first), or undefined for a code no table knows. */
export function errorWords(code: string | undefined, own: ErrorWords = {}): string | undefined {
  return code && known(code) ? (own[code] ?? ERROR_WORDS[code]) : undefined;
}
