/**
 * Calls the API through the portal (same origin): the portal adds the token. A 401 from the
 * portal means the session is over, so the app goes back to the login page.
 */
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();
export function onSessionEnded(fn: Listener): () => void {
  sessionEndedListeners.add(fn);
  return () => sessionEndedListeners.delete(fn);
}

const WORDS: Record<string, string> = {
  validation_failed: 'Some of the values are not valid.',
  unauthorized: 'Please sign in again.',
  session_ended: 'Your session has ended. Please sign in again.',
  forbidden: 'You are not allowed to do that.',
  not_found: 'That item no longer exists.',
  conflict: 'That clashes with something that already exists.',
  invalid_transition: 'That status change is not allowed from the current status.',
  rate_limited: 'Too many attempts. Wait a little and try again.',
  internal: 'The server had a problem. Try again, and tell the developers if it keeps happening.',
  uploads_disabled: 'Image uploads are turned off on this server (no media directory is set).',
  IMAGE_TOO_LARGE: 'That image is larger than 5 MB.',
  UNSUPPORTED_IMAGE_TYPE: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
  invalid_credentials: 'Wrong phone number or password, or this account is not an admin.',
  api_unavailable: 'The Storefront API could not be reached. Try again shortly.',
  payload_too_large: 'That is too large to send.',
  insufficient_credits: 'The wallet does not hold that much; a debit can never take it below zero.',
  idempotency_conflict: 'This form was already sent with other values; reload the page and try again.',
  refund_exceeds_paid: 'That refund is more than what is still refundable on this order.',
  adjustment_not_allowed: 'Money enters a wallet only by top-up: an adjustment takes credits, or gives back an earlier debit.',
  adjustment_not_reversible: 'Only a debit can be given back.',
  reversal_exceeds_debit: 'That is more than what remains of this debit to give back.',
  already_refunded: 'This order has already been fully refunded.',
  ticket_closed: 'This ticket is closed; reopen it before replying.',
};

/** Plain words for an API error body. */
export function describeError(status: number, body: any): string {
  const code: string = typeof body?.error === 'string' ? body.error : '';
  if (code === 'not_found' && typeof body?.message === 'string' && /^No route/i.test(body.message)) {
    return 'This part of the back office is not available on this API version yet.';
  }
  let text = WORDS[code] ?? (typeof body?.message === 'string' && body.message ? body.message : '');
  if (!text) text = status >= 500 ? WORDS.internal! : `The request failed (${status}${code ? `: ${code}` : ''}).`;
  if (code === 'validation_failed' && Array.isArray(body?.details) && body.details.length > 0) {
    const fields = body.details
      .map((d: any) => (typeof d === 'string' ? d : [d?.field ?? d?.path ?? d?.instancePath, d?.message].filter(Boolean).join(' ')))
      .filter(Boolean)
      .join('; ');
    if (fields) text += ` ${fields}.`;
  } else if (code && WORDS[code] && typeof body?.message === 'string' && body.message && code !== 'internal') {
    text += ` (${body.message})`;
  }
  if (typeof body?.retry_after === 'number') text += ` Try again in ${body.retry_after} s.`;
  return text;
}

export async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json', ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'The portal could not be reached. Check your connection.', null);
  }
  const text = await res.text();
  let data: any = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.status === 401 && !path.startsWith('/session/login')) {
    for (const fn of sessionEndedListeners) fn();
  }
  if (!res.ok) throw new ApiError(res.status, data?.error ?? 'error', describeError(res.status, data), data);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>('POST', path, body ?? {}, headers),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  del: <T>(path: string) => request<T>('DELETE', path),
};

/** Builds `/api/v1/admin/...?a=b` dropping empty parameters. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
