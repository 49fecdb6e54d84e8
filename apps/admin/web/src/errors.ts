/**
 * API errors in the portal's plain words: the shared table of `@storefront/web` (keyed by the
 * API's generated error codes) with the portal's own words where they differ, the API's message
 * beside them, and the fields a 400 names.
 */
import type { ApiError as ApiErrorBody } from '@storefront/client';
import { errorWords, type ErrorWords } from '@storefront/web';

/** The portal's words where they differ from the shared table (`@storefront/web`). */
const WORDS = {
  network: 'The portal could not be reached. Check your connection.',
  api_unavailable: 'The Storefront API could not be reached. Try again shortly.',
  internal: 'The server had a problem. Try again, and tell the developers if it keeps happening.',
  not_found: 'That item no longer exists.',
  invalid_credentials: 'Wrong phone number or password, or this account is not an admin.',
  uploads_disabled: 'Image uploads are turned off on this server (no media directory is set).',
  insufficient_credits: 'The wallet does not hold that much; a debit can never take it below zero.',
  idempotency_conflict: 'This form was already sent with other values; reload the page and try again.',
} satisfies ErrorWords;

/** Plain words for an API error body. */
export function describeError(status: number, body: Partial<ApiErrorBody> | undefined): string {
  const code = typeof body?.error === 'string' ? body.error : '';
  const message = typeof body?.message === 'string' ? body.message : '';
  if (code === 'not_found' && /^No route/i.test(message)) return 'This part of the back office is not available on this API version yet.';
  // Signed in, but the current password asked for again (two-factor set-up) was wrong.
  if (code === 'invalid_credentials' && status === 403) return 'That password is not right.';
  const known = errorWords(code, WORDS);
  let text = known ?? message;
  if (!text) text = status >= 500 || status === 0 ? WORDS.internal : `The request failed (${status}${code ? `: ${code}` : ''}).`;
  const details = Array.isArray(body?.details) ? (body.details as unknown[]) : [];
  if (code === 'validation_failed' && details.length > 0) {
    const fields = details
      .map((d) => {
        if (typeof d === 'string') return d;
        const o = (d ?? {}) as { field?: string; path?: string; instancePath?: string; message?: string };
        return [o.field ?? o.path ?? o.instancePath, o.message].filter(Boolean).join(' ');
      })
      .filter(Boolean)
      .join('; ');
    if (fields) text += ` ${fields}.`;
  } else if (known && message && message !== known && code !== 'internal') {
    text += ` (${message})`;
  }
  if (typeof body?.retry_after === 'number') text += ` Try again in ${body.retry_after} s.`;
  return text;
}
