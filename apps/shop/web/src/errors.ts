/**
 * Every failure the shopper can meet, in plain words: the shared table of `@storefront/web` (keyed by
 * the API's generated codes) with the shopper's own words where they differ.
 * `ShopError` carries the status and the API's body; `describeError` turns one into a sentence,
 * and `errorAction` says which next step the screen should offer.
 */
import { ERROR_WORDS, errorWords, type ErrorWords } from '@storefront/web';

export interface ApiErrorBody {
  error?: string;
  message?: string;
  code?: string;
  retry_after?: number;
  product_id?: string;
  blockers?: string[];
  details?: unknown;
}

export class ShopError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(body.error ?? `http_${status}`);
    this.status = status;
    this.body = body;
  }
  get code(): string {
    return this.body.error ?? '';
  }
}

/** Status 0: the request never got an answer (offline, timeout, connection dropped). */
export const networkError = (): ShopError => new ShopError(0, { error: 'network' });

/**
 * The shopper's words where they differ from the shared table (`@storefront/web`): conflict is
 * only ever a taken phone number here, and the cart is what an order error is about.
 */
const WORDS = {
  network: 'No connection to the shop. Check your internet and try again.',
  api_unavailable: 'The shop is not answering right now. Try again in a moment.',
  otp_send_failed: 'We could not send the SMS just now. Please try again later.',
  conflict: 'This phone number already has an account. Sign in instead.',
  not_found: 'We could not find that.',
  insufficient_credits: 'Your wallet does not have enough credits for this order.',
  invalid_product: 'A product in your cart is no longer sold.',
  out_of_stock: 'There is not enough stock for an item in your cart.',
  idempotency_conflict: 'Your cart changed while the order was being placed. Check it and try again.',
  invalid_transition: 'This order can no longer be changed.',
  email_disabled: 'Email verification is not available on this shop yet.',
  deletion_blocked: 'Your account cannot be deleted yet.',
  validation_failed: 'Please check what you entered.',
  payload_too_large: 'That is too long.',
} satisfies ErrorWords;

const RATE_WORDS: Record<string, string> = {
  OTP_RATE_LIMITED: 'Too many codes asked for.',
  EMAIL_OTP_RATE_LIMITED: 'Too many codes asked for.',
  TICKET_RATE_LIMITED: 'You have opened many tickets recently.',
  IP_RATE_LIMITED: 'Too many attempts from this network.',
  LOGIN_RATE_LIMITED: 'Too many sign-in attempts.',
};

const BLOCKERS: Record<string, string> = {
  open_orders: 'you have orders that are not finished yet',
  wallet_balance: 'your wallet still has a balance',
};

export function blockerWords(blockers: readonly string[]): string {
  return blockers.map((b) => BLOCKERS[b] ?? b).join(' and ');
}

const FIELDS: Record<string, string> = {
  phone: 'phone number',
  password: 'password',
  new_password: 'new password',
  full_name: 'name',
  email: 'email address',
  otp: 'code',
  amount: 'amount',
  subject: 'subject',
  message: 'message',
  referral_code: 'referral code',
  reason: 'reason',
};

/** The fields a 400 names (`details: [{field: "body/phone"}]`), in words, without repeats. */
function fieldsOf(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  const names = details.map((d) => String((d as { field?: unknown })?.field ?? '').split('/').pop() ?? '').map((f) => FIELDS[f] ?? '');
  return [...new Set(names.filter(Boolean))];
}

/** "in 45 s", "in 3 min". */
export function waitWords(seconds: number): string {
  return seconds < 90 ? `in ${seconds} s` : `in ${Math.ceil(seconds / 60)} min`;
}

/**
 * Plain words for an error. `productName` names the product an order error points at
 * (`out_of_stock`, `invalid_product`).
 */
export function describeError(err: unknown, productName?: (id: string) => string | undefined): string {
  if (!(err instanceof ShopError)) return ERROR_WORDS.internal;
  const { body, status } = err;
  const code = err.code;
  if (code === 'rate_limited') {
    const lead = RATE_WORDS[body.code ?? ''] ?? 'Too many attempts.';
    return typeof body.retry_after === 'number' ? `${lead} Try again ${waitWords(body.retry_after)}.` : `${lead} Try again a little later.`;
  }
  const name = body.product_id ? productName?.(body.product_id) : undefined;
  if (code === 'out_of_stock' && name) return `Sorry, there is not enough stock of “${name}”. Lower the quantity or remove it.`;
  if (code === 'invalid_product' && name) return `“${name}” is no longer sold. Remove it from your cart to continue.`;
  if (code === 'deletion_blocked' && Array.isArray(body.blockers) && body.blockers.length > 0) {
    return `Your account cannot be deleted yet: ${blockerWords(body.blockers)}.`;
  }
  if (code === 'validation_failed') {
    const fields = fieldsOf(body.details);
    return fields.length > 0 ? `Please check the ${fields.join(' and the ')}.` : WORDS.validation_failed;
  }
  const known = errorWords(code, WORDS);
  if (known) return known;
  if (status >= 500 || status === 0) return ERROR_WORDS.internal;
  return typeof body.message === 'string' && body.message ? body.message : WORDS.validation_failed;
}

export type ErrorAction = 'top_up' | 'edit_cart' | 'sign_in' | 'retry' | null;

/** The next step a screen offers with the error: top up, fix the cart, sign in, or try again. */
export function errorAction(err: unknown): ErrorAction {
  if (!(err instanceof ShopError)) return 'retry';
  if (err.code === 'insufficient_credits') return 'top_up';
  if (err.code === 'out_of_stock' || err.code === 'invalid_product' || err.code === 'idempotency_conflict') return 'edit_cart';
  // A wrong code or password is a 401 too, but the fix there is the form, not signing in again.
  if (err.status === 401 && (err.code === 'unauthorized' || err.code === 'session_ended')) return 'sign_in';
  if (err.status === 0 || err.status >= 500) return 'retry';
  return null;
}

/**
 * True when the request may or may not have been carried out (no answer, or a gateway error in
 * between): the caller retries with the same Idempotency-Key rather than a new one.
 */
export const outcomeUnknown = (err: unknown): boolean => !(err instanceof ShopError) || err.status === 0 || err.status >= 500;
