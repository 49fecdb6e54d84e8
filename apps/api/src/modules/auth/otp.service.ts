import type { Ctx } from '../../context.ts';
import { own, type PhoneOtpChannel, type PhoneOtpPurpose } from './tables.ts';
import type { Handle, SharedTrx } from '../../lib/db-types.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { HOUR, MINUTE, SECOND } from '../../lib/clock.ts';
import { inBackground } from '../../lib/background.ts';
import { AppError, rateLimited } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { normalisePhone } from '../../lib/phone.ts';
import { enforce, type RateRule } from '../../lib/rate-limit.ts';
import { accounts } from '../accounts/index.ts';
import type { User } from '../accounts/index.ts';
import { endAllSessions, issueSession, requirePhone, type TokenPair } from './auth.service.ts';
import { generateCode, hashCode, sameHash } from './otp.codes.ts';
import * as repo from './otp.repository.ts';
import { signUp } from './signup.service.ts';
import { createSmsSender, SmsError } from './sms.ts';

export type { PhoneOtpPurpose };

/** Phone OTP rules (the spec leaves them open; docs/contracts.md §4 fixes them). */
export const PHONE_OTP = {
  ttlMs: 5 * MINUTE,
  cooldownMs: 30 * SECOND,
  maxAttempts: 5,
} as const;

/** 5 sends per phone per hour, across purposes: the cap is about the SMS a phone receives. */
export const OTP_SEND_PHONE_RULE: RateRule = { bucket: 'otp_send_phone', limit: 5, windowMs: HOUR, code: 'OTP_RATE_LIMITED' };
/** Not in the spec: SMS cost abuse (many phones from one client) is the classic attack on OTP send. */
export const OTP_SEND_IP_RULE: RateRule = { bucket: 'otp_send_ip', limit: 30, windowMs: HOUR, code: 'OTP_RATE_LIMITED' };

export interface OtpSent {
  sent: true;
  expires_in: number;
  resend_in: number;
}

/** What a correct code proves, between checking it and spending it in the caller's transaction. */
export interface PhoneOtpProof {
  purpose: PhoneOtpPurpose;
  phone: string;
  codeHash: string;
  channel: PhoneOtpChannel;
}

const invalidOtp = () => new AppError(401, 'invalid_otp', 'The code is wrong or has expired');
const sendFailed = (status: 502 | 503) => new AppError(status, 'otp_send_failed', 'Could not send the code');

/**
 * A staff account (active, invited or disabled: it has a staff role) is never recovered, changed or
 * removed by SMS (docs/contracts.md §9a): no reset or web deletion code is sent to it, and
 * `POST /auth/reset-password` and `POST /account/deletion/web/verify` answer it exactly as an
 * unknown phone. An owner resets its sign-in instead (`POST /admin/staff/:id/reset`).
 */
export const isStaffAccount = (u: { is_admin: number; staff_role: string | null }): boolean => u.is_admin === 1 || u.staff_role !== null;

function reviewerPhone(ctx: Ctx): string | null {
  const r = ctx.config.reviewer;
  return r ? normalisePhone(r.phone, ctx.config.defaultCountryCode) : null;
}

const PURPOSE_TEXT: Record<PhoneOtpPurpose, string> = {
  login: 'login',
  reset_password: 'password reset',
  account_deletion: 'account deletion',
};

/** The code is the only 6-digit run in the message (docs/contracts.md §4), so readers can autofill it. */
const smsBody = (purpose: PhoneOtpPurpose, code: string): string =>
  `Your Storefront ${PURPOSE_TEXT[purpose]} code is ${code}. It expires in 5 minutes. Never share it.`;

/**
 * Sends a one-time code to `phone` for `purpose`. Limits are counted before the provider is
 * called, in one short transaction: the cooldown is an atomic conditional upsert and the hourly
 * caps use the shared limiter, so concurrent sends (or several instances) never exceed them. A
 * refused send rolls the transaction back and spends nothing. The SMS goes out after commit.
 *
 * `login` reaches any phone; other purposes send nothing to a phone without an account but answer
 * the same, so the answer does not reveal who is registered. The unauthenticated ones
 * (`reset_password`, and the web deletion flow's `uniform`) are uniform by construction: the
 * answer comes from work that never looks at the account (the phone's format, the cooldown and
 * the caps, a code stored for the phone), and the account is looked up only after the answer, with
 * the SMS. So status, body and timing are the same for a registered phone, an unknown one and a
 * failing provider (docs/contracts.md §10). An unknown phone's code is cleared then (its row keeps
 * the cooldown), and so is a staff account's code; a failed SMS is logged, counted in
 * `/metrics` (`otp_sms_total`) and deletes the code.
 */
