import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { own, read, OPEN_ORDER_STATUSES, type Db, type OrderEventsTable, type OrderItemsTable, type OrdersTable, type OrdersTables, type OrderStatus, type RefundsTable } from './tables.ts';
import { accounts, type AccountsView } from '../accounts/index.ts';
import { CALLER, SESSION_REFUSALS, sessionCheckCte, type SessionRefusal } from '../auth/index.ts';
import type { Handle } from '../../lib/db-types.ts';
import { PLAN_PER_CALL, type Dialect } from '../../db/kysely.ts';
import { trigramPhrase } from '../../lib/search.ts';
import type { TimeKey } from '../../lib/csv.ts';
import { precompiled, precompiledPerCount } from '../../lib/precompiled.ts';
import { orderPaymentCtes, DEBIT, DEBIT_REFUSALS, WALLET_VERDICT, type DebitRefusal } from '../ledger/index.ts';
import { orderLinesCtes, stockTakeCte, LINE_REFUSALS, LINES, type LineRefusal } from '../catalogue/index.ts';
import { keyClaimCte } from '../idempotency/index.ts';

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

const orderColumns = [
  'id',
  'user_id',
  'status',
  'subtotal',
  'total',
  'refunded_amount',
  'currency',
  'created_at',
  'updated_at',
] as const;
const itemColumns = ['order_id', 'product_id', 'name', 'unit_price', 'quantity', 'line_total'] as const;
const eventColumns = ['id', 'order_id', 'type', 'from_status', 'to_status', 'actor_kind', 'actor_id', 'note', 'data', 'created_at'] as const;
const refundColumns = ['id', 'order_id', 'user_id', 'amount', 'reason', 'admin_id', 'idempotency_key', 'created_at'] as const;

// The SQLite placement's inserts run for every order: compiled once (per number of lines).
const insertOrderRow = precompiledPerCount((db: Db, v: unknown[]) =>
  own(db).insertInto('orders').values(Object.fromEntries(orderColumns.map((c, i) => [c, v[i]])) as OrderRow),
);

export async function insertOrder(db: Handle, row: OrderRow): Promise<void> {
  await insertOrderRow(own(db), orderColumns.map((c) => row[c]));
}

const insertItemRows = precompiledPerCount((db: Db, v: unknown[]) =>
  own(db).insertInto('order_items').values(
    Array.from({ length: v.length / itemColumns.length }, (_, r) =>
      Object.fromEntries(itemColumns.map((c, i) => [c, v[r * itemColumns.length + i]])) as OrderItemRow,
    ),
  ),
);

/** All lines of one order in one multi-row INSERT. */
export async function insertItems(db: Handle, rows: OrderItemRow[]): Promise<void> {
  await insertItemRows(own(db), rows.flatMap((r) => itemColumns.map((c) => r[c])));
}

export interface Placement {
  orderId: string;
  /** The order's `placed` event. */
  eventId: string;
  ledgerId: string;
  userId: string;
  /** Sorted by product id (the order rows are locked in), no repeats. */
  productIds: string[];
  quantities: number[];
  currency: string;
  /** The Idempotency-Key the placement claims (scope `order.place`, the user), or null. */
  idempotencyKey: string | null;
  requestHash: string | null;
  keyExpiresAt: string;
  now: string;
  /** The session check saw an earlier order of this customer: no buyer mark (a stale false only costs the mark's no-op). */
  buyer: boolean;
  /** The caller's session when no one has checked it yet: the statement checks it first (`auth.sessionCheckCte`). */
  uncheckedSession: string | null;
}

/**
 * Why a placement was refused, as the placement itself answers it (docs/orders.md): a line the
 * catalogue cannot sell, a zero total, or the wallet's refusal of the debit. One declaration for the
 * PostgreSQL statement (which writes these values into its SQL) and the SQLite path.
 */
export const PLACEMENT_REFUSALS = { ...LINE_REFUSALS, zero: 'zero_total', ...DEBIT_REFUSALS, ...SESSION_REFUSALS } as const;
export type PlacementRefusal = LineRefusal | typeof PLACEMENT_REFUSALS.zero | DebitRefusal | SessionRefusal;

