/** SQL for staff sign-in: TOTP secrets, recovery codes, the mfa_token challenges and staff invites. */
import { own } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

// TOTP

export function findTotp(db: Handle, userId: string) {
  return own(db).selectFrom('staff_totp').select(['user_id', 'secret', 'confirmed_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

export function confirmedTotpOf(db: Handle, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([]);
  return own(db).selectFrom('staff_totp').select('user_id').where('user_id', 'in', userIds).where('confirmed_at', 'is not', null).execute();
}

/** A new pending secret replaces any pending one; a confirmed one is never replaced here. */
export async function putPendingTotp(db: Handle, userId: string, secret: string, now: string): Promise<void> {
  await own(db).deleteFrom('staff_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  await own(db).insertInto('staff_totp').values({ user_id: userId, secret, confirmed_at: null, last_step: null, created_at: now }).execute();
}

/**
 * Accepts the code of time step `step` once: the conditional UPDATE moves `last_step` forward
 * only past the last accepted step, so a replayed code (or one racing it) changes nothing.
 * `confirm` also marks a pending secret confirmed.
 */
export async function acceptStep(db: Handle, userId: string, step: number, confirm: { now: string } | null): Promise<boolean> {
  let q = own(db)
    .updateTable('staff_totp')
    .set(confirm ? { last_step: step, confirmed_at: confirm.now } : { last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));
  q = confirm ? q.where('confirmed_at', 'is', null) : q.where('confirmed_at', 'is not', null);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteMfa(db: Handle, userId: string): Promise<boolean> {
  await own(db).deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  const r = await own(db).deleteFrom('staff_totp').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// Recovery codes

export async function replaceRecoveryCodes(db: Handle, userId: string, hashes: string[], now: string): Promise<void> {
  await own(db).deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
  await own(db)
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ code_hash, user_id: userId, used_at: null, created_at: now })))
    .execute();
}

/** Spends an unused recovery code of this user; false when there is none (wrong, used, or another user's). */
export async function spendRecoveryCode(db: Handle, userId: string, hash: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Handle, userId: string): Promise<number> {
  const r = await own(db)
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// Sessions: the second factor

export async function markSessionMfa(db: Handle, sessionId: string): Promise<void> {
  await own(db).updateTable('sessions').set({ mfa: 1 }).where('id', '=', sessionId).execute();
}

export async function clearUserSessionsMfa(db: Handle, userId: string): Promise<void> {
  await own(db).updateTable('sessions').set({ mfa: 0 }).where('user_id', '=', userId).where('mfa', '=', 1).execute();
}

// mfa_token challenges

export async function insertChallenge(db: Handle, c: { token_hash: string; user_id: string; expires_at: string; now: string }): Promise<void> {
  await own(db).insertInto('mfa_challenges').values({ token_hash: c.token_hash, user_id: c.user_id, used_at: null, expires_at: c.expires_at, created_at: c.now }).execute();
}

export function findChallenge(db: Handle, tokenHash: string) {
  return own(db).selectFrom('mfa_challenges').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Counts one attempt against a live challenge (unspent, unexpired, fewer than `maxAttempts`
 * counted) in one conditional UPDATE; false when there was none, so racing attempts past the cap
 * are refused without a code being checked.
 */
export async function countChallengeAttempt(db: Handle, tokenHash: string, now: string, maxAttempts: number): Promise<boolean> {
  const r = await own(db)
    .updateTable('mfa_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Spends the challenge once; false when another request spent it first. */
export async function spendChallenge(db: Handle, tokenHash: string, now: string): Promise<boolean> {
  const r = await own(db).updateTable('mfa_challenges').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function purgeChallenges(db: Handle, before: string): Promise<number> {
  const r = await own(db).deleteFrom('mfa_challenges').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// Invites

/** Revokes every open invite of a user (its code hash goes too); answers how many were open. */
export async function revokeInvites(db: Handle, userId: string, now: string): Promise<number> {
  const r = await own(db)
    .updateTable('staff_invites')
    .set({ revoked_at: now, code_hash: null })
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The newest open invite of a user (neither accepted nor revoked; it may have expired). */
export function findOpenInvite(db: Handle, userId: string) {
  return own(db)
    .selectFrom('staff_invites')
    .select(['id', 'phone', 'role'])
    .where('user_id', '=', userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertInvite(
  db: Handle,
  i: { id: string; user_id: string; phone: string; role: string; code_hash: string; invited_by: string; expires_at: string; now: string },
): Promise<void> {
  await own(db)
    .insertInto('staff_invites')
    .values({ id: i.id, user_id: i.user_id, phone: i.phone, role: i.role, code_hash: i.code_hash, invited_by: i.invited_by, expires_at: i.expires_at, accepted_at: null, revoked_at: null, created_at: i.now })
    .execute();
}

/** The newest invite of a phone that is still open (neither accepted nor revoked; it may have expired). */
export function findOpenInviteByPhone(db: Handle, phone: string) {
  return own(db)
    .selectFrom('staff_invites')
    .select(['id', 'user_id', 'role', 'code_hash', 'attempts', 'expires_at'])
    .where('phone', '=', phone)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Open invites of these users that have not expired: who is "invited" in the staff list. */
export function liveInvitesOf(db: Handle, userIds: string[], now: string) {
  if (!userIds.length) return Promise.resolve([]);
  return own(db)
    .selectFrom('staff_invites')
    .select(['user_id', 'expires_at'])
    .where('user_id', 'in', userIds)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/**
 * Counts one attempt against an open, unexpired invite with fewer than `maxAttempts` counted, in
 * one conditional UPDATE, and answers its code hash; undefined when there was none.
 */
export function countInviteAttempt(db: Handle, id: string, now: string, maxAttempts: number): Promise<{ code_hash: string | null } | undefined> {
  return own(db)
    .updateTable('staff_invites')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('code_hash', 'is not', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('code_hash')
    .executeTakeFirst();
}

/** Spends the invite once; false when it was spent or revoked meanwhile. */
export async function acceptInvite(db: Handle, id: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('staff_invites')
    .set({ accepted_at: now, code_hash: null })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('code_hash', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
