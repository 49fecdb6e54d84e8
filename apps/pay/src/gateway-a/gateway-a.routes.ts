import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isToken, methodUnavailable } from '../topup.ts';
import { GatewayAResponseFormSchema, pageResponses, TokenFormSchema } from '../schemas.ts';
import type { GatewayAConfig } from '../config.ts';
import { decimalToMinor, minorToDecimal } from '../lib/money.ts';
import { gatewayAHandoffPage, refusalPage, resultPage } from '../views.ts';
import { decodeParams, decrypt, encodeParams, encrypt } from './crypto.ts';
import { fetchOrderStatus } from './status.ts';

/**
 * Gateway A (CCAvenue scheme). The order id is `<20 hex of HMAC(working key, token)><8 random hex>`
 * and the token rides in merchant_param1, so the response proves which top-up it pays without any
 * state here, and a second attempt at the same top-up gets a fresh order id.
 */
const orderPrefix = (cfg: GatewayAConfig, token: string): string =>
  createHmac('sha256', cfg.workingKey).update(token).digest('hex').slice(0, 20);

function orderIdMatches(cfg: GatewayAConfig, token: string, orderId: string): boolean {
  if (!/^[0-9a-f]{28}$/.test(orderId)) return false;
  return timingSafeEqual(Buffer.from(orderPrefix(cfg, token)), Buffer.from(orderId.slice(0, 20)));
}

/** A payer posts one response per payment (a few with "Check again"); 30 a minute per IP is plenty. */
export const RESPONSE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export const gatewayARoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, settlement, topups } = app.pay;

  app.post('/api/gateway-a/initiate', { schema: { body: TokenFormSchema, response: pageResponses(200, 400, 404, 409, 410, 503) } }, async (req, reply) => {
    const opened = await topups.open(req.body.token, 'gateway_a');
    if (!opened.ok) return refusalPage(reply, opened.refusal);
    const cfg = config.gatewayA!;
    const { token, topup: page } = opened;

    const orderId = orderPrefix(cfg, token) + randomBytes(4).toString('hex');
    const responseUrl = `${config.publicUrl}/api/gateway-a/response`;
    const plain = encodeParams({
      merchant_id: cfg.merchantId,
      order_id: orderId,
      currency: page.currency,
      amount: minorToDecimal(page.amount, page.currency),
      redirect_url: responseUrl,
      cancel_url: responseUrl,
      language: 'EN',
      merchant_param1: token,
    });
    req.log.info({ gateway: 'gateway_a', order_id: orderId }, 'gateway a payment started');
    return gatewayAHandoffPage(reply, cfg.transactionUrl, { encRequest: encrypt(plain, cfg.workingKey), access_code: cfg.accessCode });
  });

  // Each response costs a decryption and a call to gateway A's status API: bounded per IP.
  app.post(
    '/api/gateway-a/response',
    { schema: { body: GatewayAResponseFormSchema, response: pageResponses(200, 400, 429, 503) }, config: { rateLimit: RESPONSE_RATE_LIMIT } },
    async (req, reply) => {
      if (!topups.isOpen('gateway_a')) return refusalPage(reply, methodUnavailable);
      const cfg = config.gatewayA!;
      const encResp = req.body.encResp ?? '';
      const plain = decrypt(encResp, cfg.workingKey);
      if (plain === null) {
        req.log.warn({ gateway: 'gateway_a', length: encResp.length }, 'gateway a response could not be decrypted; nothing credited');
        return resultPage(reply, 'unverified', { status: 400 });
      }
      const r = decodeParams(plain);
      const token = r.merchant_param1 ?? '';
      const orderId = r.order_id ?? '';
      const trackingId = r.tracking_id ?? '';
      if (!isToken(token) || !orderIdMatches(cfg, token, orderId) || !/^[A-Za-z0-9_-]{1,64}$/.test(trackingId)) {
        req.log.warn({ gateway: 'gateway_a', order_id: orderId.slice(0, 40) }, 'gateway a response does not match an order we started; nothing credited');
        return resultPage(reply, 'unverified', { status: 400 });
      }
      const ids = { gateway: 'gateway_a', order_id: orderId, tracking_id: trackingId, order_status: r.order_status };
      if (r.order_status !== 'Success') {
        req.log.info(ids, 'gateway a payment not successful');
        return resultPage(reply, 'failed', { againHref: `/topup?token=${encodeURIComponent(token)}` });
      }
      const currency = r.currency ?? '';
      const paid = /^[A-Z]{3}$/.test(currency) ? decimalToMinor(r.amount, currency) : null;
      if (paid === null) {
        req.log.warn(ids, 'gateway a response has no usable amount; nothing credited');
        return resultPage(reply, 'unverified', { status: 400 });
      }
      // The gateway's own order status API must agree before anything is credited.
      const confirmed = await fetchOrderStatus(cfg, orderId, trackingId, config.httpTimeoutMs);
      if (confirmed.kind === 'unreachable') {
        req.log.warn({ ...ids, reason: confirmed.reason }, 'gateway a status could not be asked; not credited yet');
        // The encrypted response is still the customer's proof: "Check again" asks once more.
        return resultPage(reply, 'pending', { amount: paid, currency, retry: { action: '/api/gateway-a/response', fields: { encResp } } });
      }
      if (confirmed.kind === 'not_paid' || decimalToMinor(confirmed.amount, confirmed.currency) !== paid || confirmed.currency !== currency) {
        req.log.warn({ ...ids, reason: confirmed.kind === 'not_paid' ? confirmed.reason : 'status_amount_differs' }, 'gateway a status does not confirm this payment; nothing credited');
        return resultPage(reply, 'unverified', { status: 400 });
      }
      const outcome = await settlement.settle({ token, gateway: 'gateway_a', gatewayTxnId: trackingId, paidAmount: paid, paidCurrency: currency });
      switch (outcome.kind) {
        case 'credited':
          return resultPage(reply, 'success', { amount: outcome.amount, currency: outcome.currency });
        case 'pending':
          // The encrypted response is the proof of payment: posting it again retries the credit.
          return resultPage(reply, 'pending', {
            amount: outcome.amount,
            currency: outcome.currency,
            retry: { action: '/api/gateway-a/response', fields: { encResp } },
          });
        case 'second_payment':
          return resultPage(reply, 'not_added', { amount: outcome.amount, currency: outcome.currency });
        default:
          return resultPage(reply, 'unverified');
      }
    },
  );
};
