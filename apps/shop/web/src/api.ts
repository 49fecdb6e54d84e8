/**
 * The typed API client (`@storefront/client`, generated from the API's OpenAPI document) on the
 * shop's own origin — the shop server forwards `/api/v1/*` — with the session's token handling.
 */
import { createStorefrontClient, type paths } from '@storefront/client';
import { call as callWith } from '@storefront/web';
import { createSession } from './session.ts';
import { ShopError } from './errors.ts';

const endedListeners = new Set<() => void>();
export function onSessionEnded(fn: () => void): () => void {
  endedListeners.add(fn);
  return () => endedListeners.delete(fn);
}

export const session = createSession({
  fetch: (r) => fetch(r),
  store: localStorage,
  refreshUrl: new URL('/api/v1/auth/refresh', location.origin).toString(),
  ...(navigator.locks ? { lock: <T,>(fn: () => Promise<T>) => navigator.locks.request('sf-shop-refresh', fn) as Promise<T> } : {}),
  onEnded: () => endedListeners.forEach((fn) => fn()),
});

// openapi-fetch hands over a Request; the wider signature is the client option's type.
export const client = createStorefrontClient(location.origin, {
  fetch: (input, init) => session.fetch(input instanceof Request ? input : new Request(input, init)),
});

/** Awaits a typed call and returns its data, or throws a ShopError: status 0 when no answer came. */
export const call = <T,>(p: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> => callWith(p, (status, body) => new ShopError(status, body));

/** The JSON a route answers with on success (200, else 201), from the generated types. */
type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } }
  ? T
  : paths[P][M] extends { responses: { 201: { content: { 'application/json': infer T } } } }
    ? T
    : never;

export type Product = Ok<'/api/v1/products/{id}', 'get'>;
export type Category = Ok<'/api/v1/categories', 'get'>['items'][number];
export type Order = Ok<'/api/v1/orders/{id}', 'get'>;
export type Quote = Ok<'/api/v1/orders/quote', 'post'>;
export type Wallet = Ok<'/api/v1/wallet', 'get'>;
export type Transaction = Ok<'/api/v1/wallet/transactions', 'get'>['items'][number];
export type Me = Ok<'/api/v1/me', 'get'>;
export type Ticket = Ok<'/api/v1/tickets/{id}', 'get'>;
export type TicketSummary = Ok<'/api/v1/tickets', 'get'>['items'][number];
export type DeletionStatus = Ok<'/api/v1/account/deletion/status', 'get'>;

/**
 * Product pictures the API stores are served at `<PUBLIC_BASE_URL>/media/<key>`; the shop server
 * forwards `/media/*`, so they are loaded from the shop's own origin whatever that base is (and
 * the CSP needs no other image origin). Pictures hosted elsewhere keep their URL.
 */
export function mediaSrc(url: string): string {
  try {
    const u = new URL(url, location.origin);
    return /^\/media\/[^/]+$/.test(u.pathname) ? u.pathname : url;
  } catch {
    return url;
  }
}
