import type { Ctx } from '../../context.ts';

import type { Handle } from '../../lib/db-types.ts';
import { attributeSignup, recordSignupInput } from '../referrals/index.ts';
import { createWallet } from '../ledger/index.ts';
import { accounts } from '../accounts/index.ts';
import type { UserRow } from '../accounts/index.ts';

export interface NewUser {
  phone: string | null;
  passwordHash: string | null;
  fullName: string;
  isAdmin?: boolean;
  staffRole?: string | null;
  idpUid?: string | null;
}

/** What a signup carried for attribution: an explicit code and its source (as sent: anything but a string is ignored), and the caller's IP. */
export interface SignupReferral {
  code?: unknown;
  source?: unknown;
  ip: string | null;
}

/**
 * The one place a user comes into being, inside the caller's transaction: the user row, their
 * wallet (a user never exists without one), and, unless `referral` is null (the seeded admin), the
 * referral input kept and the attribution made (docs/referrals.md). Password registration, the
 * first SMS-code login and the first IdP sign-in all come here. Returns the user as stored,
 * `referred_by` included.
 */
export async function signUp(ctx: Ctx, trx: Handle, user: NewUser, referral: SignupReferral | null): Promise<UserRow> {
  const created = await accounts.createUser(ctx, trx, user);
  await createWallet(trx, created.id, created.created_at);
  if (!referral) return created;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const input = { userId: created.id, referralCode: text(referral.code), referralSource: text(referral.source), ip: referral.ip };
  await recordSignupInput(ctx, trx, input);
  const attributed = await attributeSignup(ctx, trx, input);
  return attributed ? (await accounts.findUserById(trx, created.id))! : created;
}
