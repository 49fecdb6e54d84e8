import { PostgresAdapter, sql, type RawBuilder, type Selectable } from 'kysely';
import { own, type Db, type UsersTable } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';
import { precompiled } from '../../lib/precompiled.ts';

export type UserRow = Selectable<UsersTable>;

const columns = [
  'id', 'phone', 'password_hash', 'full_name', 'email', 'email_verified', 'email_verified_at', 'is_admin', 'staff_role',
  'referral_code', 'referred_by', 'idp_uid', 'created_at', 'updated_at', 'deleted_at', 'first_order_at',
] as const;

export function findById(db: Handle, id: string): Promise<UserRow | undefined> {
  return own(db).selectFrom('users').select(columns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Any user, deleted (anonymised) or not: deleted users keep their rows, and `deleted_at` tells them apart. */
/** Name and phone of up to a page of users, deleted ones included: one primary-key probe per id. */
export function findUserState(db: Handle, id: string): Promise<{ deleted_at: string | null } | undefined> {
  return own(db).selectFrom('users').select('deleted_at').where('id', '=', id).executeTakeFirst();
}

export function findByPhone(db: Handle, phone: string): Promise<UserRow | undefined> {
  return own(db).selectFrom('users').select(columns).where('phone', '=', phone).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findByIdpUid(db: Handle, uid: string): Promise<UserRow | undefined> {
  return own(db).selectFrom('users').select(columns).where('idp_uid', '=', uid).where('deleted_at', 'is', null).executeTakeFirst();
}

export interface NewUser {
  id: string;
  phone: string | null;
  password_hash: string | null;
  full_name: string;
  is_admin?: number;
  staff_role?: string | null;
  idp_uid?: string | null;
  now: string;
}

export async function insertUser(db: Handle, u: NewUser): Promise<void> {
  await own(db)
    .insertInto('users')
    .values({
      id: u.id,
      phone: u.phone,
      password_hash: u.password_hash,
      full_name: u.full_name,
      email: null,
      email_verified: 0,
      email_verified_at: null,
      is_admin: u.is_admin ?? 0,
      staff_role: u.staff_role ?? null,
      referral_code: null,
      referred_by: null,
      idp_uid: u.idp_uid ?? null,
      created_at: u.now,
      updated_at: u.now,
      deleted_at: null,
      first_order_at: null,
    })
    .execute();
}

export async function updateUser(
  db: Handle,
  id: string,
  patch: Partial<Pick<UserRow, 'full_name' | 'email' | 'email_verified' | 'email_verified_at' | 'password_hash' | 'is_admin' | 'staff_role' | 'idp_uid'>>,
  now: string,
): Promise<void> {
  await own(db).updateTable('users').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

// Runs inside every SQLite placement: compiled once.
const markBuyerRow = precompiled((db: Db, userId: string, now: string) =>
  own(db).updateTable('users').set({ first_order_at: now }).where('id', '=', userId).where('first_order_at', 'is', null),
);

/** The customer's first order, placed at `now` (the placement's transaction): writes only the first time. */
export async function markBuyer(db: Handle, userId: string, now: string): Promise<void> {
  await markBuyerRow(own(db), userId, now);
}

/**
 * `markBuyer` as a CTE of the PostgreSQL placement statement (orders.repository.ts `placement`),
 * applied when `when` holds (the debit happened). A repeat buyer costs the statement one probe of
 * `users_pkey`, and no row is written or locked.
 */
export function buyerMarkCte(p: { userId: string; now: string; when: RawBuilder<boolean> }): RawBuilder<unknown> {
  return sql`buyer_mark as (
      update users set first_order_at = ${p.now} where id = ${p.userId} and first_order_at is null and ${p.when}
    )`;
}

/** Sets the code only while none is set, so concurrent first calls agree on one code. */
export async function setReferralCodeIfNone(db: Handle, userId: string, code: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('users')
    .set({ referral_code: code, updated_at: now })
    .where('id', '=', userId)
    .where('referral_code', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** First touch: sets `referred_by` only while it is unset and never to the user itself. */
export async function setReferredByIfNone(db: Handle, userId: string, referrerId: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('users')
    .set({ referred_by: referrerId })
    .where('id', '=', userId)
    .where('id', '<>', referrerId)
    .where('referred_by', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Removes what identifies the person; the row (and the id that ledger, orders and tickets point
 * at) stays for accounting. Conditional, so a second run changes nothing.
 */
export async function anonymiseUser(db: Handle, userId: string, now: string): Promise<boolean> {
  const r = await own(db)
    .updateTable('users')
    .set({
      phone: null,
      full_name: '',
      email: null,
      email_verified: 0,
      email_verified_at: null,
      referral_code: null,
      idp_uid: null,
      password_hash: null,
      is_admin: 0,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Another live user who has verified this address, if any. */
export function findVerifiedEmailOwner(db: Handle, email: string, exceptUserId: string): Promise<{ id: string } | undefined> {
  return own(db)
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('email_verified', '=', 1)
    .where('deleted_at', 'is', null)
    .where('id', '<>', exceptUserId)
    .executeTakeFirst();
}

/** The live user who owns `code` (codes are removed on anonymisation, so deleted users never match). */
export function findUserByCode(db: Handle, code: string): Promise<{ id: string } | undefined> {
  return own(db).selectFrom('users').select('id').where('referral_code', '=', code).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findCodeOfUser(db: Handle, userId: string): Promise<{ referral_code: string | null } | undefined> {
  return own(db).selectFrom('users').select('referral_code').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

// One statement whatever the number of ids (an export's batch has hundreds), prepared once rather
// than once per count: PostgreSQL binds them as one array, SQLite as one JSON array.
const peoplePg = precompiled((db: Db, ids: string[]) =>
  own(db).selectFrom('users').select(['id', 'full_name', 'phone', 'deleted_at']).where('id', '=', sql<string>`any(${ids}::text[])`),
);
const peopleSqlite = precompiled((db: Db, ids: string) =>
  own(db).selectFrom('users').select(['id', 'full_name', 'phone', 'deleted_at']).where('id', 'in', sql<string>`(select value from json_each(${ids}))`),
);

/** Name, phone and state of each of `ids` (deleted users too), in one read. */
export async function findPeople(db: Handle, ids: readonly string[]): Promise<Pick<UserRow, 'id' | 'full_name' | 'phone' | 'deleted_at'>[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const d = own(db);
  return (d.getExecutor().adapter instanceof PostgresAdapter ? await peoplePg(d, unique) : await peopleSqlite(d, JSON.stringify(unique))).rows;
}

/** Staff accounts (any state), newest first, `limit` rows with ids before `before`. */
export function listStaff(db: Handle, q: { before: string | null; limit: number }) {
  let query = own(db)
    .selectFrom('users')
    .select(['id', 'phone', 'full_name', 'is_admin', 'staff_role', 'created_at'])
    .where('staff_role', 'is not', null)
    .where('deleted_at', 'is', null);
  if (q.before !== null) query = query.where('id', '<', q.before);
  return query.orderBy('id', 'desc').limit(q.limit).execute();
}

/**
 * Locks the rows of the active owners and returns their ids: a no-op UPDATE takes the row locks on
 * PostgreSQL (SQLite transactions hold the write lock already), so two owners demoting each other
 * at once queue, and the second sees the first's change.
 */
export async function lockActiveOwners(db: Handle): Promise<string[]> {
  const rows = await own(db)
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('staff_role', '=', 'owner')
    .where('is_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
