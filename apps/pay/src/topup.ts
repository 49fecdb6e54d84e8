import type { Gateway, StorefrontApi, Topup } from './api-client.ts';
import type { Clock } from '@storefront/runtime';
import type { PayConfig } from './config.ts';

/**
 * The top-up page service: the steps every way into a payment shares (the hosted page, gateway
 * A's initiate, gateway B's create). Is the gateway open here, is the token well formed, does the
 * API know the top-up, can it still be paid, and through which gateways? Routes call `open` and
 * render either the top-up or the refusal's page.
 */

/** Top-up tokens are opaque; anything outside this shape is not worth a lookup. */
export const TOKEN_PATTERN = '^[A-Za-z0-9._~-]{8,256}$';
const tokenRe = new RegExp(TOKEN_PATTERN);
export const isToken = (v: unknown): v is string => typeof v === 'string' && tokenRe.test(v);

/** A plain page explaining why this top-up cannot be paid here (views.ts `messagePage`). */
export interface Refusal {
  status: number;
  title: string;
  lines: string[];
  /** The heading's class: 'ok' for "already paid", which is good news. */
  tone?: 'ok';
}

export type Opened =
  | {
      ok: true;
      token: string;
      topup: Topup;
      /** Which gateways the page may offer: open here and offered by the API for this amount. */
      gatewayA: boolean;
      gatewayB: boolean;
    }
  | { ok: false; refusal: Refusal };

/** Whether the API lets the page offer `gateway` for this top-up (the admin's gateway records: on/off, bounds). */
export const offers = (t: Topup, gateway: Gateway): boolean => t.gateways === undefined || t.gateways.includes(gateway);

/** A gateway takes payments only when it is configured and credits can be signed for the API. */
export const gatewayAOpen = (c: Readonly<PayConfig>): boolean => c.gatewayA !== null && c.storeWebhookSecrets !== null;
export const gatewayBOpen = (c: Readonly<PayConfig>): boolean => c.gatewayB !== null && c.storeWebhookSecrets !== null;

export const invalidLink: Refusal = { status: 404, title: 'This payment link is not valid', lines: ['Start a new top-up from the app.'] };
export const methodUnavailable: Refusal = {
  status: 503,
  title: 'This payment method is unavailable',
  lines: ['Please choose another way to pay, or try again later.'],
};
const refused = (refusal: Refusal): Opened => ({ ok: false, refusal });

/**
 * Where the shop takes the payer back: the top-up's `return_url` with `topup=<token>`, and
 * `payment=cancelled` when the payer cancelled (at the gateway, or leaving the hosted page without
 * paying). The shop then says nothing was added instead of asking again until the top-up expires;
 * what was credited it still reads from the API alone.
 */
export function returnHref(t: Topup, token: string, cancelled = false): string | undefined {
  if (!t.return_url) return undefined;
  let u: URL;
  try {
    u = new URL(t.return_url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  u.searchParams.set('topup', token);
  if (cancelled) u.searchParams.set('payment', 'cancelled');
  return u.toString();
}

export class TopupPageService {
  private readonly config: Readonly<PayConfig>;
  private readonly api: StorefrontApi;
  private readonly clock: Clock;

  constructor(config: Readonly<PayConfig>, api: StorefrontApi, clock: Clock) {
    this.config = config;
    this.api = api;
    this.clock = clock;
  }

  isOpen(gateway: Gateway): boolean {
    return gateway === 'gateway_a' ? gatewayAOpen(this.config) : gatewayBOpen(this.config);
  }

  /**
   * The way back to the shop for a payment's result page, if the top-up was started with a
   * `return_url` (the API checked its origin). Asked once: with the API down there is none, and
   * the page keeps its "Check again".
   */
  async returnHrefFor(token: unknown, cancelled = false): Promise<string | undefined> {
    if (!isToken(token)) return undefined;
    const lookup = await this.api.lookup(token, { once: true });
    return lookup.kind === 'found' ? returnHref(lookup.topup, token, cancelled) : undefined;
  }

  /**
   * The gateway declined a payment for `token`: the API shows the top-up as declined, so the shop
   * says so when the payer is back. Only what the shop shows changes; a later confirmed payment
   * still credits it.
   */
  async declined(token: string, gateway: Gateway): Promise<void> {
    await this.api.decline(token, gateway);
  }

  /**
   * The top-up behind `token`, payable through `gateway` (or, without one, through any gateway
   * this server runs), or the refusal: gateway closed 503, bad token 404, then what the lookup says.
   */
  async open(token: unknown, gateway?: Gateway): Promise<Opened> {
    const a = this.isOpen('gateway_a');
    const b = this.isOpen('gateway_b');
    if (gateway ? !this.isOpen(gateway) : !a && !b) {
      return refused(
        gateway ? methodUnavailable : { status: 503, title: 'Payments are unavailable', lines: ['Online payments are not available right now. Please try again later.'] },
      );
    }
    if (!isToken(token)) return refused(invalidLink);
    const lookup = await this.api.lookup(token);
    if (lookup.kind === 'unavailable') {
      return refused({ status: 503, title: 'Payments are temporarily unavailable', lines: ['We could not reach the wallet service. Please try again in a few minutes.'] });
    }
    if (lookup.kind === 'not_found') return refused(invalidLink);
    const t = lookup.topup;
    if (t.status === 'completed') {
      return refused({ status: 409, title: 'This top-up is already paid', lines: ['Your wallet has been credited. You can return to the app.'], tone: 'ok' });
    }
    const expiresAt = Date.parse(t.expires_at);
    if (t.status === 'expired' || (Number.isFinite(expiresAt) && expiresAt <= this.clock.now().getTime())) {
      return refused({ status: 410, title: 'This payment link has expired', lines: ['Start a new top-up from the app.'] });
    }
    // A declined payment leaves the top-up payable: the payer may try again with another card.
    if (t.status !== 'pending') return refused({ status: 409, title: 'This top-up cannot be paid', lines: ['Start a new top-up from the app.'] });
    if (gateway && !offers(t, gateway)) {
      return refused({ status: 409, title: 'This payment method is not available for this top-up', lines: ['Go back and choose another way to pay.'] });
    }
    // Only gateways this server runs and the API offers for this amount (the admin's records).
    const gatewayA = a && offers(t, 'gateway_a');
    const gatewayB = b && offers(t, 'gateway_b');
    if (!gatewayA && !gatewayB) {
      return refused({ status: 409, title: 'No payment method is available for this amount', lines: ['Start a new top-up from the app with another amount.'] });
    }
    return { ok: true, token, topup: t, gatewayA, gatewayB };
  }
}
