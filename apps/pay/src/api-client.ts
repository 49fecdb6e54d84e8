import type { FastifyBaseLogger } from 'fastify';
import { createStorefrontClient, type paths, type StorefrontClient } from '@storefront/client';
import { signAll } from '@storefront/signing';
import { HttpUnavailable, sleep } from './lib/http.ts';

/**
 * The signed calls to the Storefront API (docs/contracts.md §6), made with the typed client generated from
 * the API's OpenAPI document (`@storefront/client`): request bodies and answers (success and error)
 * are the API's own types, so a changed route, body or answer fails type-checking here. Every body
 * is signed with `@storefront/signing`, the same package the API verifies with, over the exact
 * bytes sent, so the scheme cannot drift.
 */

type Post<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
/** What the route answers with 200. */
type Ok<P extends keyof paths> = Post<P> extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;
/** The JSON body the route takes. */
type Body<P extends keyof paths> = Post<P> extends { requestBody: { content: { 'application/json': infer T } } } ? T : never;

export type CreditInput = Body<'/api/v1/wallet/topup-credit'>;
export type Gateway = CreditInput['gateway'];

/** The top-up as the page uses it: the lookup's answer, with the offered gateways as codes. */
export type Topup = Omit<Ok<'/api/v1/wallet/topup-lookup'>, 'gateways'> & {
  /** Gateway codes the API lets the page offer for this amount, in display order; absent: all. */
  gateways?: string[];
};

export type LookupResult = { kind: 'found'; topup: Topup } | { kind: 'not_found' } | { kind: 'unavailable' };

export type CreditResult =
  | { kind: 'credited'; balance: number }
  | { kind: 'duplicate' }
  /** The API refused for good (amount mismatch, unknown token, bad signature…): retrying cannot help. */
  | { kind: 'rejected'; status: number; error: string }
  /** Network failure, timeout or 5xx after every retry: the credit is still owed. */
  | { kind: 'unavailable' };

export interface ApiClientOptions {
  baseUrl: string;
  secrets: string[] | null;
  timeoutMs: number;
  nowSeconds: () => number;
  log: FastifyBaseLogger;
  /** Pauses between attempts of one call; their count + 1 is the number of attempts. */
  retryDelaysMs?: number[];
}

const isRetryable = (status: number): boolean => status >= 500 || status === 429 || status === 408;

/** One answer of the typed client: `data` on success, `error` otherwise, each typed by the route. */
interface Answer<D, E> {
  response: Response;
  data?: D;
  error?: E;
}
type Answered<D, E> = { status: number; data?: D; error?: E };

export class StorefrontApi {
  readonly retryDelaysMs: number[];
  private readonly client: StorefrontClient | null;
  private readonly o: ApiClientOptions;
  constructor(o: ApiClientOptions) {
    this.o = o;
    this.retryDelaysMs = o.retryDelaysMs ?? [250, 1000, 3000];
    const secrets = o.secrets;
    // Signed afresh on every attempt (the hook runs per request), so a late retry is not refused as stale.
    this.client =
      secrets === null ? null : createStorefrontClient(o.baseUrl, { sign: (raw) => ({ 'x-store-signature': signAll(secrets, raw, o.nowSeconds()) }) });
  }

  get configured(): boolean {
    return this.o.secrets !== null;
  }

  /** One signed POST, retried on network errors, timeouts and 5xx; null when never answered. */
  private async post<D, E>(
    endpoint: string,
    call: (client: StorefrontClient, signal: AbortSignal) => Promise<Answer<D, E>>,
    retryDelaysMs = this.retryDelaysMs,
  ): Promise<Answered<D, E> | null> {
    if (this.client === null) return null;
    for (let attempt = 0; ; attempt++) {
      try {
        let answer: Answer<D, E>;
        try {
          answer = await call(this.client, AbortSignal.timeout(this.o.timeoutMs));
        } catch (err) {
          throw new HttpUnavailable('storefront api', err);
        }
        const status = answer.response.status;
        if (!isRetryable(status) || attempt >= retryDelaysMs.length) return isRetryable(status) ? null : { status, data: answer.data, error: answer.error };
        this.o.log.warn({ endpoint, status, attempt }, 'storefront api answered with a retryable status');
      } catch (err) {
        if (!(err instanceof HttpUnavailable)) throw err;
        this.o.log.warn({ endpoint, attempt, reason: err.message }, 'storefront api unreachable');
        if (attempt >= retryDelaysMs.length) return null;
      }
      await sleep(retryDelaysMs[attempt]!);
    }
  }

  /** What `token` pays for; `once` asks a single time (a page that only wants the way back must not wait through retries). */
  async lookup(token: string, options: { once?: boolean } = {}): Promise<LookupResult> {
    const res = await this.post('topup-lookup', (c, signal) => c.POST('/api/v1/wallet/topup-lookup', { body: { token }, signal }), options.once ? [] : undefined);
    if (res === null) return { kind: 'unavailable' };
    if (res.status === 404) return { kind: 'not_found' };
    const t = res.data;
    // Amounts are money: a body that is not the API's (a proxy's 200) is never read as one.
    if (res.status === 200 && t && Number.isSafeInteger(t.amount) && typeof t.currency === 'string' && typeof t.status === 'string') {
      const topup: Topup = { status: t.status, amount: t.amount, currency: t.currency, expires_at: String(t.expires_at ?? '') };
      if (typeof t.return_url === 'string') topup.return_url = t.return_url;
      if (Array.isArray(t.gateways)) topup.gateways = t.gateways.map((g) => g?.code).filter((code) => typeof code === 'string');
      return { kind: 'found', topup };
    }
    this.o.log.error({ status: res.status, error: res.error?.error }, 'topup-lookup refused');
    return res.status === 400 ? { kind: 'not_found' } : { kind: 'unavailable' };
  }

  /** Tells the API which gateway B order pays this token so its status poll can verify it. */
  async attach(token: string, gatewayOrderId: string): Promise<boolean> {
    const res = await this.post('topup-attach', (c, signal) =>
      c.POST('/api/v1/wallet/topup-attach', { body: { token, gateway: 'gateway_b', gateway_order_id: gatewayOrderId }, signal }),
    );
    if (res?.status === 200) return true;
    this.o.log.warn({ status: res?.status ?? null, error: res?.error?.error }, 'topup-attach failed');
    return false;
  }

  /**
   * Tells the API the gateway declined a payment for this token, so the shop shows it at once.
   * Asked once: the payer is on their way back, and without it the shop still shows "not yet"
   * until the top-up expires. It never blocks a later credit.
   */
  async decline(token: string, gateway: Gateway): Promise<boolean> {
    const res = await this.post('topup-decline', (c, signal) => c.POST('/api/v1/wallet/topup-decline', { body: { token, gateway }, signal }), []);
    if (res?.status === 200) return true;
    this.o.log.warn({ status: res?.status ?? null, error: res?.error?.error }, 'topup-decline failed');
    return false;
  }

  async credit(input: CreditInput): Promise<CreditResult> {
    const res = await this.post('topup-credit', (c, signal) => c.POST('/api/v1/wallet/topup-credit', { body: input, signal }));
    if (res === null) return { kind: 'unavailable' };
    const b = res.data;
    if (res.status === 200 && b?.credited === true) return { kind: 'credited', balance: b.balance };
    if (res.status === 200 && b?.credited === false && b.duplicate === true) return { kind: 'duplicate' };
    return { kind: 'rejected', status: res.status, error: typeof res.error?.error === 'string' ? res.error.error : 'unexpected_response' };
  }
}
