import type { Ctx } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Handle } from '../../lib/db-types.ts';

import { newId } from '../../lib/ids.ts';
import * as repo from './accounts.repository.ts';
import type { UserRow } from './accounts.repository.ts';
import type { PatchMe, Person, User } from './accounts.schemas.ts';

export type { UserRow };

/** Reads only the public columns, so any query that selects them can use it. */
export function toUser(
  row: Pick<UserRow, 'id' | 'phone' | 'full_name' | 'email' | 'email_verified' | 'email_verified_at' | 'is_admin' | 'referral_code' | 'referred_by' | 'created_at'>,
): User {
  return {
    id: row.id,
    phone: row.phone,
    full_name: row.full_name,
    email: row.email,
    email_verified: row.email_verified === 1,
    email_verified_at: row.email_verified_at,
    is_admin: row.is_admin === 1,
    referral_code: row.referral_code,
    referred_by: row.referred_by,
    created_at: row.created_at,
  };
}

/**
 * The people a page of admin items names, read in one statement by primary key (never one query
 * per row): answers a lookup that gives `{id, full_name, phone}`, with null fields for a deleted
 * or unknown user.
 */
export async function people(db: Handle, ids: Iterable<string | null | undefined>): Promise<(id: string) => Person> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  const rows = wanted.length === 0 ? [] : await repo.findPeople(db, wanted);
  const byId = new Map(rows.filter((r) => r.deleted_at === null).map((r) => [r.id, { id: r.id, full_name: r.full_name, phone: r.phone }]));
  return (id) => byId.get(id) ?? { id, full_name: null, phone: null };
}

export const findUserById = repo.findById;
export const findUserByPhone = repo.findByPhone;
export const findUserByIdpUid = repo.findByIdpUid;
export const updateUser = repo.updateUser;

/** The user row, in the caller's transaction; only sign-up (signup.service.ts) calls it. */
export async function createUser(
  ctx: Ctx,
  trx: Handle,
  input: { phone: string | null; passwordHash: string | null; fullName: string; isAdmin?: boolean; staffRole?: string | null; idpUid?: string | null },
): Promise<UserRow> {
  const now = ctx.clock.now().toISOString();
  const id = newId(ctx.clock);
  await repo.insertUser(trx, {
    id,
    phone: input.phone,
    password_hash: input.passwordHash,
    full_name: input.fullName,
    is_admin: input.isAdmin ? 1 : 0,
    staff_role: input.staffRole ?? null,
    idp_uid: input.idpUid ?? null,
    now,
  });
  return (await repo.findById(trx, id))!;
}

export async function getProfile(ctx: Ctx, userId: string): Promise<User> {
  const row = await repo.findById(ctx.db, userId);
  if (!row) throw notFound('user');
  return toUser(row);
}

/** Changing the email to a different value clears its verified status (spec, User). */
export async function updateProfile(ctx: Ctx, userId: string, patch: PatchMe): Promise<User> {
  const row = await repo.findById(ctx.db, userId);
  if (!row) throw notFound('user');
  const set: Parameters<typeof repo.updateUser>[2] = {};
  if (patch.full_name !== undefined) set.full_name = patch.full_name.trim();
  if (patch.email !== undefined) {
    const email = patch.email === null ? null : patch.email.trim().toLowerCase();
    if (email !== row.email) Object.assign(set, { email, email_verified: 0, email_verified_at: null });
  }
  if (Object.keys(set).length) await repo.updateUser(ctx.db, userId, set, ctx.clock.now().toISOString());
  return toUser((await repo.findById(ctx.db, userId))!);
}

/** Removes what identifies the person (deletion.service.ts calls it); conditional, so a second run changes nothing. */
export const anonymiseUser = repo.anonymiseUser;
export const setReferralCodeIfNone = repo.setReferralCodeIfNone;
export const setReferredByIfNone = repo.setReferredByIfNone;
export const findVerifiedEmailOwner = repo.findVerifiedEmailOwner;
export const findUserState = repo.findUserState;
export const findUserByCode = repo.findUserByCode;
export const findCodeOfUser = repo.findCodeOfUser;
export const listStaff = repo.listStaff;
/** The order placement marks its customer a buyer in its own transaction (SQLite) or statement (PostgreSQL). */
export const markBuyer = repo.markBuyer;
export const buyerMarkCte = repo.buyerMarkCte;

/**
 * Refuses, inside the caller's transaction, a change that would leave no active owner: `userId`
 * is about to stop being one (demoted, disabled or deleted). 409 `last_owner`.
 */
export async function guardLastOwner(trx: Handle, userId: string): Promise<void> {
  const owners = await repo.lockActiveOwners(trx);
  if (owners.includes(userId) && owners.length === 1) throw conflict('last_owner', 'The last active owner cannot be demoted, disabled or deleted');
}
