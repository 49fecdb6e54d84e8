/**
 * Gateway A simulator: speaks CCAvenue's wire format on 127.0.0.1:0. It takes the merchant's
 * `encRequest` + `access_code` form post, decrypts it with the working key, shows a pay page, and
 * posts an encrypted `encResp` back to the request's redirect_url (cancel_url on cancel).
 * Knobs let tests tamper with the response or report another amount.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeParams, decrypt, encodeParams, encrypt } from '../../src/gateway-a/crypto.ts';

export interface GatewayASimOptions {
  merchantId: string;
  accessCode: string;
  workingKey: string;
}

export interface GatewayASim {
  /** The transaction URL to configure as GATEWAY_A_TRANSACTION_URL. */
  transactionUrl: string;
  origin: string;
  /** Decrypted requests, in arrival order. */
  requests: Record<string, string>[];
  /** Flip one hex digit of the next responses' encResp. */
  tamper: boolean;
  /** Report this decimal amount instead of the requested one. */
  amountOverride: string | null;
  /** Builds an encResp as the gateway would, for tests that post it directly. */
  encResp(params: Record<string, string>): string;
  /** The order status API (GATEWAY_A_STATUS_URL). */
  statusUrl: string;
  /** Orders the status API knows: order id → what it reports. */
  orders: Map<string, { order_status: string; reference_no: string; order_amt: string; order_currncy: string }>;
  /** Status API answers 503 while true. */
  statusDown: boolean;
  /** Status API drops the connection without answering while true. */
  statusDrop: boolean;
  /**
   * The status API's next answers: an object is merged into the decrypted JSON answer (another
   * verdict, order number, reference or amount); a string is sent as the whole body instead.
   */
  statusAnswer: Record<string, unknown> | string | null;
  /** Decrypted status queries, in arrival order. */
  statusQueries: Record<string, string>[];
  close(): Promise<void>;
}

