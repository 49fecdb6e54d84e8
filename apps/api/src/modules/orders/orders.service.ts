/**
 * Orders: server-priced quotes, atomic placement (stock + wallet debit + order in one
 * transaction), idempotent retries, reads, and the calls into the one state machine
 * (transitions.ts) for the user's cancel and every admin move (status change, refund).
 */
import { createHash } from 'node:crypto';
import { accounts, type Person } from '../accounts/index.ts';
import type { SharedTrx } from '../../lib/db-types.ts';
import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { own, type OrderStatus } from './tables.ts';
import { DAY } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { findOrderableState, findSellableProducts, takeStockMany } from '../catalogue/index.ts';
import { applyMovement, insufficientCredits } from '../wallet/index.ts';
import * as repo from './orders.repository.ts';
import { PLACEMENT_REFUSALS as R } from './orders.repository.ts';
import { addNote, applyMove, type Tracking } from './transitions.ts';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrdersQuery,
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

/** How long an Idempotency-Key is kept (docs/contracts.md §5). */
export const IDEMPOTENCY_TTL_MS = DAY;

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

const requestHash = (lines: Line[]): string =>
  createHash('sha256')
    .update(JSON.stringify(lines.map((l) => [l.productId, l.quantity])))
    .digest('hex');

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
 * the wallet module's debit and ledger row, the order and its lines — on PostgreSQL as one
 * statement (`repo.placeAtOnce`), on SQLite as one transaction of six statements. Either way the
 * step that refuses says why, and a refusal writes nothing (docs/orders.md).
 */
export async function placeOrder(ctx: Ctx, userId: string, body: OrderBody, key: string | undefined): Promise<{ order: Order; replayed: boolean }> {
  try {
    const placed = await placeOrReplay(ctx, userId, body, key);
    if (!placed.replayed) ctx.metrics.ordersPlaced.inc();
    return placed;
  } catch (err) {
    // Counted here, after the Idempotency-Key check: a replay refused for stock is no refusal.
    if (err instanceof AppError) ctx.metrics.ordersRefused.inc({ reason: err.code });
    throw err;
  }
}

async function placeOrReplay(ctx: Ctx, userId: string, body: OrderBody, key: string | undefined): Promise<{ order: Order; replayed: boolean }> {
  const lines = normalise(body);
  const hash = requestHash(lines);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return { order: await placeOnce(ctx, userId, lines, key, hash), replayed: false };
    } catch (err) {
      if (key === undefined) throw err;
      // A key that was used before wins over any refusal (stock or credits may be gone since).
      if (!isUniqueViolation(err) && !(err instanceof AppError)) throw err;
      const existing = await repo.findByIdempotencyKey(ctx.db, userId, key);
      if (!existing) {
        if (isUniqueViolation(err)) continue;
        throw err;
      }
      const cutoff = new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString();
      if (existing.created_at < cutoff) {
        // Older than 24 h: the key is forgotten (the job does the same in bulk); try once more.
        await repo.releaseKey(ctx.db, existing.id, cutoff);
        continue;
      }
      if (existing.request_hash !== hash) throw conflict('idempotency_conflict', 'This Idempotency-Key was used with different items');
      return { order: (await withItems(ctx, [existing]))[0]!, replayed: true };
    }
  }
  throw conflict('conflict', 'Could not place the order; try again');
}

async function placeOnce(ctx: Ctx, userId: string, lines: Line[], key: string | undefined, hash: string): Promise<Order> {
  const now = ctx.clock.now().toISOString();
  const order: repo.OrderRow = {
    id: newId(ctx.clock),
    user_id: userId,
    status: 'placed',
    subtotal: 0,
    total: 0,
    refunded_amount: 0,
    currency: ctx.config.currency,
    idempotency_key: key ?? null,
    request_hash: key === undefined ? null : hash,
    created_at: now,
    updated_at: now,
  };
  const items = ctx.dialect === 'postgres' ? await placeAtOnce(ctx, order, lines) : await placeInSteps(ctx, order, lines);
  const total = items.reduce((s, i) => s + i.line_total, 0);
  return toOrder({ ...order, subtotal: total, total }, items);
}

async function placeAtOnce(ctx: Ctx, order: repo.OrderRow, lines: Line[]): Promise<Item[]> {
  let ledgerId = newId(ctx.clock);
  const eventId = newId(ctx.clock);
  for (let attempt = 0; ; attempt++) {
    const placed = await repo.placeAtOnce(ctx.db, {
      orderId: order.id,
      eventId,
      ledgerId,
      userId: order.user_id,
      productIds: lines.map((l) => l.productId),
      quantities: lines.map((l) => l.quantity),
      currency: order.currency,
      idempotencyKey: order.idempotency_key,
      requestHash: order.request_hash,
      now: order.created_at,
    });
    if (placed.refused === null) {
      const byProduct = new Map(placed.items.map((r) => [r.product_id, r]));
      return lines.map((l) => toItem(byProduct.get(l.productId)!));
    }
    // Another movement of this wallet committed a newer ledger id first: order after it.
    if (placed.refused === R.behind && attempt < 4) {
      ledgerId = newId(ctx.clock, placed.lastEntryId!);
      continue;
    }
    throw refusalOf(placed.refused, placed.productId);
  }
}

