/**
 * Orders: server-priced quotes, atomic placement (stock + wallet debit + order in one
 * transaction), idempotent retries, reads, and the calls into the one state machine
 * (transitions.ts) for the user's cancel and every admin move (status change, refund).
 */
import { accounts, type Person } from '../accounts/index.ts';
import { checkSession, sessionEnded } from '../auth/index.ts';
import type { Handle, SharedTrx } from '../../lib/db-types.ts';
import type { Ctx } from '../../context.ts';
import { own, type OrderStatus } from './tables.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, decodeTimeCursor, timeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { checkOrder, rangeBetween } from '../../lib/date-range.ts';
import { searchedPhone } from '../../lib/phone.ts';
import { findOrderableState, findSellableProducts, takeStockMany } from '../catalogue/index.ts';
import { applyMovement, insufficientCredits } from '../ledger/index.ts';
import { claimKey, expiryOf, findKeys, requestHash, runOnce, type KeyRef } from '../idempotency/index.ts';
import * as repo from './orders.repository.ts';
import { PLACEMENT_REFUSALS as R } from './orders.repository.ts';
import { addNote, applyMove, type Tracking } from './transitions.ts';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrdersQuery,
  BulkOutcome,
  BulkStatusBody,
  BulkStatusResult,
  Order,
  OrderBody,
  OrderDetail,
  OrderEvent,
  Refund,
  RefundBody,
  RefundsQuery,
  ShopperOrderEvent,
  StatusBody,
} from './orders.schemas.ts';

// ---- quote and placement -------------------------------------------------------------------

interface Line {
  productId: string;
  quantity: number;
}

/** Merges repeated product ids (sorted, so locks are taken in one order); a merged line above 99 is 400. */
export function normalise(body: OrderBody): Line[] {
  const merged = new Map<string, number>();
  for (const i of body.items) merged.set(i.product_id, (merged.get(i.product_id) ?? 0) + i.quantity);
  const lines = [...merged].map(([productId, quantity]) => ({ productId, quantity })).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const l of lines) {
    if (l.quantity > 99) throw badRequest('A product may be ordered at most 99 times', [{ field: 'body/items', message: `${l.productId}: merged quantity ${l.quantity} > 99` }]);
  }
  return lines;
}

function priced(lines: Line[], products: Map<string, { name: string; price: number }>) {
  const items = lines.map((l) => {
    const p = products.get(l.productId)!;
    const unit = Number(p.price);
    return { product_id: l.productId, name: p.name, unit_price: unit, quantity: l.quantity, line_total: unit * l.quantity };
  });
  const subtotal = items.reduce((s, i) => s + i.line_total, 0);
  if (!Number.isSafeInteger(subtotal)) throw badRequest('Order total too large');
  return { items, subtotal, total: subtotal };
}

export async function quote(ctx: Ctx, body: OrderBody) {
  const lines = normalise(body);
  const products = await findSellableProducts(ctx.db, lines.map((l) => l.productId));
  for (const l of lines) if (!products.has(l.productId)) throw invalidProduct(l.productId);
  for (const l of lines) if (Number(products.get(l.productId)!.stock) < l.quantity) throw outOfStock(l.productId);
  return { ...priced(lines, products), currency: ctx.config.currency };
}

const invalidProduct = (id: string) => new AppError(400, 'invalid_product', 'Unknown or unavailable product', { product_id: id });
const outOfStock = (id: string) => conflict('out_of_stock', 'Not enough stock', { product_id: id });

/**
 * Places an order atomically and answers `{order, replayed}`: take the stock and price the lines,
 * the ledger module's debit and ledger row, the order and its lines — on PostgreSQL as one
 * statement (`repo.placeAtOnce`), on SQLite as one transaction of six statements. Either way a
 * first order also marks its customer a buyer, which the admin order search reads
 * (`accounts.markBuyer`, or its CTE in the statement), unless the session check already saw the
 * customer's earlier order (`buyer`: a stale false only costs the mark's no-op).
 * Either way the step that refuses says why, and a refusal writes nothing (docs/orders.md).
 */