export async function sendPhoneOtp(ctx: Ctx, input: { phone: string; purpose: PhoneOtpPurpose; ip: string; uniform?: boolean }): Promise<OtpSent> {
  const { purpose, ip } = input;
  const uniform = purpose === 'reset_password' || input.uniform === true;
  const phone = requirePhone(ctx, input.phone);
  const user = uniform ? undefined : await accounts.findUserByPhone(ctx.db, phone);
  // Reviewer login: no SMS, fixed code; never for an admin account (then it is an ordinary phone).
  const reviewer = purpose === 'login' && phone === reviewerPhone(ctx) && user?.is_admin !== 1;
  const channel: PhoneOtpChannel = reviewer ? 'reviewer' : purpose === 'login' || uniform || user ? 'sms' : 'none';
  const code = reviewer ? ctx.config.reviewer!.otp : generateCode();
  const codeHash = hashCode(ctx.config.jwtSecret, purpose, phone, code);
  const now = ctx.clock.now();

  await own(ctx.db).transaction().execute(async (trx) => {
    const stored = await repo.storePhoneOtpIfCool(
      trx,
      {
        purpose,
        phone,
        code_hash: codeHash,
        channel,
        sent_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PHONE_OTP.ttlMs).toISOString(),
      },
      new Date(now.getTime() - PHONE_OTP.cooldownMs).toISOString(),
    );
    if (!stored) {
      const last = await repo.findPhoneOtpSentAt(trx, purpose, phone);
      const wait = last ? Date.parse(last.sent_at) + PHONE_OTP.cooldownMs - now.getTime() : SECOND;
      throw rateLimited(OTP_SEND_PHONE_RULE.code, Math.max(1, Math.ceil(wait / SECOND)), 'Wait before asking for another code');
    }
    await enforce(trx, ctx, OTP_SEND_PHONE_RULE, { id: phone });
    await enforce(trx, ctx, OTP_SEND_IP_RULE, { ip });
  });

  if (channel !== 'reviewer') {
    const sender = createSmsSender(ctx.config.sms, ctx.clock);
    if (!sender) {
      await repo.deletePhoneOtp(ctx.db, purpose, phone, codeHash);
      ctx.log.warn({ purpose }, 'otp send refused: SMS provider not configured');
      throw sendFailed(503);
    }
    const deliver = async (): Promise<boolean> => {
      try {
        await sender.send({ to: phone, body: smsBody(purpose, code), purpose });
        ctx.metrics.otpSms.inc({ provider: sender.provider, outcome: 'sent' });
        return true;
      } catch (err) {
        ctx.metrics.otpSms.inc({ provider: sender.provider, outcome: 'failed' });
        // A code that never arrived must not stay usable.
        await repo.deletePhoneOtp(ctx.db, purpose, phone, codeHash);
        ctx.log.warn({ purpose, provider: sender.provider, reason: err instanceof SmsError ? err.message : 'error' }, 'otp sms failed');
        return false;
      }
    };
    if (uniform) {
      // setImmediate: the account is not even looked up before the answer has been written.
      inBackground(ctx, 'otp sms', async () => {
        await new Promise((r) => setImmediate(r));
        const user = await accounts.findUserByPhone(ctx.db, phone);
        if (user && !isStaffAccount(user)) await deliver();
        else await repo.clearPhoneCode(ctx.db, purpose, phone, codeHash);
      });
    } else if (channel === 'sms' && !(await deliver())) {
      throw sendFailed(502);
    }
  }
  ctx.log.info({ purpose, channel }, 'otp sent');
  return { sent: true, expires_in: PHONE_OTP.ttlMs / SECOND, resend_in: PHONE_OTP.cooldownMs / SECOND };
}

/**
 * Checks a code and counts the attempt, committed on its own so a wrong guess is never rolled
 * back. The attempt that reaches the cap burns the code. Throws 401 `invalid_otp`.
 */
export async function checkPhoneOtp(ctx: Ctx, input: { phone: string; purpose: PhoneOtpPurpose; code: string }): Promise<PhoneOtpProof> {
  const { phone, purpose } = input;
  const row = await repo.countPhoneAttempt(ctx.db, purpose, phone, ctx.clock.now().toISOString(), PHONE_OTP.maxAttempts);
  if (!row?.code_hash) throw invalidOtp();
  const codeHash = hashCode(ctx.config.jwtSecret, purpose, phone, input.code.trim());
  if (!sameHash(row.code_hash, codeHash)) {
    if (row.attempts >= PHONE_OTP.maxAttempts) await repo.clearPhoneCode(ctx.db, purpose, phone, row.code_hash);
    throw invalidOtp();
  }
  return { purpose, phone, codeHash, channel: row.channel };
}

