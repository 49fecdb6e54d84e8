/**
 * The API's shapes as the SPA sees them, taken from the generated client (packages/client, built
 * from the API's own OpenAPI document), so a change of a route's schema shows here at compile time.
 */
import type { operations } from '@storefront/client';

/** The JSON an operation answers with on success. */
export type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: { content: { 'application/json': infer T } } } ? T : never;
/** The JSON body an operation takes. */
type Body<Op extends keyof operations> = operations[Op] extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;
/** One item of a paged list. */
type Item<Op extends keyof operations> = Ok<Op> extends { items: (infer T)[] } ? T : never;

type Product = Ok<'adminGetProduct'>;
/** An image as the product form holds and sends it (an upload has no id or position yet). */
export type ProductImage = Pick<Product['images'][number], 'image_url' | 'alt_text'> & NonNullable<Body<'adminCreateProduct'>['images']>[number];
export type Category = Item<'adminListCategories'>;
export type Gateway = Item<'adminListPaymentGateways'>;
export type Order = Ok<'adminGetOrder'>;
export type Ticket = Ok<'adminGetTicket'>;
export type LedgerEntry = Item<'adminGetUserLedger'>;
export type WebhookLog = Item<'adminListWebhookLogs'>;
export type AuditEntry = Item<'adminListAuditLog'>;
export type DailyFigures = Ok<'adminGetDashboardDaily'>['days'][number];

/** Every status in the API's order, checked against the schema both ways (none missing, none extra). */
export const ORDER_STATUSES = Object.keys({
  placed: 0,
  processing: 0,
  shipped: 0,
  delivered: 0,
  cancelled: 0,
  refunded: 0,
} satisfies Record<Order['status'], 0>) as Order['status'][];
export const TICKET_STATUSES = Object.keys({ open: 0, awaiting_user: 0, resolved: 0, closed: 0 } satisfies Record<Ticket['status'], 0>) as Ticket['status'][];

/** The signed-in staff member as `GET /admin/me` answers: role, permissions, two-factor state. */
export type AdminMe = Ok<'adminGetMe'>;
export type Permission = AdminMe['permissions'][number];
export type StaffRole = NonNullable<AdminMe['role']>;
export type StaffMember = Item<'adminListStaff'>;
export type AdminSession = Ok<'adminListOwnSessions'>['items'][number];
export type MfaSetup = Ok<'adminSetupMfa'>;

/** Every staff role in the API's order, checked against the schema both ways. */
export const STAFF_ROLES = Object.keys({ owner: 0, finance: 0, fulfilment: 0, support: 0, read_only: 0 } satisfies Record<StaffRole, 0>) as StaffRole[];
