import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema, pageResponses, TokenFormSchema, WebhookAnswerSchema } from '../schemas.ts';
import { show } from '../views.ts';

/** Gateway B's routes; the flow is `GatewayBService` (gateway-b.service.ts). */

export const gatewayBRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { gatewayB } = app.pay;

  app.post('/api/gateway-b/create', { schema: { body: TokenFormSchema, response: pageResponses(200, 400, 404, 409, 410, 502, 503) } }, async (req, reply) =>
    show(reply, await gatewayB.start(req.body.token, req.log)),
  );

  app.get(
    '/api/gateway-b/return',
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String()), PayerID: Type.Optional(Type.String()) }, { additionalProperties: true }),
        response: pageResponses(200, 400, 503),
      },
    },
    async (req, reply) => show(reply, await gatewayB.returned(req.query.token ?? '', req.log)),
  );

  app.get(
    '/api/gateway-b/cancel',
    {
      schema: {
        querystring: Type.Object({ token: Type.Optional(Type.String()) }, { additionalProperties: true }),
        // …or a 303 without a body back to the hosted page.
        response: pageResponses(200, 400, 503),
      },
    },
    async (req, reply) => show(reply, await gatewayB.cancelled(req.query.token ?? '')),
  );

  // The body stays unvalidated (`Type.Unknown`): it goes back to gateway B byte for byte to be verified.
  app.post(
    '/api/gateway-b/webhook',
    { schema: { body: Type.Unknown(), response: { 200: WebhookAnswerSchema, 400: ErrorSchema, 503: ErrorSchema } } },
    async (req, reply) => {
      const answer = await gatewayB.webhook(req.headers, req.body, req.log);
      return reply.code(answer.status).send(answer.body);
    },
  );
};
