/** The admin audit trail's writer; every domain's admin write calls it in its own transaction. */
export { lockRow, recordAudit, type AuditEntry } from './audit.ts';
