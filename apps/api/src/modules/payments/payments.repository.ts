import type { Selectable, Updateable } from 'kysely';
import { own, type PaymentGatewaysTable } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';
import type { SortKey } from '../../lib/pagination.ts';

export type GatewayRow = Selectable<PaymentGatewaysTable>;

const gatewayColumns = ['id', 'code', 'name', 'is_active', 'sort_order', 'min_amount', 'max_amount', 'created_at', 'updated_at'] as const;

export function listGateways(db: Handle, opts: { activeOnly: boolean; after: SortKey | null; limit: number }): Promise<GatewayRow[]> {
  let q = own(db).selectFrom('payment_gateways').select(gatewayColumns);
  if (opts.activeOnly) q = q.where('is_active', '=', 1);
  if (opts.after) {
    const { sort_order, id } = opts.after;
    q = q.where((eb) => eb.or([eb('sort_order', '>', sort_order), eb.and([eb('sort_order', '=', sort_order), eb('id', '>', id)])]));
  }
  return q.orderBy('sort_order').orderBy('id').limit(opts.limit).execute();
}

/** Gateway records for these codes, in display order (sort_order, then id). */
export function gatewaysByCode(db: Handle, codes: readonly string[]): Promise<GatewayRow[]> {
  return own(db).selectFrom('payment_gateways').select(gatewayColumns).where('code', 'in', codes).orderBy('sort_order').orderBy('id').execute();
}

export function findGateway(db: Handle, id: string): Promise<GatewayRow | undefined> {
  return own(db).selectFrom('payment_gateways').select(gatewayColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertGateway(db: Handle, row: GatewayRow): Promise<void> {
  await own(db).insertInto('payment_gateways').values(row).execute();
}

export async function updateGateway(db: Handle, id: string, patch: Updateable<PaymentGatewaysTable>): Promise<boolean> {
  const r = await own(db).updateTable('payment_gateways').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteGateway(db: Handle, id: string): Promise<boolean> {
  const r = await own(db).deleteFrom('payment_gateways').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
