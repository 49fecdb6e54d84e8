import { CompiledQuery, type Kysely } from 'kysely';

/** A value as a SQL literal (test data: text and integers), where a statement cannot take it bound (`explain execute name(…)`). */
export const sqlLiteral = (v: unknown): string => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/**
 * The plan of a statement the API sent, with its values bound: PostgreSQL's `explain` (planned for
 * those values) or SQLite's `explain query plan`, one line per plan node.
 */
export async function planOf(db: Kysely<any>, q: CompiledQuery, onPostgres: boolean): Promise<string> {
  if (onPostgres) {
    const r = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
    return r.rows.map((x) => x['QUERY PLAN']).join('\n');
  }
  const r = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
  return r.rows.map((x) => x.detail).join('\n');
}
