import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema } from '../../lib/pagination.ts';
import { DateBoundSchema } from '../../lib/date-range.ts';
import { PersonSchema } from '../accounts/index.ts';

export const ORDER_STATUSES = ['placed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export const OrderStatusSchema = Type.Union([
  Type.Literal('placed'),
  Type.Literal('processing'),
  Type.Literal('shipped'),
  Type.Literal('delivered'),
  Type.Literal('cancelled'),
  Type.Literal('refunded'),
]);

const Id = Type.String({ minLength: 1, maxLength: 1000 });
/** Path ids: any shape; one that matches nothing is 404 (docs/contracts.md §2). */
const PathId = Type.String();
const Money = Type.Integer();
const MAX_TOTAL = Number.MAX_SAFE_INTEGER;

export const OrderBodySchema = Type.Object(
  {
    items: Type.Array(
      Type.Object({ product_id: Id, quantity: Type.Integer({ minimum: 1, maximum: 99 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);
export type OrderBody = Static<typeof OrderBodySchema>;

export const LineSchema = Type.Object({
  product_id: Type.String(),
  name: Type.String(),
  unit_price: Money,
  quantity: Type.Integer(),
  line_total: Money,
});

export const QuoteSchema = Type.Object({
  items: Type.Array(LineSchema),
  subtotal: Money,
  total: Money,
  currency: Type.String(),
});

export const OrderSchema = Type.Object({
  id: Type.String(),
  status: OrderStatusSchema,
  items: Type.Array(LineSchema),
  subtotal: Money,
  total: Money,
  refunded_amount: Money,
  currency: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Order = Static<typeof OrderSchema>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const NullableStatus = Type.Union([OrderStatusSchema, Type.Null()]);
const EventTypeSchema = Type.Union(
  [Type.Literal('placed'), Type.Literal('status_changed'), Type.Literal('cancelled'), Type.Literal('refund'), Type.Literal('note')],
  { description: 'placed; status_changed; cancelled (by the shopper or an admin); refund (each one); note (admin, internal)' },
);
const trackingFields = {
  carrier: Type.Optional(Type.String()),
  tracking_number: Type.Optional(Type.String()),
  tracking_url: Type.Optional(Type.String()),
};

/** One entry of an order's timeline as the back office sees it (docs/contracts.md §11, "Order events"). */
export const OrderEventSchema = Type.Object({
  id: Type.String(),
  order_id: Type.String(),
  type: EventTypeSchema,
  from_status: NullableStatus,
  to_status: NullableStatus,
  actor: Type.Object({
    kind: Type.Union([Type.Literal('user'), Type.Literal('admin'), Type.Literal('system')]),
    id: Nullable(Type.String()),
    name: Nullable(Type.String({ description: 'null for the system or a deleted user' })),
  }),
  note: Nullable(Type.String()),
  data: Nullable(
    Type.Object({
      ...trackingFields,
      refund_id: Type.Optional(Type.String()),
      amount: Type.Optional(Money),
      reason: Type.Optional(Nullable(Type.String())),
    }),
  ),
  created_at: Type.String(),
});
export type OrderEvent = Static<typeof OrderEventSchema>;

/** The shopper's view of the same timeline: no notes, no admin identities, only the public tracking and refunded amounts. */
export const ShopperOrderEventSchema = Type.Object({
  id: Type.String(),
  order_id: Type.String(),
  type: EventTypeSchema,
  from_status: NullableStatus,
  to_status: NullableStatus,
  actor: Type.Object({ kind: Type.Union([Type.Literal('user'), Type.Literal('admin'), Type.Literal('system')]) }),
  note: Type.Null({ description: 'always null: notes are internal' }),
  data: Nullable(Type.Object({ ...trackingFields, amount: Type.Optional(Money) })),
  created_at: Type.String(),
});
export type ShopperOrderEvent = Static<typeof ShopperOrderEventSchema>;

/** `GET /orders/:id`: the order and its timeline, oldest first. */
export const OrderDetailSchema = Type.Object({ ...OrderSchema.properties, events: Type.Array(ShopperOrderEventSchema) });
export type OrderDetail = Static<typeof OrderDetailSchema>;

export const AdminOrderSchema = Type.Object({ ...OrderSchema.properties, user_id: Type.String(), user: PersonSchema });
export type AdminOrder = Static<typeof AdminOrderSchema>;

/** `GET /admin/orders/:id` and the admin moves: the order and its whole timeline, oldest first. */
export const AdminOrderDetailSchema = Type.Object({ ...AdminOrderSchema.properties, events: Type.Array(OrderEventSchema) });
export type AdminOrderDetail = Static<typeof AdminOrderDetailSchema>;

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
export const NoteBodySchema = Type.Object({ note: Text(2000) }, { additionalProperties: false });

export { IdempotencyHeadersSchema, RequiredIdempotencyHeadersSchema } from '../../lib/idempotency.ts';

export const OrderParamsSchema = Type.Object({ id: PathId });
export const UidParamsSchema = Type.Object({ uid: PathId });

export const AdminOrdersQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  status: Type.Optional(OrderStatusSchema),
  user_id: Type.Optional(Id),
  q: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 100,
      description: "an order id or its first 8+ characters, the customer's phone (any accepted format) or a fragment of the customer's name (3+ characters)",
    }),
  ),
  placed_from: Type.Optional(DateBoundSchema),
  placed_to: Type.Optional(DateBoundSchema),
  total_min: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TOTAL, description: 'minor units' })),
  total_max: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TOTAL, description: 'minor units' })),
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuerySchema>;

