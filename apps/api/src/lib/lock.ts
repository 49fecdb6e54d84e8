import { sql, type Transaction } from 'kysely';

/**
 * Takes one row's write lock before its before-image is read, on both databases alike (a no-op
 * UPDATE: a row lock on PostgreSQL, the write lock on SQLite), so the image is the state this
 * write replaces even when two admins edit at once. Answers whether the row exists. The caller
 * passes its own typed transaction, so it can name only a table its module owns.
 */
export async function lockRow<T, K extends keyof T & string>(trx: Transaction<T>, table: K, id: string): Promise<boolean> {
  const r = await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(trx);
  return Number(r.numAffectedRows ?? 0) > 0;
}
