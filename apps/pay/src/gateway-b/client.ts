import { createHash, randomBytes } from 'node:crypto';
import type { GatewayBConfig } from '../config.ts';
import { httpRequest, HttpUnavailable, type HttpResponse } from '../lib/http.ts';
import { decimalToMinor } from '../lib/money.ts';

/** Gateway B speaks PayPal's Orders v2: OAuth client credentials, create, capture, webhook verify. */

export class GatewayBError extends Error {}

export interface CompletedCapture {
  captureId: string;
  orderId: string | null;
  /** The top-up token, from the unit's (or capture's) custom_id. */
  token: string | null;
  amount: number;
  currency: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** The completed capture of an order (capture answer or GET order), or null when not paid. */
export function completedCaptureOfOrder(order: any): CompletedCapture | null {
  const unit = order?.purchase_units?.[0];
  const captures: any[] = Array.isArray(unit?.payments?.captures) ? unit.payments.captures : [];
  const capture = captures.find((c) => c?.status === 'COMPLETED');
  if (!capture || order?.status !== 'COMPLETED') return null;
  return captureOf(capture, str(order?.id), str(unit?.custom_id));
}

/** A capture resource (as in the PAYMENT.CAPTURE.COMPLETED webhook) turned into our shape. */
export function captureOf(capture: any, orderId: string | null, unitCustomId: string | null = null): CompletedCapture | null {
  const currency = str(capture?.amount?.currency_code);
  const id = str(capture?.id);
  if (!id || !currency || capture?.status !== 'COMPLETED') return null;
  const amount = decimalToMinor(capture?.amount?.value, currency);
  if (amount === null) return null;
  return {
    captureId: id,
    orderId: orderId ?? str(capture?.supplementary_data?.related_ids?.order_id),
    token: unitCustomId ?? str(capture?.custom_id),
    amount,
    currency,
  };
}

export class GatewayBClient {
  #accessToken: { value: string; expiresAt: number } | null = null;

  private readonly cfg: GatewayBConfig;
  private readonly timeoutMs: number;
  private readonly nowMs: () => number;

  constructor(cfg: GatewayBConfig, timeoutMs: number, nowMs: () => number) {
    this.cfg = cfg;
    this.timeoutMs = timeoutMs;
    this.nowMs = nowMs;
  }

  async #token(): Promise<string> {
    if (this.#accessToken && this.#accessToken.expiresAt > this.nowMs()) return this.#accessToken.value;
    const basic = Buffer.from(`${this.cfg.clientId}:${this.cfg.clientSecret}`).toString('base64');
    const res = await httpRequest('gateway b', `${this.cfg.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      timeoutMs: this.timeoutMs,
    });
    const token = str(res.json?.access_token);
    if (res.status !== 200 || !token) throw new GatewayBError(`gateway b oauth failed with ${res.status}`);
    const ttl = typeof res.json.expires_in === 'number' ? res.json.expires_in : 300;
    // Renew a minute early so a token never expires mid-call.
    this.#accessToken = { value: token, expiresAt: this.nowMs() + Math.max(0, ttl - 60) * 1000 };
    return token;
  }

  async #call(method: string, path: string, body?: unknown, requestId?: string, retried = false): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await this.#token()}`,
      'content-type': 'application/json',
      accept: 'application/json',
      prefer: 'return=representation',
    };
    if (requestId) headers['paypal-request-id'] = requestId;
    const res = await httpRequest('gateway b', `${this.cfg.apiBase}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      timeoutMs: this.timeoutMs,
    });
    if (res.status === 401 && !retried) {
      // The cached access token was revoked or expired early: get a new one and try once more.
      this.#accessToken = null;
      return this.#call(method, path, body, requestId, true);
    }
    return res;
  }

  /**
   * Creates (or, for the same token, finds again: the request id is derived from the token) the
   * order that pays one top-up, and returns its id and approve link.
   */
  async createOrder(input: { token: string; amount: string; currency: string; returnUrl: string; cancelUrl: string }): Promise<{ id: string; approveUrl: string }> {
    const requestId = `sf-topup-${createHash('sha256').update(input.token).digest('hex').slice(0, 40)}`;
    const res = await this.#call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: input.token, description: 'Wallet top-up', amount: { currency_code: input.currency, value: input.amount } }],
        payment_source: {
          paypal: {
            experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' },
          },
        },
        application_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' },
      },
      requestId,
    );
    const id = str(res.json?.id);
    const links: any[] = Array.isArray(res.json?.links) ? res.json.links : [];
    const approve = links.find((l) => l?.rel === 'payer-action') ?? links.find((l) => l?.rel === 'approve');
    const approveUrl = str(approve?.href);
    if (res.status < 200 || res.status >= 300 || !id || !approveUrl) throw new GatewayBError(`gateway b create order failed with ${res.status}`);
    const u = new URL(approveUrl);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new GatewayBError('gateway b approve link is not http(s)');
    return { id, approveUrl };
  }

  async getOrder(orderId: string): Promise<any> {
    const res = await this.#call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new GatewayBError(`gateway b get order failed with ${res.status}`);
    return res.json;
  }

  /**
   * Captures an approved order. Capturing twice is harmless: an order captures once, and an
   * already captured order answers 422 and is then read back, so return, retry and reload all end
   * the same way. The request id is fresh per call because the gateway replays a stored answer
   * for a repeated id, and a payer who was declined may approve again with another card.
   */
  async capture(orderId: string): Promise<{ order: any; declined: boolean }> {
    const requestId = `sf-capture-${orderId}-${randomBytes(6).toString('hex')}`;
    const res = await this.#call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId);
    if (res.status === 200 || res.status === 201) return { order: res.json, declined: false };
    if (res.status === 422 || res.status === 409) {
      // Already captured, not approved or declined: the order itself says which.
      const order = await this.getOrder(orderId);
      return { order, declined: completedCaptureOfOrder(order) === null };
    }
    if (res.status === 404) return { order: null, declined: true };
    throw new GatewayBError(`gateway b capture failed with ${res.status}`);
  }

  /** Asks gateway B whether a webhook delivery is genuine. Any doubt is a no. */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<boolean> {
    const h = (name: string): string | null => {
      const v = headers[name];
      return typeof v === 'string' && v.length > 0 ? v : null;
    };
    const fields = {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
    };
    if (Object.values(fields).some((v) => v === null)) return false;
    try {
      const res = await this.#call('POST', '/v1/notifications/verify-webhook-signature', { ...fields, webhook_id: this.cfg.webhookId, webhook_event: event });
      return res.status === 200 && res.json?.verification_status === 'SUCCESS';
    } catch (err) {
      if (err instanceof HttpUnavailable || err instanceof GatewayBError) throw err;
      return false;
    }
  }
}