function placeInSteps(ctx: Ctx, order: repo.OrderRow, lines: Line[]): Promise<Item[]> {
  return own(ctx.db).transaction().execute(async (trx) => {
    const taken = await takeStockMany(trx, lines, order.created_at);
    if (taken.length !== lines.length) throw await stockRefusal(trx, lines, new Set(taken.map((p) => p.id)));
    const { items, total } = priced(lines, new Map(taken.map((p) => [p.id, p])));
    if (total === 0) throw refusalOf(R.zero, null);
    // The wallet's own refusals (402, 404) come from the ledger; throwing rolls the stock back.
    await applyMovement(ctx, trx, { userId: order.user_id, type: 'order_payment', amount: -total, reference: order.id });
    await repo.insertOrder(trx, { ...order, subtotal: total, total });
    await repo.insertItems(trx, items.map((i) => ({ order_id: order.id, ...i })));
    await repo.insertEvent(trx, placedEvent(newId(ctx.clock), order));
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
    case R.behind:
      // Five newer ids in a row were beaten by other movements of the same wallet.
      return conflict('conflict', 'The order could not be placed; try again');
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

async function page(ctx: Ctx, f: { userId?: string; status?: OrderStatus }, q: PageQuery) {
  const limit = limitOf(q);
  const rows = await repo.listOrders(ctx.db, { ...f, before: decodeCursor(q.cursor), limit: limit + 1 });
  return { rows: rows.slice(0, limit), all: rows, limit };
}

export async function listOwn(ctx: Ctx, userId: string, q: PageQuery) {
  const { all, limit, rows } = await page(ctx, { userId }, q);
  const orders = new Map((await withItems(ctx, rows)).map((o) => [o.id, o]));
  return toPage(all, limit, (r) => r.id, (r) => orders.get(r.id)!);
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
  const { all, limit, rows } = await page(ctx, { ...(q.status ? { status: q.status } : {}), ...(q.user_id ? { userId: q.user_id } : {}) }, q);
  const orders = new Map((await withItemsAdmin(ctx, rows)).map((o) => [o.id, o]));
  return toPage(all, limit, (r) => r.id, (r) => orders.get(r.id)!);
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
 * Admin status change; `cancelled` refunds the rest and returns stock, `refunded` must go through a
 * refund. Tracking (carrier, number, URL) is taken only with `shipped` and lands on its event.
 */
export async function adminSetStatus(ctx: Ctx, adminId: string, id: string, body: StatusBody): Promise<AdminOrderDetail> {
  const { status, note, ...trackingFields } = body;
  const tracking: Tracking = trackingFields;
  if (Object.keys(tracking).length > 0 && status !== 'shipped') {
    throw badRequest('Tracking is given only when an order ships', [{ field: 'body/status', message: 'carrier, tracking_number and tracking_url need status shipped' }]);
  }
  if (tracking.tracking_url !== undefined && !isWebUrl(tracking.tracking_url)) {
    throw badRequest('tracking_url must be an http or https address', [{ field: 'body/tracking_url', message: 'not an http(s) URL' }]);
  }
  if (status === 'refunded') {
    if (!(await repo.findOrder(ctx.db, id))) throw notFound('order');
    throw conflict('invalid_transition', 'Use POST /admin/orders/:id/refund to refund an order', { to: 'refunded' });
  }
  const move = { kind: 'status' as const, to: status, note: note?.trim() ?? null, ...(Object.keys(tracking).length > 0 ? { tracking } : {}) };
  const { order } = await own(ctx.db).transaction().execute((trx) => applyMove(ctx, trx, id, move, { adminId }));
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

/**
 * With an Idempotency-Key a retried refund answers the first one instead of paying again: a key
 * already used on this order returns that refund (409 `idempotency_conflict` if the amount
 * differs), and two concurrent uses collide on UNIQUE(order_id, idempotency_key).
 */
export async function adminRefund(ctx: Ctx, adminId: string, id: string, body: RefundBody, key?: string) {
  const replay = async (existing: repo.RefundRow) => {
    if (body.amount !== undefined && body.amount !== Number(existing.amount)) {
      throw conflict('idempotency_conflict', 'This Idempotency-Key was used for another refund amount');
    }
    const order = await repo.findOrder(ctx.db, id);
    return { ...(await toRefunds(ctx, [existing]))[0]!, order: await adminDetail(ctx, order!) };
  };
  if (key !== undefined) {
    const existing = await repo.findRefundByKey(ctx.db, id, key);
    if (existing) return replay(existing);
  }
  try {
    const { order, refund } = await own(ctx.db).transaction().execute((trx) =>
      applyMove(
        ctx,
        trx,
        id,
        {
          kind: 'refund',
          ...(body.amount !== undefined ? { amount: body.amount } : {}),
          reason: body.reason ?? null,
          ...(key !== undefined ? { idempotencyKey: key } : {}),
        },
        { adminId },
      ),
    );
    return { ...(await toRefunds(ctx, [refund!]))[0]!, order: await adminDetail(ctx, order) };
  } catch (err) {
    const existing = key !== undefined && isUniqueViolation(err) ? await repo.findRefundByKey(ctx.db, id, key) : undefined;
    if (existing) return replay(existing);
    throw err;
  }
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

/** The job: forgets Idempotency-Keys older than 24 h. */
export function purgeIdempotencyKeys(ctx: Ctx): Promise<number> {
  return repo.releaseKeysBefore(ctx.db, new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString());
}