/** Spends a checked code inside the caller's transaction; only one of several racing callers wins. */
export async function spendPhoneOtp(ctx: Ctx, trx: SharedTrx, proof: PhoneOtpProof): Promise<void> {
  if (!(await repo.clearPhoneCode(trx, proof.purpose, proof.phone, proof.codeHash, ctx.clock.now().toISOString()))) throw invalidOtp();
}

/**
 * Check, then spend and do `work` in one transaction: the code is used up exactly when the work
 * commits. The building block for login, password reset and account deletion.
 */
export async function consumePhoneOtp<T>(
  ctx: Ctx,
  input: { phone: string; purpose: PhoneOtpPurpose; code: string },
  work: (trx: SharedTrx, proof: PhoneOtpProof) => Promise<T>,
): Promise<T> {
  const proof = await checkPhoneOtp(ctx, input);
  return own(ctx.db).transaction().execute(async (trx) => {
    await spendPhoneOtp(ctx, trx, proof);
    return work(trx, proof);
  });
}

export interface OtpLoginResult extends TokenPair {
  user: User;
  is_new_user: boolean;
}

/** `POST /auth/otp/verify`: signs in, creating user and wallet (and keeping referral inputs) on first use. */
export async function verifyLoginOtp(
  ctx: Ctx,
  input: { phone: string; otp: string; referral_code?: unknown; referral_source?: unknown },
  ip: string,
): Promise<OtpLoginResult> {
  const phone = requirePhone(ctx, input.phone);
  const proof = await checkPhoneOtp(ctx, { phone, purpose: 'login', code: input.otp });
  const signIn = () =>
    own(ctx.db).transaction().execute(async (trx) => {
      await spendPhoneOtp(ctx, trx, proof);
      let user = await accounts.findUserByPhone(trx, phone);
      // The account may have become an admin after the reviewer send: the fixed code never signs in an admin.
      if (proof.channel === 'reviewer' && user?.is_admin === 1) throw invalidOtp();
      const isNew = !user;
      if (!user) {
        user = await signUp(ctx, trx, { phone, passwordHash: null, fullName: '' }, { code: input.referral_code, source: input.referral_source, ip });
      }
      const pair = await issueSession(ctx, trx, user);
      return { ...pair, user: accounts.toUser(user), is_new_user: isNew };
    });
  try {
    return await signIn();
  } catch (err) {
    // A password registration of the same phone won the race; the code is unspent, sign in as that user.
    if (isUniqueViolation(err)) return signIn();
    throw err;
  }
}

/**
 * `POST /auth/reset-password`: proven by a `reset_password` code; ends every session of the user.
 * A staff account is answered as an unknown phone (401 `invalid_otp`) and nothing changes, also
 * with a code sent before the account became staff.
 */
export async function resetPassword(ctx: Ctx, input: { phone: string; otp: string; new_password: string }): Promise<{ reset: true }> {
  const phone = requirePhone(ctx, input.phone);
  const proof = await checkPhoneOtp(ctx, { phone, purpose: 'reset_password', code: input.otp });
  // Hashed only after the code checks out: scrypt is too costly to spend on guesses.
  const passwordHash = await hashPassword(input.new_password, ctx.config.passwordScryptN);
  await own(ctx.db).transaction().execute(async (trx) => {
    await spendPhoneOtp(ctx, trx, proof);
    const user = await accounts.findUserByPhone(trx, phone);
    if (!user || isStaffAccount(user)) throw invalidOtp();
    await accounts.updateUser(trx, user.id, { password_hash: passwordHash }, ctx.clock.now().toISOString());
    await endAllSessions(ctx, trx, user.id);
  });
  ctx.log.info('password reset by otp');
  return { reset: true };
}

/** Retention: removes codes that expired before `before`. */
export const purgeExpiredOtps = (ctx: Ctx, before: Date): Promise<number> => repo.purgeExpired(ctx.db, before.toISOString());

/** A deleted user's pending e-mail codes, in the deletion's transaction. */
export const forgetEmailCodes = (trx: Handle, userId: string): Promise<void> => repo.deleteEmailOtpsOf(trx, userId);
