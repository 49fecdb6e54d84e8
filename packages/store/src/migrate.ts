/**
 * The one migration runner every Storefront server uses (the API's database, the payment server's
 * outbox, the admin portal's sessions): Kysely's `Migrator` over a fixed list of dated migrations.
 *
 * Several instances may start at once on one database, and each migrates at start:
 * - PostgreSQL: the migrator holds an advisory lock while it reads what ran and runs the rest, in
 *   one transaction; the instance that waited finds nothing left to do.
 * - SQLite: Kysely takes no lock there, so the whole run happens inside `BEGIN IMMEDIATE` (the
 *   file's write lock); another process waits for it (busy_timeout) and then finds nothing to do.
 *   Foreign keys are checked once, before the run commits (`noDanglingReference`).
 */
import { Kysely, SqliteAdapter, sql } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';

export type { Migration, MigrationResultSet };

export interface MigrateOptions {
  /**
   * The migrator's own bookkeeping tables, `<table>` and `<table>_lock`. Each server names its
   * own, so servers sharing one database never read each other's migrations as unknown ones.
   * Default Kysely's `kysely_migration` (the API's).
   */
  table?: string;
}

/** Applies every pending migration of `migrations` (names sort by date); throws on the first failure. */
export async function migrateToLatest<DB>(db: Kysely<DB>, migrations: Record<string, Migration>, options: MigrateOptions = {}): Promise<MigrationResultSet> {
  const run = async (on: Kysely<DB>, list = migrations): Promise<MigrationResultSet> => {
    const migrator = new Migrator({
      db: on,
      provider: { getMigrations: () => Promise.resolve(list) },
      ...(options.table ? { migrationTableName: options.table, migrationLockTableName: `${options.table}_lock` } : {}),
    });
    const result = await migrator.migrateToLatest();
    if (result.error) throw result.error instanceof Error ? result.error : new Error('a migration failed', { cause: result.error });
    return result;
  };
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return run(db, withoutStatementTimeout(migrations));
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(conn);
    const enforced = rows[0]?.foreign_keys === 1;
    if (enforced) await sql`pragma foreign_keys = off`.execute(conn);
    try {
      await sql`begin immediate`.execute(conn);
      try {
        const result = await run(conn);
        if (result.results?.length) await noDanglingReference(conn);
        await sql`commit`.execute(conn);
        return result;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    } finally {
      if (enforced) await sql`pragma foreign_keys = on`.execute(conn);
    }
  });
}

/**
 * SQLite: some changes (dropping a column a UNIQUE constraint names, changing a constraint) need
 * the table rebuilt: create the new table, copy the rows, drop the old one, rename the new one
 * (https://www.sqlite.org/lang_altertable.html#otheralter). With foreign keys enforced, dropping a
 * table that others reference fails, and `pragma foreign_keys` has no effect inside a transaction;
 * so the run keeps them off, and before its commit every reference of the database is checked: a
 * run that leaves one dangling rolls back whole.
 */
async function noDanglingReference<DB>(conn: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(conn);
  if (rows.length > 0) throw new Error(`the migrations left ${rows.length} row(s) whose reference is missing (first: ${rows[0]!.table} -> ${rows[0]!.parent})`);
}

/**
 * PostgreSQL: a server's connections may carry a `statement_timeout` sized for requests, while a
 * migration may build an index over millions of rows. Each migration lifts it for the migrator's
 * transaction only (`set local`), so the pool's setting is untouched afterwards.
 */
function withoutStatementTimeout(migrations: Record<string, Migration>): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, m]) => [
      name,
      {
        ...m,
        up: async (db: Parameters<Migration['up']>[0]) => {
          await sql`set local statement_timeout = 0`.execute(db);
          await m.up(db);
        },
      },
    ]),
  );
}

/** What a `migrate` script prints: each migration it ran, or that there was none to run. */
export const migrationReport = ({ results }: MigrationResultSet): string[] =>
  results?.length ? results.map((r) => `${r.status}: ${r.migrationName}`) : ['database is up to date'];
