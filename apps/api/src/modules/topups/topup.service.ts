/**
 * Top-ups: the only way money enters. A top-up row is keyed by sha256(token); it moves
 * pending → completed exactly once, in the same database transaction as its ledger credit and its
 * webhook-log row. Both the signed callback and the gateway B status poll go through `creditOnce`,
 * whose conditional UPDATE (status = 'pending') and UNIQUE(gateway, gateway_txn_id) make any number
 * of racing callers credit once.
 */
import type { Ctx } from '../../context.ts';
import type { Handle } from '../../lib/db-types.ts';
import { DAY, HOUR, SECOND } from '../../lib/clock.ts';
import { hit, type RateRule } from '../../lib/rate-limit.ts';
import { own, type WebhookOutcome } from './tables.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId, randomToken } from '../../lib/ids.ts';
import { sha256 } from '../../lib/secrets.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { gatewaysForAmount } from '../payments/index.ts';
import { GatewayBError, GatewayBUnavailable, verifyOrder, type GatewayBClient } from '@storefront/gateway-b';
import * as repo from './topups.repository.ts';
import { completeTopup, declinedAt, stateOf } from './transitions.ts';
import type { TopupAttachBody, TopupCreditBody, TopupDeclineBody } from './topups.schemas.ts';

export const TOPUP_TTL_MS = HOUR;
/** The status poll asks gateway B about one top-up at most this often. */
export const GATEWAY_CHECK_RULE: RateRule = { bucket: 'topup_gateway_check', limit: 1, windowMs: 5 * SECOND, code: 'TOPUP_CHECK_THROTTLED' };
/** How much of a token the webhook log keeps: enough to correlate, far too little to use. */
const TOKEN_PREFIX_LENGTH = 8;

/** The top-up gate (TOPUP_PAGE_BASE_URL); the route checks it before it reads the body. */
export function topupPage(ctx: Ctx): string {
  const base = ctx.config.topup.pageBaseUrl;
  if (base === null) throw new AppError(503, 'topup_disabled', 'Top-up is not configured');
  return base;
}

/**
 * A `return_url` the payment server may send the payer to: an http(s) URL whose parsed origin is
 * one of `TOPUP_RETURN_ORIGINS` (never a string-prefix test: `https://shop.example.com.evil.com`
 * and `https://shop.example.com@evil.com` are other hosts). The fragment is dropped.
 */
export function allowedReturnUrl(ctx: Ctx, returnUrl: string): string {
  let u: URL | null = null;
  try {
    u = new URL(returnUrl);
  } catch {
    // not a URL: refused below
  }
  const ok = u !== null && (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && ctx.config.topup.returnOrigins.includes(u.origin);
  if (!ok) {
    throw new AppError(400, 'return_url_not_allowed', 'return_url must be on an allowed origin (TOPUP_RETURN_ORIGINS)', {
      details: [{ field: 'body/return_url', message: 'not on an allowed origin' }],
    });
  }
  u!.hash = '';
  return u!.toString();
}

export async function initiateTopup(ctx: Ctx, userId: string, amount: number, returnUrl?: string) {
  const base = topupPage(ctx);
  const { min, max } = ctx.config.topup;
  if (amount < min || amount > max) {
    throw badRequest(`amount must be between ${min} and ${max}`, [{ field: 'body/amount', message: `must be between ${min} and ${max}` }]);
  }
  // TOPUP_MIN/TOPUP_MAX are the outer bounds; within them some gateway must take the amount.
  if ((await offeredGateways(ctx, amount)).length === 0) {
    throw badRequest('No payment gateway takes this amount', [{ field: 'body/amount', message: 'outside the bounds of every active payment gateway' }]);
  }
  const back = returnUrl === undefined ? null : allowedReturnUrl(ctx, returnUrl);
  const token = randomToken(32);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + TOPUP_TTL_MS).toISOString();
  await repo.insertTopup(ctx.db, {
    id: newId(ctx.clock),
    token_hash: sha256(token),
    user_id: userId,
    amount,
    currency: ctx.config.currency,
    status: 'pending',
    expires_at: expiresAt,
    attached_gateway: null,
    gateway_order_id: null,
    gateway: null,
    gateway_txn_id: null,
    credited_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    return_url: back,
    declined_at: null,
  });
  const url = new URL(base);
  url.searchParams.set('token', token);
  return { token, url: url.toString(), expires_at: expiresAt };
}

