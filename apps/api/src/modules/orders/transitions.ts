/**
 * The order state machine: every allowed move in one table, and `applyMove`, the one function
 * that changes an order's status or refunds it (docs/orders.md, "States").
 */
import type { Ctx } from '../../context.ts';
import type { SharedTrx } from '../../lib/db-types.ts';
import { type OrderStatus, own } from './tables.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { defineMachine } from '../../lib/machine.ts';
import { newId } from '../../lib/ids.ts';
import { returnStockMany } from '../catalogue/index.ts';
import { applyMovement } from '../ledger/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './orders.repository.ts';

/**
 * Every allowed move. `refunded` is reached only through an admin refund of the whole remaining
 * amount; `cancelled` refunds whatever is left and returns the stock. Anything else: 409.
 */
const orderMachine = defineMachine<OrderStatus>({
  moves: {
    placed: ['processing', 'cancelled', 'refunded'],
    processing: ['shipped', 'cancelled', 'refunded'],
    shipped: ['delivered', 'refunded'],
    delivered: ['refunded'],
    cancelled: [],
    refunded: [],
  },
  refusal: (from, to) => ({ message: `An order that is ${from} cannot become ${to}`, extra: { from, to } }),
});

/** Statuses that accept an admin refund (full or partial): those that may become `refunded`. */
const REFUNDABLE = orderMachine.sources('refunded');

/**
 * A move: a status change (the user's cancel, an admin's status change), or an admin refund of
 * `amount` (all that is still refundable when undefined), which ends in `refunded` when nothing
 * is left to refund and keeps the status otherwise.
 */
export type Move =
  | { kind: 'status'; to: OrderStatus; tracking?: Tracking; note?: string | null }
  | { kind: 'refund'; amount?: number; reason?: string | null };

/** A shipment's public tracking, shown to the shopper on the `shipped` event. */
export interface Tracking {
  carrier?: string;
  tracking_number?: string;
  tracking_url?: string;
}

/** Who asks: the user's own cancel carries their id (another user's order is 404), an admin move the admin's. */
export type Actor = { userId: string; adminId?: undefined } | { adminId: string; userId?: undefined };

export interface MoveResult {
  order: repo.OrderRow;
  refund: repo.RefundRow | null;
}

/**
 * The only way an order changes state. Reads the order inside the transaction, checks the move
 * against `orderMachine`, then applies it with a conditional UPDATE on exactly the state it read;
 * if another request moved the order first, it reads again and decides again (bounded). A move
 * that refunds also writes a `refunds` row and its `order_refund` ledger credit, a cancel puts
 * the stock back, every move writes its `order_events` row (the timeline), and an admin's move
 * writes its audit row (docs/contracts.md §9) — all in the same transaction, so concurrent cancels
 * produce one refund, one event and one audit row.
 */
export async function applyMove(ctx: Ctx, trx: SharedTrx, orderId: string, move: Move, actor: Actor): Promise<MoveResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const order = await repo.findOrder(trx, orderId);
    if (!order || (actor.userId !== undefined && order.user_id !== actor.userId)) throw notFound('order');
    const total = Number(order.total);
    const refundedBefore = Number(order.refunded_amount);
    const remaining = total - refundedBefore;
    let to: OrderStatus;
    let refund = 0;
    if (move.kind === 'refund') {
      if (!REFUNDABLE.includes(order.status) || remaining <= 0) throw orderMachine.refuse(order.status, 'refunded');
      refund = move.amount ?? remaining;
      if (refund > remaining) {
        throw conflict('refund_exceeds_paid', `At most ${remaining} is still refundable`, { refundable: remaining });
      }
      to = refund === remaining ? 'refunded' : order.status;
    } else {
      orderMachine.assertMove(order.status, move.to);
      to = move.to;
      // A cancel refunds whatever is left.
      if (to === 'cancelled') refund = remaining;
    }
    const now = ctx.clock.now().toISOString();
    if (!(await repo.moveOrder(trx, { id: order.id, from: order.status, to, refundedBefore, refund, now }))) continue;

    let refundRow: repo.RefundRow | null = null;
    if (to === 'cancelled') {
      const items = await repo.itemsFor(trx, [order.id]);
      await returnStockMany(trx, items.map((i) => ({ productId: i.product_id, quantity: i.quantity })), now);
    }
    if (refund > 0) {
      refundRow = {
        id: newId(ctx.clock),
        order_id: order.id,
        user_id: order.user_id,
        amount: refund,
        reason: move.kind === 'refund' ? (move.reason ?? null) : 'cancelled',
        admin_id: actor.adminId ?? null,
        idempotency_key: null,
        created_at: now,
      };
      await repo.insertRefund(trx, refundRow);
      // Ledger reference of a refund: the refund id (the payment's is the order id).
      await applyMovement(ctx, trx, { userId: order.user_id, type: 'order_refund', amount: refund, reference: refundRow.id });
    }
    await repo.insertEvent(trx, {
      id: newId(ctx.clock),
      order_id: order.id,
      type: move.kind === 'refund' ? 'refund' : to === 'cancelled' ? 'cancelled' : 'status_changed',
      from_status: order.status,
      to_status: to,
      actor_kind: actor.adminId !== undefined ? 'admin' : 'user',
      actor_id: actor.adminId ?? actor.userId,
      note: move.kind === 'status' ? (move.note ?? null) : null,
      data: eventData(move, refundRow),
      created_at: now,
    });
    const moved = { ...order, status: to, refunded_amount: refundedBefore + refund, updated_at: now };
    if (actor.adminId !== undefined) {
      const snapshot = (o: repo.OrderRow) => ({ status: o.status, total: Number(o.total), refunded_amount: Number(o.refunded_amount) });
      await recordAudit(ctx, trx, {
        adminId: actor.adminId,
        action: move.kind === 'refund' ? 'order.refund' : 'order.status',
        entity: 'order',
        entityId: order.id,
        before: snapshot(order),
        after: {
          ...snapshot(moved),
          ...(refundRow ? { refund: { id: refundRow.id, amount: refund, reason: refundRow.reason } } : {}),
          ...(move.kind === 'status' && move.note ? { note: move.note } : {}),
        },
      });
    }
    return { order: moved, refund: refundRow };
  }
  throw conflict('conflict', 'The order is changing; try again');
}

/** What an event carries besides the move: the shipment's tracking, or the refund it paid. */
function eventData(move: Move, refund: repo.RefundRow | null): string | null {
  const data: Record<string, unknown> = {};
  if (move.kind === 'status' && move.tracking) Object.assign(data, move.tracking);
  if (refund) Object.assign(data, { refund_id: refund.id, amount: Number(refund.amount), reason: refund.reason });
  return Object.keys(data).length === 0 ? null : JSON.stringify(data);
}

/**
 * An admin's internal note on an order: one `note` event and its audit row, in one transaction.
 * The order's status is not touched.
 */
export async function addNote(ctx: Ctx, trx: SharedTrx, orderId: string, note: string, adminId: string): Promise<repo.OrderEventRow> {
  const order = await repo.findOrder(trx, orderId);
  if (!order) throw notFound('order');
  const now = ctx.clock.now().toISOString();
  const event: repo.OrderEventRow = {
    id: newId(ctx.clock),
    order_id: order.id,
    type: 'note',
    from_status: null,
    to_status: null,
    actor_kind: 'admin',
    actor_id: adminId,
    note,
    data: null,
    created_at: now,
  };
  await repo.insertEvent(trx, event);
  await recordAudit(ctx, trx, { adminId, action: 'order.note', entity: 'order', entityId: order.id, before: null, after: { event_id: event.id, note } });
  return event;
}
