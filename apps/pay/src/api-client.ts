import type { FastifyBaseLogger } from 'fastify';
import { createStorefrontClient, type StorefrontClient } from '@storefront/client';
import { signAll } from '@storefront/signing';
import { fieldsOf, HttpUnavailable, sleep, type HttpResponse } from './lib/http.ts';

/**
 * The signed calls to the Storefront API (docs/contracts.md §6), made with the typed client generated from
 * the API's OpenAPI document (`@storefront/client`), so a changed route or body fails type-checking
 * here. Every body is signed with `@storefront/signing`, the same package the API verifies with,
 * over the exact bytes sent, so the scheme cannot drift.
 */

export type Gateway = 'gateway_a' | 'gateway_b';

export interface Topup {
  status: string;
  amount: number;
  currency: string;
  expires_at: string;
  /** Gateway codes the API lets the page offer for this amount, in display order; absent from an older API (then all). */
  gateways?: string[];
}

export type LookupResult = { kind: 'found'; topup: Topup } | { kind: 'not_found' } | { kind: 'unavailable' };

export interface CreditInput {
  token: string;
  amount: number;
  currency: string;
  gateway: Gateway;
  gateway_txn_id: string;
}

export type CreditResult =
  | { kind: 'credited'; balance: number | null }
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

/** One answer of the typed client, as the retry loop sees it. */
interface Answer {
  response: Response;
  data?: unknown;
  error?: unknown;
}

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
  private async post(endpoint: string, call: (client: StorefrontClient, signal: AbortSignal) => Promise<Answer>): Promise<HttpResponse | null> {
    if (this.client === null) return null;
    for (let attempt = 0; ; attempt++) {
      try {
        let answer: Answer;
        try {
          answer = await call(this.client, AbortSignal.timeout(this.o.timeoutMs));
        } catch (err) {
          throw new HttpUnavailable('storefront api', err);
        }
        const res: HttpResponse = { status: answer.response.status, json: answer.data ?? answer.error, text: '' };
        if (!isRetryable(res.status) || attempt >= this.retryDelaysMs.length) return isRetryable(res.status) ? null : res;
        this.o.log.warn({ endpoint, status: res.status, attempt }, 'storefront api answered with a retryable status');
      } catch (err) {
        if (!(err instanceof HttpUnavailable)) throw err;
        this.o.log.warn({ endpoint, attempt, reason: err.message }, 'storefront api unreachable');
        if (attempt >= this.retryDelaysMs.length) return null;
      }
      await sleep(this.retryDelaysMs[attempt]!);
    }
  }

  async lookup(token: string): Promise<LookupResult> {
    const res = await this.post('topup-lookup', (c, signal) => c.POST('/api/v1/wallet/topup-lookup', { body: { token }, signal }));
    if (res === null) return { kind: 'unavailable' };
    if (res.status === 404) return { kind: 'not_found' };
    const b = fieldsOf(res.json);
    if (res.status === 200 && typeof b.amount === 'number' && Number.isSafeInteger(b.amount) && typeof b.currency === 'string' && typeof b.status === 'string') {
      const topup: Topup = { status: b.status, amount: b.amount, currency: b.currency, expires_at: String(b.expires_at ?? '') };
      if (Array.isArray(b.gateways)) topup.gateways = b.gateways.map((g: unknown) => fieldsOf(g).code).filter((c): c is string => typeof c === 'string');
      return { kind: 'found', topup };
    }
    this.o.log.error({ status: res.status, error: b.error }, 'topup-lookup refused');
    return res.status === 400 ? { kind: 'not_found' } : { kind: 'unavailable' };
  }

  /** Tells the API which gateway B order pays this token so its status poll can verify it. */
  async attach(token: string, gatewayOrderId: string): Promise<boolean> {
    const res = await this.post('topup-attach', (c, signal) =>
      c.POST('/api/v1/wallet/topup-attach', { body: { token, gateway: 'gateway_b', gateway_order_id: gatewayOrderId }, signal }),
    );
    if (res?.status === 200 || res?.status === 201 || res?.status === 204) return true;
    this.o.log.warn({ status: res?.status ?? null, error: fieldsOf(res?.json).error }, 'topup-attach failed');
    return false;
  }

  async credit(input: CreditInput): Promise<CreditResult> {
    const res = await this.post('topup-credit', (c, signal) => c.POST('/api/v1/wallet/topup-credit', { body: input, signal }));
    if (res === null) return { kind: 'unavailable' };
    const b = fieldsOf(res.json);
    if (res.status === 200 && b.credited === true) return { kind: 'credited', balance: typeof b.balance === 'number' ? b.balance : null };
    if (res.status === 200 && b.duplicate === true) return { kind: 'duplicate' };
    return { kind: 'rejected', status: res.status, error: typeof b.error === 'string' ? b.error : 'unexpected_response' };
  }
}
