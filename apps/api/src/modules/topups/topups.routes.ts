import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { GatewayBClient } from '@storefront/gateway-b';
import { installSignedScope } from './signed.ts';
import * as topups from './topup.service.ts';
import {
  TopupAttachBodySchema,
  TopupAttachResponseSchema,
  TopupCreditBodySchema,
  TopupCreditResponseSchema,
  TopupDeclineBodySchema,
  TopupDeclineResponseSchema,
  TopupInitiateBodySchema,
  TopupInitiateResponseSchema,
  TopupLookupBodySchema,
  TopupLookupResponseSchema,
  TopupStatusParamsSchema,
  TopupStatusResponseSchema,
} from './topups.schemas.ts';

/** `/wallet/topup-*` for the app (token) and for the payment server (signed). `POST /wallet/topup` deliberately does not exist. */
export const topupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['wallet'];
  // One client per app, so its OAuth token is cached across polls.
  const gatewayB = ctx.config.gatewayB ? new GatewayBClient(ctx.config.gatewayB, { timeoutMs: ctx.config.gatewayB.timeoutMs, nowMs: () => ctx.clock.now().getTime() }) : null;
  const user = { auth: 'user' as const };

  app.post(
    '/wallet/topup-initiate',
    // A closed gate answers 503 whatever the body (after the token check, before the body is read).
    { config: user, onRequest: async () => void topups.topupPage(ctx), schema: { tags, body: TopupInitiateBodySchema, response: { 201: TopupInitiateResponseSchema } } },
    async (req, reply) => reply.status(201).send(await topups.initiateTopup(ctx, req.principal!.userId, req.body.amount, req.body.return_url)),
  );

  app.get(
    '/wallet/topup-status/:token',
    { config: user, schema: { tags, params: TopupStatusParamsSchema, response: { 200: TopupStatusResponseSchema } } },
    (req) => topups.topupStatus(ctx, gatewayB, req.principal!.userId, req.params.token),
  );

  const signedRoutes: FastifyPluginAsyncTypebox = async (signed) => {
    installSignedScope(signed as unknown as FastifyInstance);
    const headers = {
      type: 'object',
      properties: { 'x-store-signature': { type: 'string', description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">' } },
    } as const;

    signed.post(
      '/wallet/topup-credit',
      {
        attachValidation: true,
        schema: { tags, headers, body: TopupCreditBodySchema, response: { 200: TopupCreditResponseSchema } },
      },
      async (req) => {
        if (req.validationError) {
          await topups.logWebhook(ctx, ctx.db, { endpoint: 'topup-credit', ...topups.logFieldsOf(req.body), outcome: 'rejected', reason: 'validation_failed' });
          throw req.validationError;
        }
        return topups.creditTopup(ctx, req.body);
      },
    );

    signed.post(
      '/wallet/topup-lookup',
      { schema: { tags, headers, body: TopupLookupBodySchema, response: { 200: TopupLookupResponseSchema } } },
      (req) => topups.lookupTopup(ctx, req.body.token),
    );

    signed.post(
      '/wallet/topup-attach',
      { schema: { tags, headers, body: TopupAttachBodySchema, response: { 200: TopupAttachResponseSchema } } },
      (req) => topups.attachTopup(ctx, req.body),
    );

    signed.post(
      '/wallet/topup-decline',
      { schema: { tags, headers, body: TopupDeclineBodySchema, response: { 200: TopupDeclineResponseSchema } } },
      (req) => topups.declineTopup(ctx, req.body),
    );
  };
  await app.register(signedRoutes);
};
