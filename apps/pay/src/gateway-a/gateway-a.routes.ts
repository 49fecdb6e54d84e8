import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GatewayAResponseFormSchema, pageResponses, TokenFormSchema } from '../schemas.ts';
import { show } from '../views.ts';

/** Gateway A's two routes; the flow is `GatewayAService` (gateway-a.service.ts). */

/** A payer posts one response per payment (a few with "Check again"); 30 a minute per IP is plenty. */
export const RESPONSE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export const gatewayARoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { gatewayA } = app.pay;

  app.post('/api/gateway-a/initiate', { schema: { body: TokenFormSchema, response: pageResponses(200, 400, 404, 409, 410, 503) } }, async (req, reply) =>
    show(reply, await gatewayA.start(req.body.token, req.log)),
  );

  // Each response costs a decryption and a call to gateway A's status API: bounded per IP.
  app.post(
    '/api/gateway-a/response',
    { schema: { body: GatewayAResponseFormSchema, response: pageResponses(200, 400, 429, 503) }, config: { rateLimit: RESPONSE_RATE_LIMIT } },
    async (req, reply) => show(reply, await gatewayA.confirm(req.body.encResp ?? '', req.log)),
  );
};
