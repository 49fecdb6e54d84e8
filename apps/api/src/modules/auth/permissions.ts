/**
 * Staff roles and what each may do (docs/contracts.md, "Staff roles"). Every admin route names
 * one permission next to `auth: 'admin'` in its `config` (`permission: 'orders.refund'`); the
 * hook in auth.hooks.ts refuses a caller whose role lacks it, and src/openapi.ts shows it as
 * `x-permission`. A new admin route picks a permission from this list (or adds one here and to
 * the roles that should have it); test/staff-permissions.test.ts names any admin route without one.
 */
export const PERMISSIONS = [
  'catalogue.read',
  'catalogue.write',
  'orders.read',
  'orders.fulfil',
  'orders.refund',
  'wallet.adjust',
  'users.read',
  'users.write',
  'users.delete',
  'support.read',
  'support.reply',
  'finance.read',
  'gateways.write',
  'audit.read',
  'staff.manage',
  /** The staff member's own account: who am I, my two-factor sign-in. Every role has it. */
  'staff.self',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['owner', 'finance', 'fulfilment', 'support', 'read_only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const READ: Permission[] = ['catalogue.read', 'orders.read', 'users.read', 'support.read', 'finance.read', 'audit.read'];

/** The fixed permission set of each role. */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  finance: new Set<Permission>([...READ, 'orders.refund', 'wallet.adjust', 'gateways.write', 'staff.self']),
  fulfilment: new Set<Permission>(['catalogue.read', 'catalogue.write', 'orders.read', 'orders.fulfil', 'users.read', 'support.read', 'staff.self']),
  support: new Set<Permission>(['catalogue.read', 'orders.read', 'users.read', 'users.write', 'support.read', 'support.reply', 'staff.self']),
  read_only: new Set<Permission>([...READ, 'staff.self']),
};

export const isStaffRole = (v: unknown): v is StaffRole => typeof v === 'string' && (STAFF_ROLES as readonly string[]).includes(v);

/** What a role may do; an admin account without a known role may only look after its own account. */
export function permissionsOf(role: string | null): ReadonlySet<Permission> {
  return isStaffRole(role) ? ROLE_PERMISSIONS[role] : new Set<Permission>(['staff.self']);
}
