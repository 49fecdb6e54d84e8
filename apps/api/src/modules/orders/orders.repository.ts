import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../lib/db-types.ts';
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

export interface Placement {
  orderId: string;
  ledgerId: string;
  userId: string;
  /** Sorted by product id (the order rows are locked in), no repeats. */
  productIds: string[];
  quantities: number[];
  currency: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  now: string;
}

/**
 * PostgreSQL only: the whole placement as ONE statement, sent outside BEGIN/COMMIT (a statement is
 * its own transaction): take the stock and read the prices, debit the wallet, append the ledger
 * row, insert the order and its lines. One round trip instead of five, so the product and wallet
 * rows stay locked only while this statement runs and commits.
 *
 * Every refusal aborts the whole statement, so nothing of it is kept:
 * - short stock: CHECK `products_stock_non_negative`;
 * - too few credits: CHECK `wallets_non_negative`;
 * - an unknown, inactive or deleted product: its line has no name (NOT NULL on `order_items.name`);
 * - no wallet, or a ledger id that is not newer than the wallet's last one (`ledger.ts`): no
 *   order row, so its lines have no order id (NOT NULL on `order_items.order_id`);
 * - a total of 0: CHECK `wallet_transactions_amount_nonzero` / `orders_total_positive`;
 * - a reused Idempotency-Key: UNIQUE `orders_idempotency_once`.
 * The caller turns those errors into answers. Answers the inserted lines.
 *
 * Lock order: `locked` takes the product rows in id order first (FOR UPDATE below a sort), so two
 * carts racing over the same products queue instead of deadlocking, whatever plan the update gets.
 */
export async function placeAtOnce(db: Executor, p: Placement): Promise<OrderItemRow[]> {
  const r = await sql<OrderItemRow>`
    with locked as materialized (
      select id from products where id = any(${p.productIds}::text[]) order by id for update
    ),
    taken as (
      update products
      set stock = stock - (${p.quantities}::int[])[array_position(${p.productIds}::text[], products.id)], updated_at = ${p.now}
      from locked
      where products.id = locked.id and is_active = 1 and deleted_at is null
      returning products.id, name, price
    ),
    lines as (
      select l.product_id, t.name, t.price as unit_price, l.quantity, t.price * l.quantity as line_total
      from unnest(${p.productIds}::text[], ${p.quantities}::int[]) as l(product_id, quantity)
      left join taken t on t.id = l.product_id
    ),
    total as (select coalesce(sum(line_total), 0)::bigint as amount from lines),
    debit as (
      update wallets set shopping_credits = shopping_credits - (select amount from total), last_entry_id = ${p.ledgerId}, updated_at = ${p.now}
      where user_id = ${p.userId} and (last_entry_id is null or last_entry_id < ${p.ledgerId})
      returning shopping_credits
    ),
    ledger as (
      insert into wallet_transactions (id, user_id, type, amount, balance_after, reference, created_at)
      select ${p.ledgerId}, ${p.userId}, 'order_payment', -total.amount, debit.shopping_credits, ${p.orderId}, ${p.now}
      from total, debit
    ),
    placed as (
      insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, idempotency_key, request_hash, created_at, updated_at)
      select ${p.orderId}, ${p.userId}, 'placed', total.amount, total.amount, 0, ${p.currency}, ${p.idempotencyKey}, ${p.requestHash}, ${p.now}, ${p.now}
      from total, debit
      returning id
    )
    insert into order_items (order_id, product_id, name, unit_price, quantity, line_total)
    select (select id from placed), product_id, name, unit_price, quantity, line_total from lines
    returning order_id, product_id, name, unit_price, quantity, line_total`.execute(db);
  return r.rows;
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
