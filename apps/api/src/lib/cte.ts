import { sql, type RawBuilder } from 'kysely';

/**
 * A common table expression that one module's SQL defines and another module's SQL reads (the
 * PostgreSQL order placement, docs/orders.md): its name, exported by the module that defines it,
 * and the row it offers, as a type. The reader writes `${LINES.ref}` where it reads the CTE, so a
 * renamed CTE or a changed row is a change the compiler carries to every reader.
 */
export interface Cte<Row> {
  readonly ref: RawBuilder<Row>;
  readonly name: string;
}

export function cte<Row>(name: string): Cte<Row> {
  return { ref: sql.raw<Row>(name), name };
}
