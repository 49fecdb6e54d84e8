import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DateBoundSchema } from '../../lib/date-range.ts';
import { Type } from '../../lib/typebox.ts';
import { EmailSchema, FullNameSchema, PersonSchema } from '../accounts/index.ts';
import { PageQuerySchema, pageOf } from '../../lib/pagination.ts';
import * as admin from './admin-users.service.ts';
import { adminListTransactions, adminUserLedger, AdminTransactionSchema, AdminTransactionsQuerySchema, TransactionSchema, WalletSchema } from '../wallet/index.ts';
import { ledgerSources, LedgerSourceSchema } from './ledger-sources.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const listFields = {
  id: Type.String(),
  phone: Nullable(Type.String()),
  full_name: Type.String(),
  email: Nullable(Type.String()),
  email_verified: Type.Boolean(),
  email_verified_at: Nullable(Type.String()),
  is_admin: Type.Boolean(),
  referral_code: Nullable(Type.String()),
  referred_by: Nullable(Type.String()),
  referrer: Type.Union([PersonSchema, Type.Null()], { description: 'the user named by referred_by, or null' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Nullable(Type.String()),
};
const AdminUserListItemSchema = Type.Object(listFields);
const UserNoteSchema = Type.Object({
  id: Type.String(),
  note: Type.String(),
  admin_id: Type.String(),
  admin: PersonSchema,
  created_at: Type.String(),
});
const NoteBody = Type.Object({ note: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }) }, { additionalProperties: false });
const AdminUserSchema = Type.Object({
  ...listFields,
  notes: Type.Array(UserNoteSchema, { description: `internal notes, newest first (at most ${admin.NOTES_SHOWN})` }),
  referral_attribution: Type.Union([
    Type.Object({
      method: Type.Union([Type.Literal('install_referrer'), Type.Literal('manual'), Type.Literal('ip')]),
      code: Type.String(),
      created_at: Type.String(),
    }),
    Type.Null(),
  ]),
  wallet: Type.Union([
    Type.Object({ shopping_credits: Type.Integer(), reward_points: Type.Integer(), e_vouchers: Type.Integer(), currency: Type.String() }),
    Type.Null(),
  ]),
  deletion: Type.Object({
    status: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('cancelled'), Type.Literal('completed')]),
    requested_at: Type.Optional(Type.String()),
    scheduled_for: Type.Optional(Type.String()),
  }),
});
const ListQuery = Type.Object({
  ...PageQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: 100, description: 'phone, name or email (substring, case-insensitive)' })),
  include_deleted: Type.Optional(Type.Boolean({ default: false })),
  joined_from: Type.Optional(DateBoundSchema),
  joined_to: Type.Optional(DateBoundSchema),
  has_orders: Type.Optional(Type.Boolean({ description: 'true: users with at least one order; false: users with none' })),
  has_balance: Type.Optional(Type.Boolean({ description: 'true: shopping credits above 0; false: none' })),
});
const UpdateBody = Type.Object(
  {
    is_admin: Type.Optional(Type.Boolean()),
    full_name: Type.Optional(FullNameSchema),
    email: Type.Optional(Type.Union([EmailSchema, Type.Null()])),
  },
  { minProperties: 1 },
);
// Any shape: an unknown user id is 404, never 400 (docs/contracts.md §2).
const Uid = Type.Object({ uid: Type.String() });
/** What a window and a day of the daily series both count. */
const periodFields = {
  new_users: Type.Integer(),
  orders: Type.Integer(),
  revenue: Type.Integer({ description: 'order payments minus order refunds, minor units' }),
  refunds: Type.Integer(),
  topups: Type.Integer(),
  topup_amount: Type.Integer(),
};
const Window = Type.Object({ ...periodFields, tickets_opened: Type.Integer(), deletion_requests: Type.Integer() });
const DashboardSchema = Type.Object({
  as_of: Type.String(),
  currency: Type.String(),
  current: Type.Object({
    users: Type.Integer(),
    wallet_liability: Type.Integer({ description: 'sum of every shopping-credits balance, minor units' }),
    reward_points_outstanding: Type.Integer(),
    e_vouchers_outstanding: Type.Integer(),
    open_tickets: Type.Integer(),
    orders_to_fulfil: Type.Integer({ description: 'orders paid and not shipped yet: placed or processing' }),
    pending_deletion_requests: Type.Integer(),
  }),
  stock: Type.Object({
    low: Type.Integer({ description: 'active products at or under their low-stock threshold, out of stock included' }),
    out: Type.Integer({ description: 'active products at 0' }),
  }),
  windows: Type.Object({ today: Window, '7d': Window, '30d': Window }),
});
const DailyQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30, description: 'UTC days, today included' })) });
const DailySchema = Type.Object({
  as_of: Type.String(),
  currency: Type.String(),
  days: Type.Array(
    Type.Object({ day: Type.String({ description: 'YYYY-MM-DD (UTC); the last one is today so far' }), ...periodFields }),
  ),
});

