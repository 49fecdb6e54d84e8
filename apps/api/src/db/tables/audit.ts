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
