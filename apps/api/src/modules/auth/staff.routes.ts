import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import * as mfa from './mfa.service.ts';
import { ownAdminSessions, signOutOwnSession } from './auth.service.ts';
import * as staff from './staff.service.ts';
import { AdminSignInSchema } from './auth.schemas.ts';
import {
  AcceptedInviteSchema,
  AcceptInviteBodySchema,
  AdminMeSchema,
  AdminSessionsSchema,
  CodeBodySchema,
  CurrentPasswordBodySchema,
  InviteBodySchema,
  MfaLoginBodySchema,
  MfaSetupSchema,
  RecoveryCodesSchema,
  SessionIdParamsSchema,
  StaffIdParamsSchema,
  StaffMemberSchema,
  UpdateStaffBodySchema,
} from './staff.schemas.ts';

const NoContent = Type.Null({ description: 'done' });

/** Staff sign-in's second step, invitations, the caller's own 2FA, and staff management. */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;

  app.post('/auth/admin/login/mfa', { schema: { tags: ['auth'], body: MfaLoginBodySchema, response: { 200: AdminSignInSchema } } }, (req) =>
    mfa.loginWithCode(ctx, req.body, req.ip),
  );
  app.post('/auth/admin/accept-invite', { schema: { tags: ['auth'], body: AcceptInviteBodySchema, response: { 200: AcceptedInviteSchema } } }, (req) =>
    staff.acceptInvite(ctx, req.body, req.ip),
  );

  const tags = ['admin'];
  // The caller's own account: open before enrolment where ADMIN_REQUIRE_MFA asks for it.
  app.get('/admin/me', { config: { auth: 'admin', permission: 'staff.self', beforeMfa: true }, schema: { tags, response: { 200: AdminMeSchema } } }, (req) =>
    mfa.me(ctx, req.principal!),
  );
  app.post(
    '/admin/me/mfa/setup',
    { config: { auth: 'admin', permission: 'staff.self', beforeMfa: true }, schema: { tags, body: CurrentPasswordBodySchema, response: { 200: MfaSetupSchema } } },
    (req) => mfa.setup(ctx, req.principal!, req.body.current_password, req.ip),
  );
  app.post(
    '/admin/me/mfa/confirm',
    { config: { auth: 'admin', permission: 'staff.self', beforeMfa: true }, schema: { tags, body: CodeBodySchema, response: { 200: RecoveryCodesSchema } } },
    (req) => mfa.confirm(ctx, req.principal!, req.body.code, req.body.current_password, req.ip),
  );
  app.post(
    '/admin/me/mfa/disable',
    { config: { auth: 'admin', permission: 'staff.self' }, schema: { tags, body: CodeBodySchema, response: { 204: NoContent } } },
    async (req, reply) => {
      await mfa.disableOwn(ctx, req.principal!, req.body.code, req.body.current_password, req.ip);
      return reply.status(204).send(null);
    },
  );

  app.get('/admin/me/sessions', { config: { auth: 'admin', permission: 'staff.self' }, schema: { tags, response: { 200: AdminSessionsSchema } } }, (req) =>
    ownAdminSessions(ctx, req.principal!),
  );
  app.delete(
    '/admin/me/sessions/:id',
    { config: { auth: 'admin', permission: 'staff.self' }, schema: { tags, params: SessionIdParamsSchema, response: { 204: NoContent } } },
    async (req, reply) => {
      await signOutOwnSession(ctx, req.principal!, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/staff',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, querystring: PageQuerySchema, response: { 200: pageOf(StaffMemberSchema) } } },
    (req) => staff.listStaff(ctx, req.query),
  );
  app.post(
    '/admin/staff',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, body: InviteBodySchema, response: { 201: StaffMemberSchema } } },
    async (req, reply) => reply.status(201).send(await staff.invite(ctx, req.principal!.userId, req.body)),
  );
  app.patch(
    '/admin/staff/:id',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, params: StaffIdParamsSchema, body: UpdateStaffBodySchema, response: { 200: StaffMemberSchema } } },
    (req) => staff.update(ctx, req.principal!.userId, req.params.id, req.body),
  );
  app.post(
    '/admin/staff/:id/reset',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, params: StaffIdParamsSchema, response: { 200: StaffMemberSchema } } },
    (req) => staff.resetSignIn(ctx, req.principal!.userId, req.params.id),
  );
  app.post(
    '/admin/staff/:id/invite',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, params: StaffIdParamsSchema, response: { 200: StaffMemberSchema } } },
    (req) => staff.resendInvite(ctx, req.principal!.userId, req.params.id),
  );
  app.delete(
    '/admin/staff/:id/invite',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, params: StaffIdParamsSchema, response: { 200: StaffMemberSchema } } },
    (req) => staff.revokeInvite(ctx, req.principal!.userId, req.params.id),
  );
  app.delete(
    '/admin/staff/:id/mfa',
    { config: { auth: 'admin', permission: 'staff.manage' }, schema: { tags, params: StaffIdParamsSchema, response: { 204: NoContent } } },
    async (req, reply) => {
      await staff.resetStaffMfa(ctx, req.principal!.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