export async function placeOrder(
  ctx: Ctx,
  userId: string,
  body: OrderBody,
  key: string | undefined,
  buyer = false,
  uncheckedSession: string | null = null,
): Promise<{ order: Order; replayed: boolean }> {
  try {
    const placed = await placeOrReplay(ctx, userId, body, key, buyer, uncheckedSession);
    if (!placed.replayed) ctx.metrics.ordersPlaced.inc();
    return placed;
  } catch (err) {
    // Counted here, after the Idempotency-Key check: a replay refused for stock is no refusal.
    // A session that has ended is no refusal of an order.
    if (err instanceof AppError && err.status !== 401) ctx.metrics.ordersRefused.inc({ reason: err.code });
    throw err;
  }
}

async function placeOrReplay(
  ctx: Ctx,
  userId: string,
  body: OrderBody,
  key: string | undefined,
  buyer: boolean,
  uncheckedSession: string | null,
): Promise<{ order: Order; replayed: boolean }> {
  let lines: Line[];
  try {
    lines = normalise(body);
  } catch (err) {
    // An ended session is told so before its cart is judged, as by every check before the statement.
    if (uncheckedSession !== null) await checkSession(ctx, userId, uncheckedSession);
    throw err;
  }
  const ref: KeyRef | null = key === undefined ? null : { scope: 'order.place', principal: userId, key };
  // The request, for the key: the merged lines (so the same cart in another line order is the same request).
  const hash = ref === null ? '' : requestHash(lines.map((l) => [l.productId, l.quantity]));
  // A key that was used before wins over any refusal (stock or credits may be gone since).
  const { value, replayed } = await runOnce(ctx, ref, hash, {
    first: () => placeOnce(ctx, userId, lines, ref, hash, buyer, uncheckedSession),
    replay: async (stored) => {
      const row = await repo.findOrder(ctx.db, stored.resource_id!);
      return (await withItems(ctx, [row!]))[0]!;
    },
    conflictMessage: 'This Idempotency-Key was used with different items',
    // A key already used aborts the statement before it checked the session: only a standing
    // session is answered from the key.
    ...(uncheckedSession !== null && { beforeStored: () => checkSession(ctx, userId, uncheckedSession) }),
  });
  return { order: value, replayed };
}

async function placeOnce(ctx: Ctx, userId: string, lines: Line[], key: KeyRef | null, hash: string, buyer: boolean, uncheckedSession: string | null): Promise<Order> {
  // Only the PostgreSQL statement checks a session itself.
  if (uncheckedSession !== null && ctx.dialect !== 'postgres') await checkSession(ctx, userId, uncheckedSession);
  const clock = ctx.clock.now();
  const now = clock.toISOString();
  const order: repo.OrderRow = {
    id: newId(ctx.clock),
    user_id: userId,
    status: 'placed',
    subtotal: 0,
    total: 0,
    refunded_amount: 0,
    currency: ctx.config.currency,
    created_at: now,
    updated_at: now,
  };
  const claim = key === null ? null : { ref: key, hash, expiresAt: expiryOf(clock) };
  const items = ctx.dialect === 'postgres' ? await placeAtOnce(ctx, order, lines, claim, buyer, uncheckedSession) : await placeInSteps(ctx, order, lines, claim, buyer);
  const total = items.reduce((s, i) => s + i.line_total, 0);
  return toOrder({ ...order, subtotal: total, total }, items);
}

/** The Idempotency-Key a placement claims in its own transaction (or statement). */
interface Claim {
  ref: KeyRef;
  hash: string;
  expiresAt: string;
}

async function placeAtOnce(ctx: Ctx, order: repo.OrderRow, lines: Line[], claim: Claim | null, buyer: boolean, uncheckedSession: string | null): Promise<Item[]> {
  const placed = await repo.placeAtOnce(ctx.db, {
    orderId: order.id,
    eventId: newId(ctx.clock),
    // The statement orders it after the wallet's last ledger id when that one is newer.
    ledgerId: newId(ctx.clock),
    userId: order.user_id,
    productIds: lines.map((l) => l.productId),
    quantities: lines.map((l) => l.quantity),
    currency: order.currency,
    idempotencyKey: claim?.ref.key ?? null,
    requestHash: claim?.hash ?? null,
    keyExpiresAt: claim?.expiresAt ?? order.created_at,
    now: order.created_at,
    buyer,
    uncheckedSession,
  });
  if (placed.refused !== null) throw refusalOf(placed.refused, placed.productId);
  const byProduct = new Map(placed.items.map((r) => [r.product_id, r]));
  return lines.map((l) => toItem(byProduct.get(l.productId)!));
}

