/**
 * What each row of a user's ledger came from, for the admins' ledger page: the order it paid, the
 * refund (its order and reason), the top-up (its gateway and payment id), the adjustment (its
 * reason, and the debit a reversal gives back) or the daily spin. The references the writers set
 * are read by the row's type (`order_payment`: the order id; `order_refund`: the refund id;
 * `topup`: the top-up id; `adjustment`: `adjustment:<id>`; `daily_spin`: `daily_spin:<day>`); one
 * primary-key read per kind for the whole page, through the owners' views.
 */
import type { Static } from 'typebox';
import { Type } from '../../lib/typebox.ts';
import type { Handle } from '../../lib/db-types.ts';
import { read } from './tables.ts';
import type { TransactionRow } from '../ledger/index.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const LedgerSourceSchema = Type.Union(
  [
    Type.Object({
      kind: Type.Union([Type.Literal('order'), Type.Literal('refund'), Type.Literal('topup'), Type.Literal('adjustment'), Type.Literal('daily_spin')]),
      id: Type.String({ description: 'the order, refund, top-up or adjustment id; the UTC day of a daily spin' }),
      order_id: Nullable(Type.String({ description: 'the order paid or refunded' })),
      reason: Nullable(Type.String({ description: "a refund's or an adjustment's reason" })),
      gateway: Nullable(Type.String({ description: "a top-up's gateway" })),
      gateway_txn_id: Nullable(Type.String({ description: "a top-up's payment id at its gateway" })),
      reverses: Nullable(Type.String({ description: "the debit adjustment a reversal gives back" })),
    }),
    Type.Null(),
  ],
  { description: 'what the movement came from; null when its reference names nothing still stored' },
);
export type LedgerSource = Static<typeof LedgerSourceSchema>;

type Row = Pick<TransactionRow, 'type' | 'reference'>;

const none = { order_id: null, reason: null, gateway: null, gateway_txn_id: null, reverses: null };

/** The source of every row, in the rows' order. */
export async function ledgerSources(db: Handle, rows: readonly Row[]): Promise<LedgerSource[]> {
  const ids = (type: string, prefix = '') =>
    [...new Set(rows.filter((r) => r.type === type && r.reference?.startsWith(prefix)).map((r) => r.reference!.slice(prefix.length)))];
  const [refundIds, topupIds, adjustmentIds] = [ids('order_refund'), ids('topup'), ids('adjustment', 'adjustment:')];
  const v = read(db);
  const [refunds, topups, adjustments] = await Promise.all([
    refundIds.length ? v.selectFrom('refunds').select(['id', 'order_id', 'reason']).where('id', 'in', refundIds).execute() : [],
    topupIds.length ? v.selectFrom('topups').select(['id', 'gateway', 'gateway_txn_id']).where('id', 'in', topupIds).execute() : [],
    adjustmentIds.length ? v.selectFrom('wallet_adjustments').select(['id', 'reason', 'reverses']).where('id', 'in', adjustmentIds).execute() : [],
  ]);
  const refund = new Map(refunds.map((r) => [r.id, r]));
  const topup = new Map(topups.map((r) => [r.id, r]));
  const adjustment = new Map(adjustments.map((r) => [r.id, r]));
  return rows.map(({ type, reference: ref }): LedgerSource => {
    if (ref === null) return null;
    switch (type) {
      case 'order_payment':
        return { ...none, kind: 'order', id: ref, order_id: ref };
      case 'order_refund': {
        const r = refund.get(ref);
        return r ? { ...none, kind: 'refund', id: ref, order_id: r.order_id, reason: r.reason } : null;
      }
      case 'topup': {
        const t = topup.get(ref);
        return t ? { ...none, kind: 'topup', id: ref, gateway: t.gateway, gateway_txn_id: t.gateway_txn_id } : null;
      }
      case 'adjustment': {
        const a = adjustment.get(ref.replace(/^adjustment:/, ''));
        return a ? { ...none, kind: 'adjustment', id: a.id, reason: a.reason, reverses: a.reverses } : null;
      }
      case 'daily_spin':
        return ref.startsWith('daily_spin:') ? { ...none, kind: 'daily_spin', id: ref.slice('daily_spin:'.length) } : null;
      default:
        return null;
    }
  });
}
