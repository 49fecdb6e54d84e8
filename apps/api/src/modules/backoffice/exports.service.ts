/**
 * CSV exports of orders, refunds and the reconciliation report (docs/admin-exports.md): the same
 * filters as the admin pages, rows read in batches as they are written.
 */
import type { Ctx } from '../../context.ts';
import type { RootHandle } from '../../lib/db-types.ts';

import { allBatches, byTime, cell, customerFields, money, records, text, timeFields } from '../../lib/csv.ts';
import { accounts } from '../accounts/index.ts';
import { adminFilter, exportOrders, exportRefunds } from '../orders/index.ts';
import { reconcile } from './reconciliation.ts';
import { orderNumber } from './audit-log.service.ts';
import { read } from './tables.ts';

/** The customers of a batch's rows (name and phone), in one read; empty for a deleted user. */
const customers = (db: RootHandle, userIds: string[]) => accounts.people(db, userIds);

export const ORDER_CSV_COLUMNS = [
  'id', 'order_number', 'local_date', 'utc_time', 'created_at', 'updated_at', 'user_id', 'customer_name', 'customer_phone',
  'status', 'subtotal', 'total', 'refunded_amount', 'currency',
] as const;

type OrderFilters = Parameters<typeof adminFilter>[1];
type OrderFilter = Awaited<ReturnType<typeof adminFilter>>;

/** The filter is checked before the answer starts, so a bad one is a 400, not a cut-off file. */
export async function ordersCsv(ctx: Ctx, q: OrderFilters) {
  return orderRows(ctx, await adminFilter(ctx, q));
}

/** Each record is built as one string, field by field in the columns' order. */
async function* orderRows(ctx: Ctx, filter: OrderFilter) {
  const zone = ctx.config.shopTimeZone;
  const batches = allBatches(ctx.longRead, (db, older, limit) => exportOrders(db, { ...filter, older, limit }), byTime, (db, rows) => customers(db, rows.map((o) => o.user_id)), ctx.dialect === 'postgres');
  for await (const [batch, person] of batches) {
    let out = '';
    for (const o of batch) {
      out += `${cell(o.id)},${cell(orderNumber(o.id))},${timeFields(o.created_at, zone)},${cell(o.created_at)},${cell(o.updated_at)},${cell(o.user_id)},${customerFields(person(o.user_id))},${cell(o.status)},${money(o.subtotal, o.currency)},${money(o.total, o.currency)},${money(o.refunded_amount, o.currency)},${cell(o.currency)}\r\n`;
    }
    yield out;
  }
}

export const ORDER_LINE_CSV_COLUMNS = [
  'order_id', 'order_number', 'local_date', 'utc_time', 'status', 'user_id', 'customer_name', 'customer_phone',
  'product_id', 'product', 'quantity', 'unit_price', 'line_total', 'currency',
] as const;

/** The lines of a batch of orders, in one read (order_items, read-only), each order's by product. */
function linesOf(db: RootHandle, orderIds: string[]) {
  return read(db)
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
  const zone = ctx.config.shopTimeZone;
  const batches = allBatches(ctx.longRead, (db, older, limit) => exportOrders(db, { ...filter, older, limit }), byTime, (db, rows) =>
    Promise.all([customers(db, rows.map((o) => o.user_id)), linesOf(db, rows.map((o) => o.id))]), ctx.dialect === 'postgres',
  );
  for await (const [batch, [person, lines]] of batches) {
    const linesByOrder = new Map<string, typeof lines>();
    for (const l of lines) {
      const of = linesByOrder.get(l.order_id);
      if (of) of.push(l);
      else linesByOrder.set(l.order_id, [l]);
    }
    let out = '';
    for (const o of batch) {
      // The order's fields before and after the line's, written once per order.
      const head = `${cell(o.id)},${cell(orderNumber(o.id))},${timeFields(o.created_at, zone)},${cell(o.status)},${cell(o.user_id)},${customerFields(person(o.user_id))}`;
      const currency = cell(o.currency);
      for (const l of linesByOrder.get(o.id) ?? []) {
        out += `${head},${cell(l.product_id)},${cell(text(l.name))},${Number(l.quantity)},${money(l.unit_price, o.currency)},${money(l.line_total, o.currency)},${currency}\r\n`;
      }
    }
    yield out;
  }
}

export const REFUND_CSV_COLUMNS = [
  'id', 'local_date', 'utc_time', 'created_at', 'order_id', 'order_number', 'user_id', 'customer_name', 'customer_phone',
  'amount', 'currency', 'reason', 'admin_id',
] as const;

export async function* refundsCsv(ctx: Ctx, q: { order_id?: string; user_id?: string }) {
  const filter = { ...(q.order_id ? { orderId: q.order_id } : {}), ...(q.user_id ? { userId: q.user_id } : {}) };
  const currency = ctx.config.currency;
  const currencyField = cell(currency);
  const zone = ctx.config.shopTimeZone;
  const batches = allBatches(ctx.longRead, (db, older, limit) => exportRefunds(db, { ...filter, older, limit }), byTime, (db, rows) => customers(db, rows.map((r) => r.user_id)), ctx.dialect === 'postgres');
  for await (const [batch, person] of batches) {
    let out = '';
    for (const r of batch) {
      out += `${cell(r.id)},${timeFields(r.created_at, zone)},${cell(r.created_at)},${cell(r.order_id)},${cell(orderNumber(r.order_id))},${cell(r.user_id)},${customerFields(person(r.user_id))},${money(r.amount, currency)},${currencyField},${cell(text(r.reason))},${cell(r.admin_id ?? '')}\r\n`;
    }
    yield out;
  }
}

export const RECONCILIATION_CSV_COLUMNS = ['section', 'item', 'count', 'amount', 'currency', 'detail'] as const;

/**
 * The reconciliation report (`GET /admin/reconciliation`) as rows: totals, the verdict, then one
 * row per mismatch. Built before the answer starts, so a bad range is a 400.
 */
export async function reconciliationCsv(ctx: Ctx, q: { from?: string; to?: string; recheck?: boolean }) {
  return records(RECONCILIATION_CSV_COLUMNS, reconciliationRows(await reconcile(ctx, q)));
}

function* reconciliationRows(r: Awaited<ReturnType<typeof reconcile>>) {
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