function placeInSteps(ctx: Ctx, order: repo.OrderRow, lines: Line[], claim: Claim | null, buyer: boolean): Promise<Item[]> {
  return own(ctx.db).transaction().execute(async (trx) => {
    if (claim) await claimKey(ctx, trx, claim.ref, claim.hash, { resourceId: order.id, expiresAt: claim.expiresAt });
    const taken = await takeStockMany(trx, lines, order.created_at);
    if (taken.length !== lines.length) throw await stockRefusal(trx, lines, new Set(taken.map((p) => p.id)));
    const { items, total } = priced(lines, new Map(taken.map((p) => [p.id, p])));
    if (total === 0) throw refusalOf(R.zero, null);
    // The wallet's own refusals (402, 404) come from the ledger; throwing rolls the stock back.
    await applyMovement(ctx, trx, { userId: order.user_id, type: 'order_payment', amount: -total, reference: order.id });
    await repo.insertOrder(trx, { ...order, subtotal: total, total });
    await repo.insertItems(trx, items.map((i) => ({ order_id: order.id, ...i })));
    await repo.insertEvent(trx, placedEvent(newId(ctx.clock), order));
    if (!buyer) await accounts.markBuyer(trx, order.user_id, order.created_at);
    return items;
  });
}

/** The order's first event (the PostgreSQL statement writes the same row). */
const placedEvent = (id: string, order: repo.OrderRow): repo.OrderEventRow => ({
  id,
  order_id: order.id,
  type: 'placed',
  from_status: null,
  to_status: 'placed',
  actor_kind: 'user',
  actor_id: order.user_id,
  note: null,
  data: null,
  created_at: order.created_at,
});

/**
 * SQLite: which line the stock step could not take. Read inside the placement's transaction, which
 * holds the database's write lock since that step, so it is the state the step saw, less what it
 * took from the lines it could (`taken`); only a refused placement pays for it.
 */
