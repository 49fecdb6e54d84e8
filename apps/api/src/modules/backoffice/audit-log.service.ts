/** `GET /admin/audit-log`: the audit trail's rows with each admin's name (audit_log and users, read-only). */
import type { Ctx } from '../../context.ts';
import type { Handle } from '../../lib/db-types.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { read } from './tables.ts';

export interface AuditQuery extends PageQuery {
  entity?: string;
  entity_id?: string;
  admin_id?: string;
}

function listRows(db: Handle, f: { entity?: string; entityId?: string; adminId?: string; before: string | null; limit: number }) {
  let q = read(db)
    .selectFrom('audit_log as a')
    .innerJoin('users as u', 'u.id', 'a.admin_id')
    .select(['a.id', 'a.admin_id', 'u.full_name as admin_name', 'u.phone as admin_phone', 'u.deleted_at as admin_deleted_at', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after', 'a.created_at']);
  if (f.entity !== undefined) q = q.where('a.entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('a.entity_id', '=', f.entityId);
  if (f.adminId !== undefined) q = q.where('a.admin_id', '=', f.adminId);
  if (f.before !== null) q = q.where('a.id', '<', f.before);
  return q.orderBy('a.id', 'desc').limit(f.limit).execute();
}

const toItem = (r: { id: string; admin_id: string; admin_name: string; admin_phone: string | null; admin_deleted_at: string | null; action: string; entity: string; entity_id: string; before: string | null; after: string | null; created_at: string }) => ({
  id: r.id,
  admin_id: r.admin_id,
  admin_name: r.admin_name,
  admin: r.admin_deleted_at === null ? { id: r.admin_id, full_name: r.admin_name, phone: r.admin_phone } : { id: r.admin_id, full_name: null, phone: null },
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
