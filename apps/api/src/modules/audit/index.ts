/** The admin audit trail's writer; every domain's admin write calls it in its own transaction. */
export { recordAudit, type AuditEntry } from './audit.ts';
export type { AuditView } from './tables.ts';
