/**
 * Gateway B speaks PayPal's Orders v2 scheme: OAuth client credentials, create an order, the payer
 * approves it at the gateway, capture, and webhooks verified by the gateway itself. The payment
 * server uses all of it; the API's status poll reads one order to credit a top-up whose callback
 * never arrived (docs/contracts.md §6). One client and one reading of a paid order serve both, so
 * the two can never disagree about what "paid" means.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decimalToMinor } from '@storefront/money';

export interface GatewayBSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** Needed only to verify webhooks (the payment server). */
  webhookId?: string | null;
}

/** The gateway answered, but not with what the call needs; the message names the call and status. */
export class GatewayBError extends Error {}

/** The gateway could not be reached, or did not answer within the time bound. */
export class GatewayBUnavailable extends Error {
  readonly reason: 'gateway_timeout' | 'gateway_unreachable';
  constructor(cause: unknown) {
    const timeout = (cause as Error | null)?.name === 'TimeoutError';
    super(`gateway b ${timeout ? 'timed out' : `unreachable: ${cause instanceof Error ? cause.message : String(cause)}`}`);
    this.reason = timeout ? 'gateway_timeout' : 'gateway_unreachable';
  }
}

export interface GatewayBCapture {
  id?: unknown;
  status?: unknown;
  custom_id?: unknown;
  amount?: { value?: unknown; currency_code?: unknown };
  supplementary_data?: { related_ids?: { order_id?: unknown } };
}

/** An order as the gateway returns it: outside data, so every field is checked before use. */
export interface GatewayBOrder {
  id?: unknown;
  status?: unknown;
  purchase_units?: Array<{ custom_id?: unknown; payments?: { captures?: Array<GatewayBCapture | null> } } | null>;
  links?: Array<{ rel?: unknown; href?: unknown } | null>;
}

export interface CompletedCapture {
  captureId: string;
  orderId: string | null;
  /** The top-up token, from the unit's (or the capture's) custom_id. */
  token: string | null;
  /** Integer minor units of `currency`. */
  amount: number;
  currency: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** A field of a parsed JSON body that may be anything. */
const field = (json: unknown, key: string): unknown => (typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[key] : undefined);

function firstUnit(order: GatewayBOrder | null | undefined) {
  return Array.isArray(order?.purchase_units) ? order.purchase_units[0] : undefined;
}

function completedCaptureIn(unit: ReturnType<typeof firstUnit>): GatewayBCapture | undefined {
  const captures = unit?.payments?.captures;
  return Array.isArray(captures) ? (captures.find((c) => c?.status === 'COMPLETED') ?? undefined) : undefined;
}

/** A capture resource (as in the `PAYMENT.CAPTURE.COMPLETED` webhook) in our terms, or null. */
export function captureOf(capture: GatewayBCapture | null | undefined, orderId: string | null, unitCustomId: string | null = null): CompletedCapture | null {
  const currency = str(capture?.amount?.currency_code);
  const id = str(capture?.id);
  if (!id || !currency || capture?.status !== 'COMPLETED') return null;
  const amount = decimalToMinor(capture.amount?.value, currency);
  if (amount === null) return null;
  return {
    captureId: id,
    orderId: orderId ?? str(capture.supplementary_data?.related_ids?.order_id),
    token: unitCustomId ?? str(capture.custom_id),
    amount,
    currency,
  };
}

/** The completed capture of a completed order (a capture answer or an order read), or null. */
export function completedCapture(order: GatewayBOrder | null | undefined): CompletedCapture | null {
  if (order?.status !== 'COMPLETED') return null;
  const unit = firstUnit(order);
  const capture = completedCaptureIn(unit);
  return capture ? captureOf(capture, str(order.id), str(unit?.custom_id)) : null;
}

export type OrderVerdict = { ok: true; captureId: string } | { ok: false; final: boolean; reason: string };

/**
 * Whether an order pays one top-up: the order is COMPLETED, a capture of its first unit is
 * COMPLETED, the unit's custom_id is the top-up's token, and the captured amount and currency are
 * the top-up's. `final: false` means "not paid yet" (keep polling); `final: true` is a mismatch
 * worth logging.
 */
export function verifyOrder(order: GatewayBOrder | null | undefined, expect: { token: string; amount: number; currency: string }): OrderVerdict {
  if (order?.status !== 'COMPLETED') return { ok: false, final: false, reason: `order_status_${(str(order?.status) ?? 'missing').toLowerCase()}` };
  const unit = firstUnit(order);
  if (!unit || unit.custom_id !== expect.token) return { ok: false, final: true, reason: 'custom_id_mismatch' };
  const capture = completedCaptureIn(unit);
  const captureId = str(capture?.id);
  if (!capture || !captureId) return { ok: false, final: false, reason: 'no_completed_capture' };
  if (capture.amount?.currency_code !== expect.currency) return { ok: false, final: true, reason: 'currency_mismatch' };
  const captured = decimalToMinor(capture.amount.value, expect.currency);
  if (captured === null || captured !== expect.amount) return { ok: false, final: true, reason: 'amount_mismatch' };
  return { ok: true, captureId };
}

interface Answer {
  status: number;
  /** The parsed JSON body; undefined when empty or not JSON. */
  json: unknown;
}

/** Renew the access token this long before the gateway says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

export class GatewayBClient {
  #token: { value: string; expiresAt: number } | null = null;
  #pending: Promise<string> | null = null;
  readonly #settings: GatewayBSettings;
  readonly #timeoutMs: number;
  readonly #nowMs: () => number;

  /** Every call is bounded by `timeoutMs`; `nowMs` is the clock the token cache reads. */
  constructor(settings: GatewayBSettings, options: { timeoutMs: number; nowMs: () => number }) {
    this.#settings = settings;
    this.#timeoutMs = options.timeoutMs;
    this.#nowMs = options.nowMs;
  }

