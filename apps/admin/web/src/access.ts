/**
 * What the signed-in staff member may do, from `GET /admin/me` (docs/admin-portal.md, "What each
 * role sees"). Navigation, routes and action buttons ask `can('orders.refund')`; the API checks
 * the same permission on every call, so this only keeps out of sight what would be refused.
 */
import type { AdminMe, Permission } from './types.ts';

let granted: ReadonlySet<Permission> = new Set();

/**
 * Takes the answer of `GET /admin/me`. A session that must still prove a second factor
 * (`ADMIN_REQUIRE_MFA`) may only look after its own account until it does.
 */
export function setAccess(me: AdminMe | null): void {
  if (!me) granted = new Set();
  else if (me.mfa.required && !me.mfa.session_verified) granted = new Set<Permission>(['staff.self']);
  else granted = new Set(me.permissions);
}

export const can = (permission: Permission): boolean => granted.has(permission);

/** The words a role goes by on screen. */
export const ROLE_NAMES: Record<NonNullable<AdminMe['role']>, string> = {
  owner: 'Owner',
  finance: 'Finance',
  fulfilment: 'Fulfilment',
  support: 'Support',
  read_only: 'Read only',
};
