import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { PhoneSchema } from '../auth/index.ts';
import { OtpSentSchema } from '../auth/index.ts';
import * as deletion from './deletion.service.ts';

const OtpSchema = Type.String({ minLength: 1, maxLength: 16, description: 'the 6-digit code' });
const TokenSchema = Type.Object({
  deletion_token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds the token stays usable' }),
});
const RequestBodySchema = Type.Object({
  deletion_token: Type.String({ minLength: 1, maxLength: 200 }),
  reason: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
});
const StatusNameSchema = Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('cancelled'), Type.Literal('completed')]);
const StateSchema = Type.Object({
  status: StatusNameSchema,
  requested_at: Type.Optional(Type.String()),
  scheduled_for: Type.Optional(Type.String()),
});
const BlockerSchema = Type.Union([Type.Literal('open_orders'), Type.Literal('wallet_balance')]);
const EligibilitySchema = Type.Object({ eligible: Type.Boolean(), blockers: Type.Array(BlockerSchema) });

export const deletionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['account deletion'];
  const user = { auth: 'user' as const };

  // Web flow: public, proven by an OTP to the registered phone.
  app.post(
    '/account/deletion/web/send-otp',
    { schema: { tags, body: Type.Object({ phone: PhoneSchema }), response: { 200: OtpSentSchema } } },
    (req) => deletion.webSendOtp(ctx, req.body.phone, req.ip),
  );
  app.post(
    '/account/deletion/web/verify',
    { schema: { tags, body: Type.Object({ phone: PhoneSchema, otp: OtpSchema }), response: { 200: TokenSchema } } },
    (req) => deletion.webVerify(ctx, req.body),
  );
  app.post(
    '/account/deletion/web/request',
    { schema: { tags, body: RequestBodySchema, response: { 200: StateSchema, 201: StateSchema } } },
    async (req, reply) => {
      const r = await deletion.fileRequest(ctx, req.body, 'web', null);
      return reply.status(r.created ? 201 : 200).send(r.state);
    },
  );

  // In-app flow: signed in, OTP to the account's own phone.
  app.get('/account/deletion/eligibility', { config: user, schema: { tags, response: { 200: EligibilitySchema } } }, (req) =>
    deletion.eligibility(ctx, req.principal!.userId),
  );
  app.post('/account/deletion/send-otp', { config: user, schema: { tags, response: { 200: OtpSentSchema } } }, (req) =>
    deletion.appSendOtp(ctx, req.principal!, req.ip),
  );
  app.post(
    '/account/deletion/verify-otp',
    { config: user, schema: { tags, body: Type.Object({ otp: OtpSchema }), response: { 200: TokenSchema } } },
    (req) => deletion.appVerify(ctx, req.principal!, req.body),
  );
  app.post(
    '/account/deletion/request',
    { config: user, schema: { tags, body: RequestBodySchema, response: { 200: StateSchema, 201: StateSchema } } },
    async (req, reply) => {
      const r = await deletion.fileRequest(ctx, req.body, 'app', req.principal!);
      return reply.status(r.created ? 201 : 200).send(r.state);
    },
  );
  app.get('/account/deletion/status', { config: user, schema: { tags, response: { 200: StateSchema } } }, (req) =>
    deletion.status(ctx, req.principal!.userId),
  );
  app.post('/account/deletion/cancel', { config: user, schema: { tags, response: { 200: StateSchema } } }, (req) =>
    deletion.cancel(ctx, req.principal!.userId),
  );
};
