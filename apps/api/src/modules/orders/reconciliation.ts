/**
 * `GET /admin/reconciliation`: checks, for a date range, that every money record has its twin —
 * top-ups vs ledger vs webhook log, order payments and refunds vs ledger — and, over all time,
 * that each wallet's balance equals the sum of its ledger. Read-only; lists every mismatch.
 */
import type { Ctx } from '../../context.ts';
import { DAY } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MismatchT, Reconciliation } from './orders.schemas.ts';

function parseBound(v: string | undefined, field: string, fallback: Date): Date {
  if (v === undefined) return fallback;
  // A date (YYYY-MM-DD) or a full ISO-8601 date-time with a zone.
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v)) {
    throw badRequest(`${field} must be an ISO-8601 date or date-time`, [{ field: `querystring/${field}`, message: 'expected ISO-8601' }]);
  }
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) throw badRequest(`${field} is not a valid date`, [{ field: `querystring/${field}`, message: 'invalid date' }]);
  return d;
}

const n = (v: unknown): number => Number(v ?? 0);

export async function reconcile(ctx: Ctx, q: { from?: string; to?: string }): Promise<Reconciliation> {
  const nowD = ctx.clock.now();
  const toD = parseBound(q.to, 'to', nowD);
  const fromD = parseBound(q.from, 'from', new Date(toD.getTime() - 30 * DAY));
  if (toD.getTime() <= fromD.getTime()) throw badRequest('to must be after from', [{ field: 'querystring/to', message: 'must be after from' }]);
  const from = fromD.toISOString();
  const to = toD.toISOString();
  const db = ctx.db;
  const mismatches: MismatchT[] = [];

  // -- top-ups: completed top-ups (by credit time) vs `topup` ledger rows vs `credited` webhook rows
  const topups = await db
    .selectFrom('topups')
    .select(['id', 'amount', 'status', 'credited_at'])
    .where((eb) => eb.or([eb.and([eb('credited_at', '>=', from), eb('credited_at', '<=', to)]), eb('status', '=', 'completed')]))
    .execute();
  const topupById = new Map(topups.map((t) => [t.id, t]));
  const topupLedger = await db
    .selectFrom('wallet_transactions')
    .select(['id', 'amount', 'reference', 'created_at'])
    .where('type', '=', 'topup')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .execute();
  const completedInRange = topups.filter((t) => t.status === 'completed' && t.credited_at !== null && t.credited_at >= from && t.credited_at <= to);
  const ledgerByTopup = new Map<string, number>();
  const ledgerTopupIds = completedInRange.length
    ? await db.selectFrom('wallet_transactions').select(['reference', 'amount']).where('type', '=', 'topup').where('reference', 'in', completedInRange.map((t) => t.id)).execute()
    : [];
  for (const r of ledgerTopupIds) ledgerByTopup.set(r.reference!, (ledgerByTopup.get(r.reference!) ?? 0) + n(r.amount));
  for (const t of completedInRange) {
    const got = ledgerByTopup.get(t.id);
    if (got === undefined) mismatches.push({ kind: 'topup_without_ledger', id: t.id, detail: `completed top-up of ${n(t.amount)} has no topup ledger row` });
    else if (got !== n(t.amount)) mismatches.push({ kind: 'topup_amount_mismatch', id: t.id, detail: `top-up ${n(t.amount)} but ledger credited ${got}` });
  }
  for (const l of topupLedger) {
    const t = l.reference === null ? undefined : topupById.get(l.reference);
    if (!t || t.status !== 'completed') {
      mismatches.push({ kind: 'ledger_topup_without_topup', id: l.id, detail: `ledger topup of ${n(l.amount)} (reference ${l.reference ?? 'null'}) has no completed top-up` });
    }
  }
  const credited = await db
    .selectFrom('webhook_logs')
    .select(['id', 'topup_id'])
    .where('outcome', '=', 'credited')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .execute();
  for (const w of credited) {
    const t = w.topup_id === null ? undefined : topupById.get(w.topup_id);
    if (!t || t.status !== 'completed') mismatches.push({ kind: 'webhook_credited_without_topup', id: w.id, detail: `credited webhook log for top-up ${w.topup_id ?? 'null'} has no completed top-up` });
  }

  // -- orders placed in range vs their payment ledger row (reference = order id, amount = -total)
  const orders = await db.selectFrom('orders').select(['id', 'total', 'refunded_amount']).where('created_at', '>=', from).where('created_at', '<=', to).execute();
  const payments = await db
    .selectFrom('wallet_transactions')
    .select(['id', 'amount', 'reference'])
    .where('type', '=', 'order_payment')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .execute();
  const paidByOrder = new Map<string, number>();
  for (const p of payments) if (p.reference !== null) paidByOrder.set(p.reference, (paidByOrder.get(p.reference) ?? 0) - n(p.amount));
  const orderIds = new Set(orders.map((o) => o.id));
  for (const o of orders) {
    const paid = paidByOrder.get(o.id);
    if (paid === undefined) mismatches.push({ kind: 'order_without_payment', id: o.id, detail: `order total ${n(o.total)} has no order_payment ledger row` });
    else if (paid !== n(o.total)) mismatches.push({ kind: 'order_payment_mismatch', id: o.id, detail: `order total ${n(o.total)} but ledger debited ${paid}` });
  }
  for (const p of payments) {
    if (p.reference === null || !orderIds.has(p.reference)) {
      // A payment in range for an order outside it (clock edge) is checked against the order itself.
      const o = p.reference === null ? undefined : await db.selectFrom('orders').select('id').where('id', '=', p.reference).executeTakeFirst();
      if (!o) mismatches.push({ kind: 'payment_without_order', id: p.id, detail: `order_payment of ${-n(p.amount)} references no order` });
    }
  }

  // -- refunds: for orders in range, refunds rows and their ledger rows (reference = refund id) sum to refunded_amount
  const refunds = orders.length
    ? await db.selectFrom('refunds').select(['id', 'order_id', 'amount', 'created_at']).where('order_id', 'in', [...orderIds]).execute()
    : [];
  const refundLedger = refunds.length
    ? await db.selectFrom('wallet_transactions').select(['reference', 'amount']).where('type', '=', 'order_refund').where('reference', 'in', refunds.map((r) => r.id)).execute()
    : [];
  const ledgerByRefund = new Map<string, number>();
  for (const l of refundLedger) ledgerByRefund.set(l.reference!, (ledgerByRefund.get(l.reference!) ?? 0) + n(l.amount));
  const refundsByOrder = new Map<string, number>();
  const ledgerRefundsByOrder = new Map<string, number>();
  for (const r of refunds) {
    refundsByOrder.set(r.order_id, (refundsByOrder.get(r.order_id) ?? 0) + n(r.amount));
    ledgerRefundsByOrder.set(r.order_id, (ledgerRefundsByOrder.get(r.order_id) ?? 0) + (ledgerByRefund.get(r.id) ?? 0));
  }
  for (const o of orders) {
    const want = n(o.refunded_amount);
    const rows = refundsByOrder.get(o.id) ?? 0;
    const ledger = ledgerRefundsByOrder.get(o.id) ?? 0;
    if (rows !== want || ledger !== want) {
      mismatches.push({ kind: 'refund_mismatch', id: o.id, detail: `refunded_amount ${want}, refund rows ${rows}, ledger refunds ${ledger}` });
    }
  }
  const refundsInRange = await db
    .selectFrom('wallet_transactions')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('type', '=', 'order_refund')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .executeTakeFirstOrThrow();
  const refundRowsInRange = await db
    .selectFrom('refunds')
    .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .executeTakeFirstOrThrow();

  // -- balances: every wallet, all time
  const sums = await db
    .selectFrom('wallet_transactions')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('sum')])
    .groupBy('user_id')
    .execute();
  const ledgerByUser = new Map(sums.map((s) => [s.user_id, n(s.sum)]));
  const wallets = await db.selectFrom('wallets').select(['user_id', 'shopping_credits']).execute();
  let sumBalances = 0;
  for (const w of wallets) {
    const bal = n(w.shopping_credits);
    sumBalances += bal;
    const led = ledgerByUser.get(w.user_id) ?? 0;
    if (bal !== led) mismatches.push({ kind: 'balance_mismatch', id: w.user_id, detail: `balance ${bal} but ledger sums to ${led}` });
  }
  const sumLedger = sums.reduce((s, r) => s + n(r.sum), 0);

  return {
    from,
    to,
    currency: ctx.config.currency,
    topups: {
      completed: { count: completedInRange.length, amount: completedInRange.reduce((s, t) => s + n(t.amount), 0) },
      ledger: { count: topupLedger.length, amount: topupLedger.reduce((s, l) => s + n(l.amount), 0) },
      webhook_credited: { count: credited.length },
    },
    orders: {
      placed: { count: orders.length, amount: orders.reduce((s, o) => s + n(o.total), 0) },
      ledger_payments: { count: payments.length, amount: -payments.reduce((s, p) => s + n(p.amount), 0) },
      refunds: { count: n(refundRowsInRange.count), amount: n(refundRowsInRange.amount) },
      ledger_refunds: { count: n(refundsInRange.count), amount: n(refundsInRange.amount) },
    },
    balances: { wallets: wallets.length, sum_of_balances: sumBalances, sum_of_ledger: sumLedger },
    ok: mismatches.length === 0,
    mismatches,
  };
}
