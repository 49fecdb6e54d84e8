/**
 * The admin audit log (docs/contracts.md §9): every admin write records who changed what, with
 * the entity as the admin API showed it before and after, in the write's own transaction — so a
 * write that rolls back leaves no audit row, and one that commits always has one.
 */
import type { SharedTrx } from '../../lib/db-types.ts';
import type { Ctx } from '../../context.ts';
import { isDeepStrictEqual } from 'node:util';
import { own } from './tables.ts';
import { newId } from '../../lib/ids.ts';

export type AuditEntity = 'category' | 'product' | 'payment_gateway' | 'order' | 'user' | 'ticket' | 'wallet' | 'staff';

export interface AuditEntry {
  adminId: string;
  /** `<entity>.<verb>`, e.g. `product.update`. */
  action: `${AuditEntity}.${string}`;
  entity: AuditEntity;
  entityId: string;
  /** The entity before and after (null when it did not exist or no longer does). */
  before: unknown;
  after: unknown;
}

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** The snapshot without `updated_at`, which every save moves whether or not anything changed. */
const substance = (v: unknown): unknown => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const { updated_at: _, ...rest } = v as Record<string, unknown>;
  return rest;
};

/**
 * True when a save changed nothing an admin can see: before and after both exist and are equal
 * but for `updated_at` (a product form saved untouched, a cost set to what it was).
 */
export const unchanged = (before: unknown, after: unknown): boolean =>
  before != null && after != null && isDeepStrictEqual(substance(before), substance(after));

/** Writes one audit row inside the caller's transaction; a save that changed nothing writes none. */
export async function recordAudit(ctx: Ctx, trx: SharedTrx, e: AuditEntry): Promise<void> {
  if (unchanged(e.before, e.after)) return;
  await own(trx)
    .insertInto('audit_log')
    .values({
      id: newId(ctx.clock),
      admin_id: e.adminId,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId,
      before: json(e.before),
      after: json(e.after),
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
}
