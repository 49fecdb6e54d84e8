import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { otpRoutes } from './otp.routes.ts';

/** Routes under /api/v1. */
export const routes: FastifyPluginAsyncTypebox = otpRoutes;

/** Routes at the host root (outside /api/v1): none for this domain. */
export const rootRoutes: FastifyPluginAsyncTypebox = async (_app) => {};

export { checkPhoneOtp, consumePhoneOtp, purgeExpiredOtps, sendPhoneOtp, spendPhoneOtp } from './otp.service.ts';
export type { PhoneOtpProof, PhoneOtpPurpose } from './otp.service.ts';
export { recordSignupReferralInput } from './signup-referrals.ts';
