import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '../../lib/typebox.ts';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import { PersonSchema } from '../accounts/index.ts';
import { listAudit } from './audit-log.service.ts';

const Snapshot = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], { description: 'the entity as the admin API showed it' });

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  admin_id: Type.String(),
  admin_name: Type.String({ description: "the admin's name now (an anonymised admin shows as such)" }),
  admin: PersonSchema,
  action: Type.String({ description: '`<entity>.<verb>`, e.g. `product.update`' }),
  entity: Type.String(),
  entity_id: Type.String(),
  entity_name: Type.Union([Type.String(), Type.Null()], {
    description:
      'what the record is called: a product, category or gateway name (its last one once deleted), a ticket subject, `Order <last 8 of its id, upper case> · <customer>`, or a user name; the name and phone of a staff member (`<name> · <phone>`, either alone when the other is empty); `Deleted user` for an anonymised user; null when nothing names it',
  }),
  before: Snapshot,
  after: Snapshot,
  created_at: Type.String(),
});

const AuditQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  entity: Type.Optional(Type.String({ maxLength: 40 })),
  entity_id: Type.Optional(Type.String({ maxLength: 200 })),
  admin_id: Type.Optional(Type.String({ maxLength: 200 })),
});

/** `GET /admin/audit-log` (admin token). */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/audit-log',
    { config: { auth: 'admin', permission: 'audit.read' }, schema: { tags: ['admin'], querystring: AuditQuerySchema, response: { 200: pageOf(AuditEntrySchema) } } },
    (req) => listAudit(app.ctx, req.query),
  );
};
