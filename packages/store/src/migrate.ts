/**
 * The one migration runner every Storefront server uses (the API's database, the payment server's
 * outbox, the admin portal's sessions): Kysely's `Migrator` over a fixed list of dated migrations.
 *
 * Several instances may start at once on one database, and each migrates at start:
 * - PostgreSQL: the migrator holds an advisory lock while it reads what ran and runs the rest, in
 *   one transaction; the instance that waited finds nothing left to do.
 * - SQLite: Kysely takes no lock there, so the whole run happens inside `BEGIN IMMEDIATE` (the
 *   file's write lock); another process waits for it (busy_timeout) and then finds nothing to do.
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
export async function migrateToLatest(db: Kysely<any>, migrations: Record<string, Migration>, options: MigrateOptions = {}): Promise<MigrationResultSet> {
  const run = async (on: Kysely<any>, list = migrations): Promise<MigrationResultSet> => {
    const migrator = new Migrator({
      db: on,
      provider: { getMigrations: async () => list },
      ...(options.table ? { migrationTableName: options.table, migrationLockTableName: `${options.table}_lock` } : {}),
    });
    const result = await migrator.migrateToLatest();
    if (result.error) throw result.error;
    return result;
  };
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return run(db, withoutStatementTimeout(migrations));
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await run(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
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
        up: async (db: Kysely<any>) => {
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