export interface Placed {
  /** null when placed; otherwise nothing was written. */
  refused: PlacementRefusal | null;
  /** The first refused line's product (product refusals only). */
  productId: string | null;
  /** The priced lines, in product id order (meaningful when placed). */
  items: OrderItemRow[];
}

type PlacementArgs = [
  productIds: string[],
  quantities: number[],
  userId: string,
  ledgerId: string,
  orderId: string,
  eventId: string,
  currency: string,
  key: string | null,
  hash: string | null,
  keyExpiresAt: string,
  now: string,
];

/**
 * PostgreSQL only: the whole placement as ONE statement, sent outside BEGIN/COMMIT (a statement is
 * its own transaction). One round trip instead of five, so the product and wallet rows stay locked
 * only while this statement runs and commits.
 *
 * `locked` takes the product rows in id order (FOR UPDATE below a sort, so two carts racing over
 * the same products queue instead of deadlocking) and, being locked, they are their latest
 * committed versions: `lines` prices every line and says exactly why a line cannot be sold. Only
 * when every line can (`ready`) does the ledger module's part (`orderPaymentCtes`: lock the wallet,
 * its verdict, the debit and the ledger row) go ahead; the stock is taken (the catalogue's
 * `stockTakeCte`) and the order, its lines and its `placed` event inserted only when the debit happened, and a first
 * order marks its customer a buyer (the accounts module's `buyerMarkCte`). `locked` and
 * `lines` are the catalogue's `orderLinesCtes`. The statement answers the verdict with the lines, so
 * a refusal is told by the statement that refused it and writes nothing. The CHECK constraints on
 * stock and balance stay behind it. With an Idempotency-Key the idempotency module's
 * `keyClaimCte` claims it when the debit happened; a key already taken aborts the whole statement
 * with the UNIQUE violation of `idempotency_keys` (the service then answers the first order).
 * With `session`, the auth module's `sessionCheckCte` (`caller`) is the request's session check:
 * nothing goes ahead without its row, and its refusal comes before any other.
 */
function placementSql(
  v: { mark: boolean },
  session: string | null,
  ...[productIds, quantities, userId, ledgerId, orderId, eventId, currency, key, hash, keyExpiresAt, now]: PlacementArgs
) {
  const caller = sql<boolean>`exists (select 1 from ${CALLER.ref})`;
  const ready = session !== null ? sql<boolean>`(select refused is null and amount > 0 from cart) and ${caller}` : sql<boolean>`(select refused is null and amount > 0 from cart)`;
  const amount = sql<number>`(select amount from cart)`;
  return sql<PlacementRow>`
  with ${session !== null ? sql`${sessionCheckCte({ sessionId: session, userId })},` : sql``}
  ${orderLinesCtes(productIds, quantities)},
  cart as materialized (
    select coalesce(sum(line_total), 0)::bigint as amount, r.refused, r.product_id
    from ${LINES.ref} left join lateral (
      select refused, product_id from ${LINES.ref} where refused is not null order by refused = ${sql.lit(LINE_REFUSALS.outOfStock)}, product_id limit 1
    ) r on true
    group by r.refused, r.product_id
  ),
  ${orderPaymentCtes({ userId, ledgerId, orderId, now, amount, ready })},
  ${stockTakeCte(now, sql<boolean>`exists (select 1 from ${DEBIT.ref})`)},
  placed as (
    insert into orders (id, user_id, status, subtotal, total, refunded_amount, currency, created_at, updated_at)
    select ${orderId}, ${userId}, 'placed', ${amount}, ${amount}, 0, ${currency}, ${now}, ${now} from ${DEBIT.ref}
    returning id
  ),
  ${keyClaimCte({ scope: 'order.place', principal: userId, key, hash, resourceId: orderId, now, expiresAt: keyExpiresAt, when: sql<boolean>`exists (select 1 from ${DEBIT.ref})` })},
  ${!v.mark ? sql`` : sql`${accounts.buyerMarkCte({ userId, now, when: sql<boolean>`exists (select 1 from ${DEBIT.ref})` })},`}
  items as (
    insert into order_items (order_id, product_id, name, unit_price, quantity, line_total)
    select placed.id, product_id, name, unit_price, quantity, line_total from ${LINES.ref}, placed
  ),
  placed_event as (
    insert into order_events (id, order_id, type, from_status, to_status, actor_kind, actor_id, note, data, created_at)
    select ${eventId}, placed.id, 'placed', null, 'placed', 'user', ${userId}, null, null, ${now} from placed
  )
  select coalesce(${session !== null ? sql`case when not ${caller} then ${sql.lit(PLACEMENT_REFUSALS.ended)} end, ` : sql``}c.refused, case when c.amount = 0 then ${sql.lit(PLACEMENT_REFUSALS.zero)} end, v.refused) as refused, c.product_id as refused_product,
    exists (select 1 from placed) as placed, l.product_id, l.name, l.unit_price, l.quantity, l.line_total
  from cart c, ${WALLET_VERDICT.ref} v, ${LINES.ref} l
  order by l.product_id`;
}

