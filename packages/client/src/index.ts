/**
 * The typed Storefront API client: openapi-fetch over the types generated from the API's own
 * OpenAPI document (src/schema.d.ts). Paths are the API's full paths, e.g.
 * `client.GET('/api/v1/me')`.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.d.ts';

export type { components, operations, paths };
export { API_ERROR_CODES, type ApiErrorCode } from './error-codes.ts';
export type StorefrontClient = Client<paths>;

export interface ClientOptions {
  /** A custom token, sent as `x-sdk-access-token` on every call. */
  token?: string;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
  /** A fetch implementation (tests, proxies); defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /**
   * Signs the exact request body bytes, returning headers to add — how the payment server adds
   * `X-Store-Signature` to its signed calls (the signature covers the raw body).
   */
  sign?: (rawBody: string) => Record<string, string> | Promise<Record<string, string>>;
}

/** The error body every non-2xx answer carries (docs/contracts.md §2). */
export interface ApiError {
  error: string;
  message?: string;
  code?: string;
  details?: unknown;
  retry_after?: number;
}

export function createStorefrontClient(baseUrl: string, options: ClientOptions = {}): StorefrontClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['x-sdk-access-token'] = options.token;
  const client = createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const sign = options.sign;
  if (sign) {
    const signer: Middleware = {
      async onRequest({ request }) {
        const raw = request.body ? await request.clone().text() : '';
        for (const [name, value] of Object.entries(await sign(raw))) request.headers.set(name, value);
        return request;
      },
    };
    client.use(signer);
  }
  return client;
}
