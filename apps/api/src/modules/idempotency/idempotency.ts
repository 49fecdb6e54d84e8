/**
 * The one Idempotency-Key mechanism (docs/contracts.md §5): a key is scoped to its operation and
 * to who sent it (`scope`, `principal`), kept 24 hours, and bound to a hash of the request. The
 * route's write claims the key in its own transaction (`claimKey`, or `keyClaimCte` inside the
 * PostgreSQL order placement), so the key commits exactly when the effect does. `runOnce` drives
 * it: it runs the write; when the write fails because the key is taken (a UNIQUE violation: a
 * retry, or the same key racing in from another process) or refuses (the first request may have
 * used up the stock, credits or state since), it reads the key and answers the first request
 * again, or 409 `idempotency_conflict` when the request differs.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Ctx } from '../../context.ts';
import type { Handle } from '../../lib/db-types.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { DAY } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { sha256 } from '../../lib/secrets.ts';
import { own, type IdempotencyKeysTable } from './tables.ts';

/** How long a key is kept. */
export const IDEMPOTENCY_TTL_MS = DAY;

/** The operations that take an Idempotency-Key. */
export type Scope = 'order.place' | 'order.refund' | 'wallet.adjust' | 'order.bulk_status' | 'order.bulk_status.item';

export interface KeyRef {
  scope: Scope;
  /** The user's or the admin's id. */
  principal: string;
  key: string;
}

export type StoredKey = Selectable<IdempotencyKeysTable>;

/** The one request-hash rule: sha256 of the operation's normalised request as JSON (its target ids, then its body fields in a fixed order). */
export const requestHash = (request: unknown): string => sha256(JSON.stringify(request));

/** When a key written now is forgotten. */
export const expiryOf = (now: Date): string => new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString();

/**
 * Claims the key inside the caller's transaction (or alone, on a plain handle). Throws the
 * database's UNIQUE violation when the key is already taken (`runOnce` turns that into a replay).
 */
export async function claimKey(
  ctx: Ctx,
  db: Handle,
  ref: KeyRef,
  hash: string,
  answer: { resourceId?: string; response?: unknown; expiresAt?: string },
): Promise<void> {
  const now = ctx.clock.now();
  await own(db)
    .insertInto('idempotency_keys')
    .values({
      scope: ref.scope,
      principal: ref.principal,
      key: ref.key,
      request_hash: hash,
      resource_id: answer.resourceId ?? null,
      response: answer.response === undefined ? null : JSON.stringify(answer.response),
      created_at: now.toISOString(),
      expires_at: answer.expiresAt ?? expiryOf(now),
    })
    .execute();
}

/**
 * PostgreSQL: the claim as a data-modifying CTE of a one-statement write (the order placement).
 * It inserts only when `when` holds and a key was given; a taken key aborts the whole statement
 * with the UNIQUE violation, as `claimKey` does. Every value is a bound parameter except the scope.
 */
export function keyClaimCte(p: {
  scope: Scope;
  principal: string;
  key: string | null;
  hash: string | null;
  resourceId: string;
  now: string;
  expiresAt: string;
  when: RawBuilder<boolean>;
}): RawBuilder<unknown> {
  return sql`key_claim as (
      insert into idempotency_keys (scope, principal, key, request_hash, resource_id, response, created_at, expires_at)
      select ${sql.lit(p.scope)}, ${p.principal}, ${p.key}, ${p.hash}, ${p.resourceId}, null, ${p.now}, ${p.expiresAt}
      where ${p.key}::text is not null and ${p.when}
    )`;
}

const columns = ['scope', 'principal', 'key', 'request_hash', 'resource_id', 'response', 'created_at', 'expires_at'] as const;

/** The key as stored, or undefined when it was never used or has expired (an expired row is deleted here, so the key may be claimed again). */
export async function findKey(ctx: Ctx, db: Handle, ref: KeyRef): Promise<StoredKey | undefined> {
  const row = await own(db)
    .selectFrom('idempotency_keys')
    .select(columns)
    .where('scope', '=', ref.scope)
    .where('principal', '=', ref.principal)
    .where('key', '=', ref.key)
    .executeTakeFirst();
  const now = ctx.clock.now().toISOString();
  if (!row || row.expires_at >= now) return row;
  await forget(db, ref, now);
  return undefined;
}

/** The stored keys of several keys of one scope and principal (a bulk move's items), expired ones left out. */
export async function findKeys(ctx: Ctx, db: Handle, scope: Scope, principal: string, keys: readonly string[]): Promise<Map<string, StoredKey>> {
  if (keys.length === 0) return new Map();
  const now = ctx.clock.now().toISOString();
  const rows = await own(db)
    .selectFrom('idempotency_keys')
    .select(columns)
    .where('scope', '=', scope)
    .where('principal', '=', principal)
    .where('key', 'in', keys)
    .where('expires_at', '>=', now)
    .execute();
  return new Map(rows.map((r) => [r.key, r]));
}

/** Deletes one expired key (conditional on its expiry, so a fresh claim by another request stays). */
async function forget(db: Handle, ref: KeyRef, now: string): Promise<void> {
  await own(db)
    .deleteFrom('idempotency_keys')
    .where('scope', '=', ref.scope)
    .where('principal', '=', ref.principal)
    .where('key', '=', ref.key)
    .where('expires_at', '<', now)
    .execute();
}

/**
 * Runs `first` (which must claim `ref` in the transaction of its effect) at most once per key:
 * `{value, replayed: false}` when it ran; `{value: replay(stored), replayed: true}` when the key
 * was already used with the same request hash; 409 `idempotency_conflict` (with `conflictMessage`)
 * when it was used with another. Without a key `first` simply runs. A refusal of `first` (an
 * AppError) on a key nobody used is answered as it is: a refusal is never kept as the key's answer.
 * `beforeStored` runs before anything is answered from a used key (a replay or the conflict), e.g.
 * the caller's session check when `first` would have made it.
 */
export async function runOnce<T>(
  ctx: Ctx,
  ref: KeyRef | null,
  hash: string,
  o: { first: () => Promise<T>; replay: (stored: StoredKey) => Promise<T>; conflictMessage: string; beforeStored?: () => Promise<void> },
): Promise<{ value: T; replayed: boolean }> {
  if (ref === null) return { value: await o.first(), replayed: false };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return { value: await o.first(), replayed: false };
    } catch (err) {
      if (!isUniqueViolation(err) && !(err instanceof AppError)) throw err;
      const stored = await findKey(ctx, ctx.db, ref);
      if (!stored) {
        // Taken by a row that had expired (now deleted): claim it again, once.
        if (isUniqueViolation(err)) continue;
        throw err;
      }
      await o.beforeStored?.();
      if (stored.request_hash !== hash) throw conflict('idempotency_conflict', o.conflictMessage);
      return { value: await o.replay(stored), replayed: true };
    }
  }
  throw conflict('conflict', 'The request could not be completed; try again');
}

/** The job: deletes every key past its expiry. */
export async function purgeExpiredKeys(ctx: Ctx): Promise<number> {
  const r = await own(ctx.db).deleteFrom('idempotency_keys').where('expires_at', '<', ctx.clock.now().toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
