import type { ApiError } from '@storefront/client';

/** What an openapi-fetch call of the typed client resolves to. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits a typed call and returns its data, or throws what `fail` makes of the status and the
 * error body (docs/contracts.md §2): status 0 with `{error: 'network'}` when no answer came (the
 * fetch failed or timed out). An error the app's own fetch threw on purpose passes through.
 */
export async function call<T>(p: Promise<Answer<T>>, fail: (status: number, body: Partial<ApiError>) => Error): Promise<T> {
  let r: Answer<T>;
  try {
    r = await p;
  } catch (err) {
    throw err instanceof TypeError || err instanceof DOMException ? fail(0, { error: 'network' }) : err;
  }
  if (r.response.ok) return r.data as T;
  throw fail(r.response.status, r.error && typeof r.error === 'object' ? r.error : {});
}
