import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import * as referrals from './referrals.service.ts';

const MyCodeSchema = Type.Object({ referral_code: Type.String(), share_url: Type.String() });
const CheckSchema = Type.Object({ referral_code: Type.Union([Type.String(), Type.Null()]) });

export const referralRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['referrals'];

  app.get('/referrals/my-code', { config: { auth: 'user' }, schema: { tags, response: { 200: MyCodeSchema } } }, (req) =>
    referrals.myCode(ctx, req.principal!.userId),
  );

  app.get('/referrals/check', { schema: { tags, response: { 200: CheckSchema } } }, (req) => referrals.check(ctx, req.ip));
};

/** `GET /r/:code` at the host root: the public share link. */
export const referralRootRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  app.get(
    // A wildcard, not `:code`: a parameter longer than Fastify's maxParamLength would be a 414,
    // and the rule is that every code, however malformed, still redirects.
    '/r/*',
    {
      schema: {
        tags: ['referrals'],
        params: Type.Object({ '*': Type.String({ description: 'the referral code' }) }),
        response: { 302: Type.Null({ description: 'Location: MOBILE_STORE_URL with referrer=<CODE> in its query' }) },
      },
    },
    async (req, reply) => {
      // A HEAD (link previews, crawlers) gets the same answer but is not a click.
      const location = await referrals.click(ctx, { code: req.params['*'], ip: req.ip, userAgent: req.headers['user-agent'], log: req.method === 'GET' });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );
};
