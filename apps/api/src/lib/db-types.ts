/**
 * Database handles. No module holds the whole database: `Ctx.db` is a `Database` and a transaction
 * passed between modules is a `SharedTrx`, neither of which shows a table. A module narrows either
 * to the tables it owns with the `own` of its `tables.ts` (`tablesOf<ItsTables>()`), so a query on
 * another module's table does not compile (docs/architecture.md, "One owner per table").
 */
import type { ColumnType, Kysely, SelectType, Transaction } from 'kysely';

declare const root: unique symbol;

/** The database as `Ctx` carries it (the root handle; transactions start from it). */
export interface RootHandle {
  readonly isTransaction: boolean;
  readonly [root]: true;
}

/** Any handle, the database or a transaction, as another module receives it. */
export interface Handle {
  readonly isTransaction: boolean;
}

/** A transaction as another module receives it, to do its part inside it. */
export interface SharedTrx {
  readonly isTransaction: true;
}

export type Executor<T> = Kysely<T> | Transaction<T>;

/** The one narrowing of a handle to a set of tables; each owner calls it once, in its tables.ts. */
export function tablesOf<T>() {
  function own(db: RootHandle): Kysely<T>;
  function own(trx: SharedTrx): Transaction<T>;
  function own(h: Handle): Executor<T>;
  function own(h: Handle): Executor<T> {
    return h as unknown as Executor<T>;
  }
  return own;
}

/**
 * Tables as a reader in another module sees them: every column selectable, none insertable or
 * updatable. An owner exports such a view of the tables others may join in one statement (its
 * `tables.ts`, re-exported by its `index.ts`); the lint rule `storefront/own-tables` refuses a
 * delete, or a raw SQL write, aimed at it (docs/architecture.md, "One owner per table").
 */
export type ReadOnly<T> = { [K in keyof T]: { [C in keyof T[K]]: ColumnType<SelectType<T[K][C]>, never, never> } };
