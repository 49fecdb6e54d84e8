import type { Ctx } from '../../context.ts';
import type { Executor } from '../../lib/db-types.ts';
import { insertSignupReferralInput } from './otp.repository.ts';

export type ReferralSource = 'install_referrer' | 'manual';
const SOURCES = new Set<string>(['install_referrer', 'manual']);
const MAX_KEPT_CODE_LENGTH = 64;

/**
 * Keeps what a signup (password registration or first OTP login) carried for referral
 * attribution, in the transaction that creates the user. Attribution itself belongs to the
 * referrals domain; an odd code or source never fails a signup, it is just stored as given or null.
 */
export async function recordSignupReferralInput(
  ctx: Ctx,
  trx: Executor,
  input: { userId: string; referralCode?: string | null; referralSource?: string | null; ip?: string | null },
): Promise<void> {
  const given = input.referralCode?.trim() || null;
  // No code is longer than this; a longer value is ignored rather than stored.
  const code = given && given.length <= MAX_KEPT_CODE_LENGTH ? given : null;
  const source = input.referralSource && SOURCES.has(input.referralSource) ? (input.referralSource as ReferralSource) : null;
  await insertSignupReferralInput(trx, {
    user_id: input.userId,
    referral_code: code,
    referral_source: source,
    ip: input.ip ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
}
