/** The tables the idempotency module owns (docs/architecture.md, "One owner per table"): only its code sees them. */
import { tablesOf, type ReadOnly } from '../../lib/db-types.ts';

/**
 * One row per Idempotency-Key in use (migration 2026-11-26-18-idempotency-keys): primary key
 * `(scope, principal, key)`, written in the same transaction as the effect it guards, so the key
 * and the effect commit or roll back together (docs/contracts.md §5).
 */
export interface IdempotencyKeysTable {
  /** The operation, e.g. `order.place`, `order.refund`, `wallet.adjust`, `order.bulk_status`. */
  scope: string;
  /** Who sent it: the user's id (shop routes) or the admin's id (admin routes). */
  principal: string;
  key: string;
  /** sha256 of the operation's normalised request (`requestHash`): the same key with another request is 409. */
  request_hash: string;
  /** The resource the first request made (order, refund, adjustment id); a replay reads it again. */
  resource_id: string | null;
  /** The stored answer (JSON text) where no resource holds it (a bulk move's outcome per order). */
  response: string | null;
  created_at: string;
  /** Once past (strictly), the key is forgotten (a lookup ignores it, the purge job deletes it). */
  expires_at: string;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}

/** This module's view of a database handle or a shared transaction: its own tables only. */
export const own = tablesOf<IdempotencyTables>();

/** The tables as another module may read them in one of its statements (a join, a report): nothing can be written. */
export type IdempotencyView = ReadOnly<IdempotencyTables>;
