/**
 * Staff management (docs/contracts.md, "Staff roles"): invitations by SMS code, roles, disabling,
 * and the owner's 2FA reset. A staff account is a user row with a `staff_role`; `is_admin` says
 * whether it may use the back office now (0 while invited or disabled). Every change is audited in
 * its own transaction; the last active owner can be neither demoted nor disabled (409 `last_owner`).
 */
import type { Ctx } from '../../context.ts';
import { HOUR } from '../../lib/clock.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { SharedTrx } from '../../lib/db-types.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import { hashPassword } from '../../lib/password.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { accounts } from '../accounts/index.ts';
import { recordAudit } from '../audit/index.ts';
import { ADMIN_LOGIN_RULE, endAllSessions, LOGIN_IP_RULE, requirePhone } from './auth.service.ts';
import { resetMfa } from './mfa.service.ts';
import { generateCode, hashCode, sameHash } from './otp.codes.ts';
import type { StaffRole } from './permissions.ts';
import { createSmsSender, SmsError } from './sms.ts';
import { signUp } from './signup.service.ts';
import * as repo from './staff.repository.ts';
import { own } from './tables.ts';

export const INVITE_TTL_MS = 48 * HOUR;
/** Wrong codes an invite takes before it is dead. */
const INVITE_ATTEMPTS = 5;

export type StaffStatus = 'active' | 'invited' | 'disabled';

interface StaffRow {
  id: string;
  phone: string | null;
  full_name: string;
  is_admin: number;
  staff_role: string | null;
  created_at: string;
}

/** Rows as the staff API shows them, with each one's state and 2FA read in two statements for the page. */
async function present(ctx: Ctx, rows: StaffRow[]) {
  const ids = rows.map((r) => r.id);
  const now = ctx.clock.now().toISOString();
  const mfa = new Set((await repo.confirmedTotpOf(ctx.db, ids)).map((r) => r.user_id));
  const invites = new Map((await repo.liveInvitesOf(ctx.db, ids, now)).map((r) => [r.user_id, r.expires_at]));
  return rows.map((r) => ({
    id: r.id,
    phone: r.phone,
    full_name: r.full_name,
    role: r.staff_role as StaffRole,
    status: (r.is_admin === 1 ? 'active' : invites.has(r.id) ? 'invited' : 'disabled') as StaffStatus,
    mfa_enabled: mfa.has(r.id),
    invite_expires_at: r.is_admin === 1 ? null : (invites.get(r.id) ?? null),
    created_at: r.created_at,
  }));
}

export async function listStaff(ctx: Ctx, query: PageQuery) {
  const limit = query.limit ?? 20;
  const rows = await accounts.listStaff(ctx.db, { before: decodeCursor(query.cursor), limit: limit + 1 });
  const page = toPage(rows, limit, (r) => r.id, (r) => r);
  return { items: await present(ctx, page.items), next_cursor: page.next_cursor };
}

async function staffMember(ctx: Ctx, id: string) {
  const row = await accounts.findUserById(ctx.db, id);
  if (!row || row.staff_role === null) throw notFound('staff member');
  return (await present(ctx, [row]))[0]!;
}

const auditedStaff = (r: { staff_role: string | null; is_admin: number }) => ({ role: r.staff_role, active: r.is_admin === 1 });

/** Sends a fresh invite code by SMS before anything is stored: a failed send answers 502/503 and changes nothing. */
async function sendInviteCode(ctx: Ctx, phone: string, what: 'staff invite' | 'staff sign-in reset'): Promise<string> {
  const sender = createSmsSender(ctx.config.sms, ctx.clock);
  if (!sender) throw new AppError(503, 'otp_send_failed', 'SMS is not configured');
  const code = generateCode();
  try {
    await sender.send({ to: phone, body: `Your Storefront ${what} code is ${code}. It is valid for 48 hours.`, purpose: 'staff_invite' });
  } catch (err) {
    ctx.log.warn({ provider: sender.provider, reason: err instanceof SmsError ? err.message : 'error' }, 'staff invite sms failed');
    throw new AppError(502, 'otp_send_failed', 'The invite code could not be sent');
  }
  return code;
}

