import type { FastifyBaseLogger } from 'fastify';
import { captureOf, completedCapture, GatewayBError, GatewayBUnavailable, type CompletedCapture, type GatewayBCapture, type GatewayBClient, type GatewayBOrder } from '@storefront/gateway-b';
import type { StorefrontApi } from '../api-client.ts';
import type { PayConfig } from '../config.ts';
import { minorToDecimal } from '../lib/money.ts';
import type { Outcome, Settlement } from '../settlement.ts';
import { isToken, methodUnavailable, type TopupPageService } from '../topup.ts';
import { settledResult, withReturn, type Shown } from '../views.ts';

/**
 * Gateway B (PayPal Orders v2 scheme): create → approve (at the gateway) → return/capture, plus
 * webhooks. Every way a completed capture reaches us (the payer's return, the webhook) ends in
 * the settlement, which credits it once.
 */

const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

const unavailable: Shown = { page: 'refusal', refusal: methodUnavailable };
const providerDown: Shown = {
  page: 'refusal',
  refusal: { status: 502, title: 'The payment provider is not answering', lines: ['Nothing was charged. Please try again in a few minutes.'] },
};
const isGatewayTrouble = (err: unknown): err is GatewayBError | GatewayBUnavailable => err instanceof GatewayBError || err instanceof GatewayBUnavailable;

/**
 * A webhook event as gateway B posts it: outside data, read field by field. The body itself stays
 * unvalidated: it goes back to gateway B byte for byte to be verified, so nothing may coerce or
 * strip it.
 */
interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: GatewayBCapture;
}
const eventOf = (body: unknown): WebhookEvent => (typeof body === 'object' && body !== null ? body : {});

/** The webhook's answer to gateway B: 503 makes it deliver the event again. */
export type WebhookAnswer =
  | { status: 200; body: { received: true; handled: boolean; credited?: boolean } }
  | { status: 400 | 503; body: { error: string } };
const notNow: WebhookAnswer = { status: 503, body: { error: 'service_unavailable' } };
const notHandled: WebhookAnswer = { status: 200, body: { received: true, handled: false } };

export class GatewayBService {
  private readonly config: Readonly<PayConfig>;
  private readonly api: StorefrontApi;
  private readonly topups: TopupPageService;
  private readonly settlement: Settlement;
  private readonly gw: GatewayBClient | null;

  constructor(config: Readonly<PayConfig>, api: StorefrontApi, topups: TopupPageService, settlement: Settlement, gw: GatewayBClient | null) {
    this.config = config;
    this.api = api;
    this.topups = topups;
    this.settlement = settlement;
    this.gw = gw;
  }

  /** The gateway's client when gateway B takes payments here, else null. */
  private get open(): GatewayBClient | null {
    return this.topups.isOpen('gateway_b') ? this.gw : null;
  }

  /** Creates gateway B's order for the top-up behind `token` and sends the payer to approve it. */
  async start(token: unknown, log: FastifyBaseLogger): Promise<Shown> {
    const opened = await this.topups.open(token, 'gateway_b');
    if (!opened.ok) return { page: 'refusal', refusal: opened.refusal };
    if (!this.gw) return unavailable;
    const { topup: page } = opened;

    let order: { id: string; approveUrl: string };
    try {
      order = await this.gw.createOrder({
        token: opened.token,
        amount: minorToDecimal(page.amount, page.currency),
        currency: page.currency,
        returnUrl: `${this.config.publicUrl}/api/gateway-b/return`,
        cancelUrl: `${this.config.publicUrl}/api/gateway-b/cancel`,
      });
    } catch (err) {
      if (!isGatewayTrouble(err)) throw err;
      log.error({ gateway: 'gateway_b', reason: err.message }, 'gateway b order could not be created');
      return providerDown;
    }
    // Lets the API's status poll verify this order itself if our callbacks never land.
    if (!(await this.api.attach(opened.token, order.id))) log.warn({ gateway: 'gateway_b', order_id: order.id }, 'order not attached; self-heal poll unavailable for it');
    log.info({ gateway: 'gateway_b', order_id: order.id }, 'gateway b payment started');
    return { page: 'gateway-b', approveUrl: order.approveUrl };
  }

