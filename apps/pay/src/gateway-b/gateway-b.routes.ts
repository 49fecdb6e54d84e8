import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { minorToDecimal } from '../lib/money.ts';
import type { Outcome, Settlement } from '../settlement.ts';
import { isToken, methodUnavailable } from '../topup.ts';
import { ErrorSchema, pageResponses, TokenFormSchema, WebhookAnswerSchema } from '../schemas.ts';
import { esc, messagePage, refusalPage, resultPage, sendPage } from '../views.ts';
import { captureOf, completedCapture, GatewayBError, GatewayBUnavailable, type CompletedCapture, type GatewayBCapture, type GatewayBOrder } from '@storefront/gateway-b';

/** Gateway B (PayPal Orders v2 scheme): create → approve (at the gateway) → return/capture, plus webhooks. */

const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

const unavailable = (reply: FastifyReply) => refusalPage(reply, methodUnavailable);
const providerDown = (reply: FastifyReply) =>
  messagePage(reply, 502, 'The payment provider is not answering', ['Nothing was charged. Please try again in a few minutes.']);

/**
 * A webhook event as gateway B posts it: outside data, read field by field. The body itself stays
 * unvalidated (`Type.Unknown`): it goes back to gateway B byte for byte to be verified, so no
 * schema may coerce or strip it.
 */
interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: GatewayBCapture;
}
const eventOf = (body: unknown): WebhookEvent => (typeof body === 'object' && body !== null ? body : {});

/** Credits a completed capture once; the token comes from the order's custom_id. */
async function settleCapture(settlement: Settlement, c: CompletedCapture, log: FastifyBaseLogger): Promise<Outcome> {
  if (!c.token || !isToken(c.token)) {
    log.warn({ gateway: 'gateway_b', capture_id: c.captureId }, 'completed capture carries no top-up token; nothing credited');
    return { kind: 'unknown_token' };
  }
  return settlement.settle({ token: c.token, gateway: 'gateway_b', gatewayTxnId: c.captureId, paidAmount: c.amount, paidCurrency: c.currency });
}

