import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import * as auth from './auth.service.ts';
import {
  AdminLoginResponseSchema,
  LoginBodySchema,
  RefreshBodySchema,
  RegisterBodySchema,
  TokenPairSchema,
} from './auth.schemas.ts';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['auth'];

  app.post('/auth/register', { schema: { tags, body: RegisterBodySchema, response: { 201: TokenPairSchema } } }, async (req, reply) =>
    reply.status(201).send(await auth.register(ctx, req.body, req.ip)),
  );

  app.post('/auth/login', { schema: { tags, body: LoginBodySchema, response: { 200: TokenPairSchema } } }, (req) =>
    auth.login(ctx, req.body, req.ip),
  );

  // The schema describes the body; a body that fails it is a failed login like any other (401).
  app.post('/auth/admin/login', { attachValidation: true, schema: { tags, body: LoginBodySchema, response: { 200: AdminLoginResponseSchema } } }, (req) =>
    auth.adminLogin(ctx, req.body, req.ip),
  );

  app.post('/auth/refresh', { schema: { tags, body: RefreshBodySchema, response: { 200: TokenPairSchema } } }, (req) =>
    auth.refresh(ctx, req.body.refresh_token),
  );

  app.post(
    '/auth/logout',
    { config: { auth: 'user' }, schema: { tags, response: { 204: Type.Null({ description: 'all sessions ended' }) } } },
    async (req, reply) => {
      await auth.logout(ctx, req.principal!);
      return reply.status(204).send(null);
    },
  );
};