  /** The payer approved at gateway B and is back: capture the order, and credit a completed capture once. */
  async returned(orderId: string, log: FastifyBaseLogger): Promise<Shown> {
    const gw = this.open;
    if (!gw) return unavailable;
    if (!ORDER_ID.test(orderId)) return { page: 'result', kind: 'unverified', detail: { status: 400 } };
    const checkHref = `/api/gateway-b/return?token=${encodeURIComponent(orderId)}`;
    let order: GatewayBOrder | null;
    try {
      ({ order } = await gw.capture(orderId));
    } catch (err) {
      if (!isGatewayTrouble(err)) throw err;
      // The payer may have paid: the webhook and the API's status poll will still settle it.
      // If the capture did not happen, no money moved yet: "Check again" captures then.
      log.error({ gateway: 'gateway_b', order_id: orderId, reason: err.message }, 'gateway b capture failed');
      return { page: 'result', kind: 'pending', detail: { checkHref } };
    }
    const capture = completedCapture(order);
    // The order names its top-up (custom_id): the way back to the shop.
    const back = await this.topups.returnHrefFor(capture?.token ?? order?.purchase_units?.[0]?.custom_id);
    if (!capture) {
      const status = order?.purchase_units?.[0]?.payments?.captures?.[0]?.status;
      log.info({ gateway: 'gateway_b', order_id: orderId, order_status: order?.status, capture_status: status }, 'gateway b payment not completed');
      return withReturn({ page: 'result', kind: status === 'PENDING' ? 'pending' : 'failed', detail: status === 'PENDING' ? { checkHref } : {} }, back);
    }
    return withReturn(settledResult(await this.settle(capture, log), { checkHref }), back);
  }

  /** The payer cancelled at gateway B: back to the hosted page to choose again, when the order names its top-up. */
  async cancelled(orderId: string): Promise<Shown> {
    const gw = this.open;
    if (!gw) return unavailable;
    try {
      const order = ORDER_ID.test(orderId) ? await gw.getOrder(orderId) : null;
      const token = order?.purchase_units?.[0]?.custom_id;
      if (isToken(token)) return { page: 'see-other', location: `/topup?token=${encodeURIComponent(token)}&cancelled=1` };
    } catch (err) {
      if (!isGatewayTrouble(err)) throw err;
    }
    return { page: 'result', kind: 'failed' };
  }

  /** An event gateway B posted: verified with gateway B itself; a completed capture is credited once. */
  async webhook(headers: Record<string, string | string[] | undefined>, body: unknown, log: FastifyBaseLogger): Promise<WebhookAnswer> {
    const gw = this.open;
    if (!gw) return notNow;
    const event = eventOf(body);
    let genuine: boolean;
    try {
      genuine = await gw.verifyWebhook(headers, body);
    } catch (err) {
      log.error({ gateway: 'gateway_b', reason: (err as Error).message }, 'gateway b webhook could not be verified now');
      return notNow;
    }
    if (!genuine) {
      log.warn({ gateway: 'gateway_b', event_id: String(event.id ?? '').slice(0, 64) }, 'gateway b webhook failed verification; ignored');
      return { status: 400, body: { error: 'invalid_signature' } };
    }
    if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return notHandled;

    let capture = captureOf(event.resource, null);
    if (capture && !capture.token && capture.orderId && ORDER_ID.test(capture.orderId)) {
      // Older events omit custom_id on the capture; the order has it.
      try {
        const order = await gw.getOrder(capture.orderId);
        const customId = order?.purchase_units?.[0]?.custom_id;
        capture = { ...capture, token: typeof customId === 'string' && customId !== '' ? customId : null };
      } catch {
        return notNow;
      }
    }
    if (!capture) {
      log.warn({ gateway: 'gateway_b' }, 'gateway b capture event is not a completed capture; ignored');
      return notHandled;
    }
    const outcome = await this.settle(capture, log);
    // Pending: answer 503 so the gateway delivers again (our outbox retries too).
    if (outcome.kind === 'pending') return notNow;
    return { status: 200, body: { received: true, handled: true, credited: outcome.kind === 'credited' } };
  }

  /** Credits a completed capture once; the token comes from the order's custom_id. */
  private async settle(c: CompletedCapture, log: FastifyBaseLogger): Promise<Outcome> {
    if (!c.token || !isToken(c.token)) {
      log.warn({ gateway: 'gateway_b', capture_id: c.captureId }, 'completed capture carries no top-up token; nothing credited');
      return { kind: 'unknown_token' };
    }
    return this.settlement.settle({ token: c.token, gateway: 'gateway_b', gatewayTxnId: c.captureId, paidAmount: c.amount, paidCurrency: c.currency });
  }
}