/** Stores an invite for `userId` in the caller's transaction, replacing any earlier open one. */
async function storeInvite(ctx: Ctx, trx: SharedTrx, invite: { userId: string; phone: string; role: string; code: string; invitedBy: string }, now: Date) {
  await repo.revokeInvites(trx, invite.userId, now.toISOString());
  await repo.insertInvite(trx, {
    id: newId(ctx.clock),
    user_id: invite.userId,
    phone: invite.phone,
    role: invite.role,
    code_hash: hashCode(ctx.config.jwtSecret, 'staff_invite', invite.phone, invite.code),
    invited_by: invite.invitedBy,
    expires_at: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
    now: now.toISOString(),
  });
}

/**
 * Invites a phone as staff with a role: the account is found or created (not yet active), an
 * invite code goes out by SMS first (a failed send stores nothing), then the invite is stored as
 * a keyed hash, replacing any earlier open invite of that account.
 */
export async function invite(ctx: Ctx, adminId: string, body: { phone: string; role: StaffRole; full_name?: string }) {
  const phone = requirePhone(ctx, body.phone);
  const existing = await accounts.findUserByPhone(ctx.db, phone);
  if (existing?.is_admin === 1) throw conflict('conflict', 'This phone already belongs to an active staff member');
  const code = await sendInviteCode(ctx, phone, 'staff invite');
  const now = ctx.clock.now();
  const userId = await own(ctx.db).transaction().execute(async (trx) => {
    let user = await accounts.findUserByPhone(trx, phone);
    if (user?.is_admin === 1) throw conflict('conflict', 'This phone already belongs to an active staff member');
    const before = user ? auditedStaff(user) : null;
    if (!user) {
      user = await signUp(ctx, trx, { phone, passwordHash: null, fullName: body.full_name?.trim() ?? '', staffRole: body.role }, null);
    } else {
      await accounts.updateUser(trx, user.id, { staff_role: body.role, ...(body.full_name ? { full_name: body.full_name.trim() } : {}) }, now.toISOString());
    }
    await storeInvite(ctx, trx, { userId: user.id, phone, role: body.role, code, invitedBy: adminId }, now);
    await recordAudit(ctx, trx, { adminId, action: 'staff.invite', entity: 'staff', entityId: user.id, before, after: { role: body.role, active: false, invited: true } });
    return user.id;
  });
  return staffMember(ctx, userId);
}

const noOpenInvite = () => conflict('conflict', 'This person has no open invite');

/**
 * `POST /admin/staff/:id/invite`: sends the open invite again with a fresh code and a fresh 48
 * hours; the old code stops working. The old invite is revoked by a conditional write in the
 * same transaction, so an acceptance that wins the race leaves nothing to resend (409).
 */
export async function resendInvite(ctx: Ctx, adminId: string, id: string) {
  const row = await accounts.findUserById(ctx.db, id);
  if (!row || row.staff_role === null) throw notFound('staff member');
  const open = await repo.findOpenInvite(ctx.db, id);
  if (!open || row.is_admin === 1) throw noOpenInvite();
  const code = await sendInviteCode(ctx, open.phone, 'staff invite');
  const now = ctx.clock.now();
  await own(ctx.db).transaction().execute(async (trx) => {
    if ((await repo.revokeInvites(trx, id, now.toISOString())) === 0) throw noOpenInvite();
    await storeInvite(ctx, trx, { userId: id, phone: open.phone, role: open.role, code, invitedBy: adminId }, now);
    const invited = { role: open.role, active: false, invited: true };
    await recordAudit(ctx, trx, { adminId, action: 'staff.invite_resend', entity: 'staff', entityId: id, before: invited, after: { ...invited, resent: true } });
  });
  return staffMember(ctx, id);
}

