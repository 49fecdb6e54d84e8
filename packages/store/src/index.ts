/**
 * The store a server keeps its own small state in (the admin portal's sessions, the payment
 * server's credit outbox), opened from one URL setting:
 *
 * - `postgres://…` (or `postgresql://…`): shared by every instance of the server;
 * - `sqlite:<path>`: an embedded file for one host (WAL, `synchronous=FULL`: a committed row is on
 *   disk before the call returns, so it survives power loss);
 * - null: an in-memory SQLite database, gone with the process.
 *
 * Only the connection lives here, and the migration runner (src/migrate.ts); each server's own
 * migrations create its tables.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';

export type StoreDialect = 'sqlite' | 'postgres';

export interface Store<DB> {
  db: Kysely<DB>;
  dialect: StoreDialect;
}

export interface StoreOptions {
  /** Names the store in the log line of an idle PostgreSQL connection's error. */
  name: string;
  /** PostgreSQL pool size (default 5). */
  poolSize?: number;
}

/** int8 comes back from pg as a string; the stores keep epoch milliseconds in it. */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => (oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : (pg.types.getTypeParser(oid, format) as unknown)),
};

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

/**
 * Switching a new file to WAL takes an exclusive lock, and SQLite answers SQLITE_BUSY at once
 * (no busy handler) while another process opening the same file holds it: try again briefly.
 */
function walMode(sqlite: SQLite.Database): void {
  for (let attempt = 0; ; attempt++) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 50) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

export function openStore<DB>(url: string | null, options: StoreOptions): Store<DB> {
  if (url === null || url.startsWith('sqlite:')) {
    const path = url === null ? ':memory:' : url.slice('sqlite:'.length);
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = new SQLite(path);
    walMode(sqlite);
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
  }
  if (!isPostgresUrl(url)) throw new Error(`${options.name}: expected postgres://… or sqlite:<path>`);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 5, types: pgTypes });
  // An idle client's error (server restart, connection killed) must not crash the process.
  pool.on('error', (err) => console.error(`${options.name}: idle connection error: ${err.message}`));
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
}
