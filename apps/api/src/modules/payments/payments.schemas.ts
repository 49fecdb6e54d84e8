import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';
import { pageOf } from '../../lib/pagination.ts';
import { MAX_MONEY, SortOrderSchema } from '../catalogue/index.ts';

export const PaymentGatewaySchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  is_active: Type.Boolean(),
  sort_order: Type.Integer(),
  min_amount: Type.Union([Type.Integer(), Type.Null()]),
  max_amount: Type.Union([Type.Integer(), Type.Null()]),
});
export type PaymentGateway = Static<typeof PaymentGatewaySchema>;

const AmountSchema = Type.Union([Type.Integer({ minimum: 0, maximum: MAX_MONEY }), Type.Null()]);
const GatewayCodeSchema = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9_]+$' });

export const CreateGatewaySchema = Type.Object({
  code: GatewayCodeSchema,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  is_active: Type.Optional(Type.Boolean()),
  sort_order: Type.Optional(SortOrderSchema),
  min_amount: Type.Optional(AmountSchema),
  max_amount: Type.Optional(AmountSchema),
});
export type CreateGateway = Static<typeof CreateGatewaySchema>;

export const UpdateGatewaySchema = Type.Object(
  {
    code: Type.Optional(GatewayCodeSchema),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    is_active: Type.Optional(Type.Boolean()),
    sort_order: Type.Optional(SortOrderSchema),
    min_amount: Type.Optional(AmountSchema),
    max_amount: Type.Optional(AmountSchema),
  },
  { minProperties: 1 },
);
export type UpdateGateway = Static<typeof UpdateGatewaySchema>;

export const GatewayPageSchema = pageOf(PaymentGatewaySchema);
