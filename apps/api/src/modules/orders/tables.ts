/** The tables the orders module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type Executor, type ReadOnly } from '../../lib/db-types.ts';
import type { AccountsView } from '../accounts/index.ts';

export type OrderStatus = 'placed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** Statuses in which an order still counts as open (account deletion's `open_orders` blocker). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['placed', 'processing', 'shipped'];

/** Statuses of an order paid (the wallet is debited at placement) and not shipped yet: the dashboard's "orders to fulfil". */
export const ORDERS_TO_FULFIL: readonly OrderStatus[] = ['placed', 'processing'];

export interface OrdersTable {
  id: string;
  user_id: string;
  status: OrderStatus;
  /** Minor units; total = subtotal for now (docs/contracts.md §5). What the wallet was debited. */
  subtotal: number;
  total: number;
  /** Sum of every refund (cancel or admin); CHECK 0 <= refunded_amount <= total. */
  refunded_amount: number;
  currency: string;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  order_id: string;
  product_id: string;
  /** Name and price as sold (copied from the catalogue at placement). */
  name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}

/** One row per refund movement (user cancel or admin refund); each has one `order_refund` ledger row. */
export interface RefundsTable {
  id: string;
  order_id: string;
  user_id: string;
  amount: number;
  reason: string | null;
  /** The admin who refunded; null for a user's own cancel. */
  admin_id: string | null;
  /** History: a refund's Idempotency-Key before keys moved to `idempotency_keys`; null since. */
  idempotency_key: string | null;
  created_at: string;
}

export type OrderEventType = 'placed' | 'status_changed' | 'cancelled' | 'refund' | 'note';
export type ActorKind = 'user' | 'admin' | 'system';

/**
 * The order's timeline: one row per move (placement, status change, cancel, refund) or admin
 * note, written in the move's own transaction by `transitions.ts` or the placement.
 */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  type: OrderEventType;
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  actor_kind: ActorKind;
  /** The user or admin who moved it; null for the system. */
  actor_id: string | null;
  /** An admin's internal note (never shown to the shopper). */
  note: string | null;
  /** JSON: the shipment's tracking, a refund's id, amount and reason. */
  data: string | null;
  created_at: string;
}

export interface OrdersTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  refunds: RefundsTable;
  order_events: OrderEventsTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<OrdersTables>();
export type Db = Executor<OrdersTables>;

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type OrdersView = ReadOnly<OrdersTables>;

/** Its tables plus the users, read-only: the admin order search matches the customer's phone and name in one statement. */
export const read = tablesOf<OrdersTables & AccountsView>();
