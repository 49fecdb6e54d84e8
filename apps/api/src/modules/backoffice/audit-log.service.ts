/** `GET /admin/audit-log`: the audit trail's rows with each admin's name (audit_log and users, read-only). */
import { sql, type NotNull } from 'kysely';
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
  // The page's rows first, by the index that holds the filter in id order (never more than the
  // page, however many rows the record has), then each row's names: its record joined by its kind
  // (each join matches only rows of its entity), its admin read by key. In one join with the
  // filter, PostgreSQL read a heavy record's 10,000 rows and sorted them for 21, and merge-joined
  // the page with every user when a new staff member wrote it. The limit is written into the
  // statement: bound, PostgreSQL's generic plan assumed a tenth of the log is read, and every call
  // was planned afresh (docs/performance.md, "Data at scale").
  let page = read(db).selectFrom('audit_log').selectAll();
  if (f.entity !== undefined) page = page.where('entity', '=', f.entity);
  if (f.entityId !== undefined) page = page.where('entity_id', '=', f.entityId);
  if (f.adminId !== undefined) page = page.where('admin_id', '=', f.adminId);
  if (f.before !== null) page = page.where('id', '<', f.before);
  return read(db)
    .selectFrom(page.orderBy('id', 'desc').limit(sql.lit(f.limit)).as('a'))
    .leftJoin('products as p', (j) => j.onRef('p.id', '=', 'a.entity_id').on('a.entity', '=', 'product'))
    .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'a.entity_id').on('a.entity', '=', 'category'))
    .leftJoin('payment_gateways as g', (j) => j.onRef('g.id', '=', 'a.entity_id').on('a.entity', '=', 'payment_gateway'))
    .leftJoin('tickets as t', (j) => j.onRef('t.id', '=', 'a.entity_id').on('a.entity', '=', 'ticket'))
    .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'a.entity_id').on('a.entity', '=', 'order'))
    .leftJoin('users as eu', (j) => j.onRef('eu.id', '=', 'a.entity_id').on('a.entity', 'in', ['user', 'wallet', 'staff']))
    .leftJoin('users as ou', 'ou.id', 'o.user_id')
    .select(['a.id', 'a.admin_id', 'a.action', 'a.entity', 'a.entity_id', 'a.before', 'a.after', 'a.created_at'])
    .select((eb) => {
      const admin = () => eb.selectFrom('users as u').whereRef('u.id', '=', 'a.admin_id');
      return [admin().select('u.full_name').as('admin_name'), admin().select('u.phone').as('admin_phone'), admin().select('u.deleted_at').as('admin_deleted_at')];
    })
    .select(['p.name as product_name', 'c.name as category_name', 'g.name as gateway_name', 't.subject as ticket_subject'])
    .select(['o.id as order_id', 'ou.full_name as customer_name', 'ou.deleted_at as customer_deleted_at'])
    .select(['eu.id as user_id', 'eu.full_name as user_name', 'eu.phone as user_phone', 'eu.deleted_at as user_deleted_at'])
    .$narrowType<{ admin_name: NotNull }>() // admin_id is a foreign key: the admin's row exists
    .orderBy('a.id', 'desc')
    .limit(sql.lit(f.limit))
    .execute();
}

type Row = Awaited<ReturnType<typeof listRows>>[number];

const DELETED_USER = 'Deleted user';
const person = (name: string | null, deletedAt: string | null): string => (deletedAt !== null || !name ? DELETED_USER : name);

/** The number an order goes by on screens (the shop's too): the last 8 characters of its id, upper case. */
export const orderNumber = (id: string): string => id.slice(-8).toUpperCase();

/** What the record is called now, or as its last snapshot named it once it is gone; null when nothing names it. */
function entityName(r: Row, before: Record<string, unknown> | null, after: Record<string, unknown> | null): string | null {
  const snapshotName = after?.name ?? before?.name;
  switch (r.entity) {
    case 'product':
      return r.product_name ?? (typeof snapshotName === 'string' ? snapshotName : null);
    case 'category':
      return r.category_name ?? (typeof snapshotName === 'string' ? snapshotName : null);
    case 'payment_gateway':
      return r.gateway_name ?? (typeof snapshotName === 'string' ? snapshotName : null);
    case 'ticket':
      return r.ticket_subject;
    case 'order':
      return r.order_id === null ? null : `Order ${orderNumber(r.order_id)} · ${person(r.customer_name, r.customer_deleted_at)}`;
    case 'user':
    case 'wallet':
      return r.user_id === null ? null : person(r.user_name, r.user_deleted_at);
    case 'staff':
      // A staff member invited without a name has only the phone; a role change names whose it was.
      if (r.user_id === null) return null;
      return r.user_deleted_at !== null ? DELETED_USER : [r.user_name, r.user_phone].filter(Boolean).join(' · ') || DELETED_USER;
    default:
      return null;
  }
}

const snapshot = (v: string | null) => (v === null ? null : (JSON.parse(v) as Record<string, unknown>));

function toItem(r: Row) {
  const before = snapshot(r.before);
  const after = snapshot(r.after);
  return {
    id: r.id,
    admin_id: r.admin_id,
    admin_name: r.admin_name,
    admin: r.admin_deleted_at === null ? { id: r.admin_id, full_name: r.admin_name, phone: r.admin_phone } : { id: r.admin_id, full_name: null, phone: null },
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    entity_name: entityName(r, before, after),
    before,
    after,
    created_at: r.created_at,
  };
}

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
