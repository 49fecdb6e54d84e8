import type { GatewayAConfig } from '../config.ts';
import { httpRequest, HttpUnavailable } from '../lib/http.ts';
import { decrypt, encrypt } from './crypto.ts';

/**
 * Gateway A's order status API (CCAvenue `orderStatusTracker`): asked before every credit, so a
 * response posted to us (which a payer's browser carries, and could replay or forge if the
 * working key leaked) is never the only proof of payment. The query and the answer are encrypted
 * with the working key, like the redirect.
 */
export type OrderStatus =
  | { kind: 'paid'; amount: string; currency: string }
  | { kind: 'not_paid'; reason: string }
  /** The status API could not be asked: nothing is credited now; asking again may settle it. */
  | { kind: 'unreachable'; reason: string };

/** Statuses gateway A reports for an order whose money it holds. */
const PAID = new Set(['Shipped', 'Successful']);

export async function fetchOrderStatus(cfg: GatewayAConfig, orderId: string, trackingId: string, timeoutMs: number): Promise<OrderStatus> {
  const form = new URLSearchParams({
    enc_request: encrypt(JSON.stringify({ order_no: orderId, reference_no: trackingId }), cfg.workingKey),
    access_code: cfg.accessCode,
    command: 'orderStatusTracker',
    request_type: 'JSON',
    response_type: 'JSON',
    version: '1.2',
  });
  let res;
  try {
    res = await httpRequest('gateway a status', cfg.statusUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      timeoutMs,
    });
  } catch (err) {
    if (err instanceof HttpUnavailable) return { kind: 'unreachable', reason: 'gateway_unreachable' };
    throw err;
  }
  if (res.status !== 200) return { kind: 'unreachable', reason: `gateway_status_${res.status}` };
  const answer = new URLSearchParams(res.text.trim());
  if (answer.get('status') !== '0') return { kind: 'not_paid', reason: 'order_unknown' };
  const plain = decrypt(answer.get('enc_response') ?? '', cfg.workingKey);
  let order: Record<string, unknown> | null = null;
  try {
    order = plain === null ? null : (JSON.parse(plain) as Record<string, unknown>);
  } catch {
    order = null;
  }
  if (!order) return { kind: 'unreachable', reason: 'gateway_status_unreadable' };
  if (order.order_no !== orderId || order.reference_no !== trackingId) return { kind: 'not_paid', reason: 'order_mismatch' };
  if (!PAID.has(String(order.order_status))) return { kind: 'not_paid', reason: `order_status_${String(order.order_status).slice(0, 20)}` };
  return { kind: 'paid', amount: String(order.order_amt ?? ''), currency: String(order.order_currncy ?? '') };
}
