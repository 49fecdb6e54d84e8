import { Type, type Static } from 'typebox';
import { PageQuerySchema } from '../../lib/pagination.ts';
import { DateBoundSchema } from '../../lib/date-range.ts';

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

export const AdminOrderSchema = Type.Object({ ...OrderSchema.properties, user_id: Type.String() });
export type AdminOrder = Static<typeof AdminOrderSchema>;

export { IdempotencyHeadersSchema } from '../../lib/idempotency.ts';

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

export const StatusBodySchema = Type.Object({ status: OrderStatusSchema }, { additionalProperties: false });

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
