import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';
import { PersonSchema } from '../accounts/index.ts';
import { DateRangeQueryProperties } from '../../lib/date-range.ts';
import { PageQuerySchema } from '../../lib/pagination.ts';


const Money = (description: string) => Type.Integer({ description: `${description} (integer minor units)` });

export const WalletSchema = Type.Object({
  shopping_credits: Money('spendable balance'),
  reward_points: Type.Integer(),
  e_vouchers: Type.Integer(),
  currency: Type.String(),
});
export type Wallet = Static<typeof WalletSchema>;

/** `GET /wallet`: the balances, and the top-up bounds the app needs before it starts one. */
export const OwnWalletSchema = Type.Object({
  ...WalletSchema.properties,
  topup: Type.Object(
    {
      min: Money('smallest top-up, TOPUP_MIN'),
      max: Money('largest top-up, TOPUP_MAX'),
    },
    { description: 'what `POST /wallet/topup-initiate` accepts as `amount` (an active gateway must also take it)' },
  ),
});
export type OwnWallet = Static<typeof OwnWalletSchema>;

export const TransactionTypeSchema = Type.Union([
  Type.Literal('topup'),
  Type.Literal('order_payment'),
  Type.Literal('order_refund'),
  Type.Literal('daily_spin'),
  Type.Literal('adjustment'),
]);

export const TransactionSchema = Type.Object({
  id: Type.String(),
  type: TransactionTypeSchema,
  amount: Money('signed: credits positive, payments negative'),
  balance_after: Money('shopping credits right after this movement'),
  reference: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type Transaction = Static<typeof TransactionSchema>;

export const AdminTransactionSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  user: PersonSchema,
  type: TransactionTypeSchema,
  amount: Type.Integer(),
  balance_after: Type.Integer(),
  reference: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type AdminTransaction = Static<typeof AdminTransactionSchema>;

export const SettleResponseSchema = Type.Object({ wallet: WalletSchema, settled: Type.Literal(0) });

export const DailySpinResponseSchema = Type.Object({
  prize: Type.Integer(),
  wallet: WalletSchema,
  transaction: TransactionSchema,
  next_spin_at: Type.String({ description: 'start of the next UTC day' }),
});

// ---- admin ----

const adminTransactionFilters = {
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
  type: Type.Optional(TransactionTypeSchema),
  ...DateRangeQueryProperties,
};
export const AdminTransactionsQuerySchema = Type.Object({ ...PageQuerySchema.properties, ...adminTransactionFilters });
/** The page's filters, for the CSV export of everything they match. */
export const AdminTransactionsExportQuerySchema = Type.Object(adminTransactionFilters);
export type AdminTransactionFilters = Static<typeof AdminTransactionsExportQuerySchema>;

export const WebhookOutcomeSchema = Type.Union([
  Type.Literal('credited'),
  Type.Literal('duplicate'),
  Type.Literal('rejected'),
  Type.Literal('error'),
]);

export const WebhookLogSchema = Type.Object({
  id: Type.String(),
  endpoint: Type.String(),
  gateway: Type.Union([Type.String(), Type.Null()]),
  token: Type.Union([Type.String(), Type.Null()], { description: 'a short prefix of the token, never the whole token' }),
  topup_id: Type.Union([Type.String(), Type.Null()]),
  gateway_txn_id: Type.Union([Type.String(), Type.Null()]),
  outcome: WebhookOutcomeSchema,
  reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

export const PaymentToReturnSchema = Type.Object({
  id: Type.String({ description: 'the webhook-log row that first recorded this payment' }),
  topup_id: Type.String(),
  user_id: Type.String(),
  user: Type.Object({ id: Type.String(), full_name: Type.Union([Type.String(), Type.Null()]), phone: Type.Union([Type.String(), Type.Null()]) }, { description: 'null fields for a deleted user' }),
  amount: Money('what the second payment paid: the top-up amount'),
  currency: Type.String(),
  gateway: Type.String({ description: 'the gateway that took the second payment' }),
  gateway_txn_id: Type.String({ description: "the second payment's transaction id at that gateway: what to refund" }),
  completed_by: Type.Object({ gateway: Type.String(), gateway_txn_id: Type.String() }, { description: 'the payment that completed the top-up (credited)' }),
  endpoint: Type.String({ description: 'where it was told: topup-credit (payment server) or topup-status (gateway B poll)' }),
  created_at: Type.String(),
});
export type PaymentToReturn = Static<typeof PaymentToReturnSchema>;

export const WebhookLogsQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  outcome: Type.Optional(WebhookOutcomeSchema),
  endpoint: Type.Optional(Type.String({ maxLength: 64 })),
});

/** Any shape: an unknown user id is 404, never 400 (docs/contracts.md §2). */
export const UidParamsSchema = Type.Object({ uid: Type.String() });

// ---- admin adjustments ----

/** Bounded so any sum of amounts stays an exact integer. */
const MAX_ADJUSTMENT = 1_000_000_000_000;

export const AdjustmentBodySchema = Type.Object({
  amount: Type.Integer({
    minimum: -MAX_ADJUSTMENT,
    maximum: MAX_ADJUSTMENT,
    not: { const: 0 },
    description:
      'signed integer minor units: negative debits the wallet (never below zero); positive only with `reverses`, giving back at most what remains of that debit (else 400 adjustment_not_allowed)',
  }),
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'why, for the ledger and the accountant' }),
  reverses: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "the id of an earlier debit adjustment of this user's wallet that this one gives back" })),
});
export type AdjustmentBody = Static<typeof AdjustmentBodySchema>;

export const AdjustmentSchema = Type.Object({
  id: Type.String(),
  user_id: Type.String(),
  admin_id: Type.String(),
  amount: Money('signed'),
  currency: Type.String(),
  reason: Type.String(),
  reverses: Type.Union([Type.String(), Type.Null()], { description: 'the debit this adjustment gives back, or null' }),
  user: PersonSchema,
  admin: PersonSchema,
  transaction: TransactionSchema,
  created_at: Type.String(),
});
export type Adjustment = Static<typeof AdjustmentSchema>;
