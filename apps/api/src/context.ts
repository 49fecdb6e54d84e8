import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database, Dialect } from './db/kysely.ts';
import type { RootHandle } from './lib/db-types.ts';
import type { Clock } from './lib/clock.ts';
import type { IdpVerifier } from './lib/idp.ts';
import type { Metrics } from './lib/metrics.ts';
import type { TokenSigner } from './lib/tokens.ts';

/** What every service needs: the database, the settings, the clock and a logger. */
export interface Ctx {
  /** No table in view: each module narrows it to its own tables (lib/db-types.ts). */
  db: RootHandle;
  dialect: Dialect;
  /** A handle for one long read, released when it ends (`Database.longRead`: SQLite's exports read on a connection of their own). */
  longRead(): { db: RootHandle; release(): Promise<void> };
  config: Readonly<Config>;
  clock: Clock;
  log: FastifyBaseLogger;
  tokens: TokenSigner;
  /** Null while `IDP_SERVICE_ACCOUNT_PATH` is unset: only the custom-token header works. */
  idp: IdpVerifier | null;
  /** Business counters on /metrics (src/lib/metrics.ts). */
  metrics: Metrics;
}

/** The open database as `Ctx.db`: from here on, each module sees only its own tables. */
export const rootHandle = <T>(db: Kysely<T>): RootHandle => db as unknown as RootHandle;

/** The database's part of a `Ctx`. */
export function databaseParts<T>(database: Database<T>): Pick<Ctx, 'db' | 'dialect' | 'longRead'> {
  return {
    db: rootHandle(database.db),
    dialect: database.dialect,
    longRead: () => {
      const r = database.longRead();
      return { db: rootHandle(r.db), release: r.release };
    },
  };
}