/**
 * A first order marks its customer a buyer; a customer the session check saw as one skips the mark.
 * A session not checked yet is checked by the statement, which then refuses before anything else.
 */
const placement = {
  first: precompiled((_db: Db, ...a: PlacementArgs) => placementSql({ mark: true }, null, ...a)),
  again: precompiled((_db: Db, ...a: PlacementArgs) => placementSql({ mark: false }, null, ...a)),
  unchecked: precompiled((_db: Db, session: string, ...a: PlacementArgs) => placementSql({ mark: true }, session, ...a)),
};

interface PlacementRow extends OrderItemRow {
  refused: PlacementRefusal | null;
  refused_product: string | null;
  placed: boolean;
}

export async function placeAtOnce(db: Handle, p: Placement): Promise<Placed> {
  const args: PlacementArgs = [p.productIds, p.quantities, p.userId, p.ledgerId, p.orderId, p.eventId, p.currency, p.idempotencyKey, p.requestHash, p.keyExpiresAt, p.now];
  const { rows } =
    p.uncheckedSession !== null ? await placement.unchecked(own(db), p.uncheckedSession, ...args) : await (p.buyer ? placement.again : placement.first)(own(db), ...args);
  const first = rows[0]!;
  // The debit repeats the verdict's checks under the same locks: a verdict without an order is a bug, never a 201.
  if (first.refused === null && !first.placed) throw new Error('orders: the placement refused nothing and wrote no order');
  return {
    refused: first.refused,
    productId: first.refused_product,
    items: rows.map((r) => ({ order_id: p.orderId, product_id: r.product_id, name: r.name, unit_price: r.unit_price, quantity: r.quantity, line_total: r.line_total })),
  };
}

export function findOrder(db: Handle, id: string): Promise<OrderRow | undefined> {
  return own(db).selectFrom('orders').select(orderColumns).where('id', '=', id).executeTakeFirst();
}

export function itemsFor(db: Handle, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return own(db).selectFrom('order_items').select(itemColumns).where('order_id', 'in', orderIds).orderBy('order_id').orderBy('product_id').execute();
}

/**
 * What an admin order list (and its export) is narrowed by. `match` is the search: an order matches
 * when any of its parts does. `customers`: the order's user is one of these ids (a phone or a rare
 * name fragment, resolved first); `common`: the user's name holds this fragment, which many
 * customers share (`listOrders` below); `idRange`: the ids an id prefix covers.
 */
export interface OrderFilter {
  userId?: string;
  status?: OrderStatus;
  match?: { idRange?: { gte: string; lte: string }; customers?: string[]; common?: { name: string; dialect: Dialect } };
  from?: string;
  to?: string;
  totalMin?: number;
  totalMax?: number;
}

type Page = { before: TimeKey | null; limit: number };
type ReadDb = OrdersTables & AccountsView;

/** How many of the newest orders a common name fragment is first looked for in, each order's customer checked. */
const NEWEST_WALKED = 2000;

