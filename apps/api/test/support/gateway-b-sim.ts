/**
 * A local stand-in for gateway B (PayPal Orders v2 shape): OAuth client credentials and order
 * reads, on 127.0.0.1 port 0. Tests set each order's answer, make the gateway fail or stall, and
 * read the call counts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SIM_CLIENT_ID = 'sim-client-id';
export const SIM_CLIENT_SECRET = 'sim-client-secret';

export interface SimOrder {
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | string;
  customId: string;
  /** Decimal string in major units, e.g. "5.00". */
  value: string;
  currency: string;
  /** Omit for an order with no capture yet. */
  capture?: { id: string; status: 'COMPLETED' | 'PENDING' | 'DECLINED' | string };
}

export class GatewayBSim {
  readonly orders = new Map<string, SimOrder>();
  calls = { token: 0, order: 0 };
  /** Answer every call with this status instead (e.g. 500). */
  failWith: number | null = null;
  /** Hold every answer this long before replying. */
  delayMs = 0;
  /** While set, order reads wait for it (a test acts while the API is asking the gateway). */
  holdOrders: Promise<void> | null = null;
  tokenTtlSeconds = 3600;
  #tokenSeq = 0;
  #validTokens = new Set<string>();
  #server: Server;
  url = '';

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Forget issued access tokens, as if they expired at the gateway. */
  revokeTokens(): void {
    this.#validTokens.clear();
  }

  reset(): void {
    this.calls = { token: 0, order: 0 };
    this.failWith = null;
    this.delayMs = 0;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (status: number, json: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const url = new URL(req.url ?? '/', 'http://sim');
    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') this.calls.token += 1;
    else if (req.method === 'GET' && url.pathname.startsWith('/v2/checkout/orders/')) this.calls.order += 1;
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failWith !== null) return send(this.failWith, { name: 'INTERNAL_SERVER_ERROR' });

    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = 'Basic ' + Buffer.from(`${SIM_CLIENT_ID}:${SIM_CLIENT_SECRET}`).toString('base64');
      if (req.headers.authorization !== expected || !new URLSearchParams(body).has('grant_type', 'client_credentials')) {
        return send(401, { error: 'invalid_client' });
      }
      const token = `A21-sim-${++this.#tokenSeq}`;
      this.#validTokens.add(token);
      return send(200, { access_token: token, token_type: 'Bearer', expires_in: this.tokenTtlSeconds });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/v2/checkout/orders/')) {
      await this.holdOrders;
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!this.#validTokens.has(bearer)) return send(401, { error: 'invalid_token' });
      const id = decodeURIComponent(url.pathname.slice('/v2/checkout/orders/'.length));
      const o = this.orders.get(id);
      if (!o) return send(404, { name: 'RESOURCE_NOT_FOUND' });
      const amount = { currency_code: o.currency, value: o.value };
      return send(200, {
        id,
        status: o.status,
        purchase_units: [
          {
            reference_id: 'default',
            custom_id: o.customId,
            amount,
            payments: o.capture ? { captures: [{ id: o.capture.id, status: o.capture.status, amount }] } : undefined,
          },
        ],
      });
    }
    send(404, { name: 'NOT_FOUND' });
  }
}
