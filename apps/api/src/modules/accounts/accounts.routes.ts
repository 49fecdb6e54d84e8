import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as accounts from './accounts.service.ts';
import { PatchMeSchema, UserSchema } from './accounts.schemas.ts';

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['accounts'];

  app.get('/me', { config: { auth: 'user' }, schema: { tags, response: { 200: UserSchema } } }, (req) =>
    accounts.getProfile(ctx, req.principal!.userId),
  );

  app.patch('/me', { config: { auth: 'user' }, schema: { tags, body: PatchMeSchema, response: { 200: UserSchema } } }, (req) =>
    accounts.updateProfile(ctx, req.principal!.userId, req.body),
  );
};