/** Newest first by (created_at, id), the lists' order. */
const newestFirst = (a: TimeKey, b: TimeKey) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);

/**
 * Newest first by (created_at, id), so every filter pages by `(created_at, id) < cursor` along one
 * time index: `orders_created_idx`, or the customer's or the status's `(…, created_at, id)` one.
 *
 * A common name fragment is looked for in two parts whose work is bounded by the walk's window
 * and by the matching customers (docs/performance.md, "Order search"). First among the newest
 * NEWEST_WALKED orders below the cursor, each order's customer checked (many customers match, so
 * their orders are usually among the newest). When that window does not fill the page, the rest
 * comes from below it: each matching buyer's orders through `orders_user_created_idx` (customers
 * who never ordered are not in the buyers' name index, so they cost nothing), merged newest first
 * with the id prefix's orders when `q` is also one.
 */
export async function listOrders(db: Handle, f: OrderFilter & Page): Promise<OrderRow[]> {
  const common = f.match?.common;
  if (common === undefined) return ordersWhere(db, f).execute() as Promise<OrderRow[]>;
  let newest = read(db).selectFrom('orders').select(['created_at', 'id']).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(NEWEST_WALKED - 1).limit(1);
  const before = f.before;
  if (before !== null) newest = newest.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.created_at, before.id)));
  const floor = await newest.executeTakeFirst();
  const walked = (await ordersWhere(db, f, floor).execute()) as OrderRow[];
  if (floor === undefined || walked.length === f.limit) return walked;
  const below = { ...f, before: floor };
  const idRange = f.match!.idRange;
  const [theirs, prefixed] = await Promise.all([
    customersOrders(db, below, common),
    idRange ? (ordersWhere(db, { ...below, match: { idRange } }).execute() as Promise<OrderRow[]>) : [],
  ]);
  const older = [...new Map([...theirs, ...prefixed].map((o) => [o.id, o])).values()].sort(newestFirst);
  return [...walked, ...older].slice(0, f.limit);
}

/** The list's filters other than the search, and the page's cursor, as one condition on `orders`. */
const narrowing = (f: OrderFilter & Page) => (eb: ExpressionBuilder<ReadDb, 'orders'>) =>
  eb.and([
    ...(f.userId !== undefined ? [eb('orders.user_id', '=', f.userId)] : []),
    ...(f.status !== undefined ? [eb('orders.status', '=', f.status)] : []),
    ...(f.from !== undefined ? [eb('orders.created_at', '>=', f.from)] : []),
    ...(f.to !== undefined ? [eb('orders.created_at', '<', f.to)] : []),
    ...(f.totalMin !== undefined ? [eb('orders.total', '>=', f.totalMin)] : []),
    ...(f.totalMax !== undefined ? [eb('orders.total', '<=', f.totalMax)] : []),
    ...(f.before !== null ? [eb(eb.refTuple('orders.created_at', 'orders.id'), '<', eb.tuple(f.before.created_at, f.before.id))] : []),
  ]);

/** The orders the filters, the search and the cursor leave, in no order yet (the list's and the export's). */
function filteredOrders(db: Handle, f: OrderFilter & Page) {
  let q = read(db).selectFrom('orders').select(orderColumns.map((c) => `orders.${c}` as const)).where(narrowing(f));
  const m = f.match;
  if (m !== undefined) {
    q = q.where((eb) =>
      eb.or([
        ...(m.idRange ? [eb.and([eb('orders.id', '>=', m.idRange.gte), eb('orders.id', '<=', m.idRange.lte)])] : []),
        ...(m.customers?.length ? [eb('orders.user_id', 'in', m.customers)] : []),
        ...(m.common !== undefined
          ? [
              m.common.dialect === 'sqlite'
                ? // One primary-key probe per order walked: as an EXISTS, SQLite first scans every user into a Bloom filter.
                  sql<boolean>`(select lower(users.full_name) from users where users.id = orders.user_id) like ${likePattern(m.common.name)} escape '\\'`
                : sql<boolean>`exists (select 1 from users where users.id = orders.user_id and lower(users.full_name) like ${likePattern(m.common.name)} escape '\\')`,
            ]
          : []),
      ]),
    );
  }
  // A search, or a range of dates or totals, leaves anything from no order to all of them: its best
  // plan (the range's index, or the page-order walk) depends on the values, so it is planned per call.
  // A generic plan walked every order backwards for a month's range that held none (0.5–0.9 s at 1 M).
  const ranged = f.from !== undefined || f.to !== undefined || f.totalMin !== undefined || f.totalMax !== undefined;
  return q.modifyEnd(sql.raw(m !== undefined || ranged ? PLAN_PER_CALL : ''));
}

