import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import { SQLITE_DEFAULT_CACHE_KIB } from '../config.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * An open database. `T` is the tables its handle shows: only the composition (app.ts, the
 * migrator, tests) names the whole `DB` (src/schema.ts); this file knows no table.
 */
export interface Database<T = unknown> {
  db: Kysely<T>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * A handle for one long read (a CSV export's walk over a month or a year) and its release.
   * SQLite (a file): a read-only connection of its own with a `LONG_READ_CACHE_KIB` page cache,
   * so the walk neither grows the process by the serving connection's whole cache nor evicts the
   * pages the other routes keep reading. PostgreSQL and an in-memory SQLite: `db` itself.
   */
  longRead(): LongRead<T>;
}

export interface LongRead<T = unknown> {
  db: Kysely<T>;
  release(): Promise<void>;
}

/** The page cache of a long read's own SQLite connection: its pages are read once, newest first. */
export const LONG_READ_CACHE_KIB = 2_000;

export interface DatabaseOptions {
  /** Called for every executed statement: the bench counts statements per order with it. */
  onQuery?: (event: LogEvent) => void;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
  /**
   * SQLite only. FULL (default) syncs the WAL at every commit, so an acknowledged credit or order
   * survives power loss; NORMAL may lose the last commits on power loss (never on a crash of the
   * process) and is faster (docs/performance.md).
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** SQLite only: the page cache in KiB (`SQLITE_CACHE_KIB`; default `SQLITE_DEFAULT_CACHE_KIB`). */
  cacheKib?: number;
  /**
   * PostgreSQL only: the longest one statement may run (`statement_timeout`), 0 or absent for no
   * limit. The servers pass `DATABASE_STATEMENT_TIMEOUT_MS`; migrations lift it for their own
   * transaction (packages/store/src/migrate.ts).
   */
  statementTimeoutMs?: number;
}

/**
 * What every PostgreSQL connection of the API sets at connect time (in the start-up packet, no
 * extra round trip; docs/operations.md, "PostgreSQL settings"):
 * - `jit = off`: the API's statements are short OLTP queries and reports over indexes; when a row
 *   estimate crosses `jit_above_cost`, compiling takes longer than the query (a reconciliation
 *   spent 335 ms of 363 ms compiling).
 * - `synchronize_seqscans = off`: a sequential scan starts at the table's first page, not where
 *   another backend's scan of it is. A search planned as a scan that stops at its LIMIT (a common
 *   fragment's first 201 customers) counts on matches from the start; run ten at once, each began
 *   mid-table, behind the rows updated since, and took 0.6 s instead of 1 ms.
 * - `idle_in_transaction_session_timeout`: a transaction left open (a stalled process) would hold
 *   row locks on wallets and orders; after 60 s the server ends that session.
 */
const PG_SESSION_OPTIONS = '-c jit=off -c synchronize_seqscans=off';
const PG_IDLE_IN_TRANSACTION_MS = 60_000;


/** Each driver is loaded by the first database that needs it: a server on one never carries the other's. */
const driver = createRequire(import.meta.url) as <T>(name: string) => T;

/** int8 and numeric come back from pg as strings; every such column here is a safe integer. */
const pgTypes = (types: typeof pg.types) => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700 ? (v: string) => Number(v) : types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
});

export function openDatabase<T = unknown>(url: string, options: DatabaseOptions = {}): Database<T> {
  const log = options.onQuery;
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = new (driver<typeof SQLite>('better-sqlite3'))(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`cache_size = -${options.cacheKib ?? SQLITE_DEFAULT_CACHE_KIB}`);
    const db = new Kysely<T>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), ...(log ? { log } : {}) });
    const longRead = (): LongRead<T> => {
      if (path === ':memory:' || path === '') return { db, release: async () => {} };
      const reader = new (driver<typeof SQLite>('better-sqlite3'))(path, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
      reader.pragma(`cache_size = -${LONG_READ_CACHE_KIB}`);
      const own = new Kysely<T>({ dialect: new SqliteDialect({ database: withStatementCache(reader) }), ...(log ? { log } : {}) });
      return { db: own, release: () => own.destroy() };
    };
    return { db, dialect: 'sqlite', close: () => db.destroy(), longRead };
  }
  const { Pool, types } = driver<typeof pg>('pg');
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes(types),
    options: PG_SESSION_OPTIONS,
    idle_in_transaction_session_timeout: PG_IDLE_IN_TRANSACTION_MS,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client's error (server restart, connection killed) must not crash the process: the
  // pool drops that client and the next query opens a new one.
  pool.on('error', (err) => (options.onPoolError ?? ((e) => console.error(`database: idle connection error: ${e.message}`)))(err));
  pool.on('connect', (client) => usePreparedStatements(client));
  const db = new Kysely<T>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return { db, dialect: 'postgres', close: () => db.destroy(), longRead: () => ({ db, release: async () => {} }) };
}

