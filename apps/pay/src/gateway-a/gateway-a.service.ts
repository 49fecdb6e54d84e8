import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayAConfig, PayConfig } from '../config.ts';
import { decimalToMinor, minorToDecimal } from '../lib/money.ts';
import type { Settlement } from '../settlement.ts';
import { isToken, methodUnavailable, type TopupPageService } from '../topup.ts';
import { settledResult, withReturn, type Shown } from '../views.ts';
import { decodeParams, decrypt, encodeParams, encrypt } from './crypto.ts';
import { fetchOrderStatus } from './status.ts';

/**
 * Gateway A (CCAvenue scheme): start a payment (an encrypted request the payer's browser carries
 * to the gateway), and take the encrypted response the gateway sends the payer back with.
 *
 * The order id is `<20 hex of HMAC(working key, token)><8 random hex>` and the token rides in
 * merchant_param1, so the response proves which top-up it pays without any state here, and a
 * second attempt at the same top-up gets a fresh order id.
 */
const orderPrefix = (cfg: GatewayAConfig, token: string): string =>
  createHmac('sha256', cfg.workingKey).update(token).digest('hex').slice(0, 20);

function orderIdMatches(cfg: GatewayAConfig, token: string, orderId: string): boolean {
  if (!/^[0-9a-f]{28}$/.test(orderId)) return false;
  return timingSafeEqual(Buffer.from(orderPrefix(cfg, token)), Buffer.from(orderId.slice(0, 20)));
}

const RESPONSE_PATH = '/api/gateway-a/response';
const unverified: Shown = { page: 'result', kind: 'unverified', detail: { status: 400 } };

export class GatewayAService {
  private readonly config: Readonly<PayConfig>;
  private readonly topups: TopupPageService;
  private readonly settlement: Settlement;

  constructor(config: Readonly<PayConfig>, topups: TopupPageService, settlement: Settlement) {
    this.config = config;
    this.topups = topups;
    this.settlement = settlement;
  }

  /** The hand-off to gateway A for the top-up behind `token`, or why it cannot be paid here. */
  async start(token: unknown, log: FastifyBaseLogger): Promise<Shown> {
    const opened = await this.topups.open(token, 'gateway_a');
    if (!opened.ok) return { page: 'refusal', refusal: opened.refusal };
    const cfg = this.config.gatewayA!;
    const { topup: page } = opened;

    const orderId = orderPrefix(cfg, opened.token) + randomBytes(4).toString('hex');
    const responseUrl = `${this.config.publicUrl}${RESPONSE_PATH}`;
    const plain = encodeParams({
      merchant_id: cfg.merchantId,
      order_id: orderId,
      currency: page.currency,
      amount: minorToDecimal(page.amount, page.currency),
      redirect_url: responseUrl,
      cancel_url: responseUrl,
      language: 'EN',
      merchant_param1: opened.token,
    });
    log.info({ gateway: 'gateway_a', order_id: orderId }, 'gateway a payment started');
    return { page: 'gateway-a', action: cfg.transactionUrl, fields: { encRequest: encrypt(plain, cfg.workingKey), access_code: cfg.accessCode } };
  }

  /**
   * The payer is back with gateway A's encrypted response: it must decrypt, name an order we
   * started, say Success with an amount, and gateway A's own order status API must agree, before
   * anything is credited (once, through the settlement).
   */
  async confirm(encResp: string, log: FastifyBaseLogger): Promise<Shown> {
    if (!this.topups.isOpen('gateway_a')) return { page: 'refusal', refusal: methodUnavailable };
    const cfg = this.config.gatewayA!;
    const plain = decrypt(encResp, cfg.workingKey);
    if (plain === null) {
      log.warn({ gateway: 'gateway_a', length: encResp.length }, 'gateway a response could not be decrypted; nothing credited');
      return unverified;
    }
    const r = decodeParams(plain);
    const token = r.merchant_param1 ?? '';
    const orderId = r.order_id ?? '';
    const trackingId = r.tracking_id ?? '';
    if (!isToken(token) || !orderIdMatches(cfg, token, orderId) || !/^[A-Za-z0-9_-]{1,64}$/.test(trackingId)) {
      log.warn({ gateway: 'gateway_a', order_id: orderId.slice(0, 40) }, 'gateway a response does not match an order we started; nothing credited');
      return unverified;
    }
    // From here the token is proven (the order id is keyed to it): every page may lead back to the shop.
    const shown = await this.settleResponse(r, token, orderId, trackingId, encResp, log);
    return withReturn(shown, await this.topups.returnHrefFor(token, r.order_status === 'Aborted'));
  }

  private async settleResponse(r: Record<string, string>, token: string, orderId: string, trackingId: string, encResp: string, log: FastifyBaseLogger): Promise<Shown> {
    const cfg = this.config.gatewayA!;
    const ids = { gateway: 'gateway_a', order_id: orderId, tracking_id: trackingId, order_status: r.order_status };
    if (r.order_status !== 'Success') {
      log.info(ids, 'gateway a payment not successful');
      // Told before the page sends the payer back, so the shop reads it on arrival. A cancel
      // (Aborted) is not a decline: the payer may still choose another way on the hosted page.
      if (r.order_status === 'Failure') await this.topups.declined(token, 'gateway_a');
      return { page: 'result', kind: 'failed', detail: { againHref: `/topup?token=${encodeURIComponent(token)}` } };
    }
    const currency = r.currency ?? '';
    const paid = /^[A-Z]{3}$/.test(currency) ? decimalToMinor(r.amount, currency) : null;
    if (paid === null) {
      log.warn(ids, 'gateway a response has no usable amount; nothing credited');
      return unverified;
    }
    // The encrypted response is the payer's proof of payment: "Check again" posts it once more.
    const retry = { action: RESPONSE_PATH, fields: { encResp } };
    // The gateway's own order status API must agree before anything is credited.
    const confirmed = await fetchOrderStatus(cfg, orderId, trackingId, this.config.httpTimeoutMs);
    if (confirmed.kind === 'unreachable') {
      log.warn({ ...ids, reason: confirmed.reason }, 'gateway a status could not be asked; not credited yet');
      // Only this page holds the proof to ask again: it stays rather than moving on to the shop.
      return { page: 'result', kind: 'pending', detail: { amount: paid, currency, retry, stay: true } };
    }
    if (confirmed.kind === 'not_paid' || decimalToMinor(confirmed.amount, confirmed.currency) !== paid || confirmed.currency !== currency) {
      log.warn({ ...ids, reason: confirmed.kind === 'not_paid' ? confirmed.reason : 'status_amount_differs' }, 'gateway a status does not confirm this payment; nothing credited');
      return unverified;
    }
    const outcome = await this.settlement.settle({ token, gateway: 'gateway_a', gatewayTxnId: trackingId, paidAmount: paid, paidCurrency: currency });
    return settledResult(outcome, { retry });
  }
}
