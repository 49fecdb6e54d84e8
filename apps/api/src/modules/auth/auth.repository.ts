import { sql } from 'kysely';
import { own, read, type ReadDb } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';
import { precompiled } from '../../lib/precompiled.ts';
import { cte } from '../../lib/cte.ts';

export async function insertSession(db: Handle, s: { id: string; user_id: string; admin: boolean; mfa?: boolean; now: string }): Promise<void> {
  await own(db)
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.user_id, admin: s.admin ? 1 : 0, mfa: s.mfa ? 1 : 0, created_at: s.now, revoked_at: null })
    .execute();
}

export async function insertRefreshToken(
  db: Handle,
  t: { token_hash: string; session_id: string; now: string; expires_at: string },
): Promise<void> {
  await own(db)
    .insertInto('refresh_tokens')
    .values({ token_hash: t.token_hash, session_id: t.session_id, created_at: t.now, expires_at: t.expires_at, used_at: null })
    .execute();
}

/**
 * The session id as the join's key: `cast(? as text)`, not a bare `?`. SQLite as built by
 * better-sqlite3 (SQLITE_ENABLE_STAT4) otherwise re-plans a join whose WHERE holds a bare bound
 * parameter on every execution: 20 µs instead of 4.5 µs for this read (docs/performance.md,
 * "Where the CPU goes"). Same plan (the primary-key index) and the same meaning on both databases.
 */
const sessionKey = (sessionId: string) => sql<string>`cast(${sessionId} as text)`;

/** The live-session check behind every authenticated request: one indexed join, compiled once. */
const sessionPrincipal = precompiled((db: ReadDb, sessionId: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.revoked_at', 's.mfa', 'u.is_admin', 'u.staff_role', 'u.deleted_at', 'u.first_order_at'])
    .where('s.id', '=', sessionKey(sessionId)),
);

/** The same check that also reads the caller's wallet: one statement (one round trip) for GET /wallet. */
const sessionPrincipalWithWallet = precompiled((db: ReadDb, sessionId: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('wallets as w', 'w.user_id', 's.user_id')
    .select(['s.user_id', 's.revoked_at', 's.mfa', 'u.is_admin', 'u.staff_role', 'u.deleted_at', 'u.first_order_at', 'w.shopping_credits', 'w.reward_points', 'w.e_vouchers'])
    .where('s.id', '=', sessionKey(sessionId)),
);

/** Why a route's own statement refused its caller: the session has ended (`sessionCheckCte`). */
export const SESSION_REFUSALS = { ended: 'session_ended' } as const;
export type SessionRefusal = (typeof SESSION_REFUSALS)[keyof typeof SESSION_REFUSALS];

/** `sessionCheckCte`'s CTE, for the statement that gates its work on it: one row while the session stands. */
export const CALLER = cte<{ standing: 1 }>('caller');

/**
 * PostgreSQL: the session check of `authenticate` as a CTE (`caller`) of a route's own statement,
 * which then acts only while it holds a row: the session stands (not revoked), belongs to the
 * token's user, and that user is not deleted. Saves the route the separate round trip
 * (`config.sessionInStatement`, auth.hooks.ts).
 */
export function sessionCheckCte(p: { sessionId: string; userId: string }) {
  return sql`${CALLER.ref} as (
      select 1 as standing from sessions s join users u on u.id = s.user_id
      where s.id = ${sessionKey(p.sessionId)} and s.revoked_at is null and u.deleted_at is null and s.user_id = ${p.userId}
    )`;
}

export interface SessionPrincipalRow {
  user_id: string;
  revoked_at: string | null;
  mfa: number;
  is_admin: number;
  staff_role: string | null;
  deleted_at: string | null;
  first_order_at: string | null;
  /** Only with `withWallet`; null when the user has no wallet. */
  shopping_credits?: number | null;
  reward_points?: number | null;
  e_vouchers?: number | null;
}

export async function findSessionPrincipal(db: Handle, sessionId: string, withWallet = false): Promise<SessionPrincipalRow | undefined> {
  return (withWallet ? await sessionPrincipalWithWallet(read(db), sessionId) : await sessionPrincipal(read(db), sessionId)).rows[0];
}

export function findRefreshToken(db: Handle, tokenHash: string) {
  return read(db)
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['t.session_id', 't.expires_at', 't.used_at', 's.user_id', 's.revoked_at', 's.admin', 'u.is_admin', 'u.deleted_at'])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends a refresh token; false when another request spent it first. */
export async function markRefreshTokenUsed(db: Handle, tokenHash: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeSession(db: Handle, sessionId: string, now: string): Promise<void> {
  await own(db).updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * A staff member's live back-office sessions, newest first: opened by the admin login, not
 * revoked, with a refresh token that has not expired. `last_refreshed_at` is when the session last
 * got tokens (its sign-in or its latest refresh); nothing finer is stored.
 */
export function listLiveAdminSessions(db: Handle, userId: string, now: string) {
  return read(db)
    .selectFrom('sessions as s')
    .innerJoin('refresh_tokens as t', 't.session_id', 's.id')
    .select((eb) => ['s.id', 's.created_at', 's.mfa', eb.fn.max('t.created_at').as('last_refreshed_at')])
    .where('s.user_id', '=', userId)
    .where('s.admin', '=', 1)
    .where('s.revoked_at', 'is', null)
    .groupBy(['s.id', 's.created_at', 's.mfa'])
    .having((eb) => eb.fn.max('t.expires_at'), '>', now)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** Revokes one live admin session of `userId`; false when it is not theirs, not an admin session, or already over. */
export async function revokeOwnAdminSession(db: Handle, userId: string, sessionId: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('admin', '=', 1)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeUserSessions(db: Handle, userId: string, now: string): Promise<number> {
  const r = await own(db)
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Retention (docs/contracts.md §10): refresh tokens that expired, or whose session was revoked, before
 * `before`; then sessions revoked before it, or with no refresh token left and older than it.
 * Plain conditional deletes, so several instances may run it at once.
 */
export async function purgeSessions(db: Handle, before: string): Promise<number> {
  const tokens = await own(db)
    .deleteFrom('refresh_tokens')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', before),
        eb('session_id', 'in', eb.selectFrom('sessions').select('id').where('revoked_at', '<', before)),
      ]),
    )
    .executeTakeFirst();
  const sessions = await own(db)
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('revoked_at', '<', before),
        eb.and([eb('created_at', '<', before), eb.not(eb.exists(eb.selectFrom('refresh_tokens').select('token_hash').whereRef('refresh_tokens.session_id', '=', 'sessions.id')))]),
      ]),
    )
    .executeTakeFirst();
  return Number(tokens.numDeletedRows) + Number(sessions.numDeletedRows);
}