/**
 * Kysely prepares every statement anew; preparing costs as much as running a small query. The
 * app's SQL comes from a bounded set of query shapes, so prepared statements are kept and reused
 * (better-sqlite3 statements are reusable; Kysely never iterates two at once on one connection).
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      // Kysely opens every transaction with a deferred `begin`; a transaction that reads, then
      // writes after another process committed, fails with SQLITE_BUSY (its snapshot is stale and
      // cannot become a writer). IMMEDIATE takes the write lock at the start, so transactions of
      // several processes on one file (the API and `npm run jobs`) queue instead (busy_timeout).
      const sql = text === 'begin' ? 'begin immediate' : text;
      let stmt = cache.get(sql);
      if (stmt === undefined) {
        stmt = sqlite.prepare(sql);
        if (sql.endsWith(ROWS_AS_ARRAYS)) stmt.raw(true);
        // Statements whose text varies without bound (e.g. long IN lists) must not grow the cache forever.
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close: () => sqlite.close(),
  };
}

/**
 * PostgreSQL's counterpart of the SQLite statement cache: statements with parameters run as named
 * prepared statements, so each connection parses and plans a query shape once instead of on every
 * call. Names are derived from the SQL text; only the first 500 distinct texts of the process get
 * one (a bounded set of shapes; anything beyond runs unnamed as before).
 */
const statementNames = new Map<string, string>();
/**
 * Appended to a query (`.modifyEnd(sql.raw(PLAN_PER_CALL))`) whose best plan depends on its
 * values, e.g. a substring search (a rare word wants the trigram index, a common one an index walk
 * in page order): it runs unnamed, so PostgreSQL plans it with the values every call instead of
 * settling on one generic plan for all of them (docs/performance.md, "Search").
 */
export const PLAN_PER_CALL = '/* plan per call */';
/**
 * Appended to a select (`.modifyEnd(sql.raw(ROWS_AS_ARRAYS))`) whose caller reads the columns by
 * position: each row comes as an array in the select's order (pg `rowMode: 'array'`,
 * better-sqlite3 `raw`), not as an object keyed by name, which costs the drivers more per row (the
 * CSV exports read hundreds of thousands; docs/performance.md, "CSV exports at scale").
 */
export const ROWS_AS_ARRAYS = '/* rows as arrays */';
function usePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || callback !== undefined || typeof values === 'function') return query(text, values, callback);
    if (!Array.isArray(values) || values.length === 0 || text.endsWith(PLAN_PER_CALL)) return answer(query, { text, values: values as unknown[] | undefined });
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < 500) {
      name = `sf_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      statementNames.set(text, name);
    }
    if (text.endsWith(ROWS_AS_ARRAYS)) return answer(query, { name, text, values, rowMode: 'array' });
    return answer(query, name === undefined ? { text, values } : { name, text, values });
  };
}

/**
 * pg's query as a promise of our own, the callback given to pg with the query. pg's own promise
 * sets the query's callback after building it, and with that every row the query reads outlived
 * two young collections and was promoted: 62 MB over 422 queries of 500 rows, 0.35 MB this way
 * (docs/performance.md, "Old-generation headroom"; test/pg-promotion.test.ts). The error gets the
 * caller's stack, as pg's own promise gives it.
 */
function answer(query: (...args: unknown[]) => unknown, config: { text: string; values: unknown[] | undefined; name?: string; rowMode?: 'array' }): Promise<pg.QueryResult> {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    query(config, (err: Error | null, result: pg.QueryResult) => (err ? reject(err) : resolve(result)));
  }).catch((err: Error) => {
    Error.captureStackTrace(err);
    throw err;
  });
}

/** True when `err` is a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when `err` is a CHECK-constraint violation on either database. */
export function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23514' || e?.code === 'SQLITE_CONSTRAINT_CHECK';
}

/** True when `err` is a NOT NULL violation on either database. */
export function isNotNullViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23502' || e?.code === 'SQLITE_CONSTRAINT_NOTNULL';
}
