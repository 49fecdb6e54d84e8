import { own, type PhoneOtpChannel, type PhoneOtpPurpose } from './tables.ts';
import type { Handle } from '../../lib/db-types.ts';

export interface NewPhoneOtp {
  purpose: PhoneOtpPurpose;
  phone: string;
  code_hash: string;
  channel: PhoneOtpChannel;
  sent_at: string;
  expires_at: string;
}

/**
 * Stores a fresh code unless the last send for (purpose, phone) is younger than the cooldown.
 * One conditional upsert: concurrent sends serialise on the row and only one of them wins.
 */
export async function storePhoneOtpIfCool(db: Handle, otp: NewPhoneOtp, cooledBefore: string): Promise<boolean> {
  const row = await own(db)
    .insertInto('phone_otps')
    .values({ ...otp, attempts: 0 })
    .onConflict((oc) =>
      oc
        .columns(['purpose', 'phone'])
        .doUpdateSet((eb) => ({
          code_hash: eb.ref('excluded.code_hash'),
          channel: eb.ref('excluded.channel'),
          attempts: 0,
          sent_at: eb.ref('excluded.sent_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('phone_otps.sent_at', '<=', cooledBefore),
    )
    .returning('sent_at')
    .executeTakeFirst();
  return row !== undefined;
}

export function findPhoneOtpSentAt(db: Handle, purpose: PhoneOtpPurpose, phone: string): Promise<{ sent_at: string } | undefined> {
  return own(db).selectFrom('phone_otps').select('sent_at').where('purpose', '=', purpose).where('phone', '=', phone).executeTakeFirst();
}

/** Removes the code stored by one send (and only that one) after its delivery failed. */
export async function deletePhoneOtp(db: Handle, purpose: PhoneOtpPurpose, phone: string, codeHash: string): Promise<void> {
  await own(db).deleteFrom('phone_otps').where('purpose', '=', purpose).where('phone', '=', phone).where('code_hash', '=', codeHash).execute();
}

/** Counts one verify attempt against a live code, atomically; no row means no live code (or it is used up). */
export function countPhoneAttempt(
  db: Handle,
  purpose: PhoneOtpPurpose,
  phone: string,
  now: string,
  maxAttempts: number,
): Promise<{ code_hash: string | null; attempts: number; channel: PhoneOtpChannel } | undefined> {
  return own(db)
    .updateTable('phone_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('purpose', '=', purpose)
    .where('phone', '=', phone)
    .where('code_hash', 'is not', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['code_hash', 'attempts', 'channel'])
    .executeTakeFirst();
}

/** Spends (or burns) a code: true for exactly one caller however many race. */
export async function clearPhoneCode(db: Handle, purpose: PhoneOtpPurpose, phone: string, codeHash: string, now?: string): Promise<boolean> {
  let q = own(db).updateTable('phone_otps').set({ code_hash: null }).where('purpose', '=', purpose).where('phone', '=', phone).where('code_hash', '=', codeHash);
  if (now !== undefined) q = q.where('expires_at', '>', now);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface NewEmailOtp {
  user_id: string;
  email: string;
  code_hash: string;
  sent_at: string;
  expires_at: string;
}

/** The email twin of storePhoneOtpIfCool: one pending code per user, cooldown enforced atomically. */
export async function storeEmailOtpIfCool(db: Handle, otp: NewEmailOtp, cooledBefore: string): Promise<boolean> {
  const row = await own(db)
    .insertInto('email_otps')
    .values({ ...otp, attempts: 0 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          code_hash: eb.ref('excluded.code_hash'),
          attempts: 0,
          sent_at: eb.ref('excluded.sent_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('email_otps.sent_at', '<=', cooledBefore),
    )
    .returning('sent_at')
    .executeTakeFirst();
  return row !== undefined;
}

export function findEmailOtpSentAt(db: Handle, userId: string): Promise<{ sent_at: string } | undefined> {
  return own(db).selectFrom('email_otps').select('sent_at').where('user_id', '=', userId).executeTakeFirst();
}

export async function deleteEmailOtp(db: Handle, userId: string, codeHash: string): Promise<void> {
  await own(db).deleteFrom('email_otps').where('user_id', '=', userId).where('code_hash', '=', codeHash).execute();
}

export function countEmailAttempt(
  db: Handle,
  userId: string,
  now: string,
  maxAttempts: number,
): Promise<{ code_hash: string | null; attempts: number; email: string } | undefined> {
  return own(db)
    .updateTable('email_otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('code_hash', 'is not', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning(['code_hash', 'attempts', 'email'])
    .executeTakeFirst();
}

export async function clearEmailCode(db: Handle, userId: string, codeHash: string, now?: string): Promise<boolean> {
  let q = own(db).updateTable('email_otps').set({ code_hash: null }).where('user_id', '=', userId).where('code_hash', '=', codeHash);
  if (now !== undefined) q = q.where('expires_at', '>', now);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Codes that expired before `before` (retention job). Rows stay only as long as they are useful. */
export async function purgeExpired(db: Handle, before: string): Promise<number> {
  const a = await own(db).deleteFrom('phone_otps').where('expires_at', '<', before).executeTakeFirst();
  const b = await own(db).deleteFrom('email_otps').where('expires_at', '<', before).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}

/** A deleted user's pending e-mail codes (they hold the address). */
export async function deleteEmailOtpsOf(db: Handle, userId: string): Promise<void> {
  await own(db).deleteFrom('email_otps').where('user_id', '=', userId).execute();
}
