import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authRoutes } from './auth.routes.ts';
import { otpRoutes } from './otp.routes.ts';
import { staffRoutes } from './staff.routes.ts';

/** Routes under /api/v1: sign-up, sign-in (password, admin, SMS and e-mail codes, IdP), sessions. */
export const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(authRoutes);
  await app.register(otpRoutes);
  await app.register(staffRoutes);
};

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};

export { checkPhoneOtp, consumePhoneOtp, isStaffAccount, purgeExpiredOtps, sendPhoneOtp, spendPhoneOtp } from './otp.service.ts';
export type { PhoneOtpProof, PhoneOtpPurpose } from './otp.service.ts';
export type { AuthView } from './tables.ts';
export { forgetEmailCodes } from './otp.service.ts';
export { checkSession, endAllSessions, requirePhone, sessionEnded } from './auth.service.ts';
export { CALLER, SESSION_REFUSALS, sessionCheckCte, type SessionRefusal } from './auth.repository.ts';
export { OtpSentSchema } from './otp.schemas.ts';
export { PhoneSchema } from './auth.schemas.ts';
export { permissionsOf, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from './permissions.ts';
export { breakGlassResetMfa } from './staff.service.ts';
export { purgeChallenges } from './mfa.service.ts';
