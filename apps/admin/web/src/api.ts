/**
 * The typed API client (`@storefront/client`, generated from the API's OpenAPI document) on the
 * portal's own origin: the portal proxies `/api/v1/*` to the API and adds the session's token
 * (src/proxy.ts). A 401 from the portal means the session is over, so the app goes back to its
 * login page. The portal's own `/session` routes are not the API's and are called with `portal`.
 */
import { createStorefrontClient, type ApiError as ApiErrorBody } from '@storefront/client';
import { call } from '@storefront/web';
import { describeError } from './errors.ts';

/** A failed call: the status (0 when no answer came), the API's error body, and plain words as the message. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ApiErrorBody>;

  constructor(status: number, body: Partial<ApiErrorBody>) {
    super(describeError(status, body));
    this.status = status;
    this.body = body;
  }
  get code(): string {
    return this.body.error ?? '';
  }
}

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();
export function onSessionEnded(fn: Listener): () => void {
  sessionEndedListeners.add(fn);
  return () => sessionEndedListeners.delete(fn);
}

async function portalFetch(input: Request): Promise<Response> {
  const res = await fetch(input);
  if (res.status === 401) for (const fn of sessionEndedListeners) fn();
  return res;
}

// openapi-fetch hands over a Request; the wider signature is the client option's type.
export const client = createStorefrontClient(location.origin, {
  fetch: (input, init) => portalFetch(input instanceof Request ? input : new Request(input, init)),
});

/** Awaits a typed call and returns its data, or throws an ApiError in plain words. */
export const api = <T,>(p: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> => call(p, (status, body) => new ApiError(status, body));

/** The portal's own routes (sign-in, the session, sign-out): JSON in, JSON out, the same errors. */
export async function portal<T>(method: 'GET' | 'POST', path: '/session' | '/session/login' | '/session/login/mfa' | '/session/accept-invite' | '/session/logout', body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (body !== undefined) init.headers = { ...init.headers, 'content-type': 'application/json' };
  // Only a call made while signed in can find the session ended: the sign-in steps, accepting an
  // invite and the first "am I signed in?" (a fresh visit's 401) are not an ending.
  const p = (path !== '/session/logout' ? fetch(path, init) : portalFetch(new Request(path, init))).then(async (response) => {
    const data: unknown = await response.json().catch(() => undefined);
    return response.ok ? { data: data as T, response } : { error: data, response };
  });
  return api(p);
}

/** Builds `/api/v1/admin/...?a=b` dropping empty parameters (CSV export links). */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
