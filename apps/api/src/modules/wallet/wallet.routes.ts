import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import { GatewayBClient } from '@storefront/gateway-b';
import { installSignedScope } from './signed.ts';
import * as topups from './topup.service.ts';
import * as wallet from './wallet.service.ts';
import {
  DailySpinResponseSchema,
  SettleResponseSchema,
  TopupAttachBodySchema,
  TopupAttachResponseSchema,
  TopupCreditBodySchema,
  TopupCreditResponseSchema,
  TopupInitiateBodySchema,
  TopupInitiateResponseSchema,
  TopupLookupBodySchema,
  TopupLookupResponseSchema,
  TopupStatusParamsSchema,
  TopupStatusResponseSchema,
  TransactionSchema,
  WalletSchema,
} from './wallet.schemas.ts';

/** `/wallet/*` for the app (token) and for the payment server (signed). `POST /wallet/topup` deliberately does not exist. */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['wallet'];
  // One client per app, so its OAuth token is cached across polls.
  const gatewayB = ctx.config.gatewayB ? new GatewayBClient(ctx.config.gatewayB, { timeoutMs: ctx.config.gatewayB.timeoutMs, nowMs: () => ctx.clock.now().getTime() }) : null;
  const user = { auth: 'user' as const };

  app.get('/wallet', { config: { ...user, withWallet: true }, schema: { tags, response: { 200: WalletSchema } } }, (req) =>
    wallet.getWallet(ctx, req.principal!.userId, req.principal!.wallet),
  );

  app.get(
    '/wallet/transactions',
    { config: user, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(TransactionSchema) } } },
    (req) => wallet.listTransactions(ctx, req.principal!.userId, req.query),
  );

  app.post('/wallet/settle-pending', { config: user, schema: { tags, response: { 200: SettleResponseSchema } } }, (req) =>
    wallet.settlePending(ctx, req.principal!.userId),
  );

  app.post('/wallet/daily-spin', { config: user, schema: { tags, response: { 200: DailySpinResponseSchema } } }, (req) =>
    wallet.dailySpin(ctx, req.principal!.userId),
  );

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
  };
  await app.register(signedRoutes);
};