// ---- webhook log ----

export interface LogEntry {
  endpoint: string;
  gateway?: string | null;
  token?: string | null;
  topupId?: string | null;
  gatewayTxnId?: string | null;
  outcome: WebhookOutcome;
  reason?: string | null;
}

/** Untrusted strings for the log: NUL removed (PostgreSQL text cannot hold it), length bounded. */
const clip = (v: unknown, n: number): string | null => {
  const s = typeof v === 'string' ? v.replace(/\u0000/g, '').slice(0, n) : '';
  return s.length > 0 ? s : null;
};

export async function logWebhook(ctx: Ctx, db: Handle, e: LogEntry): Promise<void> {
  await repo.insertWebhookLog(db, {
    id: newId(ctx.clock),
    endpoint: e.endpoint,
    gateway: clip(e.gateway, 32),
    token: clip(e.token, TOKEN_PREFIX_LENGTH),
    topup_id: e.topupId ?? null,
    gateway_txn_id: clip(e.gatewayTxnId, 200),
    outcome: e.outcome,
    reason: clip(e.reason, 200),
    created_at: ctx.clock.now().toISOString(),
  });
}

/** Retention: webhook-log rows older than `WEBHOOK_LOG_RETENTION_DAYS` (default 90). */
export const purgeOldWebhookLogs = (ctx: Ctx): Promise<number> =>
  repo.purgeWebhookLogs(ctx.db, new Date(ctx.clock.now().getTime() - ctx.config.webhookLogRetentionDays * DAY).toISOString());

/** Log fields picked from an unverified body: only short strings, never trusted for anything else. */
export function logFieldsOf(body: unknown): Pick<LogEntry, 'gateway' | 'token' | 'gatewayTxnId'> {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return { gateway: clip(b.gateway, 32), token: clip(b.token, TOKEN_PREFIX_LENGTH), gatewayTxnId: clip(b.gateway_txn_id, 200) };
}

// ---- crediting ----

export type CreditResult = { credited: true; balance: number } | { credited: false; duplicate: true };
const DUPLICATE: CreditResult = { credited: false, duplicate: true };
/** Why a payment was not credited to a top-up that is no longer pending. */
type Refused = 'topup_already_completed' | 'gateway_txn_reused';

/**
 * The one place a top-up is credited. One transaction: pending → completed, the ledger credit, the
 * log row. When the top-up is no longer pending (0 rows), the payment that completed it decides:
 * this same payment again is a duplicate; a payment that paid another top-up is 409
 * `gateway_txn_reused`; any other payment is a second payment for a completed top-up, 409
 * `topup_already_completed`: not credited, and listed for operators to return
 * (`GET /admin/payments-to-return`). A (gateway, gateway_txn_id) that already paid another pending
 * top-up violates the unique constraint, rolls everything back and is 409 `gateway_txn_reused`:
 * that payment did not fill this top-up, which stays pending.
 */
async function creditOnce(
  ctx: Ctx,
  topup: repo.TopupRow,
  credit: { gateway: string; gatewayTxnId: string },
  log: { endpoint: string; token: string },
): Promise<CreditResult> {
  const entry = { endpoint: log.endpoint, gateway: credit.gateway, token: log.token, topupId: topup.id, gatewayTxnId: credit.gatewayTxnId };
  const result = await creditInTransaction(ctx, topup, credit, entry);
  // Counted after the commit: a rolled-back credit is never counted.
  if (result === 'topup_already_completed') {
    ctx.metrics.topupCredits.inc({ gateway: credit.gateway, outcome: 'already_completed' });
    ctx.log.warn({ topup_id: topup.id, gateway: credit.gateway }, 'second payment for a completed top-up; not credited, to be returned');
    throw conflict(result, 'This top-up was completed by another payment; this payment was not added and is to be returned');
  }
  if (result === 'gateway_txn_reused') throw txnReused(ctx, topup, credit);
  ctx.metrics.topupCredits.inc({ gateway: credit.gateway, outcome: result.credited ? 'credited' : 'duplicate' });
  if (result.credited) ctx.metrics.topupCreditedAmount.inc({ gateway: credit.gateway, currency: topup.currency }, Number(topup.amount));
  return result;
}