  async #request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.#settings.apiBase}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(this.#timeoutMs) });
      text = await res.text();
    } catch (err) {
      throw new GatewayBUnavailable(err);
    }
    try {
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
    } catch {
      return { status: res.status, json: undefined };
    }
  }

  async #fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.#settings.clientId}:${this.#settings.clientSecret}`).toString('base64');
    const res = await this.#request(
      'POST',
      '/v1/oauth2/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      'grant_type=client_credentials',
    );
    const token = str(field(res.json, 'access_token'));
    if (res.status !== 200 || !token) throw new GatewayBError(`oauth answered ${res.status}`);
    const expiresIn = field(res.json, 'expires_in');
    const ttlSeconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 300;
    this.#token = { value: token, expiresAt: this.#nowMs() + Math.max(0, ttlSeconds * 1000 - EXPIRY_MARGIN_MS) };
    return token;
  }

  /** A cached access token; simultaneous callers share one token request. */
  accessToken(): Promise<string> {
    if (this.#token && this.#nowMs() < this.#token.expiresAt) return Promise.resolve(this.#token.value);
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** One authorised call; a 401 (token revoked or expired early) gets a fresh token and one retry. */
  async #call(method: string, path: string, body?: unknown, requestId?: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (requestId) headers['paypal-request-id'] = requestId;
      const res = await this.#request(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
      if (res.status !== 401 || attempt === 1) return res;
      this.#token = null;
    }
  }

  /** Reads an order; null when the gateway does not know it. */
  async getOrder(orderId: string): Promise<GatewayBOrder | null> {
    const res = await this.#call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new GatewayBError(`orders answered ${res.status}`);
    return res.json as GatewayBOrder;
  }

  /**
   * Creates (or, for the same token, finds again: the request id is derived from the token) the
   * order that pays one top-up, and returns its id and approve link.
   */
  async createOrder(input: { token: string; amount: string; currency: string; returnUrl: string; cancelUrl: string }): Promise<{ id: string; approveUrl: string }> {
    const requestId = `sf-topup-${createHash('sha256').update(input.token).digest('hex').slice(0, 40)}`;
    const experience = { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING' };
    const res = await this.#call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [{ custom_id: input.token, description: 'Wallet top-up', amount: { currency_code: input.currency, value: input.amount } }],
        payment_source: { paypal: { experience_context: experience } },
        application_context: experience,
      },
      requestId,
    );
    const order = res.json as GatewayBOrder | undefined;
    const id = str(order?.id);
    const links = Array.isArray(order?.links) ? order.links : [];
    const approveUrl = str((links.find((l) => l?.rel === 'payer-action') ?? links.find((l) => l?.rel === 'approve'))?.href);
    if (res.status < 200 || res.status >= 300 || !id || !approveUrl) throw new GatewayBError(`create order answered ${res.status}`);
    const protocol = URL.parse(approveUrl)?.protocol;
    if (protocol !== 'https:' && protocol !== 'http:') throw new GatewayBError('approve link is not http(s)');
    return { id, approveUrl };
  }

  /**
   * Captures an approved order. Capturing twice is harmless: an order captures once, and an
   * already captured order answers 422 and is then read back, so return, retry and reload all end
   * the same way. The request id is fresh per call because the gateway replays a stored answer
   * for a repeated id, and a payer who was declined may approve again with another card.
   */
  async capture(orderId: string): Promise<{ order: GatewayBOrder | null; declined: boolean }> {
    const requestId = `sf-capture-${orderId}-${randomBytes(6).toString('hex')}`;
    const res = await this.#call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId);
    if (res.status === 200 || res.status === 201) return { order: res.json as GatewayBOrder, declined: false };
    if (res.status === 422 || res.status === 409) {
      // Already captured, not approved or declined: the order itself says which.
      const order = await this.getOrder(orderId);
      return { order, declined: completedCapture(order) === null };
    }
    if (res.status === 404) return { order: null, declined: true };
    throw new GatewayBError(`capture answered ${res.status}`);
  }

  /** Asks the gateway whether a webhook delivery is genuine. Any doubt is a no. */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, event: unknown): Promise<boolean> {
    const h = (name: string): string | null => str(headers[name]);
    const fields = {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
    };
    if (Object.values(fields).some((v) => v === null) || !this.#settings.webhookId) return false;
    const res = await this.#call('POST', '/v1/notifications/verify-webhook-signature', { ...fields, webhook_id: this.#settings.webhookId, webhook_event: event });
    return res.status === 200 && field(res.json, 'verification_status') === 'SUCCESS';
  }
}
