import type { FastifyReply } from 'fastify';
import type { LookupResult, Topup } from './api-client.ts';
import type { PayConfig } from './config.ts';
import { messagePage } from './views.ts';

/** Top-up tokens are opaque; anything outside this shape is not worth a lookup. */
export const TOKEN_PATTERN = '^[A-Za-z0-9._~-]{8,256}$';
const tokenRe = new RegExp(TOKEN_PATTERN);
export const isToken = (v: unknown): v is string => typeof v === 'string' && tokenRe.test(v);

/** Whether the API lets the page offer `gateway` for this top-up (the admin's gateway records: on/off, bounds). */
export const offers = (t: Topup, gateway: 'gateway_a' | 'gateway_b'): boolean => t.gateways === undefined || t.gateways.includes(gateway);

/**
 * The pages shared by both gateways' flows for a token that cannot be paid (unknown, expired,
 * already paid, API unreachable, or — with `gateway` — not payable through that gateway).
 * Returns the top-up itself when it can be paid.
 */
export function unpayablePage(reply: FastifyReply, lookup: LookupResult, now: Date, gateway?: 'gateway_a' | 'gateway_b'): FastifyReply | Topup {
  if (lookup.kind === 'unavailable') {
    return messagePage(reply, 503, 'Payments are temporarily unavailable', ['We could not reach the wallet service. Please try again in a few minutes.']);
  }
  if (lookup.kind === 'not_found') {
    return messagePage(reply, 404, 'This payment link is not valid', ['Start a new top-up from the app.']);
  }
  const t = lookup.topup;
  if (t.status === 'completed' || t.status === 'credited') {
    return messagePage(reply, 409, 'This top-up is already paid', ['Your wallet has been credited. You can return to the app.'], 'ok');
  }
  const expiresAt = Date.parse(t.expires_at);
  if (t.status === 'expired' || (Number.isFinite(expiresAt) && expiresAt <= now.getTime())) {
    return messagePage(reply, 410, 'This payment link has expired', ['Start a new top-up from the app.']);
  }
  if (t.status !== 'pending') {
    return messagePage(reply, 409, 'This top-up cannot be paid', ['Start a new top-up from the app.']);
  }
  if (gateway && !offers(t, gateway)) {
    return messagePage(reply, 409, 'This payment method is not available for this top-up', ['Go back and choose another way to pay.']);
  }
  return t;
}

/** A gateway takes payments only when it is configured and credits can be signed for the API. */
export const gatewayAOpen = (c: Readonly<PayConfig>): boolean => c.gatewayA !== null && c.storeWebhookSecrets !== null;
export const gatewayBOpen = (c: Readonly<PayConfig>): boolean => c.gatewayB !== null && c.storeWebhookSecrets !== null;