/** The admin users area (moved here from accounts): list, view, edit, delete, dashboard. */
export const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.ctx;
  const tags = ['admin'];

  app.get('/admin/users', { config: { auth: 'admin', permission: 'users.read' }, schema: { tags, querystring: ListQuery, response: { 200: pageOf(AdminUserListItemSchema) } } }, (req) =>
    admin.listUsers(ctx, req.query),
  );
  app.get('/admin/users/:uid', { config: { auth: 'admin', permission: 'users.read' }, schema: { tags, params: Uid, response: { 200: AdminUserSchema } } }, (req) => admin.getUser(ctx, req.params.uid));
  // The wallet's ledger lists, with what each movement came from (ledger-sources.ts reads the
  // owners' tables: the refunds of orders, the top-ups, the wallet's adjustments).
  app.get(
    '/admin/transactions',
    {
      config: { auth: 'admin', permission: 'finance.read' },
      schema: { tags, querystring: AdminTransactionsQuerySchema, response: { 200: pageOf(Type.Object({ ...AdminTransactionSchema.properties, source: LedgerSourceSchema })) } },
    },
    async (req) => {
      const page = await adminListTransactions(ctx, req.query);
      const sources = await ledgerSources(ctx.db, page.items);
      return { ...page, items: page.items.map((t, i) => ({ ...t, source: sources[i]! })) };
    },
  );
  app.get(
    '/admin/users/:uid/ledger',
    {
      config: { auth: 'admin', permission: 'users.read' },
      schema: {
        tags,
        params: Uid,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object({ ...TransactionSchema.properties, source: LedgerSourceSchema })),
            next_cursor: Type.Union([Type.String(), Type.Null()]),
            wallet: Type.Union([WalletSchema, Type.Null()]),
          }),
        },
      },
    },
    async (req) => {
      const page = await adminUserLedger(ctx, req.params.uid, req.query);
      const sources = await ledgerSources(ctx.db, page.items);
      return { ...page, items: page.items.map((t, i) => ({ ...t, source: sources[i]! })) };
    },
  );
  app.put('/admin/users/:uid', { config: { auth: 'admin', permission: 'users.write' }, schema: { tags, params: Uid, body: UpdateBody, response: { 200: AdminUserSchema } } }, (req) =>
    admin.updateUser(ctx, req.principal!, req.params.uid, req.body),
  );
  app.post('/admin/users/:uid/notes', { config: { auth: 'admin', permission: 'users.write' }, schema: { tags, params: Uid, body: NoteBody, response: { 201: UserNoteSchema } } }, async (req, reply) =>
    reply.status(201).send(await admin.addUserNote(ctx, req.principal!.userId, req.params.uid, req.body.note)),
  );
  app.delete(
    '/admin/users/:uid',
    { config: { auth: 'admin', permission: 'users.delete' }, schema: { tags, params: Uid, response: { 204: Type.Null({ description: 'anonymised' }) } } },
    async (req, reply) => {
      await admin.deleteUser(ctx, req.principal!.userId, req.params.uid);
      return reply.status(204).send(null);
    },
  );
  app.get('/admin/dashboard', { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, response: { 200: DashboardSchema } } }, () => admin.dashboard(ctx));
  app.get('/admin/dashboard/daily', { config: { auth: 'admin', permission: 'finance.read' }, schema: { tags, querystring: DailyQuery, response: { 200: DailySchema } } }, (req) =>
    admin.dailySeries(ctx, req.query.days ?? 30),
  );
};
