import { Type } from '../../lib/typebox.ts';
import { EmailSchema, UserSchema } from '../accounts/index.ts';
import { PasswordSchema, PhoneSchema, ReferralCodeSchema } from './auth.schemas.ts';

/** Any short string: a malformed code is just a wrong one (401), and it counts as an attempt. */
const OtpSchema = Type.String({ minLength: 1, maxLength: 16, description: 'the 6-digit code' });

export const OtpSendBodySchema = Type.Object({
  phone: PhoneSchema,
  purpose: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('reset_password')], { default: 'login' })),
});

export const OtpSentSchema = Type.Object({
  sent: Type.Literal(true),
  expires_in: Type.Integer({ description: 'seconds the code stays valid' }),
  resend_in: Type.Integer({ description: 'seconds before another code may be asked for' }),
});

export const OtpVerifyBodySchema = Type.Object({
  phone: PhoneSchema,
  otp: OtpSchema,
  // Only login codes sign in; a reset_password code is spent only by /auth/reset-password.
  purpose: Type.Optional(Type.Literal('login')),
  referral_code: Type.Optional(ReferralCodeSchema),
  referral_source: Type.Optional(Type.Unknown({ description: '`install_referrer` or `manual`; any other value is stored as null' })),
});

export const OtpLoginSchema = Type.Object({
  custom_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  user: UserSchema,
  is_new_user: Type.Boolean(),
});

export const ResetPasswordBodySchema = Type.Object({ phone: PhoneSchema, otp: OtpSchema, new_password: PasswordSchema });
export const ResetPasswordResultSchema = Type.Object({ reset: Type.Literal(true) });

export const EmailSendBodySchema = Type.Object({ email: EmailSchema });
export const EmailVerifyBodySchema = Type.Object({ otp: OtpSchema });
export const EmailVerifiedSchema = Type.Object({ email: Type.String(), email_verified: Type.Literal(true) });
