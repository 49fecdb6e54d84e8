import type { Selectable } from 'kysely';
import type { Executor } from '../../lib/db-types.ts';
import type { TransactionRow } from '../wallet/wallet.repository.ts';
import type { OrderItemsTable, OrdersTable, OrderStatus, RefundsTable } from '../../db/tables/orders.ts';

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type RefundRow = Selectable<RefundsTable>;

const orderColumns = [
  'id',
  'user_id',
  'status',
  'subtotal',
  'total',
  'refunded_amount',
  'currency',
  'idempotency_key',
  'request_hash',
  'created_at',
  'updated_at',
] as const;
const itemColumns = ['order_id', 'product_id', 'name', 'unit_price', 'quantity', 'line_total'] as const;
const refundColumns = ['id', 'order_id', 'user_id', 'amount', 'reason', 'admin_id', 'idempotency_key', 'created_at'] as const;

export async function insertOrder(db: Executor, row: OrderRow): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

/** All lines of one order in one multi-row INSERT. */
export async function insertItems(db: Executor, rows: OrderItemRow[]): Promise<void> {
  await db.insertInto('order_items').values(rows).execute();
}

/**
 * PostgreSQL only: the ledger row, the order and its lines in ONE statement (data-modifying CTEs;
 * foreign keys are checked at the end of the statement), one round trip instead of three while
 * the placement holds its row locks. SQLite has no data-modifying CTEs and no round trips.
 */
export async function insertPlacement(db: Executor, ledger: TransactionRow, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  await db
    .with('ledger_row', (qc) => qc.insertInto('wallet_transactions').values(ledger).returning('id'))
    .with('order_row', (qc) => qc.insertInto('orders').values(order).returning('id'))
    .insertInto('order_items')
    .values(items)
    .execute();
}

export function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(orderColumns).where('id', '=', id).executeTakeFirst();
}

export function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(orderColumns).where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

/** Frees one expired key (conditional on its age), so the same key may place a new order. */
export async function releaseKey(db: Executor, orderId: string, createdBefore: string): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ idempotency_key: null, request_hash: null })
    .where('id', '=', orderId)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The job: forgets every key older than the cutoff. */
export async function releaseKeysBefore(db: Executor, createdBefore: string): Promise<number> {
  const r = await db
    .updateTable('orders')
    .set({ idempotency_key: null, request_hash: null })
    .where('idempotency_key', 'is not', null)
    .where('created_at', '<', createdBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function itemsFor(db: Executor, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').select(itemColumns).where('order_id', 'in', orderIds).orderBy('order_id').orderBy('product_id').execute();
}

/** Newest first (ids sort by creation); `before` is the last id of the previous page. */
export function listOrders(
  db: Executor,
  f: { userId?: string; status?: OrderStatus; before: string | null; limit: number },
): Promise<OrderRow[]> {
  let q = db.selectFrom('orders').select(orderColumns);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.before !== null) q = q.where('id', '<', f.before);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

/**
 * The state machine's only write: moves one order from exactly the state the caller read
 * (status and refunded amount) to the next, adding `refund` to the refunded amount. Answers false
 * when someone else moved it first (the caller re-reads and decides again).
 */
export async function moveOrder(
  db: Executor,
  m: { id: string; from: OrderStatus; to: OrderStatus; refundedBefore: number; refund: number; now: string },
): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ status: m.to, refunded_amount: m.refundedBefore + m.refund, updated_at: m.now })
    .where('id', '=', m.id)
    .where('status', '=', m.from)
    .where('refunded_amount', '=', m.refundedBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function insertRefund(db: Executor, row: RefundRow): Promise<void> {
  await db.insertInto('refunds').values(row).execute();
}

export function findRefundByKey(db: Executor, orderId: string, key: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').select(refundColumns).where('order_id', '=', orderId).where('idempotency_key', '=', key).executeTakeFirst();
}

export function listRefunds(db: Executor, f: { orderId?: string; userId?: string; before: string | null; limit: number }): Promise<RefundRow[]> {
  let q = db.selectFrom('refunds').select(refundColumns);
  if (f.orderId !== undefined) q = q.where('order_id', '=', f.orderId);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.before !== null) q = q.where('id', '<', f.before);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
