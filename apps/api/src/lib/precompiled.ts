import type { CompiledQuery, Compilable, QueryResult, RawBuilder } from 'kysely';
import type { Executor } from './db-types.ts';

const MARK = '\u0000precompiled-argument:';

/**
 * A hot query shape that is built and compiled once per database, then run with new parameter
 * values: Kysely otherwise rebuilds its immutable query tree and recompiles the same SQL on every
 * call. `build` receives placeholder arguments; each must end up as a plain bound parameter (it
 * may be used more than once); constant parameters of the shape are kept as compiled.
 */
export function precompiled<T, A extends unknown[], R>(build: (db: Executor<T>, ...args: A) => Compilable<R> | RawBuilder<R>) {
  // One entry per database (its adapter is shared by the Kysely instance and its transactions).
  const cache = new WeakMap<object, { compiled: CompiledQuery<R>; slots: number[] }>();
  return (db: Executor<T>, ...args: A): Promise<QueryResult<R>> => {
    const adapter = db.getExecutor().adapter;
    let entry = cache.get(adapter);
    if (entry === undefined) {
      // A query builder compiles itself; a raw `sql` template needs the database (the argument is
      // ignored by query builders).
      const compiled = (build(db, ...(args.map((_, i) => `${MARK}${i}`) as A)) as RawBuilder<R>).compile(db);
      const slots = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
      for (let i = 0; i < args.length; i++) {
        if (!slots.includes(i)) throw new Error(`precompiled: argument ${i} is not a bound parameter of: ${compiled.sql}`);
      }
      entry = { compiled, slots };
      cache.set(adapter, entry);
    }
    const { compiled, slots } = entry;
    return db.executeQuery<R>({ ...compiled, parameters: slots.map((s, i) => (s < 0 ? compiled.parameters[i] : args[s])) });
  };
}

/**
 * `precompiled` for a shape whose SQL depends only on how many values it binds (an IN list, a
 * CASE per line, a multi-row VALUES): one compiled shape per count, made on first use. `build`
 * gets the values as one flat array (placeholders when compiling) and must bind each of them.
 * Counts are bounded by the request schemas (an order has at most 50 lines).
 */
export function precompiledPerCount<T, R>(build: (db: Executor<T>, values: unknown[]) => Compilable<R> | RawBuilder<R>) {
  const shapes = new Map<number, (db: Executor<T>, ...values: unknown[]) => Promise<QueryResult<R>>>();
  return (db: Executor<T>, values: unknown[]): Promise<QueryResult<R>> => {
    let shape = shapes.get(values.length);
    if (shape === undefined) shapes.set(values.length, (shape = precompiled((d: Executor<T>, ...v: unknown[]) => build(d, v))));
    return shape(db, ...values);
  };
}
