/**
 * The admin audit log (docs/contracts.md §9): every admin write records who changed what, with
 * the entity as the admin API showed it before and after, in the write's own transaction — so a
 * write that rolls back leaves no audit row, and one that commits always has one.
 */
import { sql } from 'kysely';
import type { Ctx } from '../../context.ts';
import type { AuditLogTable } from '../../db/tables/audit.ts';
import type { Executor, Trx } from '../../lib/db-types.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';

export type AuditEntity = 'category' | 'product' | 'payment_gateway' | 'order' | 'user' | 'ticket' | 'wallet';

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

/**
 * Takes one row's write lock before its before-image is read, on both databases alike (a no-op
 * UPDATE: a row lock on PostgreSQL, the write lock on SQLite), so the image is the state this
 * write replaces even when two admins edit at once. Answers whether the row exists.
 */
export async function lockRow(trx: Trx, table: 'categories' | 'products' | 'payment_gateways', id: string): Promise<boolean> {
  const r = await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(trx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

/** Writes one audit row inside the caller's transaction. */
export async function recordAudit(ctx: Ctx, trx: Trx, e: AuditEntry): Promise<void> {
  await trx
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

export interface AuditQuery extends PageQuery {
  entity?: string;
  entity_id?: string;
  admin_id?: string;
}

function listRows(db: Executor, f: { entity?: string; entityId?: string; adminId?: string; before: string | null; limit: number }) {
  let q = db
    .selectFrom('audit_log as a')
    .innerJoin('users as u', 'u.id', 'a.admin_id')
    .select(['a.id', 'a.admin_id', 'u.full_name as admin_name', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after', 'a.created_at']);
  if (f.entity !== undefined) q = q.where('a.entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('a.entity_id', '=', f.entityId);
  if (f.adminId !== undefined) q = q.where('a.admin_id', '=', f.adminId);
  if (f.before !== null) q = q.where('a.id', '<', f.before);
  return q.orderBy('a.id', 'desc').limit(f.limit).execute();
}

const toItem = (r: AuditLogTable & { admin_name: string }) => ({
  id: r.id,
  admin_id: r.admin_id,
  admin_name: r.admin_name,
  action: r.action,
  entity: r.entity,
  entity_id: r.entity_id,
  before: r.before === null ? null : (JSON.parse(r.before) as Record<string, unknown>),
  after: r.after === null ? null : (JSON.parse(r.after) as Record<string, unknown>),
  created_at: r.created_at,
});

/** `GET /admin/audit-log`: newest first, filtered by entity, entity id and admin. */
export async function listAudit(ctx: Ctx, query: AuditQuery) {
  const limit = query.limit ?? 20;
  const rows = await listRows(ctx.db, {
    entity: query.entity,
    entityId: query.entity_id,
    adminId: query.admin_id,
    before: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  return toPage(rows, limit, (r) => r.id, toItem);
}