async function stockRefusal(trx: SharedTrx, lines: Line[], taken: ReadonlySet<string>): Promise<AppError> {
  const state = new Map((await findOrderableState(trx, lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const invalid = lines.find((l) => {
    const p = state.get(l.productId);
    return !p || p.is_active !== 1 || p.deleted_at !== null;
  });
  if (invalid) return refusalOf(R.invalid, invalid.productId);
  // The lines the step did take were in stock (it already took them: not yet rolled back here).
  const short = lines.find((l) => !taken.has(l.productId) && Number(state.get(l.productId)!.stock) < l.quantity);
  return refusalOf(R.outOfStock, (short ?? lines[0]!).productId);
}

/** The answer to a refused placement. */
function refusalOf(reason: repo.PlacementRefusal, productId: string | null): AppError {
  switch (reason) {
    case R.invalid:
      return invalidProduct(productId!);
    case R.outOfStock:
      return outOfStock(productId!);
    case R.zero:
      return badRequest('An order must cost more than 0: free products are ordered together with others');
    case R.insufficient:
      return insufficientCredits();
    case R.noWallet:
      return notFound('wallet');
    case R.ended:
      return sessionEnded();
  }
}

// ---- reads ---------------------------------------------------------------------------------

type Item = Order['items'][number];

const toItem = (i: repo.OrderItemRow): Item => ({
  product_id: i.product_id,
  name: i.name,
  unit_price: Number(i.unit_price),
  quantity: Number(i.quantity),
  line_total: Number(i.line_total),
});

function toOrder(r: repo.OrderRow, items: Item[]): Order {
  return {
    id: r.id,
    status: r.status,
    items,
    subtotal: Number(r.subtotal),
    total: Number(r.total),
    refunded_amount: Number(r.refunded_amount),
    currency: r.currency,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

type People = (id: string) => Person;

const toAdminOrder = (r: repo.OrderRow, items: Item[], person: People): AdminOrder => ({ ...toOrder(r, items), user_id: r.user_id, user: person(r.user_id) });

const parseData = (e: repo.OrderEventRow): Record<string, unknown> | null => (e.data === null ? null : (JSON.parse(e.data) as Record<string, unknown>));

function toEvent(e: repo.OrderEventRow, person: People): OrderEvent {
  return {
    id: e.id,
    order_id: e.order_id,
    type: e.type,
    from_status: e.from_status,
    to_status: e.to_status,
    actor: { kind: e.actor_kind, id: e.actor_id, name: e.actor_id === null ? null : person(e.actor_id).full_name },
    note: e.note,
    data: parseData(e) as OrderEvent['data'],
    created_at: e.created_at,
  };
}

/** What the shopper may see of an event: its moves and times, the public tracking and refunded amounts; no note, no admin. */
function toShopperEvent(e: repo.OrderEventRow): ShopperOrderEvent {
  const d = parseData(e);
  const data = d === null ? null : Object.fromEntries(Object.entries(d).filter(([k]) => SHOPPER_DATA.has(k)));
  return {
    id: e.id,
    order_id: e.order_id,
    type: e.type,
    from_status: e.from_status,
    to_status: e.to_status,
    actor: { kind: e.actor_kind },
    note: null,
    data: data === null || Object.keys(data).length === 0 ? null : data,
    created_at: e.created_at,
  };
}
const SHOPPER_DATA = new Set(['carrier', 'tracking_number', 'tracking_url', 'amount']);

async function itemsByOrder(ctx: Ctx, rows: repo.OrderRow[]): Promise<Map<string, Item[]>> {
  const byOrder = new Map<string, Item[]>();
  for (const i of await repo.itemsFor(ctx.db, rows.map((r) => r.id))) {
    const list = byOrder.get(i.order_id) ?? [];
    list.push(toItem(i));
    byOrder.set(i.order_id, list);
  }
  return byOrder;
}

async function withItems(ctx: Ctx, rows: repo.OrderRow[]): Promise<Order[]> {
  const m = await itemsByOrder(ctx, rows);
  return rows.map((r) => toOrder(r, m.get(r.id) ?? []));
}

async function withItemsAdmin(ctx: Ctx, rows: repo.OrderRow[]): Promise<AdminOrder[]> {
  const m = await itemsByOrder(ctx, rows);
  const person = await accounts.people(ctx.db, rows.map((r) => r.user_id));
  return rows.map((r) => toAdminOrder(r, m.get(r.id) ?? [], person));
}

/** One order for the back office: its lines, its user and its whole timeline with the actors' names. */
async function adminDetail(ctx: Ctx, row: repo.OrderRow): Promise<AdminOrderDetail> {
  const items = (await itemsByOrder(ctx, [row])).get(row.id) ?? [];
  const events = await repo.listEvents(ctx.db, row.id);
  const person = await accounts.people(ctx.db, [row.user_id, ...events.map((e) => e.actor_id)]);
  return { ...toAdminOrder(row, items, person), events: events.map((e) => toEvent(e, person)) };
}

const limitOf = (q: PageQuery) => q.limit ?? 20;

async function page(ctx: Ctx, f: repo.OrderFilter, q: PageQuery) {
  const limit = limitOf(q);
  const rows = await repo.listOrders(ctx.db, { ...f, before: decodeTimeCursor(q.cursor), limit: limit + 1 });
  return { rows: rows.slice(0, limit), all: rows, limit };
}

export async function listOwn(ctx: Ctx, userId: string, q: PageQuery) {
  const { all, limit, rows } = await page(ctx, { userId }, q);
  const orders = new Map((await withItems(ctx, rows)).map((o) => [o.id, o]));
  return toPage(all, limit, timeCursor, (r) => orders.get(r.id)!);
}

export async function getOwn(ctx: Ctx, userId: string, id: string): Promise<OrderDetail> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row || row.user_id !== userId) throw notFound('order');
  const events = (await repo.listEvents(ctx.db, row.id)).filter((e) => e.type !== 'note');
  return { ...(await withItems(ctx, [row]))[0]!, events: events.map(toShopperEvent) };
}

export async function cancelOwn(ctx: Ctx, userId: string, id: string): Promise<Order> {
  const { order } = await own(ctx.db).transaction().execute((trx) => applyMove(ctx, trx, id, { kind: 'status', to: 'cancelled' }, { userId }));
  return (await withItems(ctx, [order]))[0]!;
}

// ---- admin ---------------------------------------------------------------------------------

export async function adminList(ctx: Ctx, q: AdminOrdersQuery) {
  const { all, limit, rows } = await page(ctx, await adminFilter(ctx, q), q);
  const orders = new Map((await withItemsAdmin(ctx, rows)).map((o) => [o.id, o]));
  return toPage(all, limit, timeCursor, (r) => orders.get(r.id)!);
}

/** A name fragment matching more customers than this is common: the list walks the newest orders instead of gathering theirs. */
const FEW_CUSTOMERS = 200;
const ID_SHAPE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The admin order list's query as a repository filter (the list and its CSV export share it).
 * `q` is read every way it can be meant: an id or its first 8+ characters (the ids that prefix
 * covers), a phone in any format sign-in takes (its one customer), a name fragment (letters, no
 * digits). docs/performance.md, "Order search", has the plans.
 */
export async function adminFilter(ctx: Ctx, q: Omit<AdminOrdersQuery, 'limit' | 'cursor'>): Promise<repo.OrderFilter> {
  const placed = rangeBetween(q.placed_from, q.placed_to, ['placed_from', 'placed_to']);
  checkOrder(q.total_min, q.total_max, ['total_min', 'total_max']);
  const f: repo.OrderFilter = {
    ...(q.status ? { status: q.status } : {}),
    ...(q.user_id ? { userId: q.user_id } : {}),
    ...placed,
    ...(q.total_min !== undefined ? { totalMin: q.total_min } : {}),
    ...(q.total_max !== undefined ? { totalMax: q.total_max } : {}),
  };
  if (q.q === undefined) return f;
  const text = q.q.trim().toLowerCase();
  if ([...text].length < 3) throw badRequest('q needs at least 3 characters', [{ field: 'querystring/q', message: 'at least 3 characters' }]);
  const idPrefix = text.length >= 8 && text.length <= ID_SHAPE.length && [...text].every((c, i) => (ID_SHAPE[i] === '-' ? c === '-' : /[0-9a-f]/.test(c)));
  const phone = searchedPhone(text, ctx.config.defaultCountryCode);
  const name = /\d/.test(text) ? null : text;
  const match: NonNullable<repo.OrderFilter['match']> = {};
  if (idPrefix) {
    const rest = ID_SHAPE.slice(text.length);
    match.idRange = { gte: text + rest.replace(/x/g, '0'), lte: text + rest.replace(/x/g, 'f') };
  }
  if (phone !== null || name !== null) {
    const customers = await repo.matchingCustomers(ctx.db, ctx.dialect, { name, phone, cap: FEW_CUSTOMERS });
    if (customers.length > FEW_CUSTOMERS) match.common = { name: name!, dialect: ctx.dialect };
    else match.customers = customers;
  }
  return { ...f, match };
}

export async function adminUserOrders(ctx: Ctx, userId: string, q: PageQuery) {
  if (!(await accounts.findUserState(ctx.db, userId))) throw notFound('user');
  return adminList(ctx, { ...q, user_id: userId });
}

export async function adminGet(ctx: Ctx, id: string): Promise<AdminOrderDetail> {
  const row = await repo.findOrder(ctx.db, id);
  if (!row) throw notFound('order');
  return adminDetail(ctx, row);
}

/**
/**
 * An admin's status change of one order in its own transaction, through the state mover (audit
 * row and event included); `cancelled` refunds the rest and returns stock, `refunded` must go
 * through a refund. The single route and each order of a bulk move both come here.
 */
async function moveStatus(
  ctx: Ctx,
  adminId: string,
  id: string,
  status: OrderStatus,
  note: string | null,
  tracking: Tracking | undefined,
  after?: (trx: SharedTrx, order: repo.OrderRow) => Promise<void>,
) {
  if (status === 'refunded') {
    if (!(await repo.findOrder(ctx.db, id))) throw notFound('order');
    throw conflict('invalid_transition', 'Use POST /admin/orders/:id/refund to refund an order', { to: 'refunded' });
  }
  const move = { kind: 'status' as const, to: status, note, ...(tracking ? { tracking } : {}) };
  return own(ctx.db).transaction().execute(async (trx) => {
    const { order } = await applyMove(ctx, trx, id, move, { adminId });
    if (after) await after(trx, order);
    return order;
  });
}

/** The single route. Tracking (carrier, number, URL) is taken only with `shipped` and lands on its event. */
export async function adminSetStatus(ctx: Ctx, adminId: string, id: string, body: StatusBody): Promise<AdminOrderDetail> {
  const { status, note, ...trackingFields } = body;
  const tracking: Tracking = trackingFields;
  if (Object.keys(tracking).length > 0 && status !== 'shipped') {
    throw badRequest('Tracking is given only when an order ships', [{ field: 'body/status', message: 'carrier, tracking_number and tracking_url need status shipped' }]);
  }
  if (tracking.tracking_url !== undefined && !isWebUrl(tracking.tracking_url)) {
    throw badRequest('tracking_url must be an http or https address', [{ field: 'body/tracking_url', message: 'not an http(s) URL' }]);
  }
  const order = await moveStatus(ctx, adminId, id, status, note?.trim() ?? null, Object.keys(tracking).length > 0 ? tracking : undefined);
  return adminDetail(ctx, order);
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An internal note on an order (audited); answers the new `note` event. */
export async function adminAddNote(ctx: Ctx, adminId: string, id: string, note: string): Promise<OrderEvent> {
  const event = await own(ctx.db).transaction().execute((trx) => addNote(ctx, trx, id, note.trim(), adminId));
  return toEvent(event, await accounts.people(ctx.db, [adminId]));
}

/** How many moves of one bulk request run at once on PostgreSQL. */
const BULK_LANES = 4;

/**
 * Moves up to 100 orders to one status, each in its own transaction through the same mover as the
 * single route, and answers each order's outcome in the order given: `moved`, or `refused` with
 * the status and body the single move would have answered (404 `not_found`, 409
 * `invalid_transition`…). The Idempotency-Key (scope `order.bulk_status`, the admin) is claimed
 * first; each order's outcome is then kept under its own key (`<key> <order id>`, scope
 * `order.bulk_status.item`), written in that order's move transaction. So a retry, or the same key
 * racing in from another process, answers every order as the first request did and moves none of
 * them again, even after a crash half-way (the orders not yet done are done then); another body
 * with the key is 409 `idempotency_conflict`.
 */
export async function adminBulkStatus(ctx: Ctx, adminId: string, body: BulkStatusBody, key: string): Promise<{ result: BulkStatusResult; replayed: boolean }> {
  const note = body.note ?? null;
  const hash = requestHash([body.order_ids, body.status, note]);
  const bulk: KeyRef = { scope: 'order.bulk_status', principal: adminId, key };
  const conflictMessage = 'This Idempotency-Key was used for another bulk move';
  const { value: expiresAt, replayed } = await runOnce(ctx, bulk, hash, {
    first: async () => {
      const expiresAt = expiryOf(ctx.clock.now());
      await claimKey(ctx, ctx.db, bulk, hash, { expiresAt });
      return expiresAt;
    },
    replay: async (stored) => stored.expires_at,
    conflictMessage,
  });
  const itemKey = (orderId: string) => `${key} ${orderId}`;
  const done = replayed ? await findKeys(ctx, ctx.db, 'order.bulk_status.item', adminId, body.order_ids.map(itemKey)) : new Map();
  const one = async (orderId: string): Promise<BulkOutcome> => {
    const stored = done.get(itemKey(orderId));
    if (stored) return JSON.parse(stored.response!) as BulkOutcome;
    const ref: KeyRef = { scope: 'order.bulk_status.item', principal: adminId, key: itemKey(orderId) };
    const keep = (db: Handle, outcome: BulkOutcome) => claimKey(ctx, db, ref, hash, { response: outcome, expiresAt });
    const { value } = await runOnce(ctx, ref, hash, {
      first: async () => {
        let moved: BulkOutcome | undefined;
        try {
          await moveStatus(ctx, adminId, orderId, body.status, note, undefined, async (trx, order) => {
            moved = { order_id: orderId, outcome: 'moved', status: order.status };
            await keep(trx, moved);
          });
          return moved!;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          const refused: BulkOutcome = { order_id: orderId, outcome: 'refused', refusal: { ...err.extra, status: err.status, error: err.code, message: err.message } };
          // A retryable refusal ("try again") is answered, not kept: a retry of the key tries again.
          if (err.code !== 'conflict') await keep(ctx.db, refused);
          return refused;
        }
      },
      replay: async (stored) => JSON.parse(stored.response!) as BulkOutcome,
      conflictMessage,
    });
    return value;
  };
  // PostgreSQL runs a few moves at once on the pool's connections, each its own transaction, when
  // they touch only their order's row (a cancel also moves stock and money: those run one by one,
  // so they never race each other for one wallet); SQLite has one writer anyway.
  const results: BulkOutcome[] = new Array(body.order_ids.length);
  let next = 0;
  const lane = async () => {
    while (next < body.order_ids.length) {
      const i = next++;
      results[i] = await one(body.order_ids[i]!);
    }
  };
  await Promise.all(Array.from({ length: ctx.dialect === 'postgres' && body.status !== 'cancelled' ? BULK_LANES : 1 }, lane));
  const moved = results.filter((r) => r.outcome === 'moved').length;
  return { result: { moved, refused: results.length - moved, results }, replayed };
}

/**
 * An admin refund. With an Idempotency-Key (scope `order.refund`, the admin) a retry answers the
 * first refund instead of paying again, even once the order is refunded in full; another order,
 * amount or reason with the key is 409 `idempotency_conflict`. The key is claimed in the refund's
 * transaction, so two concurrent uses make one refund.
 */
export async function adminRefund(ctx: Ctx, adminId: string, id: string, body: RefundBody, key?: string) {
  const ref: KeyRef | null = key === undefined ? null : { scope: 'order.refund', principal: adminId, key };
  const hash = requestHash([id, body.amount ?? null, body.reason ?? null]);
  const { value } = await runOnce(ctx, ref, hash, {
    first: () =>
      own(ctx.db).transaction().execute(async (trx) => {
        const move = { kind: 'refund' as const, ...(body.amount !== undefined ? { amount: body.amount } : {}), reason: body.reason ?? null };
        const moved = await applyMove(ctx, trx, id, move, { adminId });
        if (ref) await claimKey(ctx, trx, ref, hash, { resourceId: moved.refund!.id });
        return moved;
      }),
    replay: async (stored) => ({ order: (await repo.findOrder(ctx.db, id))!, refund: (await repo.findRefund(ctx.db, stored.resource_id!))! }),
    conflictMessage: 'This Idempotency-Key was used for another refund',
  });
  return { ...(await toRefunds(ctx, [value.refund!]))[0]!, order: await adminDetail(ctx, value.order) };
}

async function toRefunds(ctx: Ctx, rows: repo.RefundRow[]): Promise<Refund[]> {
  const person = await accounts.people(ctx.db, rows.flatMap((r) => [r.user_id, r.admin_id]));
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    user_id: r.user_id,
    amount: Number(r.amount),
    currency: ctx.config.currency,
    reason: r.reason,
    admin_id: r.admin_id,
    user: person(r.user_id),
    admin: r.admin_id === null ? null : person(r.admin_id),
    created_at: r.created_at,
  }));
}

export async function adminRefunds(ctx: Ctx, q: RefundsQuery) {
  const limit = limitOf(q);
  const rows = await repo.listRefunds(ctx.db, {
    ...(q.order_id !== undefined ? { orderId: q.order_id } : {}),
    ...(q.user_id !== undefined ? { userId: q.user_id } : {}),
    before: decodeCursor(q.cursor),
    limit: limit + 1,
  });
  const refunds = new Map((await toRefunds(ctx, rows.slice(0, limit))).map((r) => [r.id, r]));
  return toPage(rows, limit, (r) => r.id, (r) => refunds.get(r.id)!);
}
