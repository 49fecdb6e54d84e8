import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';

export const TopupInitiateBodySchema = Type.Object({
  amount: Type.Integer({ minimum: 1, description: 'minor units, TOPUP_MIN..TOPUP_MAX' }),
  return_url: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'where the payment server sends the payer afterwards, with `?topup=<token>`; its origin must be one of TOPUP_RETURN_ORIGINS (else 400 return_url_not_allowed)',
    }),
  ),
});
export const TopupInitiateResponseSchema = Type.Object({
  token: Type.String(),
  url: Type.String(),
  expires_at: Type.String(),
});

export const TopupTokenSchema = Type.String({ minLength: 1, maxLength: 200 });
export const TopupStatusParamsSchema = Type.Object({ token: TopupTokenSchema });
export const TopupStatusValueSchema = Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('expired')], {
  description: 'pending: not paid yet; completed: credited (final); expired: not paid within the hour',
});
/** Beside a status that is not `completed`: the gateway declined the payment. */
const DeclinedAtSchema = Type.Optional(
  Type.String({
    description:
      'when the gateway declined the payment of this top-up; nothing was credited. An app stops asking and offers a new top-up. Absent once completed: a payment confirmed later still completes the top-up, credited once',
  }),
);
export const TopupStatusResponseSchema = Type.Object({
  status: TopupStatusValueSchema,
  amount: Type.Integer(),
  currency: Type.String(),
  expires_at: Type.String(),
  credited_at: Type.Optional(Type.String()),
  declined_at: DeclinedAtSchema,
});

export const GatewaySchema = Type.Union([Type.Literal('gateway_a'), Type.Literal('gateway_b')]);
const GatewayRefSchema = Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' });

export const TopupCreditBodySchema = Type.Object({
  token: TopupTokenSchema,
  amount: Type.Integer({ minimum: 1 }),
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  gateway: GatewaySchema,
  gateway_txn_id: GatewayRefSchema,
});
export type TopupCreditBody = Static<typeof TopupCreditBodySchema>;
export const TopupCreditResponseSchema = Type.Union([
  Type.Object({ credited: Type.Literal(true), balance: Type.Integer() }),
  Type.Object({ credited: Type.Literal(false), duplicate: Type.Literal(true) }),
]);

export const TopupLookupBodySchema = Type.Object({ token: TopupTokenSchema });
export const TopupLookupResponseSchema = Type.Object({
  status: TopupStatusValueSchema,
  amount: Type.Integer(),
  currency: Type.String(),
  expires_at: Type.String(),
  declined_at: DeclinedAtSchema,
  gateways: Type.Array(Type.Object({ code: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }), {
    description: 'the gateways the hosted page may offer for this amount, in display order (active records whose bounds admit it, then gateways without a record)',
  }),
  return_url: Type.Optional(Type.String({ description: "the initiate's return_url, when it had one: where the payer goes back to" })),
});

export const TopupAttachBodySchema = Type.Object({ token: TopupTokenSchema, gateway: GatewaySchema, gateway_order_id: GatewayRefSchema });
export type TopupAttachBody = Static<typeof TopupAttachBodySchema>;

export const TopupDeclineBodySchema = Type.Object({ token: TopupTokenSchema, gateway: GatewaySchema });
export type TopupDeclineBody = Static<typeof TopupDeclineBodySchema>;
export const TopupDeclineResponseSchema = Type.Object({ status: TopupStatusValueSchema, declined_at: DeclinedAtSchema });
export const TopupAttachResponseSchema = Type.Object({ attached: Type.Boolean(), status: TopupStatusValueSchema });
