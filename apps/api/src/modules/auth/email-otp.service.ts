import type { Ctx } from '../../context.ts';
import { isUniqueViolation } from '../../db/kysely.ts';
import { own } from './tables.ts';
import { HOUR, MINUTE, SECOND } from '../../lib/clock.ts';
import { AppError, conflict, notFound, rateLimited } from '../../lib/errors.ts';
import { mailerFor } from '../../lib/mailer.ts';
import { enforce, type RateRule } from '../../lib/rate-limit.ts';
import { accounts } from '../accounts/index.ts';
import { generateCode, hashCode, sameHash } from './otp.codes.ts';
import * as repo from './otp.repository.ts';
import type { OtpSent } from './otp.service.ts';

/** The spec's Limits table for email verification. */
export const EMAIL_OTP = {
  ttlMs: 10 * MINUTE,
  cooldownMs: 60 * SECOND,
  maxAttempts: 5,
} as const;
export const EMAIL_SEND_USER_RULE: RateRule = { bucket: 'email_otp_user', limit: 5, windowMs: HOUR, code: 'EMAIL_OTP_RATE_LIMITED' };
export const EMAIL_SEND_IP_RULE: RateRule = { bucket: 'email_otp_ip', limit: 20, windowMs: HOUR, code: 'EMAIL_OTP_RATE_LIMITED' };

const PURPOSE = 'email';
const invalidOtp = () => new AppError(400, 'invalid_otp', 'The code is wrong or has expired');
const emailInUse = () => conflict('email_in_use', 'This email address is verified by another account');
const normaliseEmail = (email: string): string => email.trim().toLowerCase();

function message(code: string) {
  const minutes = EMAIL_OTP.ttlMs / MINUTE;
  return {
    subject: 'Your Storefront verification code',
    text: `Your Storefront email verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this email.\n`,
    html:
      `<p>Your Storefront email verification code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
      `<p>It expires in ${minutes} minutes. If you did not ask for it, ignore this email.</p>`,
  };
}

/** The email gate (SMTP_*); the route checks it before it reads the body. */
export function requireMailer(ctx: Ctx) {
  const mailer = mailerFor(ctx.config);
  if (!mailer) throw new AppError(503, 'email_disabled', 'Email is not configured');
  return mailer;
}

/** `POST /me/email/send-otp`: mails a code proving the caller owns `email`. */
export async function sendEmailOtp(ctx: Ctx, userId: string, input: { email: string }, ip: string): Promise<OtpSent> {
  const mailer = requireMailer(ctx);
  const email = normaliseEmail(input.email);
  if (!(await accounts.findUserById(ctx.db, userId))) throw notFound('user');
  if (await accounts.findVerifiedEmailOwner(ctx.db, email, userId)) throw emailInUse();

  const code = generateCode();
  const codeHash = hashCode(ctx.config.jwtSecret, PURPOSE, `${userId}|${email}`, code);
  const now = ctx.clock.now();
  await own(ctx.db).transaction().execute(async (trx) => {
    const stored = await repo.storeEmailOtpIfCool(
      trx,
      { user_id: userId, email, code_hash: codeHash, sent_at: now.toISOString(), expires_at: new Date(now.getTime() + EMAIL_OTP.ttlMs).toISOString() },
      new Date(now.getTime() - EMAIL_OTP.cooldownMs).toISOString(),
    );
    if (!stored) {
      const last = await repo.findEmailOtpSentAt(trx, userId);
      const wait = last ? Date.parse(last.sent_at) + EMAIL_OTP.cooldownMs - now.getTime() : SECOND;
      throw rateLimited(EMAIL_SEND_USER_RULE.code, Math.max(1, Math.ceil(wait / SECOND)), 'Wait before asking for another code');
    }
    await enforce(trx, ctx, EMAIL_SEND_USER_RULE, { id: userId });
    await enforce(trx, ctx, EMAIL_SEND_IP_RULE, { ip });
  });

  try {
    await mailer.send({ to: email, ...message(code) });
  } catch (err) {
    await repo.deleteEmailOtp(ctx.db, userId, codeHash);
    ctx.log.warn({ reason: (err as { code?: string }).code ?? 'error' }, 'email otp send failed');
    throw new AppError(502, 'email_send_failed', 'Could not send the email');
  }
  ctx.log.info('email otp sent');
  return { sent: true, expires_in: EMAIL_OTP.ttlMs / SECOND, resend_in: EMAIL_OTP.cooldownMs / SECOND };
}

/** `POST /me/email/verify-otp`: a correct code sets the email as verified; 5 wrong codes burn it. */
export async function verifyEmailOtp(ctx: Ctx, userId: string, input: { otp: string }): Promise<{ email: string; email_verified: true }> {
  const now = ctx.clock.now().toISOString();
  const row = await repo.countEmailAttempt(ctx.db, userId, now, EMAIL_OTP.maxAttempts);
  if (!row?.code_hash) throw invalidOtp();
  const codeHash = hashCode(ctx.config.jwtSecret, PURPOSE, `${userId}|${row.email}`, input.otp.trim());
  if (!sameHash(row.code_hash, codeHash)) {
    if (row.attempts >= EMAIL_OTP.maxAttempts) await repo.clearEmailCode(ctx.db, userId, row.code_hash);
    throw invalidOtp();
  }
  const email = row.email;
  try {
    await own(ctx.db).transaction().execute(async (trx) => {
      if (!(await repo.clearEmailCode(trx, userId, codeHash, now))) throw invalidOtp();
      if (await accounts.findVerifiedEmailOwner(trx, email, userId)) throw emailInUse();
      await accounts.updateUser(trx, userId, { email, email_verified: 1, email_verified_at: now }, now);
    });
  } catch (err) {
    // Another user verified the same address a moment earlier; the partial unique index decided.
    if (isUniqueViolation(err)) throw emailInUse();
    throw err;
  }
  return { email, email_verified: true };
}