/** The list's one statement; `floor`: only orders from this one on (a common fragment's walked window). */
function ordersWhere(db: Handle, f: OrderFilter & Page, floor?: TimeKey) {
  let q = filteredOrders(db, f);
  if (floor !== undefined) q = q.where((eb) => eb(eb.refTuple('orders.created_at', 'orders.id'), '>=', eb.tuple(floor.created_at, floor.id)));
  return q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.limit);
}

/**
 * An export's batch: the orders before `older` in (created_at, id) order, newest first, the lists'
 * order: one range of `orders_created_idx` or of the user's or the status's time index (migration
 * 26), and the planner has no primary-key walk to prefer.
 */
export function exportOrders(db: Handle, f: OrderFilter & { older: TimeKey | null; limit: number }): Promise<OrderRow[]> {
  const older = f.older;
  // After the first batch the keyset is the only upper bound, as in the ledger's `exportTransactions`.
  let q = filteredOrders(db, { ...(older === null ? f : { ...f, to: undefined }), before: null });
  if (older !== null) q = q.where((eb) => eb(eb.refTuple('orders.created_at', 'orders.id'), '<', eb.tuple(older.created_at, older.id)));
  return q.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.limit).execute() as Promise<OrderRow[]>;
}

/**
 * The newest `limit` orders (under the filters) of the customers whose name holds `name`: the
 * customers through the name index of buyers (migration 28: SQLite's FTS5 table
 * `users_buyers_search`, PostgreSQL's partial trigram index; a customer who never ordered is no
 * candidate), then each one's newest `limit` through `orders_user_created_idx`, merged. SQLite keeps that
 * join order (CROSS JOIN), PostgreSQL's LATERAL likewise; a customer with thousands of orders adds
 * `limit` of them, not all.
 */
function customersOrders(db: Handle, f: OrderFilter & Page, common: { name: string; dialect: Dialect }): Promise<OrderRow[]> {
  const phrase = trigramPhrase(common.name);
  const theirNewest = (eb: ExpressionBuilder<ReadDb, 'users'>) =>
    eb.selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id').where(narrowing(f)).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.limit);
  if (common.dialect === 'sqlite' && phrase !== null) {
    return read(db)
      .selectFrom('users')
      .crossJoin('orders as o')
      .select(orderColumns.map((c) => `o.${c}` as const))
      .where(sql<boolean>`users.rowid in (select rowid from users_buyers_search where users_buyers_search match ${phrase})`)
      .where('o.id', 'in', theirNewest)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(f.limit)
      .execute();
  }
  return read(db)
    .selectFrom('users')
    .innerJoinLateral(
      (eb) =>
        eb.selectFrom('orders').select(orderColumns.map((c) => `orders.${c}` as const)).whereRef('orders.user_id', '=', 'users.id').where(narrowing(f))
          .orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(f.limit).as('o'),
      (join) => join.onTrue(),
    )
    .selectAll('o')
    .where(sql<boolean>`lower(users.full_name) like ${likePattern(common.name)} escape '\\'`)
    .where('users.first_order_at', 'is not', null)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(f.limit)
    .modifyEnd(sql.raw(PLAN_PER_CALL))
    .execute();
}

/** `%` and `_` in the search text are literal. */
const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Up to `cap` ids of the users whose name holds `text` (through the search indexes of migration
 * 10, src/lib/search.ts), and of the user with this exact phone. More than `cap` answers `cap + 1`
 * ids: the fragment is common, and the caller walks the orders instead of collecting them.
 */
