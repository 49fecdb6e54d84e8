/**
 * Gateway B simulator: speaks PayPal's Orders v2 wire format on 127.0.0.1:0 — OAuth client
 * credentials, create order (idempotent on PayPal-Request-Id), an approve page, capture, GET order
 * (what the API's self-heal poll reads), webhook delivery with PAYPAL-* transmission headers and
 * the verify-webhook-signature call. Knobs let tests decline, change the captured amount, or
 * deliver webhooks when they choose.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface GatewayBSimOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
}

interface SimAmount {
  currency_code: string;
  value: string;
}

interface SimUnit {
  reference_id: string;
  custom_id: unknown;
  amount: SimAmount;
}

export interface SimOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  intent: string;
  purchase_units: [SimUnit];
  return_url: string;
  cancel_url: string;
  capture: Record<string, unknown> | null;
  /** Responses already given per PayPal-Request-Id, replayed on a repeat. */
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

export interface GatewayBSim {
  /** Configure as GATEWAY_B_API_BASE (also where the approve page lives). */
  apiBase: string;
  orders: Map<string, SimOrder>;
  /** Counts per route, for assertions such as "captured once". */
  calls: Record<string, number>;
  /** Refuse the next captures with INSTRUMENT_DECLINED. */
  decline: boolean;
  /** Answer this many of the next captures with a 503 (gateway trouble; nothing captured). */
  failCaptures: number;
  /** Capture this decimal amount instead of the order's. */
  captureAmountOverride: string | null;
  /** Where webhooks go; null: none are sent. */
  webhookUrl: string | null;
  /** Send the capture webhook by itself right after a capture (not awaited by the capture call). */
  autoWebhook: boolean;
  deliveries: WebhookDelivery[];
  /** Delivers PAYMENT.CAPTURE.COMPLETED for a captured order; `forge` signs it with a wrong key. */
  deliverWebhook(orderId: string, opts?: { forge?: boolean }): Promise<WebhookDelivery>;
  /** Invalidates every access token issued so far (as an expiry or revocation would). */
  revokeTokens(): void;
  /** Resolves when every auto webhook sent so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const money = (v: { currency_code: unknown; value: unknown }): SimAmount => ({ currency_code: String(v.currency_code), value: String(v.value) });

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += (chunk as Buffer).toString();
    if (body.length > 1_000_000) throw new Error('body too large');
  }
  return body;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function page(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Gateway B</title></head><body>${body}</body></html>`);
}

const issue = (res: ServerResponse, status: number, name: string, issueCode: string) =>
  json(res, status, { name, message: issueCode, debug_id: randomBytes(6).toString('hex'), details: [{ issue: issueCode, description: issueCode }] });

export async function startGatewayBSim(o: GatewayBSimOptions): Promise<GatewayBSim> {
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const pendingDeliveries: Promise<unknown>[] = [];
  let base = '';

  const signature = (key: Buffer, id: string, time: string, webhookId: string, event: unknown) =>
    createHmac('sha256', key).update(`${id}|${time}|${webhookId}|${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`).digest('base64');

  const orderView = (ord: SimOrder) => ({
    id: ord.id,
    intent: ord.intent,
    status: ord.status,
    purchase_units: ord.purchase_units.map((u, i) =>
      i === 0 && ord.capture ? { ...u, payments: { captures: [ord.capture] } } : u,
    ),
    links: [
      { href: `${base}/v2/checkout/orders/${ord.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/checkoutnow?token=${ord.id}`, rel: 'approve', method: 'GET' },
      { href: `${base}/v2/checkout/orders/${ord.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });

  const sim: Omit<GatewayBSim, 'apiBase' | 'close'> = {
    orders: new Map(),
    calls: {},
    decline: false,
    failCaptures: 0,
    captureAmountOverride: null,
    webhookUrl: null,
    autoWebhook: false,
    deliveries: [],
    async deliverWebhook(orderId, opts = {}) {
      const ord = sim.orders.get(orderId);
      if (!ord?.capture || !sim.webhookUrl) throw new Error('no capture or no webhook url');
      const event = {
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: 'Payment completed',
        resource: { ...ord.capture, supplementary_data: { related_ids: { order_id: ord.id } } },
      };
      const id = randomBytes(12).toString('hex');
      const time = new Date().toISOString();
      const key = opts.forge ? randomBytes(32) : signingKey;
      const res = await fetch(sim.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${base}/v1/notifications/certs/CERT-sim`,
          'paypal-transmission-id': id,
          'paypal-transmission-sig': signature(key, id, time, o.webhookId, event),
          'paypal-transmission-time': time,
        },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(10_000),
      });
      const delivery = { status: res.status, body: await res.text() };
      sim.deliveries.push(delivery);
      return delivery;
    },
    revokeTokens() {
      tokens.clear();
    },
    async settled() {
      await Promise.allSettled(pendingDeliveries);
    },
  };
  const count = (name: string) => (sim.calls[name] = (sim.calls[name] ?? 0) + 1);
  const authorised = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return m !== null && tokens.has(m[1]!);
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const body = await readBody(req);
      const p = url.pathname;

      if (req.method === 'POST' && p === '/v1/oauth2/token') {
        count('oauth');
        const expected = 'Basic ' + Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64');
        const given = req.headers.authorization ?? '';
        const ok = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
        if (!ok || new URLSearchParams(body).get('grant_type') !== 'client_credentials') return json(res, 401, { error: 'invalid_client' });
        const token = `A21AA${randomBytes(16).toString('hex')}`;
        tokens.add(token);
        return json(res, 200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', app_id: 'APP-SIM', expires_in: 32400 });
      }

      if (req.method === 'GET' && p === '/checkoutnow') {
        const ord = sim.orders.get(url.searchParams.get('token') ?? '');
        if (!ord) return page(res, '<h1>Unknown order</h1>');
        const unit = ord.purchase_units[0];
        const form = (action: string, id: string, label: string) =>
          `<form method="post" action="${action}"><input type="hidden" name="order" value="${ord.id}"><button id="${id}" type="submit">${label}</button></form>`;
        return page(res, `<h1>Gateway B test checkout</h1><p id="sim-amount">${unit.amount.currency_code} ${unit.amount.value}</p>` + form('/sim/approve', 'sim-approve', 'Approve') + form('/sim/cancel', 'sim-cancel', 'Cancel'));
      }
      if (req.method === 'POST' && (p === '/sim/approve' || p === '/sim/cancel')) {
        const ord = sim.orders.get(new URLSearchParams(body).get('order') ?? '');
        if (!ord) return page(res, '<h1>Unknown order</h1>');
        if (p === '/sim/cancel') {
          res.writeHead(303, { location: `${ord.cancel_url}?token=${ord.id}` });
          return res.end();
        }
        if (ord.status === 'CREATED') ord.status = 'APPROVED';
        res.writeHead(303, { location: `${ord.return_url}?token=${ord.id}&PayerID=SIMPAYER${ord.id.slice(0, 4)}` });
        return res.end();
      }

      if (p.startsWith('/v1/') || p.startsWith('/v2/')) {
        if (!authorised(req)) return json(res, 401, { error: 'invalid_token', error_description: 'Authentication failed' });
        const requestId = req.headers['paypal-request-id'];
        const replayKey = typeof requestId === 'string' ? `${req.method} ${p} ${requestId}` : null;
        if (replayKey && idempotent.has(replayKey)) {
          count('replay');
          const prev = idempotent.get(replayKey)!;
          return json(res, prev.status, prev.body);
        }
        const answer = (status: number, b: unknown) => {
          if (replayKey && status < 500) idempotent.set(replayKey, { status, body: b });
          json(res, status, b);
        };

        if (req.method === 'POST' && p === '/v1/notifications/verify-webhook-signature') {
          count('verify');
          const v = JSON.parse(body);
          const expected = signature(signingKey, String(v.transmission_id), String(v.transmission_time), o.webhookId, v.webhook_event);
          const ok = v.webhook_id === o.webhookId && typeof v.transmission_sig === 'string' && v.transmission_sig === expected && v.auth_algo && v.cert_url;
          return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
        }

        if (req.method === 'POST' && p === '/v2/checkout/orders') {
          count('create');
          const b = JSON.parse(body);
          const unit = b?.purchase_units?.[0];
          const ctx = b?.payment_source?.paypal?.experience_context ?? b?.application_context ?? {};
          if (b?.intent !== 'CAPTURE' || !unit?.amount?.value || !unit?.amount?.currency_code || !ctx.return_url || !ctx.cancel_url) {
            return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'MISSING_REQUIRED_PARAMETER');
          }
          const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
          const ord: SimOrder = {
            id,
            status: 'CREATED',
            intent: 'CAPTURE',
            purchase_units: [{ reference_id: 'default', custom_id: unit.custom_id, amount: money(unit.amount) }],
            return_url: ctx.return_url,
            cancel_url: ctx.cancel_url,
            capture: null,
          };
          sim.orders.set(id, ord);
          return answer(201, orderView(ord));
        }

        const m = /^\/v2\/checkout\/orders\/([A-Za-z0-9]+)(\/capture)?$/.exec(p);
        const ord = m ? sim.orders.get(m[1]!) : undefined;
        if (m && !ord) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (ord && req.method === 'GET' && !m![2]) {
          count('get');
          return json(res, 200, orderView(ord));
        }
        if (ord && req.method === 'POST' && m![2]) {
          count('capture');
          if (sim.failCaptures > 0) {
            sim.failCaptures -= 1;
            return issue(res, 503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE');
          }
          if (ord.status === 'COMPLETED') return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
          if (ord.status !== 'APPROVED') return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
          if (sim.decline) return answer(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
          const unit = ord.purchase_units[0];
          ord.status = 'COMPLETED';
          ord.capture = {
            id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
            status: 'COMPLETED',
            amount: { currency_code: unit.amount.currency_code, value: sim.captureAmountOverride ?? unit.amount.value },
            final_capture: true,
            custom_id: unit.custom_id,
            create_time: new Date().toISOString(),
          };
          answer(201, orderView(ord));
          if (sim.autoWebhook && sim.webhookUrl) pendingDeliveries.push(sim.deliverWebhook(ord.id).catch(() => undefined));
          return;
        }
      }
      json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(sim, {
    apiBase: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
