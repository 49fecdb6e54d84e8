/** The tables the audit module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';

/** The admin audit log (migration 2026-11-23-12-audit). */
export interface AuditLogTable {
  id: string;
  admin_id: string;
  /** `<entity>.<verb>`, e.g. `product.update`, `order.refund`. */
  action: string;
  entity: string;
  entity_id: string;
  /** The entity as the admin API showed it before and after the write (JSON text); null when absent. */
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<AuditTables>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type AuditView = ReadOnly<AuditTables>;