export const StatusBodySchema = Type.Object(
  {
    status: OrderStatusSchema,
    carrier: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'only with status shipped; shown to the shopper' })),
    tracking_number: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'only with status shipped; shown to the shopper' })),
    tracking_url: Type.Optional(
      Type.String({ minLength: 1, maxLength: 500, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$', description: 'http or https; only with status shipped; shown to the shopper' }),
    ),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S', description: 'internal note on the status_changed event (never shown to the shopper)' })),
  },
  { additionalProperties: false },
);
export type StatusBody = Static<typeof StatusBodySchema>;

/** At most this many orders per bulk move. */
export const BULK_MAX = 100;

export const BulkStatusBodySchema = Type.Object(
  {
    order_ids: Type.Array(Id, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }),
    status: OrderStatusSchema,
    /** Kept with each order's move (its audit row). */
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type BulkStatusBody = Static<typeof BulkStatusBodySchema>;

/** One order's outcome: moved (its status now), or refused with the answer the single move would give. */
export const BulkOutcomeSchema = Type.Object({
  order_id: Type.String(),
  outcome: Type.Union([Type.Literal('moved'), Type.Literal('refused')]),
  status: Type.Optional(OrderStatusSchema),
  refusal: Type.Optional(
    Type.Object({
      status: Type.Integer(),
      error: Type.String(),
      message: Type.String(),
      from: Type.Optional(Type.String()),
      to: Type.Optional(Type.String()),
    }),
  ),
});
export type BulkOutcome = Static<typeof BulkOutcomeSchema>;

export const BulkStatusResultSchema = Type.Object({
  moved: Type.Integer(),
  refused: Type.Integer(),
  /** In the order of `order_ids`. */
  results: Type.Array(BulkOutcomeSchema),
});
export type BulkStatusResult = Static<typeof BulkStatusResultSchema>;

export const RefundBodySchema = Type.Object(
  {
    amount: Type.Optional(Type.Integer({ minimum: 1 })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type RefundBody = Static<typeof RefundBodySchema>;

export const RefundSchema = Type.Object({
  id: Type.String(),
  order_id: Type.String(),
  user_id: Type.String(),
  amount: Money,
  currency: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  admin_id: Type.Union([Type.String(), Type.Null()]),
  user: PersonSchema,
  admin: Type.Union([PersonSchema, Type.Null()], { description: 'the admin who refunded; null for the shopper\'s own cancel' }),
  created_at: Type.String(),
});
export type Refund = Static<typeof RefundSchema>;

/** An admin refund answers the refund row and the order after it. */
export const RefundResultSchema = Type.Object({ ...RefundSchema.properties, order: AdminOrderDetailSchema });

export const RefundsQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  order_id: Type.Optional(Id),
  user_id: Type.Optional(Id),
});
export type RefundsQuery = Static<typeof RefundsQuerySchema>;
