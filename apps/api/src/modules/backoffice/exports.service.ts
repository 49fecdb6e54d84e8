/**
 * CSV exports of orders, refunds and the reconciliation report (docs/admin-exports.md): the same
 * filters as the admin pages, rows read in batches as they are written.
 */
import type { Ctx } from '../../context.ts';

import { allBatches, customerCells, money, text, timeCells } from '../../lib/csv.ts';
import { accounts } from '../accounts/index.ts';
import { adminFilter, exportOrders, exportRefunds } from '../orders/index.ts';
import { reconcile } from './reconciliation.ts';
import { orderNumber } from './audit-log.service.ts';
import { read } from './tables.ts';

const when = (ctx: Ctx, iso: string) => timeCells(iso, ctx.config.shopTimeZone);

/** The customer's name and phone for the batch's users, in one read; empty for a deleted user. */
async function customers(ctx: Ctx, userIds: string[]) {
  const person = await accounts.people(ctx.db, userIds);
  return (id: string) => customerCells(person(id));
}

export const ORDER_CSV_COLUMNS = [
  'id', 'order_number', 'local_date', 'utc_time', 'created_at', 'updated_at', 'user_id', 'customer_name', 'customer_phone',
  'status', 'subtotal', 'total', 'refunded_amount', 'currency',
] as const;

type OrderFilters = Parameters<typeof adminFilter>[1];
type OrderFilter = Awaited<ReturnType<typeof adminFilter>>;

const orderBatches = (ctx: Ctx, filter: OrderFilter) => allBatches((older, limit) => exportOrders(ctx.db, { ...filter, older, limit }));

/** The filter is checked before the answer starts, so a bad one is a 400, not a cut-off file. */
export async function ordersCsv(ctx: Ctx, q: OrderFilters) {
  return orderRows(ctx, await adminFilter(ctx, q));
}

async function* orderRows(ctx: Ctx, filter: OrderFilter) {
  for await (const batch of orderBatches(ctx, filter)) {
    const customer = await customers(ctx, batch.map((o) => o.user_id));
    for (const o of batch) {
      yield {
        id: o.id,
        order_number: orderNumber(o.id),
        ...when(ctx, o.created_at),
        created_at: o.created_at,
        updated_at: o.updated_at,
        user_id: o.user_id,
        ...customer(o.user_id),
        status: o.status,
        subtotal: money(o.subtotal, o.currency),
        total: money(o.total, o.currency),
        refunded_amount: money(o.refunded_amount, o.currency),
        currency: o.currency,
      };
    }
  }
}

export const ORDER_LINE_CSV_COLUMNS = [
  'order_id', 'order_number', 'local_date', 'utc_time', 'status', 'user_id', 'customer_name', 'customer_phone',
  'product_id', 'product', 'quantity', 'unit_price', 'line_total', 'currency',
] as const;

/** The lines of a batch of orders, in one read (order_items, read-only), each order's by product. */
function linesOf(ctx: Ctx, orderIds: string[]) {
  return read(ctx.db)
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'name', 'unit_price', 'quantity', 'line_total'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('product_id')
    .execute();
}

/**
 * One row per order line, for the orders the orders export would list (the same filters), newest
 * order first: the name and unit price the line was sold at.
 */
export async function orderLinesCsv(ctx: Ctx, q: OrderFilters) {
  return orderLineRows(ctx, await adminFilter(ctx, q));
}

async function* orderLineRows(ctx: Ctx, filter: OrderFilter) {
  for await (const batch of orderBatches(ctx, filter)) {
    const [customer, lines] = await Promise.all([customers(ctx, batch.map((o) => o.user_id)), linesOf(ctx, batch.map((o) => o.id))]);
    const linesByOrder = new Map<string, typeof lines>();
    for (const l of lines) linesByOrder.set(l.order_id, [...(linesByOrder.get(l.order_id) ?? []), l]);
    for (const o of batch) {
      for (const l of linesByOrder.get(o.id) ?? []) {
        yield {
          order_id: o.id,
          order_number: orderNumber(o.id),
          ...when(ctx, o.created_at),
          status: o.status,
          user_id: o.user_id,
          ...customer(o.user_id),
          product_id: l.product_id,
          product: text(l.name),
          quantity: Number(l.quantity),
          unit_price: money(l.unit_price, o.currency),
          line_total: money(l.line_total, o.currency),
          currency: o.currency,
        };
      }
    }
  }
}

export const REFUND_CSV_COLUMNS = [
  'id', 'local_date', 'utc_time', 'created_at', 'order_id', 'order_number', 'user_id', 'customer_name', 'customer_phone',
  'amount', 'currency', 'reason', 'admin_id',
] as const;

export async function* refundsCsv(ctx: Ctx, q: { order_id?: string; user_id?: string }) {
  const filter = { ...(q.order_id ? { orderId: q.order_id } : {}), ...(q.user_id ? { userId: q.user_id } : {}) };
  const currency = ctx.config.currency;
  for await (const batch of allBatches((older, limit) => exportRefunds(ctx.db, { ...filter, older, limit }))) {
    const customer = await customers(ctx, batch.map((r) => r.user_id));
    for (const r of batch) {
      yield {
        id: r.id,
        ...when(ctx, r.created_at),
        created_at: r.created_at,
        order_id: r.order_id,
        order_number: orderNumber(r.order_id),
        user_id: r.user_id,
        ...customer(r.user_id),
        amount: money(r.amount, currency),
        currency,
        reason: text(r.reason),
        admin_id: r.admin_id ?? '',
      };
    }
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
  yield row('balances', 'wallets', r.balances.wallets, null, r.balances_as_of ? `as of the verify-ledger-checkpoints run at ${r.balances_as_of}` : 'live');
  yield row('balances', 'sum_of_balances', '', r.balances.sum_of_balances);
  yield row('balances', 'sum_of_ledger', '', r.balances.sum_of_ledger);
  yield row('result', r.ok ? 'ok' : 'mismatched', r.mismatches.length, null);
  for (const m of r.mismatches) yield row('mismatch', m.kind, '', null, `${m.id}: ${m.detail}`);
}
