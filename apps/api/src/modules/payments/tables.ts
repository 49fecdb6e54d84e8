/** The tables the payments module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';

export interface PaymentGatewaysTable {
  id: string;
  code: string;
  name: string;
  is_active: number;
  sort_order: number;
  min_amount: number | null;
  max_amount: number | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentsTables {
  payment_gateways: PaymentGatewaysTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<PaymentsTables>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type PaymentsView = ReadOnly<PaymentsTables>;
