import type { Ctx } from '../../context.ts';
import { DAY } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, toPage, type PageQuery } from '../../lib/pagination.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { endAllSessions } from '../auth/auth.service.ts';
import * as deletion from './deletion.service.ts';
import * as repo from './admin-users.repository.ts';
import { recordAudit } from '../audit/index.ts';
import { attributionOf } from './referrals.service.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findUserAnyState>>>;

/** The user as everyone sees it, plus what only the back office needs. */
function listItem(r: Row) {
  return { ...accounts.toUser(r), updated_at: r.updated_at, deleted_at: r.deleted_at };
}

export async function listUsers(ctx: Ctx, query: PageQuery & { q?: string; include_deleted?: boolean }) {
  const limit = query.limit ?? 20;
  const rows = await repo.listUsers(ctx.db, { q: query.q, includeDeleted: query.include_deleted === true, before: decodeCursor(query.cursor), limit });
  return toPage(rows, limit, (r) => r.id, listItem);
}

/** The admin view: profile, who referred them and how, the wallet, and the deletion state. Deleted users stay visible. */
export async function getUser(ctx: Ctx, uid: string) {
  const r = await repo.findUserAnyState(ctx.db, uid);
  if (!r) throw notFound('user');
  const wallet = await repo.findWallet(ctx.db, uid);
  return {
    ...listItem(r),
    referral_attribution: await attributionOf(ctx, ctx.db, uid),
    wallet: wallet ? { ...wallet, currency: ctx.config.currency } : null,
    deletion: await deletion.status(ctx, uid),
  };
}

/**
 * Edits a live user. A new email is unverified (as in PATCH /me); demotion ends every session at
 * once (CONTRACTS §3), in the same transaction as the change.
 */
/** What an audit row keeps of a user: the fields an admin can change. */
const auditedUser = (r: { full_name: string; email: string | null; is_admin: number }) => ({ full_name: r.full_name, email: r.email, is_admin: r.is_admin === 1 });

export async function updateUser(ctx: Ctx, adminId: string, uid: string, patch: { is_admin?: boolean; full_name?: string; email?: string | null }) {
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await accounts.findUserById(trx, uid);
    if (!row) throw notFound('user');
    const set: Parameters<typeof accounts.updateUser>[2] = {};
    if (patch.full_name !== undefined) set.full_name = patch.full_name.trim();
    if (patch.email !== undefined) {
      const email = patch.email === null ? null : patch.email.trim().toLowerCase();
      if (email !== row.email) Object.assign(set, { email, email_verified: 0, email_verified_at: null });
    }
    if (patch.is_admin !== undefined) set.is_admin = patch.is_admin ? 1 : 0;
    if (Object.keys(set).length) await accounts.updateUser(trx, uid, set, now);
    if (row.is_admin === 1 && patch.is_admin === false) {
      await endAllSessions(ctx, trx, uid);
      ctx.log.info('admin demoted; sessions ended');
    }
    const after = { ...row, ...set };
    await recordAudit(ctx, trx, { adminId, action: 'user.update', entity: 'user', entityId: uid, before: auditedUser(row), after: auditedUser(after) });
  });
  return getUser(ctx, uid);
}

export const deleteUser = (ctx: Ctx, adminId: string, uid: string): Promise<void> => deletion.adminDelete(ctx, adminId, uid);

/** Today (since UTC midnight), the last 7 and the last 30 days, plus point-in-time figures. */
export async function dashboard(ctx: Ctx) {
  const now = ctx.clock.now();
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  return {
    as_of: now.toISOString(),
    currency: ctx.config.currency,
    current: await repo.currentFigures(ctx.db),
    windows: {
      today: await repo.windowFigures(ctx.db, midnight),
      '7d': await repo.windowFigures(ctx.db, ago(7)),
      '30d': await repo.windowFigures(ctx.db, ago(30)),
    },
  };
}
