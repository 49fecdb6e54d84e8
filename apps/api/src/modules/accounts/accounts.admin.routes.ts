import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import * as accounts from './accounts.service.ts';
import { UserSchema } from './accounts.schemas.ts';

export const accountAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get(
    '/admin/users/:uid',
    { config: { auth: 'admin' }, schema: { tags, params: Type.Object({ uid: Type.String({ maxLength: 64 }) }), response: { 200: UserSchema } } },
    (req) => accounts.getProfile(ctx, req.params.uid),
  );
};