const esc = (v: string): string => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1_000_000) throw new Error('body too large');
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Gateway A</title></head><body>${body}</body></html>`);
}

export async function startGatewayASim(o: GatewayASimOptions): Promise<GatewayASim> {
  /** Pending checkouts by session id: the decrypted request. */
  const sessions = new Map<string, Record<string, string>>();
  const sim: Omit<GatewayASim, 'transactionUrl' | 'origin' | 'statusUrl' | 'close'> = {
    requests: [],
    tamper: false,
    amountOverride: null,
    encResp: (params) => encrypt(encodeParams(params), o.workingKey),
    orders: new Map(),
    statusDown: false,
    statusDrop: false,
    statusAnswer: null,
    statusQueries: [],
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      if (req.method === 'POST' && url.pathname === '/transaction/transaction.do' && url.searchParams.get('command') === 'initiateTransaction') {
        const form = await readForm(req);
        if (form.access_code !== o.accessCode) return html(res, 200, '<h1 id="sim-error">Error: invalid access code</h1>');
        const plain = decrypt(form.encRequest ?? '', o.workingKey);
        if (plain === null) return html(res, 200, '<h1 id="sim-error">Error: cannot decrypt encRequest</h1>');
        const r = decodeParams(plain);
        sim.requests.push(r);
        const missing = ['merchant_id', 'order_id', 'currency', 'amount', 'redirect_url', 'cancel_url'].filter((k) => !r[k]);
        if (missing.length || r.merchant_id !== o.merchantId) return html(res, 200, `<h1 id="sim-error">Error: bad request ${esc(missing.join(','))}</h1>`);
        const session = randomBytes(8).toString('hex');
        sessions.set(session, r);
        const button = (outcome: string, id: string, label: string) =>
          `<form method="post" action="/sim/complete"><input type="hidden" name="session" value="${session}"><input type="hidden" name="outcome" value="${outcome}"><button id="${id}" type="submit">${label}</button></form>`;
        return html(
          res,
          200,
          `<h1>Gateway A test checkout</h1><p id="sim-amount">${esc(r.currency!)} ${esc(r.amount!)}</p><p id="sim-order">${esc(r.order_id!)}</p>` +
            button('Success', 'sim-pay', 'Pay') +
            button('Failure', 'sim-decline', 'Decline') +
            button('Aborted', 'sim-cancel', 'Cancel'),
        );
      }
      // The order status API (CCAvenue's orderStatusTracker): an encrypted JSON query by order
      // number and reference (tracking) number, an encrypted JSON answer after `status=0&`.
      if (req.method === 'POST' && url.pathname === '/apis/servlet/DoWebTrans') {
        const form = await readForm(req);
        if (sim.statusDrop) return req.socket.destroy();
        if (sim.statusDown) {
          res.writeHead(503);
          return res.end('unavailable');
        }
        // As the real API: a form post, JSON both ways, version 1.2; anything else is not understood.
        const wellFormed =
          req.headers['content-type'] === 'application/x-www-form-urlencoded' &&
          form.access_code === o.accessCode &&
          form.command === 'orderStatusTracker' &&
          form.request_type === 'JSON' &&
          form.response_type === 'JSON' &&
          form.version === '1.2';
        const plain = wellFormed ? decrypt(form.enc_request ?? '', o.workingKey) : null;
        const query = plain === null ? null : (JSON.parse(plain) as Record<string, string>);
        if (query) sim.statusQueries.push(query);
        const order = query ? sim.orders.get(query.order_no ?? '') : undefined;
        res.writeHead(200, { 'content-type': 'text/plain' });
        if (typeof sim.statusAnswer === 'string') return res.end(sim.statusAnswer);
        if (!query || !order || (query.reference_no && query.reference_no !== order.reference_no)) {
          return res.end(`status=1&enc_response=${encodeURIComponent('Order not found')}`);
        }
        const answer = { status: 0, order_no: query.order_no, ...order, ...sim.statusAnswer };
        // The real API ends its answer with a line break.
        return res.end(`status=0&enc_response=${encrypt(JSON.stringify(answer), o.workingKey)}\r\n`);
      }
      if (req.method === 'POST' && url.pathname === '/sim/complete') {
        const form = await readForm(req);
        const r = sessions.get(form.session ?? '');
        if (!r) return html(res, 404, '<h1>Unknown session</h1>');
        sessions.delete(form.session!);
        const status = form.outcome === 'Success' || form.outcome === 'Failure' ? form.outcome : 'Aborted';
        const trackingId = String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999));
        sim.orders.set(r.order_id!, {
          order_status: status === 'Success' ? 'Shipped' : status === 'Failure' ? 'Unsuccessful' : 'Aborted',
          reference_no: trackingId,
          order_amt: sim.amountOverride ?? r.amount!,
          order_currncy: r.currency!,
        });
        let encResp = sim.encResp({
          order_id: r.order_id!,
          tracking_id: trackingId,
          bank_ref_no: String(randomInt(100_000, 999_999)),
          order_status: status,
          failure_message: status === 'Failure' ? 'Transaction declined by bank' : '',
          payment_mode: 'Net Banking',
          card_name: 'Test Bank',
          status_code: status === 'Success' ? '0' : '1',
          status_message: status === 'Success' ? 'Approved' : 'Declined',
          currency: r.currency!,
          amount: sim.amountOverride ?? r.amount!,
          merchant_param1: r.merchant_param1 ?? '',
          merchant_param2: r.merchant_param2 ?? '',
          trans_date: '23/11/2026 10:00:00',
        });
        if (sim.tamper) {
          // Change a digit in the middle: CBC turns that block into garbage.
          const i = Math.floor(encResp.length / 2);
          encResp = encResp.slice(0, i) + (encResp[i] === '0' ? '1' : '0') + encResp.slice(i + 1);
        }
        const target = status === 'Aborted' ? r.cancel_url! : r.redirect_url!;
        return html(
          res,
          200,
          `<form id="back" method="post" action="${esc(target)}"><input type="hidden" name="encResp" value="${encResp}"><input type="hidden" name="orderNo" value="${esc(r.order_id!)}"><button type="submit">Return to merchant</button></form><script>document.getElementById('back').submit()</script>`,
        );
      }
      html(res, 404, '<h1>Not found</h1>');
    })().catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(sim, {
    origin,
    transactionUrl: `${origin}/transaction/transaction.do?command=initiateTransaction`,
    statusUrl: `${origin}/apis/servlet/DoWebTrans`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