/** `DELETE /admin/staff/:id/invite`: the open invite is revoked (its code hash dropped); the person stays a disabled staff row. */
export async function revokeInvite(ctx: Ctx, adminId: string, id: string) {
  const now = ctx.clock.now().toISOString();
  await own(ctx.db).transaction().execute(async (trx) => {
    const row = await accounts.findUserById(trx, id);
    if (!row || row.staff_role === null) throw notFound('staff member');
    const open = await repo.findOpenInvite(trx, id);
    if (!open || (await repo.revokeInvites(trx, id, now)) === 0) throw noOpenInvite();
    await recordAudit(ctx, trx, {
      adminId,
      action: 'staff.invite_revoke',
      entity: 'staff',
      entityId: id,
      before: { role: open.role, active: false, invited: true },
      after: { role: open.role, active: false, invited: false },
    });
  });
  return staffMember(ctx, id);
}

/**
 * `POST /auth/admin/accept-invite`: the code sent to the phone, within 48 hours, once, sets the
 * password and makes the account active staff with the invited role. Attempts count like admin
 * logins, and against the invite in one conditional increment: five end it. Every failure is the
 * same 400 `invalid_invite`.
 */
export async function acceptInvite(ctx: Ctx, body: { phone: string; code: string; password: string; full_name?: string }, ip: string) {
  const phone = requirePhone(ctx, body.phone);
  await enforce(ctx.db, ctx, LOGIN_IP_RULE, { ip });
  await enforce(ctx.db, ctx, ADMIN_LOGIN_RULE, { id: phone, ip });
  const invalid = () => new AppError(400, 'invalid_invite', 'The invite code is wrong, expired or already used');
  const open = await repo.findOpenInviteByPhone(ctx.db, phone);
  const now = ctx.clock.now().toISOString();
  const counted = open ? await repo.countInviteAttempt(ctx.db, open.id, now, INVITE_ATTEMPTS) : undefined;
  if (!open || !counted?.code_hash || !sameHash(counted.code_hash, hashCode(ctx.config.jwtSecret, 'staff_invite', phone, body.code.trim()))) throw invalid();
  const passwordHash = await hashPassword(body.password, ctx.config.passwordScryptN);
  const accepted = await own(ctx.db).transaction().execute(async (trx) => {
    if (!(await repo.acceptInvite(trx, open.id, now))) return null;
    const user = await accounts.findUserById(trx, open.user_id);
    if (!user) return null;
    const set = { password_hash: passwordHash, is_admin: 1, staff_role: open.role, ...(body.full_name ? { full_name: body.full_name.trim() } : {}) };
    await accounts.updateUser(trx, user.id, set, now);
    await recordAudit(ctx, trx, { adminId: user.id, action: 'staff.accept', entity: 'staff', entityId: user.id, before: auditedStaff(user), after: { role: open.role, active: true } });
    return user.id;
  });
  if (!accepted) throw invalid();
  const member = await staffMember(ctx, accepted);
  return { id: member.id, phone: member.phone, full_name: member.full_name, role: member.role };
}

/**
 * `PATCH /admin/staff/:id`: a new role, or disable (ends every session at once and kills an open
 * invite) / enable. Demoting or disabling the last active owner is 409 `last_owner`.
 */
