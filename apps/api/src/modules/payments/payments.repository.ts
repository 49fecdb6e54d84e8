import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../lib/db-types.ts';
import type { SortKey } from '../../lib/pagination.ts';
import type { PaymentGatewaysTable } from '../../db/tables/catalogue.ts';

export type GatewayRow = Selectable<PaymentGatewaysTable>;

const gatewayColumns = ['id', 'code', 'name', 'is_active', 'sort_order', 'min_amount', 'max_amount', 'created_at', 'updated_at'] as const;

export function listGateways(db: Executor, opts: { activeOnly: boolean; after: SortKey | null; limit: number }): Promise<GatewayRow[]> {
  let q = db.selectFrom('payment_gateways').select(gatewayColumns);
  if (opts.activeOnly) q = q.where('is_active', '=', 1);
  if (opts.after) {
    const { sort_order, id } = opts.after;
    q = q.where((eb) => eb.or([eb('sort_order', '>', sort_order), eb.and([eb('sort_order', '=', sort_order), eb('id', '>', id)])]));
  }
  return q.orderBy('sort_order').orderBy('id').limit(opts.limit).execute();
}

/** Gateway records for these codes, in display order (sort_order, then id). */
export function gatewaysByCode(db: Executor, codes: readonly string[]): Promise<GatewayRow[]> {
  return db.selectFrom('payment_gateways').select(gatewayColumns).where('code', 'in', codes).orderBy('sort_order').orderBy('id').execute();
}

export function findGateway(db: Executor, id: string): Promise<GatewayRow | undefined> {
  return db.selectFrom('payment_gateways').select(gatewayColumns).where('id', '=', id).executeTakeFirst();
}

export async function insertGateway(db: Executor, row: GatewayRow): Promise<void> {
  await db.insertInto('payment_gateways').values(row).execute();
}

export async function updateGateway(db: Executor, id: string, patch: Updateable<PaymentGatewaysTable>): Promise<boolean> {
  const r = await db.updateTable('payment_gateways').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteGateway(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('payment_gateways').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
