import { Type, type Static } from 'typebox';
import { PageQuerySchema } from '../../lib/pagination.ts';

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

export const AdminOrderSchema = Type.Object({ ...OrderSchema.properties, user_id: Type.String() });
export type AdminOrder = Static<typeof AdminOrderSchema>;

export { IdempotencyHeadersSchema, RequiredIdempotencyHeadersSchema } from '../../lib/idempotency.ts';

export const OrderParamsSchema = Type.Object({ id: PathId });
export const UidParamsSchema = Type.Object({ uid: PathId });

export const AdminOrdersQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  status: Type.Optional(OrderStatusSchema),
  user_id: Type.Optional(Id),
});
export type AdminOrdersQuery = Static<typeof AdminOrdersQuerySchema>;

export const StatusBodySchema = Type.Object({ status: OrderStatusSchema }, { additionalProperties: false });

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
  created_at: Type.String(),
});
export type Refund = Static<typeof RefundSchema>;

/** An admin refund answers the refund row and the order after it. */
export const RefundResultSchema = Type.Object({ ...RefundSchema.properties, order: AdminOrderSchema });

export const RefundsQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  order_id: Type.Optional(Id),
  user_id: Type.Optional(Id),
});
export type RefundsQuery = Static<typeof RefundsQuerySchema>;