export async function update(ctx: Ctx, adminId: string, id: string, patch: { role?: StaffRole; disabled?: boolean }) {
  const now = ctx.clock.now().toISOString();
  await own(ctx.db).transaction().execute(async (trx) => {
    const row = await accounts.findUserById(trx, id);
    if (!row || row.staff_role === null) throw notFound('staff member');
    const losesOwner = (patch.role !== undefined && patch.role !== 'owner') || patch.disabled === true;
    if (losesOwner) await accounts.guardLastOwner(trx, id);
    const set: { staff_role?: string; is_admin?: number } = {};
    if (patch.role !== undefined) set.staff_role = patch.role;
    if (patch.disabled === true && row.is_admin === 1) set.is_admin = 0;
    if (patch.disabled === false && row.is_admin === 0) {
      if (row.password_hash === null) throw conflict('conflict', 'This person has not accepted the invite yet');
      set.is_admin = 1;
    }
    if (Object.keys(set).length) await accounts.updateUser(trx, id, set, now);
    if (patch.disabled === true) {
      await endAllSessions(ctx, trx, id);
      await repo.revokeInvites(trx, id, now);
    }
    await recordAudit(ctx, trx, { adminId, action: 'staff.update', entity: 'staff', entityId: id, before: auditedStaff(row), after: auditedStaff({ ...row, ...set }) });
  });
  return staffMember(ctx, id);
}

/**
 * `POST /admin/staff/:id/reset`: an owner resets a staff member's sign-in (a lost password: staff
 * are never recovered by SMS). A fresh invite code goes to their phone first (a failed send
 * changes nothing); then, in one audited transaction, the password and two-factor sign-in (TOTP
 * and recovery codes) are removed, every session ends (and with it every refresh token), an
 * earlier invite dies, and the account waits, `invited`, until the code is accepted at
 * `POST /auth/admin/accept-invite` with a new password. Nobody resets their own sign-in (409
 * `conflict`), and the last active owner cannot be reset (409 `last_owner`).
 */
export async function resetSignIn(ctx: Ctx, adminId: string, id: string) {
  const found = await accounts.findUserById(ctx.db, id);
  if (!found || found.staff_role === null || found.phone === null) throw notFound('staff member');
  if (id === adminId) throw conflict('conflict', 'You cannot reset your own sign-in; another owner can');
  const phone = found.phone;
  const code = await sendInviteCode(ctx, phone, 'staff sign-in reset');
  const now = ctx.clock.now();
  await own(ctx.db).transaction().execute(async (trx) => {
    const row = await accounts.findUserById(trx, id);
    if (!row || row.staff_role === null || row.phone !== phone) throw notFound('staff member');
    if (row.is_admin === 1) await accounts.guardLastOwner(trx, id);
    await accounts.updateUser(trx, id, { password_hash: null, is_admin: 0 }, now.toISOString());
    const hadMfa = await repo.deleteMfa(trx, id);
    await endAllSessions(ctx, trx, id);
    await storeInvite(ctx, trx, { userId: id, phone, role: row.staff_role, code, invitedBy: adminId }, now);
    await recordAudit(ctx, trx, {
      adminId,
      action: 'staff.sign_in_reset',
      entity: 'staff',
      entityId: id,
      before: { ...auditedStaff(row), mfa: hadMfa },
      after: { role: row.staff_role, active: false, invited: true, mfa: false },
    });
  });
  return staffMember(ctx, id);
}

/** `DELETE /admin/staff/:id/mfa`: an owner resets someone's 2FA (lost device); their sessions end. */
export async function resetStaffMfa(ctx: Ctx, adminId: string, id: string): Promise<void> {
  await own(ctx.db).transaction().execute(async (trx) => {
    const row = await accounts.findUserById(trx, id);
    if (!row || row.staff_role === null) throw notFound('staff member');
    await resetMfa(ctx, trx, id, adminId, 'staff.mfa_reset');
  });
}

/**
 * The break-glass path (`npm run admin -- reset-mfa --phone …`, run on the server): resets the
 * 2FA of the staff account with this phone and ends its sessions. Audited as the account's own.
 */
export async function breakGlassResetMfa(ctx: Ctx, rawPhone: string): Promise<{ id: string; phone: string }> {
  const phone = requirePhone(ctx, rawPhone);
  return own(ctx.db).transaction().execute(async (trx) => {
    const row = await accounts.findUserByPhone(trx, phone);
    if (!row || row.staff_role === null) throw notFound('staff member');
    await resetMfa(ctx, trx, row.id, row.id, 'staff.mfa_break_glass');
    return { id: row.id, phone };
  });
}
