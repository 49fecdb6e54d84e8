import type { Selectable } from 'kysely';
import { own, type DeletionChannel, type DeletionRequestsTable, type DeletionStatus } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

export type DeletionRequestRow = Selectable<DeletionRequestsTable>;

const requestColumns = ['id', 'user_id', 'status', 'channel', 'reason', 'requested_at', 'scheduled_for', 'cancelled_at', 'completed_at', 'updated_at'] as const;

export async function insertToken(db: Handle, row: { token_hash: string; user_id: string; channel: 'web' | 'app'; expires_at: string; created_at: string }): Promise<void> {
  await own(db).insertInto('deletion_tokens').values({ ...row, used_at: null }).execute();
}

export function findToken(db: Handle, tokenHash: string) {
  return own(db).selectFrom('deletion_tokens').select(['token_hash', 'user_id', 'channel', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Spends a token once: only one of several racing requests gets true. */
export async function spendToken(db: Handle, tokenHash: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('deletion_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findPending(db: Handle, userId: string): Promise<DeletionRequestRow | undefined> {
  return own(db).selectFrom('deletion_requests').select(requestColumns).where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
}

export function findLatest(db: Handle, userId: string): Promise<DeletionRequestRow | undefined> {
  return own(db).selectFrom('deletion_requests').select(requestColumns).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertRequest(db: Handle, row: DeletionRequestRow): Promise<void> {
  await own(db).insertInto('deletion_requests').values(row).execute();
}

/**
 * Moves the one request that `where` names from one of `from` to `to`, conditionally: of several
 * callers racing on one request (job runs, the user's cancel, an admin delete), one wins.
 */
export function moveRequest(
  db: Handle,
  where: { requestId: string; dueBy?: string } | { userId: string },
  from: readonly DeletionStatus[],
  to: DeletionStatus,
  now: string,
): Promise<DeletionRequestRow | undefined> {
  let q = own(db)
    .updateTable('deletion_requests')
    .set({ status: to, updated_at: now, ...(to === 'cancelled' ? { cancelled_at: now } : {}), ...(to === 'completed' ? { completed_at: now } : {}) })
    .where('status', 'in', [...from]);
  if ('userId' in where) q = q.where('user_id', '=', where.userId);
  else {
    q = q.where('id', '=', where.requestId);
    if (where.dueBy !== undefined) q = q.where('scheduled_for', '<=', where.dueBy);
  }
  return q.returning(requestColumns).executeTakeFirst();
}

export function listDue(db: Handle, now: string, limit: number): Promise<Array<{ id: string }>> {
  return own(db)
    .selectFrom('deletion_requests')
    .select('id')
    .where('status', '=', 'pending')
    .where('scheduled_for', '<=', now)
    .orderBy('scheduled_for')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The user's unused deletion tokens (the other personal leftovers belong to auth and referrals). */
export async function deleteTokensOf(db: Handle, userId: string): Promise<void> {
  await own(db).deleteFrom('deletion_tokens').where('user_id', '=', userId).execute();
}

export type { DeletionChannel };

/** Retention: deletion tokens that expired before `before`, used or not. */
export async function purgeExpiredTokens(db: Handle, before: string): Promise<number> {
  const r = await own(db).deleteFrom('deletion_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
