/**
 * CSV exports of orders, refunds and the reconciliation report (docs/admin-exports.md): the same
 * filters as the admin pages, rows read in batches as they are written.
 */
import type { Ctx } from '../../context.ts';

import { allRows, money, text } from '../../lib/csv.ts';
import { adminFilter, listOrders, listRefunds } from '../orders/index.ts';
import { reconcile } from './reconciliation.ts';

export const ORDER_CSV_COLUMNS = ['id', 'created_at', 'updated_at', 'user_id', 'status', 'subtotal', 'total', 'refunded_amount', 'currency'] as const;

/** The filter is checked before the answer starts, so a bad one is a 400, not a cut-off file. */
export async function ordersCsv(ctx: Ctx, q: Parameters<typeof adminFilter>[1]) {
  return orderRows(ctx, await adminFilter(ctx, q));
}

async function* orderRows(ctx: Ctx, filter: Awaited<ReturnType<typeof adminFilter>>) {
  for await (const o of allRows((before, limit) => listOrders(ctx.db, { ...filter, before, limit }))) {
    yield {
      id: o.id,
      created_at: o.created_at,
      updated_at: o.updated_at,
      user_id: o.user_id,
      status: o.status,
      subtotal: money(o.subtotal, o.currency),
      total: money(o.total, o.currency),
      refunded_amount: money(o.refunded_amount, o.currency),
      currency: o.currency,
    };
  }
}

export const REFUND_CSV_COLUMNS = ['id', 'created_at', 'order_id', 'user_id', 'amount', 'currency', 'reason', 'admin_id'] as const;

export async function* refundsCsv(ctx: Ctx, q: { order_id?: string; user_id?: string }) {
  const filter = { ...(q.order_id ? { orderId: q.order_id } : {}), ...(q.user_id ? { userId: q.user_id } : {}) };
  const currency = ctx.config.currency;
  for await (const r of allRows((before, limit) => listRefunds(ctx.db, { ...filter, before, limit }))) {
    yield {
      id: r.id,
      created_at: r.created_at,
      order_id: r.order_id,
      user_id: r.user_id,
      amount: money(r.amount, currency),
      currency,
      reason: text(r.reason),
      admin_id: r.admin_id ?? '',
    };
  }
}

export const RECONCILIATION_CSV_COLUMNS = ['section', 'item', 'count', 'amount', 'currency', 'detail'] as const;

/**
 * The reconciliation report (`GET /admin/reconciliation`) as rows: totals, the verdict, then one
 * row per mismatch. Built before the answer starts, so a bad range is a 400.
 */
export async function reconciliationCsv(ctx: Ctx, q: { from?: string; to?: string; recheck?: boolean }) {
  return reconciliationRows(await reconcile(ctx, q));
}

async function* reconciliationRows(r: Awaited<ReturnType<typeof reconcile>>) {
  const c = r.currency;
  const row = (section: string, item: string, count: number | '', amount: number | null, detail = '') => ({
    section,
    item,
    count,
    amount: amount === null ? '' : money(amount, c),
    currency: amount === null ? '' : c,
    detail: text(detail),
  });
  yield row('period', 'from', '', null, r.from);
  yield row('period', 'to', '', null, r.to);
  for (const [section, items] of [['topups', r.topups], ['orders', r.orders]] as const) {
    for (const [item, v] of Object.entries(items) as [string, { count: number; amount?: number }][]) yield row(section, item, v.count, v.amount ?? null);
  }
  yield row('balances', 'wallets', r.balances.wallets, null);
  yield row('balances', 'sum_of_balances', '', r.balances.sum_of_balances);
  yield row('balances', 'sum_of_ledger', '', r.balances.sum_of_ledger);
  yield row('result', r.ok ? 'ok' : 'mismatched', r.mismatches.length, null);
  for (const m of r.mismatches) yield row('mismatch', m.kind, '', null, `${m.id}: ${m.detail}`);
}