function txnReused(ctx: Ctx, topup: repo.TopupRow, credit: { gateway: string }): AppError {
  ctx.log.warn({ topup_id: topup.id, gateway: credit.gateway }, 'gateway transaction id already paid another top-up; not credited');
  return conflict('gateway_txn_reused', 'This gateway transaction already paid another top-up');
}

async function creditInTransaction(
  ctx: Ctx,
  topup: repo.TopupRow,
  credit: { gateway: string; gatewayTxnId: string },
  entry: Omit<LogEntry, 'outcome'>,
): Promise<CreditResult | Refused> {
  try {
    return await own(ctx.db).transaction().execute(async (trx) => {
      const balance = await completeTopup(ctx, trx, topup, credit);
      if (balance !== null) {
        await logWebhook(ctx, trx, { ...entry, outcome: 'credited', reason: null });
        return { credited: true as const, balance };
      }
      // Read in this transaction, after the completing one committed (its row lock was waited for).
      const done = (await repo.findTopupByTokenHash(trx, topup.token_hash))!;
      if (done.gateway === credit.gateway && done.gateway_txn_id === credit.gatewayTxnId) {
        await logWebhook(ctx, trx, { ...entry, outcome: 'duplicate', reason: 'token_already_credited' });
        return DUPLICATE;
      }
      const reused = (await repo.findTopupByGatewayTxn(trx, credit.gateway, credit.gatewayTxnId)) !== undefined;
      const reason: Refused = reused ? 'gateway_txn_reused' : 'topup_already_completed';
      await logWebhook(ctx, trx, { ...entry, outcome: 'rejected', reason });
      return reason;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      await logWebhook(ctx, ctx.db, { ...entry, outcome: 'rejected', reason: 'gateway_txn_reused' });
      throw txnReused(ctx, topup, credit);
    }
    await logWebhook(ctx, ctx.db, { ...entry, outcome: 'error', reason: 'internal' }).catch(() => undefined);
    throw err;
  }
}

/**
 * `POST /wallet/topup-credit`, after the signature passed. A credit for an expired token is
 * accepted: the gateway has confirmed the payment, so the money was taken and must land.
 */
export async function creditTopup(ctx: Ctx, body: TopupCreditBody): Promise<CreditResult> {
  const endpoint = 'topup-credit';
  const topup = await repo.findTopupByTokenHash(ctx.db, sha256(body.token));
  const fields = { endpoint, gateway: body.gateway, token: body.token, gatewayTxnId: body.gateway_txn_id };
  if (!topup) {
    await logWebhook(ctx, ctx.db, { ...fields, outcome: 'rejected', reason: 'unknown_token' });
    throw notFound('top-up');
  }
  if (Number(topup.amount) !== body.amount || topup.currency !== body.currency) {
    await logWebhook(ctx, ctx.db, { ...fields, topupId: topup.id, outcome: 'rejected', reason: 'amount_mismatch' });
    throw conflict('amount_mismatch', 'Amount or currency differs from the initiated top-up');
  }
  return creditOnce(ctx, topup, { gateway: body.gateway, gatewayTxnId: body.gateway_txn_id }, { endpoint, token: body.token });
}

/** The gateways the payment server runs; the admin's gateway records narrow them. */
export const PAYMENT_SERVER_GATEWAYS = ['gateway_a', 'gateway_b'] as const;

/** Gateways that may take `amount` now (docs/wallet.md, Gateway records). */
export const offeredGateways = (ctx: Ctx, amount: number) => gatewaysForAmount(ctx, PAYMENT_SERVER_GATEWAYS, amount);

/** What a token pays for, and which gateways the hosted page may offer for it (read now, so a gateway switched off since initiate disappears). */
export async function lookupTopup(ctx: Ctx, token: string) {
  const topup = await repo.findTopupByTokenHash(ctx.db, sha256(token));
  if (!topup) throw notFound('top-up');
  const amount = Number(topup.amount);
  const gateways = await offeredGateways(ctx, amount);
  return {
    status: stateOf(ctx, topup),
    amount,
    currency: topup.currency,
    expires_at: topup.expires_at,
    ...declined(topup),
    gateways,
    ...(topup.return_url ? { return_url: topup.return_url } : {}),
  };
}

/** The payment server names the gateway order paying a pending token; later attaches replace earlier ones. */
export async function attachTopup(ctx: Ctx, body: TopupAttachBody) {
  const topup = await repo.findTopupByTokenHash(ctx.db, sha256(body.token));
  if (!topup) throw notFound('top-up');
  const attached = await repo.attachGatewayOrder(ctx.db, topup.id, body.gateway, body.gateway_order_id, ctx.clock.now().toISOString());
  const fresh = (await repo.findTopupByTokenHash(ctx.db, topup.token_hash))!;
  return { attached, status: stateOf(ctx, fresh) };
}

/**
 * The payment server reports that the gateway declined a payment for this token: the app then
 * shows "not credited" at once instead of "pending" until the top-up expires. Only the view
 * changes: the top-up stays payable by a confirmed payment, which still credits it once.
 */
export async function declineTopup(ctx: Ctx, body: TopupDeclineBody) {
  const topup = await repo.findTopupByTokenHash(ctx.db, sha256(body.token));
  if (!topup) throw notFound('top-up');
  const marked = await repo.markDeclined(ctx.db, topup.id, ctx.clock.now().toISOString());
  if (marked) ctx.log.info({ topup_id: topup.id, gateway: body.gateway }, 'top-up payment declined by the gateway');
  const fresh = (await repo.findTopupByTokenHash(ctx.db, topup.token_hash))!;
  return { status: stateOf(ctx, fresh), ...declined(fresh) };
}

/**
 * Asks gateway B about the attached order and credits when it is paid (docs/contracts.md §6). Runs
 * outside any transaction; an unreachable, slow or failing gateway leaves the top-up pending.
 */
async function selfHeal(ctx: Ctx, gatewayB: GatewayBClient, topup: repo.TopupRow, token: string): Promise<void> {
  const endpoint = 'topup-status';
  const entry = { endpoint, gateway: 'gateway_b', token, topupId: topup.id };
  let order;
  try {
    order = await gatewayB.getOrder(topup.gateway_order_id!);
    if (order === null) throw new GatewayBError('orders answered 404');
  } catch (err) {
    const reason = err instanceof GatewayBError ? err.message : err instanceof GatewayBUnavailable ? err.reason : 'gateway_unreachable';
    ctx.log.warn({ topup_id: topup.id, reason }, 'gateway B verification failed');
    await logWebhook(ctx, ctx.db, { ...entry, outcome: 'error', reason });
    return;
  }
  const verdict = verifyOrder(order, { token, amount: Number(topup.amount), currency: topup.currency });
  if (!verdict.ok) {
    if (verdict.final) await logWebhook(ctx, ctx.db, { ...entry, outcome: 'rejected', reason: verdict.reason });
    return;
  }
  try {
    await creditOnce(ctx, topup, { gateway: 'gateway_b', gatewayTxnId: verdict.captureId }, { endpoint, token });
  } catch (err) {
    // Another payment completed the top-up while the gateway was asked (logged, listed to return),
    // or the capture paid another top-up: the poll still answers the state.
    if (!(err instanceof AppError && err.status === 409)) throw err;
  }
}

/** `declined_at` for an answer, when the gateway declined the payment of a top-up not completed since. */
function declined(row: repo.TopupRow): { declined_at?: string } {
  const at = declinedAt(row);
  return at === null ? {} : { declined_at: at };
}

/** `GET /wallet/topup-status/:token`: the caller's own top-up only (another user's is 404). */
export async function topupStatus(ctx: Ctx, gatewayB: GatewayBClient | null, userId: string, token: string) {
  const hash = sha256(token);
  let topup = await repo.findTopupByTokenHash(ctx.db, hash);
  if (!topup || topup.user_id !== userId) throw notFound('top-up');
  const verifiable = topup.status === 'pending' && gatewayB && topup.attached_gateway === 'gateway_b' && topup.gateway_order_id;
  if (verifiable && (await hit(ctx.db, ctx, GATEWAY_CHECK_RULE, { id: topup.id })).allowed) {
    await selfHeal(ctx, gatewayB, topup, token);
    topup = (await repo.findTopupByTokenHash(ctx.db, hash))!;
  }
  return {
    status: stateOf(ctx, topup),
    amount: Number(topup.amount),
    currency: topup.currency,
    expires_at: topup.expires_at,
    ...(topup.credited_at ? { credited_at: topup.credited_at } : {}),
    ...declined(topup),
  };
}
