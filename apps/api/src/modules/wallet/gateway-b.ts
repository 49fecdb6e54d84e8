/**
 * Gateway B (PayPal Orders v2 shape) as the status poll needs it: an OAuth client-credentials
 * token, cached until shortly before it expires, and one order read. Every call has a time bound;
 * callers run it outside any database transaction.
 */
import type { GatewayBConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

export class GatewayBError extends Error {}

export interface GatewayBCapture {
  id?: string;
  status?: string;
  amount?: { value?: string; currency_code?: string };
}

export interface GatewayBOrder {
  id?: string;
  status?: string;
  purchase_units?: Array<{ custom_id?: string; payments?: { captures?: GatewayBCapture[] } }>;
}

/** Refresh the token this long before the gateway says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

export class GatewayBClient {
  #token: { value: string; expiresAt: number } | null = null;
  #pending: Promise<string> | null = null;

  private readonly config: GatewayBConfig;
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  constructor(config: GatewayBConfig, clock: Clock, timeoutMs = config.timeoutMs) {
    this.config = config;
    this.clock = clock;
    this.timeoutMs = timeoutMs;
  }

  async #fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const res = await fetch(`${this.config.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new GatewayBError(`oauth answered ${res.status}`);
    const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new GatewayBError('oauth answer has no access_token');
    const ttlSeconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    const ttlMs = Math.max(0, ttlSeconds * 1000 - EXPIRY_MARGIN_MS);
    this.#token = { value: body.access_token, expiresAt: this.clock.now().getTime() + ttlMs };
    return body.access_token;
  }

  async accessToken(): Promise<string> {
    if (this.#token && this.clock.now().getTime() < this.#token.expiresAt) return this.#token.value;
    // Simultaneous polls share one token request.
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Reads an order; a 401 drops the cached token and retries once. */
  async getOrder(orderId: string): Promise<GatewayBOrder> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.accessToken();
      const res = await fetch(`${this.config.apiBase}/v2/checkout/orders/${encodeURIComponent(orderId)}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (res.status === 401 && attempt === 0) {
        this.#token = null;
        await res.body?.cancel();
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new GatewayBError(`orders answered ${res.status}`);
      }
      return (await res.json()) as GatewayBOrder;
    }
    throw new GatewayBError('orders refused a fresh token');
  }
}

import { decimalToMinor } from '@storefront/money';

export { currencyExponent, decimalToMinor, minorToDecimal } from '@storefront/money';

export type OrderVerdict =
  | { ok: true; captureId: string }
  | { ok: false; final: boolean; reason: string };

/**
 * CONTRACTS §6: credit only when the order is COMPLETED, a capture in the first purchase unit is
 * COMPLETED, the unit's custom_id is this token and the captured amount and currency match.
 * `final: false` means "not paid yet" (keep polling); `final: true` is a mismatch worth logging.
 */
export function verifyOrder(order: GatewayBOrder, expect: { token: string; amount: number; currency: string }): OrderVerdict {
  if (order.status !== 'COMPLETED') return { ok: false, final: false, reason: `order_status_${String(order.status ?? 'missing').toLowerCase()}` };
  const unit = order.purchase_units?.[0];
  if (!unit || unit.custom_id !== expect.token) return { ok: false, final: true, reason: 'custom_id_mismatch' };
  const capture = unit.payments?.captures?.find((c) => c.status === 'COMPLETED');
  if (!capture || typeof capture.id !== 'string' || capture.id === '') return { ok: false, final: false, reason: 'no_completed_capture' };
  const currency = capture.amount?.currency_code;
  if (currency !== expect.currency) return { ok: false, final: true, reason: 'currency_mismatch' };
  const captured = decimalToMinor(capture.amount?.value, expect.currency);
  if (captured === null || captured !== expect.amount) return { ok: false, final: true, reason: 'amount_mismatch' };
  return { ok: true, captureId: capture.id };
}
