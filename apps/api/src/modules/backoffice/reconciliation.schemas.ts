import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';

const Money = Type.Integer();

export const ReconciliationQuerySchema = Type.Object({
  from: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
  to: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
  recheck: Type.Optional(
    Type.Boolean({
      description:
        'true: check every day of the range and every wallet live, ignoring what the jobs verified (an audit: finds rows altered after their day was verified); slow for long ranges',
    }),
  ),
});

const Mismatch = Type.Object({ kind: Type.String(), id: Type.String(), detail: Type.String() });
const SumCount = Type.Object({ count: Type.Integer(), amount: Money });

export const ReconciliationSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  currency: Type.String(),
  topups: Type.Object({ completed: SumCount, ledger: SumCount, webhook_credited: Type.Object({ count: Type.Integer() }) }),
  orders: Type.Object({ placed: SumCount, ledger_payments: SumCount, refunds: SumCount, ledger_refunds: SumCount }),
  balances: Type.Object({ wallets: Type.Integer(), sum_of_balances: Money, sum_of_ledger: Money }),
  balances_as_of: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'when the verify-ledger-checkpoints job took the balances (every wallet, their sum, their ledger\'s sum), which are exact as of then; null when they were computed live by this call (recheck=true, or before the job\'s first run)',
    }),
  ),
  ok: Type.Boolean(),
  mismatches: Type.Array(Mismatch),
  mismatches_truncated: Type.Boolean({ description: 'true when a check found more mismatches than it lists (1,000 per check)' }),
});
export type Reconciliation = Static<typeof ReconciliationSchema>;
export type MismatchT = Static<typeof Mismatch>;
