import { Type } from '../../lib/typebox.ts';
import { FullNameSchema, UserSchema } from '../accounts/index.ts';

export const PhoneSchema = Type.String({ minLength: 1, maxLength: 32, description: 'E.164, or national with DEFAULT_COUNTRY_CODE' });
export const PasswordSchema = Type.String({ minLength: 8, maxLength: 128 });
/**
 * Any value: an invalid or unknown code never fails a sign-up, it is ignored (a string over 64
 * characters is not even kept, nor is anything but a string).
 */
export const ReferralCodeSchema = Type.Unknown({ description: 'a share code (a string); an invalid or unknown code, or any other value, is ignored' });

export const RegisterBodySchema = Type.Object({
  phone: PhoneSchema,
  password: PasswordSchema,
  full_name: FullNameSchema,
  referral_code: Type.Optional(ReferralCodeSchema),
});

export const LoginBodySchema = Type.Object({
  phone: PhoneSchema,
  // Login accepts any length up to the maximum: a too-short guess is just a wrong password.
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const TokenPairSchema = Type.Object({
  custom_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds until custom_token expires' }),
});

export const AdminSignInSchema = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  user: UserSchema,
});

export const MfaChallengeSchema = Type.Object(
  {
    mfa_required: Type.Literal(true),
    mfa_token: Type.String({ description: 'single use; send it with a code to /auth/admin/login/mfa' }),
    expires_in: Type.Integer({ description: 'seconds the mfa_token stays valid' }),
  },
  { description: 'the account has two-factor sign-in: the password was right, a code comes next' },
);

/** The admin token, or, for an account with two-factor sign-in, the challenge for its second step. */
export const AdminLoginResponseSchema = Type.Union([AdminSignInSchema, MfaChallengeSchema]);

export const RefreshBodySchema = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 200 }) });
