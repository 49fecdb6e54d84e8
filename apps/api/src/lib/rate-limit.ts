import { sql } from 'kysely';
import type { Handle } from './db-types.ts';
import { own } from './tables.ts';
import type { Clock } from './clock.ts';
import { rateLimited } from './errors.ts';

export interface RateRule {
  /** Namespace of the counter, e.g. `admin_login`. */
  bucket: string;
  limit: number;
  windowMs: number;
  /** The `code` a refusal carries, e.g. `LOGIN_RATE_LIMITED`. */
  code: string;
}

export interface Hit {
  allowed: boolean;
  count: number;
  /** Whole seconds until the window resets (at least 1). */
  retryAfter: number;
}

/**
 * A fixed-window counter in the database. One atomic upsert per hit counts it and returns the new
 * count, so concurrent requests, and several instances on one PostgreSQL, can never exceed the limit.
 */
export async function hit(db: Handle, clock: Clock, rule: RateRule, subject: string): Promise<Hit> {
  const now = clock.now().getTime();
  const start = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowStart = new Date(start).toISOString();
  const row = await own(db)
    .insertInto('rate_limits')
    .values({ key: `${rule.bucket}:${subject}`, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
        window_start: sql`excluded.window_start`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const retryAfter = Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfter };
}

/** Counts a hit and throws the 429 of docs/contracts.md §2 when it is over the limit. */
export async function enforce(db: Handle, clock: Clock, rule: RateRule, subject: string): Promise<void> {
  const h = await hit(db, clock, rule, subject);
  if (!h.allowed) throw rateLimited(rule.code, h.retryAfter);
}

/** Removes counters whose window ended long ago (run by the retention job). */
export async function purgeExpired(db: Handle, before: Date): Promise<number> {
  const r = await own(db).deleteFrom('rate_limits').where('window_start', '<', before.toISOString()).executeTakeFirst();
  return Number(r.numDeletedRows);
}