export const gatewayBRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, api, settlement, topups } = app.pay;
  const gw = app.pay.gatewayB;
  const open = (): boolean => topups.isOpen('gateway_b') && gw !== null;

  app.post('/api/gateway-b/create', { schema: { body: TokenFormSchema, response: pageResponses(200, 400, 404, 409, 410, 502, 503) } }, async (req, reply) => {
    const opened = await topups.open(req.body.token, 'gateway_b');
    if (!opened.ok) return refusalPage(reply, opened.refusal);
    if (!gw) return unavailable(reply);
    const { token, topup: page } = opened;

    let order: { id: string; approveUrl: string };
    try {
      order = await gw.createOrder({
        token,
        amount: minorToDecimal(page.amount, page.currency),
        currency: page.currency,
        returnUrl: `${config.publicUrl}/api/gateway-b/return`,
        cancelUrl: `${config.publicUrl}/api/gateway-b/cancel`,
      });
    } catch (err) {
      if (!(err instanceof GatewayBError || err instanceof GatewayBUnavailable)) throw err;
      req.log.error({ gateway: 'gateway_b', reason: err.message }, 'gateway b order could not be created');
      return providerDown(reply);
    }
    // Lets the API's status poll verify this order itself if our callbacks never land.
    if (!(await api.attach(token, order.id))) req.log.warn({ gateway: 'gateway_b', order_id: order.id }, 'order not attached; self-heal poll unavailable for it');
    req.log.info({ gateway: 'gateway_b', order_id: order.id }, 'gateway b payment started');

    // A 303 from a form post is checked against the page's form-action in browsers; a fresh page
    // that moves on by itself keeps the hosted page's CSP tight without naming the approve host.
    const href = esc(order.approveUrl);
    return sendPage(reply, {
      title: 'Redirecting to payment',
      body: `<h1>Taking you to the payment page…</h1><p><a class="button" id="continue" href="${href}">Continue to payment</a></p>`,
      headHtml: `<meta http-equiv="refresh" content="0;url=${href}">`,
    });
  });

  app.get(
    '/api/gateway-b/return',
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String()), PayerID: Type.Optional(Type.String()) }, { additionalProperties: true }),
        response: pageResponses(200, 400, 503),
      },
    },
    async (req, reply) => {
      if (!open() || !gw) return unavailable(reply);
      const orderId = req.query.token ?? '';
      if (!ORDER_ID.test(orderId)) return resultPage(reply, 'unverified', { status: 400 });
      const checkHref = `/api/gateway-b/return?token=${encodeURIComponent(orderId)}`;
      let order: GatewayBOrder | null;
      try {
        ({ order } = await gw.capture(orderId));
      } catch (err) {
        if (!(err instanceof GatewayBError || err instanceof GatewayBUnavailable)) throw err;
        // The payer may have paid: the webhook and the API's status poll will still settle it.
        // If the capture did not happen, no money moved yet: "Check again" captures then.
        req.log.error({ gateway: 'gateway_b', order_id: orderId, reason: err.message }, 'gateway b capture failed');
        return resultPage(reply, 'pending', { checkHref });
      }
      const capture = completedCapture(order);
      if (!capture) {
        const status = order?.purchase_units?.[0]?.payments?.captures?.[0]?.status;
        req.log.info({ gateway: 'gateway_b', order_id: orderId, order_status: order?.status, capture_status: status }, 'gateway b payment not completed');
        return status === 'PENDING' ? resultPage(reply, 'pending', { checkHref }) : resultPage(reply, 'failed');
      }
      const outcome = await settleCapture(settlement, capture, req.log);
      if (outcome.kind === 'credited') return resultPage(reply, 'success', { amount: outcome.amount, currency: outcome.currency });
      if (outcome.kind === 'pending') return resultPage(reply, 'pending', { amount: outcome.amount, currency: outcome.currency, checkHref });
      if (outcome.kind === 'second_payment') return resultPage(reply, 'not_added', { amount: outcome.amount, currency: outcome.currency });
      return resultPage(reply, 'unverified');
    },
  );

  app.get(
    '/api/gateway-b/cancel',
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String()) }, { additionalProperties: true }),
        // …or a 303 without a body back to the hosted page.
        response: pageResponses(200, 400, 503),
      },
    },
    async (req, reply) => {
      if (!open() || !gw) return unavailable(reply);
      const orderId = req.query.token ?? '';
      try {
        const order = ORDER_ID.test(orderId) ? await gw.getOrder(orderId) : null;
        const token = order?.purchase_units?.[0]?.custom_id;
        if (isToken(token)) return reply.redirect(`/topup?token=${encodeURIComponent(token)}&cancelled=1`, 303);
      } catch (err) {
        if (!(err instanceof GatewayBError || err instanceof GatewayBUnavailable)) throw err;
      }
      return resultPage(reply, 'failed');
    },
  );

  app.post(
    '/api/gateway-b/webhook',
    { schema: { body: Type.Unknown(), response: { 200: WebhookAnswerSchema, 400: ErrorSchema, 503: ErrorSchema } } },
    async (req, reply) => {
      if (!open() || !gw) return reply.code(503).send({ error: 'service_unavailable' });
      const event = eventOf(req.body);
      let genuine: boolean;
      try {
        genuine = await gw.verifyWebhook(req.headers, req.body);
      } catch (err) {
        req.log.error({ gateway: 'gateway_b', reason: (err as Error).message }, 'gateway b webhook could not be verified now');
        return reply.code(503).send({ error: 'service_unavailable' });
      }
      if (!genuine) {
        req.log.warn({ gateway: 'gateway_b', event_id: String(event.id ?? '').slice(0, 64) }, 'gateway b webhook failed verification; ignored');
        return reply.code(400).send({ error: 'invalid_signature' });
      }
      if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return reply.send({ received: true, handled: false });

      let capture = captureOf(event.resource, null);
      if (capture && !capture.token && capture.orderId && ORDER_ID.test(capture.orderId)) {
        // Older events omit custom_id on the capture; the order has it.
        try {
          const order = await gw.getOrder(capture.orderId);
          const customId = order?.purchase_units?.[0]?.custom_id;
          capture = { ...capture, token: typeof customId === 'string' && customId !== '' ? customId : null };
        } catch {
          return reply.code(503).send({ error: 'service_unavailable' });
        }
      }
      if (!capture) {
        req.log.warn({ gateway: 'gateway_b' }, 'gateway b capture event is not a completed capture; ignored');
        return reply.send({ received: true, handled: false });
      }
      const outcome = await settleCapture(settlement, capture, req.log);
      // Pending: answer 503 so the gateway delivers again (our outbox retries too).
      if (outcome.kind === 'pending') return reply.code(503).send({ error: 'service_unavailable' });
      return reply.send({ received: true, handled: true, credited: outcome.kind === 'credited' });
    },
  );
};
