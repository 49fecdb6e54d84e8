import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as emailOtp from './email-otp.service.ts';
import * as otp from './otp.service.ts';
import {
  EmailSendBodySchema,
  EmailVerifiedSchema,
  EmailVerifyBodySchema,
  OtpLoginSchema,
  OtpSendBodySchema,
  OtpSentSchema,
  OtpVerifyBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResultSchema,
} from './otp.schemas.ts';

export const otpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['auth'];

  app.post('/auth/otp/send', { schema: { tags, body: OtpSendBodySchema, response: { 200: OtpSentSchema } } }, (req) =>
    otp.sendPhoneOtp(ctx, { phone: req.body.phone, purpose: req.body.purpose ?? 'login', ip: req.ip }),
  );

  app.post('/auth/otp/verify', { schema: { tags, body: OtpVerifyBodySchema, response: { 200: OtpLoginSchema } } }, (req) =>
    otp.verifyLoginOtp(ctx, req.body, req.ip),
  );

  app.post('/auth/reset-password', { schema: { tags, body: ResetPasswordBodySchema, response: { 200: ResetPasswordResultSchema } } }, (req) =>
    otp.resetPassword(ctx, req.body),
  );

  app.post(
    '/me/email/send-otp',
    // A closed gate answers 503 whatever the body (after the token check, before the body is read).
    { config: { auth: 'user' }, onRequest: async () => void emailOtp.requireMailer(ctx), schema: { tags: ['accounts'], body: EmailSendBodySchema, response: { 200: OtpSentSchema } } },
    (req) => emailOtp.sendEmailOtp(ctx, req.principal!.userId, req.body, req.ip),
  );

  app.post(
    '/me/email/verify-otp',
    { config: { auth: 'user' }, schema: { tags: ['accounts'], body: EmailVerifyBodySchema, response: { 200: EmailVerifiedSchema } } },
    (req) => emailOtp.verifyEmailOtp(ctx, req.principal!.userId, req.body),
  );
};