export async function matchingCustomers(db: Handle, dialect: Dialect, m: { name: string | null; phone: string | null; cap: number }): Promise<string[]> {
  const ids: string[] = [];
  if (m.phone !== null) {
    const r = await read(db).selectFrom('users').select('id').where('phone', '=', m.phone).executeTakeFirst();
    if (r) ids.push(r.id);
  }
  if (m.name === null) return ids;
  const phrase = trigramPhrase(m.name);
  let q = read(db).selectFrom('users').select('id');
  // The limit inside the index lookup: FTS5 stops after cap + 1 matches instead of listing them all.
  if (dialect === 'sqlite' && phrase !== null) {
    q = q.where(sql<boolean>`users.rowid in (select rowid from users_search where users_search match ${`full_name : ${phrase}`} limit ${m.cap + 1})`);
  } else q = q.where(sql<boolean>`lower(full_name) like ${likePattern(m.name)} escape '\\'`);
  const rows = await q.limit(m.cap + 1).modifyEnd(sql.raw(PLAN_PER_CALL)).execute();
  return [...ids, ...rows.map((r) => r.id)];
}

/**
 * The state machine's only write: moves one order from exactly the state the caller read
 * (status and refunded amount) to the next, adding `refund` to the refunded amount. Answers false
 * when someone else moved it first (the caller re-reads and decides again).
 */
export async function moveOrder(
  db: Handle,
  m: { id: string; from: OrderStatus; to: OrderStatus; refundedBefore: number; refund: number; now: string },
): Promise<boolean> {
  const r = await own(db)
    .updateTable('orders')
    .set({ status: m.to, refunded_amount: m.refundedBefore + m.refund, updated_at: m.now })
    .where('id', '=', m.id)
    .where('status', '=', m.from)
    .where('refunded_amount', '=', m.refundedBefore)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function insertRefund(db: Handle, row: RefundRow): Promise<void> {
  await own(db).insertInto('refunds').values(row).execute();
}

export function findRefund(db: Handle, id: string): Promise<RefundRow | undefined> {
  return own(db).selectFrom('refunds').select(refundColumns).where('id', '=', id).executeTakeFirst();
}

type RefundFilter = { orderId?: string; userId?: string };

function filteredRefunds(db: Handle, f: RefundFilter) {
  let q = own(db).selectFrom('refunds').select(refundColumns);
  if (f.orderId !== undefined) q = q.where('order_id', '=', f.orderId);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  return q;
}

export function listRefunds(db: Handle, f: RefundFilter & { before: string | null; limit: number }): Promise<RefundRow[]> {
  let q = filteredRefunds(db, f);
  if (f.before !== null) q = q.where('id', '<', f.before);
  return q.orderBy('id', 'desc').limit(f.limit).execute();
}

/** An export's batch of refunds, as `exportOrders` (`refunds_created_idx`, the user's time index of migration 26). */
export function exportRefunds(db: Handle, f: RefundFilter & { older: TimeKey | null; limit: number }): Promise<RefundRow[]> {
  let q = filteredRefunds(db, f);
  const older = f.older;
  if (older !== null) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(older.created_at, older.id)));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** A user's orders in placed, processing or shipped (account deletion's `open_orders` blocker). */
export async function countOpenOrders(db: Handle, userId: string): Promise<number> {
  const r = await own(db)
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// Every SQLite placement writes its `placed` event, and every move one more: compiled once.
const insertEventRow = precompiledPerCount((db: Db, v: unknown[]) =>
  own(db).insertInto('order_events').values(Object.fromEntries(eventColumns.map((c, i) => [c, v[i]])) as OrderEventRow),
);

export async function insertEvent(db: Handle, row: OrderEventRow): Promise<void> {
  await insertEventRow(own(db), eventColumns.map((c) => row[c]));
}

/** One order's timeline, oldest first (ids sort by creation), through `order_events_order_idx`. */
export function listEvents(db: Handle, orderId: string): Promise<OrderEventRow[]> {
  return own(db).selectFrom('order_events').select(eventColumns).where('order_id', '=', orderId).orderBy('id').execute();
}
